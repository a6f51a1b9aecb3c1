//===- plugin/pass.cpp - the cuda-pipeline module pass -------------------===//
//
// FILE: plugin/pass.cpp
// DESCRIPTION:
//   A new-pass-manager module pass whose run() hands the module to the C
//   core (lib/pipeline.c) and maps its "changed" flag to
//   PreservedAnalyses. Also the pass-plugin entry point, used by opt
//   (-load-pass-plugin) and by clang (-fpass-plugin), and the companion
//   loop pass cuda-pipeline-note (lib/unrolled.h), which records tile loops
//   at LateLoopOptimizations, before clang's full unroller may remove them,
//   and the function pass cuda-pipeline-registers (lib/register_arrays.h),
//   which at VectorizerStart marks for full unrolling the loops that keep a
//   kernel's private arrays in local memory.
// USAGE:
//   opt -load-pass-plugin=CUDAPipelinePass.so -passes=cuda-pipeline -S in.ll
//   opt -load-pass-plugin=CUDAPipelinePass.so
//       -passes='cuda-pipeline<stages=4;max-shared=32768>' -S in.ll
//   opt -load-pass-plugin=CUDAPipelinePass.so
//       -passes='function(loop(cuda-pipeline-note,loop-unroll-full)),cuda-pipeline' -S in.ll
//   opt -load-pass-plugin=CUDAPipelinePass.so
//       -passes='function(cuda-pipeline-registers,loop-unroll,sroa)' -S in.ll
//
//===----------------------------------------------------------------------===//
#include "pass.h"
#include "llvm_compat.h"
#include "pl_module_host.h"

extern "C" {
#include "../lib/advice.h"
#include "../lib/compute_unroll.h"
#include "../lib/pipeline.h"
#include "../lib/register_arrays.h"
#include "../lib/unrolled.h"
}

#include "../lib/host_diag.h"
#include "llvm/Analysis/LoopAnalysisManager.h"
#include "llvm/IR/Module.h"
#include "llvm/Passes/PassBuilder.h"
#include PL_PASS_PLUGIN_HEADER
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Scalar/LoopPassManager.h"

#include <climits>
#include <cstring>
#include <dlfcn.h>
#include <fstream>
#include <iterator>
#include <stdlib.h>
#include <unistd.h>

using namespace llvm;

namespace {
/// Writes the clang plugin's launch shapes into `M` as the named metadata
/// !pl.launch.shapes = !{!{!"<mangled name>", i32 x, i32 y, i32 z}, ...}
/// (lib/launch_shapes.h reads and erases it), for the kernels `M` defines.
void writeLaunchShapes(Module &M, const plLaunchShapes &Launches) {
  if (M.getNamedMetadata("pl.launch.shapes"))
    return; // written by the companion at VectorizerStart
  LLVMContext &Ctx = M.getContext();
  Type *I32 = Type::getInt32Ty(Ctx);
  NamedMDNode *N = nullptr;
  for (const auto &[Name, Shapes] : Launches) {
    Function *F = M.getFunction(Name);
    if (!F || F->isDeclaration())
      continue;
    if (!N)
      N = M.getOrInsertNamedMetadata("pl.launch.shapes");
    for (const auto &S : Shapes)
      N->addOperand(MDNode::get(Ctx, {MDString::get(Ctx, Name),
                                      ConstantAsMetadata::get(ConstantInt::get(I32, S[0])),
                                      ConstantAsMetadata::get(ConstantInt::get(I32, S[1])),
                                      ConstantAsMetadata::get(ConstantInt::get(I32, S[2]))}));
  }
}

struct CudaPipelinePass : PassInfoMixin<CudaPipelinePass> {
  /// The name -passes= takes, for -print-pipeline-passes.
  static StringRef name() { return "cuda-pipeline"; }
  pl_options Opts;
  unsigned Level;
  std::shared_ptr<const plParamNames> Names;
  std::string Advice;
  std::shared_ptr<const plLaunchShapes> Launches;
  CudaPipelinePass(const pl_options &O, unsigned L, std::shared_ptr<const plParamNames> N = nullptr,
                   std::string A = "", std::shared_ptr<const plLaunchShapes> S = nullptr)
      : Opts(O), Level(L), Names(std::move(N)), Advice(std::move(A)), Launches(std::move(S)) {}
  PreservedAnalyses run(Module &M, ModuleAnalysisManager &MAM) {
    if (!Advice.empty())
      pl_report_warning(wrap(&M), Advice.c_str());
    if (Launches && pl_wants_triple(pl_compat::target_triple(M).c_str()))
      writeLaunchShapes(M, *Launches);
    auto &FAM = MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager();
    pl_module_host MH{FAM, {}, Names.get()};
    if (!pl_run_module(&MH, wrap(&M), &Opts, Level))
      return PreservedAnalyses::all();
    return PreservedAnalyses::none();
  }
};

/// The companion of the pass: at LateLoopOptimizations,
/// before LoopFullUnrollPass, it records the tile-loop candidates of NVPTX
/// modules (lib/unrolled.h) so that the pass can report those that are
/// gone by OptimizerLast. It changes no instruction.
struct CudaPipelineNotePass : PassInfoMixin<CudaPipelineNotePass> {
  static StringRef name() { return "cuda-pipeline-note"; }
  PreservedAnalyses run(Loop &L, LoopAnalysisManager &, LoopStandardAnalysisResults &AR,
                        LPMUpdater &) {
    Function *F = L.getHeader()->getParent();
    if (pl_wants_triple(pl_compat::target_triple(*F->getParent()).c_str()))
      pl_note_tile_loop(reinterpret_cast<pl_loop_ref>(&L), wrap(F),
                        AR.SE.getSmallConstantTripCount(&L));
    return PreservedAnalyses::all();
  }
};

/// The companion function pass at VectorizerStart: marks the loops that keep
/// a kernel's private arrays in local memory, and under unroll-compute its
/// tile loops' small compute loops, for LoopUnrollPass to unroll fully
/// (lib/register_arrays.h, lib/compute_unroll.h). Changes loop metadata
/// only, so every analysis is kept.
struct CudaPipelineRegistersPass : PassInfoMixin<CudaPipelineRegistersPass> {
  static StringRef name() { return "cuda-pipeline-registers"; }
  pl_options Opts;
  std::shared_ptr<const plParamNames> Names;
  std::shared_ptr<const plLaunchShapes> Launches;
  CudaPipelineRegistersPass(const pl_options &O, std::shared_ptr<const plParamNames> N = nullptr,
                            std::shared_ptr<const plLaunchShapes> S = nullptr)
      : Opts(O), Names(std::move(N)), Launches(std::move(S)) {}
  PreservedAnalyses run(Function &F, FunctionAnalysisManager &FAM) {
    if (F.isDeclaration() || !pl_wants_triple(pl_compat::target_triple(*F.getParent()).c_str()))
      return PreservedAnalyses::all();
    if (Launches)
      writeLaunchShapes(*F.getParent(), *Launches);
    pl_module_host MH{FAM, {}, Names.get()};
    pl_host *Host = pl_host_for_function(&MH, wrap(&F));
    pl_register_arrays(Host, &Opts);
    pl_unroll_compute(Host, &Opts);
    return PreservedAnalyses::all();
  }
};
} // namespace

/// The NUL-separated arguments in the file `Path` (a /proc/PID/cmdline).
static std::vector<std::string> readArgs(const std::string &Path) {
  std::ifstream In(Path, std::ios::binary);
  std::string All((std::istreambuf_iterator<char>(In)), std::istreambuf_iterator<char>());
  std::vector<std::string> Args;
  for (size_t I = 0; I < All.size();) {
    size_t E = All.find('\0', I);
    if (E == std::string::npos)
      E = All.size();
    Args.push_back(All.substr(I, E - I));
    I = E + 1;
  }
  return Args;
}

std::vector<std::string> plProcessArgs() { return readArgs("/proc/self/cmdline"); }

std::vector<std::string> plDriverArgs() {
  std::vector<std::string> Self = plProcessArgs();
  std::vector<std::string> Driver;
  if (Self.size() < 2 || Self[1] != "-cc1") {
    Driver = Self;
  } else {
    std::string Parent = "/proc/" + std::to_string(getppid());
    char Mine[PATH_MAX], Theirs[PATH_MAX];
    if (realpath("/proc/self/exe", Mine) && realpath((Parent + "/exe").c_str(), Theirs) &&
        std::strcmp(Mine, Theirs) == 0)
      Driver = readArgs(Parent + "/cmdline");
  }
  if (Driver.empty())
    return Driver;
  BumpPtrAllocator Alloc;
  StringSaver Saver(Alloc);
  SmallVector<const char *, 64> Argv;
  for (const std::string &A : Driver)
    Argv.push_back(A.c_str());
  cl::ExpandResponseFiles(Saver, cl::TokenizeGNUCommandLine, Argv);
  return std::vector<std::string>(Argv.begin(), Argv.end());
}

bool plJobSpeaks(const pl_job &Job, pl_said_in Where) {
  std::vector<std::string> Args = plDriverArgs();
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  return pl_job_speaks(&Job, Where, static_cast<int>(Argv.size()), Argv.data());
}

bool plThisJobSpeaks(pl_said_in Where) {
  std::vector<std::string> Args = plProcessArgs();
  std::vector<char *> Argv;
  for (std::string &A : Args)
    Argv.push_back(A.data());
  pl_job Job;
  if (!pl_job_from_cc1_args(static_cast<int>(Argv.size()), Argv.data(), &Job))
    return true;
  return plJobSpeaks(Job, Where);
}

static bool ActionRegisteredPass = false;

void plNoteActionRegisteredPass() { ActionRegisteredPass = true; }

bool plInClang() {
  // std::string getClangFullVersion(), with and without the cxx11 ABI tag.
  return dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionB5cxx11Ev") ||
         dlsym(RTLD_DEFAULT, "_ZN5clang19getClangFullVersionEv");
}

void plRegisterPassBuilderCallbacks(PassBuilder &PB, const pl_options &Opts,
                                    std::shared_ptr<const plParamNames> Names, std::string Advice,
                                    std::shared_ptr<const plLaunchShapes> Launches) {
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
  PB.registerPipelineParsingCallback(
      [](StringRef Name, FunctionPassManager &FPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "cuda-pipeline-registers")
          return false;
        pl_options O;
        pl_options_init(&O);
        FPM.addPass(CudaPipelineRegistersPass(O));
        return true;
      });
  PB.registerPipelineParsingCallback(
      [](StringRef Name, LoopPassManager &LPM, ArrayRef<PassBuilder::PipelineElement>) {
        if (Name != "cuda-pipeline-note")
          return false;
        LPM.addPass(CudaPipelineNotePass());
        return true;
      });
  if (!Opts.disabled)
    PB.registerLateLoopOptimizationsEPCallback([](LoopPassManager &LPM, OptimizationLevel L) {
      if (L.getSpeedupLevel() > 0)
        LPM.addPass(CudaPipelineNotePass());
    });
  if (!Opts.disabled && (Opts.register_arrays || Opts.unroll_compute))
    PB.registerVectorizerStartEPCallback(
        [Opts, Names, Launches](FunctionPassManager &FPM, OptimizationLevel L) {
          if (L.getSpeedupLevel() > 0)
            FPM.addPass(CudaPipelineRegistersPass(Opts, Names, Launches));
        });
  pl_compat::on_optimizer_last(
      PB, [Opts, Names, Advice, Launches](ModulePassManager &MPM, OptimizationLevel L) {
        MPM.addPass(CudaPipelinePass(Opts, L.getSpeedupLevel(), Names, Advice, Launches));
      });
}

extern "C" LLVM_ATTRIBUTE_WEAK PassPluginLibraryInfo llvmGetPassPluginInfo() {
  return {LLVM_PLUGIN_API_VERSION, "cuda-pipeline", "0.1", [](PassBuilder &PB) {
            if (ActionRegisteredPass)
              return; // the clang plugin's action registered it, with its arguments
            pl_options O;
            pl_options_init(&O);
            // In clang, this entry point means -fpass-plugin without
            // -fplugin (the clang plugin drops its own -fpass-plugin copy,
            // or registers the pass first: plNoteActionRegisteredPass):
            // no one reads -fplugin-arg-pipeline-*, so say so, once per
            // driver invocation.
            std::string Advice;
            if (plInClang() && plThisJobSpeaks(PL_SAID_BY_PASS)) {
              std::vector<std::string> Args = plProcessArgs();
              std::vector<char *> Argv;
              for (std::string &A : Args)
                Argv.push_back(A.data());
              if (char *Msg =
                      pl_advice_args_without_plugin(static_cast<int>(Argv.size()), Argv.data())) {
                Advice = Msg;
                std::free(Msg);
              }
            }
            plRegisterPassBuilderCallbacks(PB, O, nullptr, Advice);
          }};
}
