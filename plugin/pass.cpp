//===- plugin/pass.cpp - the cuda-pipeline module pass -------------------===//
//
// FILE: plugin/pass.cpp
// DESCRIPTION:
//   A new-pass-manager module pass whose run() hands the module to the C
//   core (lib/pipeline.c) and maps its "changed" flag to
//   PreservedAnalyses. Also the pass-plugin entry point, used by opt
//   (-load-pass-plugin) and by clang (-fpass-plugin).
// USAGE:
//   opt -load-pass-plugin=CUDAPipelinePass.so -passes=cuda-pipeline -S in.ll
//   opt -load-pass-plugin=CUDAPipelinePass.so
//       -passes='cuda-pipeline<stages=4;max-shared=32768>' -S in.ll
//
//===----------------------------------------------------------------------===//
#include "pass.h"
#include "pl_module_host.h"

extern "C" {
#include "../lib/pipeline.h"
}

#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/PassPlugin.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {
struct CudaPipelinePass : PassInfoMixin<CudaPipelinePass> {
  pl_options Opts;
  unsigned Level;
  std::shared_ptr<const plParamNames> Names;
  CudaPipelinePass(const pl_options &O, unsigned L, std::shared_ptr<const plParamNames> N = nullptr)
      : Opts(O), Level(L), Names(std::move(N)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    pl_module_host MH{FAM, {}, Names.get()};
    if (!pl_run_module(&MH, wrap(&M), &Opts, Level))
      return PreservedAnalyses::all();
    return PreservedAnalyses::none();
  }
};
} // namespace

void plRegisterPassBuilderCallbacks(PassBuilder &PB, const pl_options &Opts,
                                    std::shared_ptr<const plParamNames> Names) {
  PB.registerPipelineParsingCallback(
      [](StringRef Name, ModulePassManager &MPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (!PassBuilder::checkParametrizedPassName(Name, "cuda-pipeline"))
          return false;
        pl_options O;
        pl_options_init(&O);
        StringRef Params = Name.drop_front(strlen("cuda-pipeline"));
        if (!Params.empty()) {
          std::string List = Params.drop_front().drop_back().str();
          char Err[512];
          if (pl_options_parse_list(&O, List.c_str(), ';', Err, sizeof Err)) {
            errs() << "error: cuda-pipeline: bad pass parameter " << Err << "\n";
            return false;
          }
        }
        MPM.addPass(CudaPipelinePass(O, 3));
        return true;
      });
  PB.registerOptimizerLastEPCallback([Opts, Names](ModulePassManager &MPM, OptimizationLevel L) {
    MPM.addPass(CudaPipelinePass(Opts, L.getSpeedupLevel(), Names));
  });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "cuda-pipeline", "0.1", [](PassBuilder &PB) {
            pl_options O;
            pl_options_init(&O);
            plRegisterPassBuilderCallbacks(PB, O);
          }};
}
