//===- plugin/diagnostics.cpp - remarks and diagnostics --------------------===//
//
// FILE: plugin/diagnostics.cpp
// DESCRIPTION:
//   Implements lib/host_diag.h: optimization remarks built field by field
//   (OptimizationRemarkEmitter, ore::NV), warnings and errors through the
//   context's diagnostic handler, the verifier, and names (demangling,
//   parameter names read by the clang plugin).
//
//===----------------------------------------------------------------------===//
#include "../lib/host_diag.h"
#include "pl_module_host.h"

#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/VersionTuple.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

char *pl_verify_function(LLVMValueRef Fn) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (!verifyFunction(*unwrap<Function>(Fn), &OS))
    return nullptr;
  OS.flush();
  char *Out = static_cast<char *>(std::malloc(Msg.size() + 1));
  if (Out)
    std::memcpy(Out, Msg.c_str(), Msg.size() + 1);
  return Out;
}

namespace {
/// An error located at a function's definition. clang reports a
/// DiagnosticInfoUnsupported with the location it carries (its
/// err_fe_backend_unsupported, printed as `file:line:col: error: <message>`)
/// and reads only the message; opt prints what print() writes.
class PlLocatedError : public DiagnosticInfoUnsupported {
public:
  PlLocatedError(const Function &F, const Twine &Msg)
      : DiagnosticInfoUnsupported(F, Msg, DiagnosticLocation(F.getSubprogram()), DS_Error) {}
  void print(DiagnosticPrinter &DP) const override {
    if (isLocationAvailable())
      DP << getLocationStr() << ": ";
    DP << getMessage();
  }
};
} // namespace

void pl_report_error(LLVMValueRef Fn, const char *Message) {
  Function *F = unwrap<Function>(Fn);
  F->getContext().diagnose(PlLocatedError(*F, Message));
}

void pl_report_module_error(LLVMModuleRef M, const char *Message) {
  unwrap(M)->getContext().emitError(Message);
}

const char *pl_param_name(pl_host *H, LLVMValueRef Arg) {
  const Argument *A = unwrap<Argument>(Arg);
  if (A->hasName())
    return A->getName().data();
  if (!H->ParamNames)
    return nullptr;
  auto It = H->ParamNames->find(A->getParent()->getName().str());
  if (It == H->ParamNames->end() || A->getArgNo() >= It->second.size() ||
      It->second[A->getArgNo()].empty())
    return nullptr;
  return It->second[A->getArgNo()].c_str();
}

char *pl_demangle(const char *Name) {
  std::string S = llvm::demangle(Name);
  char *Out = static_cast<char *>(std::malloc(S.size() + 1));
  if (Out)
    std::memcpy(Out, S.c_str(), S.size() + 1);
  return Out;
}

struct pl_remark {
  pl_host *H;
  std::unique_ptr<DiagnosticInfoOptimizationBase> D;
};

/// A remark of pass cuda-pipeline of the kind `Kind`, named `Name`, at `DL`
/// in `Region`, to be filled field by field and emitted by pl_remark_emit.
static pl_remark *newRemark(pl_host *H, pl_remark_kind Kind, const char *Name, const DebugLoc &DL,
                            BasicBlock *Region) {
  static const char Pass[] = "cuda-pipeline";
  auto *R = new pl_remark{H, nullptr};
  switch (Kind) {
  case PL_REMARK_PASSED:
    R->D = std::make_unique<OptimizationRemark>(Pass, Name, DL, Region);
    break;
  case PL_REMARK_MISSED:
    R->D = std::make_unique<OptimizationRemarkMissed>(Pass, Name, DL, Region);
    break;
  case PL_REMARK_ANALYSIS:
    R->D = std::make_unique<OptimizationRemarkAnalysis>(Pass, Name, DL, Region);
    break;
  }
  return R;
}

pl_remark *pl_remark_begin(pl_host *H, pl_remark_kind Kind, const char *Name, pl_loop_ref LR,
                           LLVMValueRef Inst) {
  Loop *L = unwrapLoop(LR);
  DebugLoc DL;
  if (Inst)
    DL = unwrap<Instruction>(Inst)->getDebugLoc();
  if (!DL && L) {
    auto It = H->Pinned.find(L);
    DL = It != H->Pinned.end() ? It->second : L->getStartLoc();
  }
  /* A function's remark is about the kernel's source line, not the line
   * of a header it inlined (mma.hpp for load_matrix_sync). */
  if (!L && DL)
    while (DILocation *At = DL->getInlinedAt())
      DL = DebugLoc(At);
  BasicBlock *Region = L ? L->getHeader() : unwrap<Instruction>(Inst)->getParent();
  return newRemark(H, Kind, Name, DL, Region);
}

void pl_remark_text(pl_remark *R, const char *Text) { *R->D << Text; }

void pl_remark_str(pl_remark *R, const char *Key, const char *Value) {
  *R->D << ore::NV(Key, StringRef(Value));
}

void pl_remark_u64(pl_remark *R, const char *Key, uint64_t Value) { *R->D << ore::NV(Key, Value); }

void pl_remark_emit(pl_remark *R) {
  R->H->ORE().emit(*R->D);
  delete R;
}

namespace {
/// A plugin diagnostic (clang's backend-plugin group) that prints its text.
class PlDiagnostic : public DiagnosticInfo {
  const Twine &Msg;

public:
  static int kind() {
    static const int K = getNextAvailablePluginDiagnosticKind();
    return K;
  }
  PlDiagnostic(const Twine &M, DiagnosticSeverity S) : DiagnosticInfo(kind(), S), Msg(M) {}
  void print(DiagnosticPrinter &DP) const override { DP << Msg; }
};
} // namespace

void pl_report_warning(LLVMModuleRef M, const char *Message) {
  unwrap(M)->getContext().diagnose(PlDiagnostic(Message, DS_Warning));
}

pl_remark *pl_remark_begin_at(pl_host *H, pl_remark_kind Kind, const char *Name,
                              LLVMMetadataRef Location) {
  DebugLoc DL(Location ? cast<DILocation>(unwrap(Location)) : nullptr);
  return newRemark(H, Kind, Name, DL, &H->F.getEntryBlock());
}

int pl_function_inlines_location(LLVMValueRef Fn, LLVMMetadataRef Location) {
  auto *Loc = dyn_cast_or_null<DILocation>(unwrap(Location));
  DISubprogram *SP = Loc ? Loc->getScope()->getSubprogram() : nullptr;
  if (!SP)
    return 0;
  for (Instruction &I : instructions(unwrap<Function>(Fn)))
    for (const DILocation *D = I.getDebugLoc().get(); D && D->getInlinedAt(); D = D->getInlinedAt())
      if (D->getScope()->getSubprogram() == SP)
        return 1;
  return 0;
}

void pl_erase_named_metadata(LLVMModuleRef M, const char *Name) {
  if (NamedMDNode *N = unwrap(M)->getNamedMetadata(Name))
    N->eraseFromParent();
}

int pl_module_sdk_version(LLVMModuleRef M, unsigned *Major, unsigned *Minor) {
  VersionTuple V = unwrap(M)->getSDKVersion();
  *Major = V.getMajor();
  *Minor = V.getMinor().value_or(0);
  if (!*Major)
    *Minor = 0;
  return *Major != 0;
}
