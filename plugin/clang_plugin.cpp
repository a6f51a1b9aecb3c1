//===- plugin/clang_plugin.cpp - the `pipeline` clang plugin -------------===//
//
// FILE: plugin/clang_plugin.cpp
// DESCRIPTION:
//   Registers the clang plugin `pipeline` (AddBeforeMainAction, so no
//   -add-plugin is needed). Its ParseArgs hands each -fplugin-arg-pipeline-X
//   to lib/options.c; its CreateASTConsumer pushes a PassBuilder callback
//   into CodeGenOptions that registers the cuda-pipeline pass. Only in
//   libpipeline.so: opt cannot resolve clang's symbols.
// USAGE:
//   clang++ -x cuda -O3 -fplugin=libpipeline.so
//       -fplugin-arg-pipeline-stages=4 ...
//
//===----------------------------------------------------------------------===//
#include "launches.h"
#include "pass.h"

extern "C" {
#include "../lib/advice.h"
#include "../lib/pipeline.h"
}

#include "clang/AST/ASTConsumer.h"
#include "clang/AST/Mangle.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/FrontendPluginRegistry.h"
#include "clang/Lex/Preprocessor.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdio>
#include <dlfcn.h>
#include <limits.h>
#include <set>
#include <stdlib.h>

using namespace clang;

namespace {

/// Canonical path of this shared object, or "" when unknown.
std::string selfPath() {
  Dl_info Info;
  if (!dladdr(reinterpret_cast<void *>(&selfPath), &Info) || !Info.dli_fname)
    return "";
  char Buf[PATH_MAX];
  return realpath(Info.dli_fname, Buf) ? std::string(Buf) : std::string();
}

/// Reads the source names of the parameters of every device function and
/// kernel, and the block shapes of the kernels' launches, template
/// instantiations included, by mangled name, once the translation unit is
/// parsed -- before code generation, which runs after this consumer's
/// HandleTranslationUnit.
class ParamNameReader : public ASTConsumer, public RecursiveASTVisitor<ParamNameReader> {
  std::shared_ptr<plParamNames> Names;
  std::shared_ptr<plLaunchShapes> Launches;
  std::unique_ptr<ASTNameGenerator> Mangler;
  ASTContext *Ctx = nullptr;
  std::set<const DeclRefExpr *> Named; // kernels' names in launches and queries

public:
  ParamNameReader(std::shared_ptr<plParamNames> N, std::shared_ptr<plLaunchShapes> L)
      : Names(std::move(N)), Launches(std::move(L)) {}
  bool shouldVisitTemplateInstantiations() const { return true; }
  /// Declarations in system headers (the CUDA runtime's and wrappers',
  /// the C++ library's: most of a translation unit) are not traversed: the
  /// pass names parameters and reads launches for the user's own code.
  bool TraverseDecl(Decl *D) {
    if (D && Ctx && !isa<TranslationUnitDecl>(D) &&
        Ctx->getSourceManager().isInSystemHeader(D->getLocation()))
      return true;
    return RecursiveASTVisitor<ParamNameReader>::TraverseDecl(D);
  }
  void HandleTranslationUnit(ASTContext &Ctx) override {
    Mangler = std::make_unique<ASTNameGenerator>(Ctx);
    this->Ctx = &Ctx;
    TraverseDecl(Ctx.getTranslationUnitDecl());
  }
  /// Each launch of a kernel (plLaunchedKernel): its block shape where it
  /// is a constant (plugin/launches.h), else {0, 0, 0}.
  bool VisitCallExpr(CallExpr *E) {
    plKernelNamesUsed(E, Named);
    const Expr *Block = nullptr;
    const FunctionDecl *FD = plLaunchedKernel(E, &Block);
    if (!FD || !Block || E->containsErrors() || E->isValueDependent() || E->isTypeDependent() ||
        !FD->hasAttr<CUDAGlobalAttr>() || FD->isDependentContext())
      return true;
    unsigned Shape[3] = {0, 0, 0};
    if (!plLaunchBlockShape(Block, *Ctx, Shape))
      Shape[0] = Shape[1] = Shape[2] = 0;
    (*Launches)[Mangler->getName(FD)].push_back({Shape[0], Shape[1], Shape[2]});
    return true;
  }
  /// A kernel named anywhere but where plKernelNamesUsed and
  /// plKernelTemplateArgs say, or in libpipeline.h (passed to a launcher
  /// template, kept in a pointer, given to cudaLaunchKernelEx) may be
  /// launched with any block: a launch of unknown shape, {0, 0, 0}.
  /// CallExprs are visited before their operands, so a launch's name is in
  /// `Named` by the time it is visited here.
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    plKernelTemplateArgs(D, Named);
    const auto *FD = dyn_cast<FunctionDecl>(D->getDecl());
    if (!FD || !FD->hasAttr<CUDAGlobalAttr>() || FD->isDependentContext() ||
        D->isValueDependent() || Named.count(D) || plInOwnHeader(D, Ctx->getSourceManager()))
      return true;
    (*Launches)[Mangler->getName(FD)].push_back({0, 0, 0});
    return true;
  }
  bool VisitFunctionDecl(FunctionDecl *FD) {
    if (FD->isDependentContext() || !FD->hasBody() ||
        !(FD->hasAttr<CUDAGlobalAttr>() || FD->hasAttr<CUDADeviceAttr>()))
      return true;
    std::vector<std::string> &Params = (*Names)[Mangler->getName(FD)];
    Params.clear();
    for (const ParmVarDecl *P : FD->parameters())
      Params.push_back(P->getName().str());
    return true;
  }
};

/// Warns (clang's -Wbackend-plugin group, as the pass's own warnings) about
/// each -fplugin-arg-<name>-<arg> whose <name> is close to `pipeline` but
/// names no loaded plugin: clang drops those arguments without a word.
void warnMisspelledPluginArgs(const CompilerInstance &CI) {
  DiagnosticsEngine &D = CI.getDiagnostics();
  for (const auto &[Name, Args] : CI.getFrontendOpts().PluginArgs) {
    bool Loaded = false;
    for (const auto &P : FrontendPluginRegistry::entries())
      Loaded |= P.getName() == Name;
    if (Loaded)
      continue;
    for (const std::string &A : Args)
      if (char *Msg = pl_advice_plugin_name(Name.c_str(), A.c_str())) {
        D.Report(diag::warn_fe_backend_plugin) << Msg;
        std::free(Msg);
      }
  }
}

/// Whether `Path` names this library or its opt twin (CUDAPipelinePass.so
/// in the same directory): either would register the pass a second time.
bool isThisPass(const std::string &Self, const std::string &Path) {
  char Buf[PATH_MAX];
  if (!realpath(Path.c_str(), Buf))
    return false;
  std::string P(Buf);
  if (P == Self)
    return true;
  size_t Slash = Self.rfind('/');
  return Slash != std::string::npos && P == Self.substr(0, Slash + 1) + "CUDAPipelinePass.so";
}

class PipelineAction : public PluginASTAction {
  pl_options Opts;

protected:
  bool ParseArgs(const CompilerInstance &CI, const std::vector<std::string> &Args) override {
    // Once per driver invocation: the host and device jobs of one compile
    // run in processes of their own (clang runs cc1 in its own process only
    // when there is one job), so one job speaks (lib/advice.h).
    static bool Asked = false, Speaks = false;
    if (!Asked) {
      Asked = true;
      pl_job Job = {};
      Job.cuda = CI.getLangOpts().CUDA;
      Job.device = CI.getLangOpts().CUDAIsDevice;
      if (Job.device)
        snprintf(Job.arch, sizeof Job.arch, "%s", CI.getTargetOpts().CPU.c_str());
      Speaks = plJobSpeaks(Job, PL_SAID_AT_PARSE);
      if (Speaks)
        warnMisspelledPluginArgs(CI);
    }
    pl_options_init(&Opts);
    for (const std::string &A : Args) {
      char Err[512];
      if (pl_options_parse_one(&Opts, A.c_str(), Err, sizeof Err)) {
        DiagnosticsEngine &D = CI.getDiagnostics();
        D.Report(D.getCustomDiagID(DiagnosticsEngine::Error,
                                   "libpipeline: bad argument '-fplugin-arg-pipeline-%0': %1"))
            << A << Err;
        return false;
      }
    }
    static bool HelpPrinted = false;
    if (Opts.help && Speaks && !HelpPrinted) {
      HelpPrinted = true;
      llvm::errs() << pl_options_help();
    }
    return true;
  }

  std::unique_ptr<ASTConsumer> CreateASTConsumer(CompilerInstance &CI, StringRef) override {
    CodeGenOptions &CG = CI.getCodeGenOpts();
    // Loaded through -fpass-plugin as well: drop that copy so the pass is
    // registered once, with this action's arguments.
    std::string Self = selfPath();
    if (!Self.empty()) {
      auto &P = CG.PassPlugins;
      P.erase(std::remove_if(P.begin(), P.end(),
                             [&](const std::string &Path) { return isThisPass(Self, Path); }),
              P.end());
    }
    // Sources may ask whether the plugin is loaded (include/libpipeline.h
    // expands its macros under any clang CUDA compile, or here).
    Preprocessor &PP = CI.getPreprocessor();
    PP.setPredefines(PP.getPredefines() + "#define __LIBPIPELINE__ 1\n");
    // Remarks need source locations, which clang keeps only when a remark or
    // record flag asks; keep them whenever the plugin acts.
    if (pl_wants_triple(CI.getTargetOpts().Triple.c_str()) &&
        CG.getDebugInfo() == llvm::codegenoptions::NoDebugInfo)
      CG.setDebugInfo(llvm::codegenoptions::LocTrackingOnly);
    pl_options O = Opts; // copied: the action dies before code generation
    if (CI.getLangOpts().GPURelocatableDeviceCode)
      O.rdc = 1;
    auto Names = std::make_shared<plParamNames>();
    auto Launches = std::make_shared<plLaunchShapes>();
    CG.PassBuilderCallbacks.push_back([O, Names, Launches](llvm::PassBuilder &PB) {
      plRegisterPassBuilderCallbacks(PB, O, Names, "", Launches);
    });
    plNoteActionRegisteredPass();
    return std::make_unique<ParamNameReader>(Names, Launches);
  }

  ActionType getActionType() override { return AddBeforeMainAction; }
};

} // namespace

static FrontendPluginRegistry::Add<PipelineAction>
    X("pipeline", "pipeline __shared__ tile loops with cp.async");
