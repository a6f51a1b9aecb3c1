//===- plugin/host.cpp - C wrappers over C++-only LLVM facilities --------===//
//
// FILE: plugin/host.cpp
// DESCRIPTION:
//   Implements lib/host.h: each function forwards to one LLVM analysis
//   or utility and decides nothing.
//
//===----------------------------------------------------------------------===//
#include "../lib/host.h"
#include "pl_module_host.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LazyValueInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

static Loop *unwrapLoop(pl_loop_ref L) { return reinterpret_cast<Loop *>(L); }
static pl_loop_ref wrapLoop(Loop *L) { return reinterpret_cast<pl_loop_ref>(L); }

pl_host *pl_host_for_function(pl_module_host *MH, LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  std::unique_ptr<pl_host> &H = MH->Hosts[F];
  if (!H)
    H.reset(new pl_host{*F, MH->FAM, MH->ParamNames, {}});
  return H.get();
}

void pl_host_invalidate(pl_host *H) { H->FAM.invalidate(H->F, PreservedAnalyses::none()); }

size_t pl_loops_preorder(pl_host *H, pl_loop_ref *Out, size_t Cap) {
  SmallVector<Loop *, 8> Loops = H->LI().getLoopsInPreorder();
  for (size_t I = 0; I < Loops.size() && I < Cap; ++I)
    Out[I] = wrapLoop(Loops[I]);
  return Loops.size();
}

pl_loop_ref pl_loop_for_header(pl_host *H, LLVMBasicBlockRef Header) {
  Loop *L = H->LI().getLoopFor(unwrap(Header));
  return L && L->getHeader() == unwrap(Header) ? wrapLoop(L) : nullptr;
}

LLVMBasicBlockRef pl_loop_header(pl_loop_ref L) { return wrap(unwrapLoop(L)->getHeader()); }
LLVMBasicBlockRef pl_loop_preheader(pl_loop_ref L) {
  return wrap(unwrapLoop(L)->getLoopPreheader());
}
LLVMBasicBlockRef pl_loop_latch(pl_loop_ref L) { return wrap(unwrapLoop(L)->getLoopLatch()); }
LLVMBasicBlockRef pl_loop_exiting_block(pl_loop_ref L) {
  return wrap(unwrapLoop(L)->getExitingBlock());
}
LLVMBasicBlockRef pl_loop_exit_block(pl_loop_ref L) {
  return wrap(unwrapLoop(L)->getUniqueExitBlock());
}
int pl_loop_contains(pl_loop_ref L, LLVMBasicBlockRef BB) {
  return unwrapLoop(L)->contains(unwrap(BB));
}
int pl_loop_in_subloop(pl_host *H, pl_loop_ref L, LLVMBasicBlockRef BB) {
  Loop *Inner = H->LI().getLoopFor(unwrap(BB));
  return Inner && Inner != unwrapLoop(L) && unwrapLoop(L)->contains(Inner);
}

int pl_dominates(pl_host *H, LLVMBasicBlockRef A, LLVMBasicBlockRef B) {
  return H->DT().dominates(unwrap(A), unwrap(B));
}

int pl_inst_dominates(pl_host *H, LLVMValueRef A, LLVMValueRef B) {
  return H->DT().dominates(unwrap<Instruction>(A), unwrap<Instruction>(B));
}

namespace {
/// The visited set of a depth-first walk that never enters `Avoid`.
struct AvoidLoopSet : SmallPtrSet<BasicBlock *, 32> {
  Loop *Avoid = nullptr;
  std::pair<iterator, bool> insert(BasicBlock *BB) {
    if (Avoid && Avoid->contains(BB))
      return {end(), false};
    return SmallPtrSet<BasicBlock *, 32>::insert(BB);
  }
  void completed(BasicBlock *) {}
};
} // namespace

size_t pl_blocks_reaching(pl_host *, LLVMBasicBlockRef To, pl_loop_ref Avoid,
                          LLVMBasicBlockRef *Out, size_t Cap) {
  AvoidLoopSet Visited;
  Visited.Avoid = unwrapLoop(Avoid);
  size_t N = 0;
  for (BasicBlock *BB : inverse_depth_first_ext(unwrap(To), Visited)) {
    if (N < Cap)
      Out[N] = wrap(BB);
    ++N;
  }
  return N;
}

size_t pl_blocks_reachable(LLVMBasicBlockRef From, LLVMBasicBlockRef *Out, size_t Cap) {
  size_t N = 0;
  for (BasicBlock *BB : depth_first(unwrap(From))) {
    if (N < Cap)
      Out[N] = wrap(BB);
    ++N;
  }
  return N;
}

unsigned pl_pred_count(LLVMBasicBlockRef BB) { return pred_size(unwrap(BB)); }

unsigned pl_memory_effects(LLVMValueRef Inst) {
  const Instruction *I = unwrap<Instruction>(Inst);
  return (I->mayReadFromMemory() ? unsigned(PL_REF) : 0u) |
         (I->mayWriteToMemory() ? unsigned(PL_MOD) : 0u);
}

int pl_may_have_side_effects(LLVMValueRef Inst) {
  return unwrap<Instruction>(Inst)->mayHaveSideEffects();
}

int pl_is_trivially_dead(LLVMValueRef Inst) {
  return isInstructionTriviallyDead(unwrap<Instruction>(Inst));
}

LLVMValueRef pl_underlying_object(LLVMValueRef Ptr) {
  return wrap(getUnderlyingObject(unwrap(Ptr), /*MaxLookup=*/0));
}

int pl_loop_has_trip_count(pl_host *H, pl_loop_ref LR) {
  Loop *L = unwrapLoop(LR);
  ScalarEvolution &SE = H->SE();
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC) || !BTC->getType()->isIntegerTy() ||
      !SE.isLoopInvariant(BTC, L))
    return 0;
  BasicBlock *At = L->getLoopPreheader();
  if (!At)
    for (BasicBlock *P : predecessors(L->getHeader()))
      if (!L->contains(P))
        At = At ? H->DT().findNearestCommonDominator(At, P) : P;
  if (!At)
    return 0;
  SCEVExpander Exp(SE, H->F.getParent()->getDataLayout(), "pl.btc");
  return Exp.isSafeToExpandAt(BTC, At->getTerminator());
}

LLVMValueRef pl_loop_expand_backedge_count(pl_host *H, pl_loop_ref LR, LLVMValueRef InsertBefore) {
  if (!pl_loop_has_trip_count(H, LR))
    return nullptr;
  Loop *L = unwrapLoop(LR);
  ScalarEvolution &SE = H->SE();
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  SCEVExpander Exp(SE, H->F.getParent()->getDataLayout(), "pl.btc");
  Value *V = Exp.expandCodeFor(BTC, BTC->getType(), unwrap<Instruction>(InsertBefore));
  return wrap(V);
}

unsigned pl_mod_ref(pl_host *H, LLVMValueRef Inst, LLVMValueRef Ptr) {
  const Instruction *I = unwrap<Instruction>(Inst);
  MemoryLocation Loc = MemoryLocation::getBeforeOrAfter(unwrap(Ptr));
  ModRefInfo MR = H->AA().getModRefInfo(I, Loc);
  return (isRefSet(MR) ? unsigned(PL_REF) : 0u) | (isModSet(MR) ? unsigned(PL_MOD) : 0u);
}

int pl_may_alias(pl_host *H, LLVMValueRef A, uint64_t SizeA, LLVMValueRef B, uint64_t SizeB) {
  MemoryLocation LA(unwrap(A), LocationSize::precise(SizeA));
  MemoryLocation LB(unwrap(B), LocationSize::precise(SizeB));
  return H->AA().alias(LA, LB) != AliasResult::NoAlias;
}

unsigned pl_known_alignment(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx) {
  Value *Val = unwrap(V);
  const DataLayout &DL = H->F.getParent()->getDataLayout();
  KnownBits Known =
      computeKnownBits(Val, DL, 0, &H->AC(), Ctx ? unwrap<Instruction>(Ctx) : nullptr, &H->DT());
  unsigned TZ = std::min(Known.countMinTrailingZeros(), 12u);
  return 1u << TZ;
}

LLVMBasicBlockRef pl_split_edge(pl_host *H, LLVMBasicBlockRef From, LLVMBasicBlockRef To) {
  return wrap(SplitEdge(unwrap(From), unwrap(To), &H->DT(), &H->LI()));
}

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

void pl_remark_text(pl_remark *R, const char *Text) { *R->D << Text; }

void pl_remark_str(pl_remark *R, const char *Key, const char *Value) {
  *R->D << ore::NV(Key, StringRef(Value));
}

void pl_remark_u64(pl_remark *R, const char *Key, uint64_t Value) { *R->D << ore::NV(Key, Value); }

void pl_remark_emit(pl_remark *R) {
  R->H->ORE().emit(*R->D);
  delete R;
}

LLVMBasicBlockRef pl_idom(pl_host *H, LLVMBasicBlockRef BB) {
  DomTreeNode *N = H->DT().getNode(unwrap(BB));
  return N && N->getIDom() ? wrap(N->getIDom()->getBlock()) : nullptr;
}

LLVMValueRef pl_split_block_if_then(pl_host *H, LLVMValueRef Cond, LLVMValueRef SplitBefore) {
  DomTreeUpdater DTU(H->DT(), DomTreeUpdater::UpdateStrategy::Eager);
  Instruction *Term = SplitBlockAndInsertIfThen(unwrap(Cond), unwrap<Instruction>(SplitBefore),
                                                /*Unreachable=*/false, nullptr, &DTU, &H->LI());
  return wrap(Term);
}

LLVMBasicBlockRef pl_loop_ensure_preheader(pl_host *H, pl_loop_ref LR) {
  Loop *L = unwrapLoop(LR);
  if (BasicBlock *P = L->getLoopPreheader())
    return wrap(P);
  BasicBlock *P = InsertPreheaderForLoop(L, &H->DT(), &H->LI(), nullptr, /*PreserveLCSSA=*/false);
  if (P)
    if (auto *SE = H->FAM.getCachedResult<ScalarEvolutionAnalysis>(H->F))
      SE->forgetLoop(L);
  return wrap(P);
}

/// The affine recurrence of `Phi` over `L` with an invariant step that can
/// be expanded in the preheader, or null.
static const SCEVAddRecExpr *invariantStepRec(pl_host *H, Loop *L, Value *Phi) {
  ScalarEvolution &SE = H->SE();
  if (!SE.isSCEVable(Phi->getType()) || !L->getLoopPreheader())
    return nullptr;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi));
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return nullptr;
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (!SE.isLoopInvariant(Step, L) || !Step->getType()->isIntegerTy() ||
      Step->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  SCEVExpander Exp(SE, H->F.getParent()->getDataLayout(), "pl.step");
  if (!Exp.isSafeToExpandAt(Step, L->getLoopPreheader()->getTerminator()))
    return nullptr;
  return AR;
}

int pl_scev_iv_step(pl_host *H, pl_loop_ref LR, LLVMValueRef Phi, int64_t *Step) {
  const SCEVAddRecExpr *AR = invariantStepRec(H, unwrapLoop(LR), unwrap(Phi));
  if (!AR)
    return 0;
  if (auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(H->SE()))) {
    *Step = C->getAPInt().getSExtValue();
    return 1;
  }
  return 2;
}

LLVMValueRef pl_scev_expand_iv_step(pl_host *H, pl_loop_ref LR, LLVMValueRef Phi,
                                    LLVMValueRef InsertBefore) {
  const SCEVAddRecExpr *AR = invariantStepRec(H, unwrapLoop(LR), unwrap(Phi));
  if (!AR)
    return nullptr;
  ScalarEvolution &SE = H->SE();
  const SCEV *Step = AR->getStepRecurrence(SE);
  SCEVExpander Exp(SE, H->F.getParent()->getDataLayout(), "pl.step");
  return wrap(Exp.expandCodeFor(Step, Step->getType(), unwrap<Instruction>(InsertBefore)));
}

/// A - B as a constant, where both are integer SCEVs of one type:
/// getMinusSCEV, or else the same structure on both sides -- a common
/// constant factor, or an extension of operands that differ by a constant
/// and whose addition provably does not wrap (ScalarEvolution leaves
/// `zext(x + 256) - zext(x)` unfolded when the add lacks nuw).
static std::optional<APInt> constantDistance(ScalarEvolution &SE, const SCEV *A, const SCEV *B,
                                             int Depth) {
  if (auto *C = dyn_cast<SCEVConstant>(SE.getMinusSCEV(A, B)))
    return C->getAPInt();
  if (Depth > 8 || A->getSCEVType() != B->getSCEVType())
    return std::nullopt;
  if (auto *MA = dyn_cast<SCEVMulExpr>(A)) {
    auto *MB = cast<SCEVMulExpr>(B);
    if (MA->getNumOperands() != 2 || MB->getNumOperands() != 2 ||
        MA->getOperand(0) != MB->getOperand(0) || !isa<SCEVConstant>(MA->getOperand(0)))
      return std::nullopt;
    std::optional<APInt> D = constantDistance(SE, MA->getOperand(1), MB->getOperand(1), Depth + 1);
    if (!D)
      return std::nullopt;
    return *D * cast<SCEVConstant>(MA->getOperand(0))->getAPInt();
  }
  if (isa<SCEVZeroExtendExpr>(A) || isa<SCEVSignExtendExpr>(A)) {
    bool Signed = isa<SCEVSignExtendExpr>(A);
    const SCEV *OA = cast<SCEVCastExpr>(A)->getOperand(0);
    const SCEV *OB = cast<SCEVCastExpr>(B)->getOperand(0);
    if (OA->getType() != OB->getType())
      return std::nullopt;
    std::optional<APInt> D = constantDistance(SE, OA, OB, Depth + 1);
    if (!D)
      return std::nullopt;
    // ext(b + d) == ext(b) + d when b + d does not wrap in the extension's
    // sense; unsigned, a negative d is the subtraction of -d.
    // ScalarEvolution's ranges of b decide (willNotOverflow compares
    // expressions, which is what failed to fold in the first place).
    using OR = ConstantRange::OverflowResult;
    OR O = Signed            ? SE.getSignedRange(OB).signedAddMayOverflow(ConstantRange(*D))
           : D->isNegative() ? SE.getUnsignedRange(OB).unsignedSubMayOverflow(ConstantRange(-*D))
                             : SE.getUnsignedRange(OB).unsignedAddMayOverflow(ConstantRange(*D));
    if (O != OR::NeverOverflows)
      return std::nullopt;
    return D->sext(A->getType()->getIntegerBitWidth());
  }
  if (auto *SA = dyn_cast<SCEVAddExpr>(A)) {
    // The operands the sums share cancel; one left on each side recurses.
    SmallVector<const SCEV *, 4> LA(SA->operands()), LB(cast<SCEVAddExpr>(B)->operands());
    for (auto I = LA.begin(); I != LA.end();) {
      auto J = llvm::find(LB, *I);
      if (J == LB.end()) {
        ++I;
        continue;
      }
      LB.erase(J);
      I = LA.erase(I);
    }
    if (LA.size() != 1 || LB.size() != 1)
      return std::nullopt;
    return constantDistance(SE, LA[0], LB[0], Depth + 1);
  }
  return std::nullopt;
}

namespace {
/// Rewrites zext(e) of an iK expression e back to the type iN of the values
/// it was truncated from as x - 2^K * (x /u 2^K), where x is e computed in
/// iN (each trunc(y) read as y: truncation commutes with + and *, so
/// trunc(x) == e and zext(e) == x urem 2^K). Instcombine turns `x % 128`
/// into such a mask, and ScalarEvolution does not see that
/// (x /u 128) * 128 + x % 128 == x (the 2-D thread index of
/// `(tid / 128 + j) * 128 + tid % 128`).
struct ExpandURem : SCEVRewriteVisitor<ExpandURem> {
  explicit ExpandURem(ScalarEvolution &SE) : SCEVRewriteVisitor(SE) {}
  /// e computed in `Ty`, or null.
  const SCEV *lift(const SCEV *E, Type *Ty, int Depth) {
    if (auto *T = dyn_cast<SCEVTruncateExpr>(E))
      return T->getOperand()->getType() == Ty ? T->getOperand() : nullptr;
    if (auto *C = dyn_cast<SCEVConstant>(E))
      return SE.getConstant(C->getAPInt().zext(Ty->getIntegerBitWidth()));
    if (Depth > 8 || (!isa<SCEVAddExpr>(E) && !isa<SCEVMulExpr>(E)))
      return nullptr;
    SmallVector<const SCEV *, 4> Ops;
    for (const SCEV *Op : cast<SCEVNAryExpr>(E)->operands()) {
      Ops.push_back(lift(Op, Ty, Depth + 1));
      if (!Ops.back())
        return nullptr;
    }
    return isa<SCEVAddExpr>(E) ? SE.getAddExpr(Ops) : SE.getMulExpr(Ops);
  }
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *Z) {
    const SCEV *X = lift(Z->getOperand(), Z->getType(), 0);
    if (!X || isa<SCEVConstant>(X))
      return SCEVRewriteVisitor<ExpandURem>::visitZeroExtendExpr(Z);
    X = visit(X);
    unsigned W = Z->getType()->getIntegerBitWidth();
    const SCEV *P =
        SE.getConstant(APInt::getOneBitSet(W, Z->getOperand()->getType()->getIntegerBitWidth()));
    return SE.getMinusSCEV(X, SE.getMulExpr(P, SE.getUDivExpr(X, P)));
  }
};
} // namespace

/// Rewrites every read of a special register that is constant for the whole
/// launch of a thread (tid, ntid, ctaid, nctaid; PTX ISA, "Special
/// Registers": %tid, %ntid, %ctaid and %nctaid do not change during a
/// thread's execution) into the first read of the same register it meets:
/// two loops that each read threadIdx.x then compare as one value.
struct SameSpecialRegister : SCEVRewriteVisitor<SameSpecialRegister> {
  std::map<Intrinsic::ID, const SCEV *> &First;
  SameSpecialRegister(ScalarEvolution &SE, std::map<Intrinsic::ID, const SCEV *> &F)
      : SCEVRewriteVisitor(SE), First(F) {}
  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto *II = dyn_cast<IntrinsicInst>(U->getValue());
    if (!II)
      return U;
    switch (II->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    case Intrinsic::nvvm_read_ptx_sreg_tid_z:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return First.emplace(II->getIntrinsicID(), U).first->second;
    default:
      return U;
    }
  }
};

int pl_scev_const_distance(pl_host *H, LLVMValueRef A, LLVMValueRef B, int64_t *D) {
  ScalarEvolution &SE = H->SE();
  Value *VA = unwrap(A), *VB = unwrap(B);
  if (VA->getType() != VB->getType() || !SE.isSCEVable(VA->getType()))
    return 0;
  const SCEV *SA = SE.getSCEV(VA), *SB = SE.getSCEV(VB);
  if (SA->getType()->isPointerTy()) {
    if (SE.getPointerBase(SA) != SE.getPointerBase(SB))
      return 0;
    SA = SE.removePointerBase(SA);
    SB = SE.removePointerBase(SB);
    if (SA->getType() != SB->getType())
      return 0;
  }
  std::map<Intrinsic::ID, const SCEV *> First;
  SameSpecialRegister Same(SE, First);
  SA = Same.visit(SA);
  SB = Same.visit(SB);
  std::optional<APInt> C = constantDistance(SE, SA, SB, 0);
  if (!C) {
    ExpandURem R(SE);
    C = constantDistance(SE, R.visit(SA), R.visit(SB), 0);
  }
  if (!C || C->getSignificantBits() > 64)
    return 0;
  *D = C->getSExtValue();
  return 1;
}

unsigned pl_loop_const_trip_count(pl_host *H, pl_loop_ref L) {
  return H->SE().getSmallConstantTripCount(unwrapLoop(L));
}

pl_loop_ref pl_loop_for_block(pl_host *H, LLVMBasicBlockRef BB) {
  return wrapLoop(H->LI().getLoopFor(unwrap(BB)));
}

pl_loop_ref pl_loop_parent(pl_loop_ref L) { return wrapLoop(unwrapLoop(L)->getParentLoop()); }

LLVMValueRef pl_host_function(pl_host *H) { return wrap(&H->F); }

char *pl_loop_source(pl_loop_ref LR, unsigned *Line, unsigned *Column) {
  *Line = *Column = 0;
  DebugLoc DL = unwrapLoop(LR)->getStartLoc();
  if (!DL)
    return nullptr;
  *Line = DL.getLine();
  *Column = DL.getCol();
  auto *Scope = cast<DIScope>(DL.getScope());
  std::string Path = Scope->getFilename().str();
  StringRef Dir = Scope->getDirectory();
  if (!Path.empty() && Path[0] != '/' && !Dir.empty())
    Path = (Dir + "/" + Path).str();
  char *Out = static_cast<char *>(std::malloc(Path.size() + 1));
  if (Out)
    std::memcpy(Out, Path.c_str(), Path.size() + 1);
  return Out;
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

/// Where code for `L`'s entry is expanded: the end of its preheader, or of
/// the nearest common dominator of the blocks entering it (as in
/// pl_loop_has_trip_count).
static Instruction *entryPoint(pl_host *H, Loop *L) {
  BasicBlock *At = L->getLoopPreheader();
  if (!At)
    for (BasicBlock *P : predecessors(L->getHeader()))
      if (!L->contains(P))
        At = At ? H->DT().findNearestCommonDominator(At, P) : P;
  return At ? At->getTerminator() : nullptr;
}

struct pl_access_bounds {
  pl_host *H;
  Loop *L;
  PredicatedScalarEvolution PSE;
  SmallVector<std::pair<const SCEV *, const SCEV *>, 8> Bounds;
  /// The latch compare's count, where ScalarEvolution has none.
  const SCEV *LatchBTC = nullptr;
  /// Recurrences {start,+,step} (pointers) that must not wrap over
  /// LatchBTC iterations, tested at run time.
  SmallVector<std::pair<const SCEV *, const SCEV *>, 8> WrapChecks;
  pl_access_bounds(pl_host *H, Loop *L) : H(H), L(L), PSE(H->SE(), *L) {}
};

pl_access_bounds *pl_access_bounds_create(pl_host *H, pl_loop_ref LR) {
  return new (std::nothrow) pl_access_bounds(H, unwrapLoop(LR));
}

int pl_access_bounds_add(pl_access_bounds *B, LLVMValueRef PtrRef, uint64_t Size) {
  Value *Ptr = unwrap(PtrRef);
  ScalarEvolution &SE = B->H->SE();
  Loop *L = B->L;
  Instruction *At = entryPoint(B->H, L);
  if (!At || !SE.isSCEVable(Ptr->getType()))
    return -1;
  const SCEV *S = B->PSE.getSCEV(Ptr);
  const SCEV *Lo = S, *Hi = S;
  if (!SE.isLoopInvariant(S, L)) {
    // LoopAccessAnalysis's getStartAndEndForAccess: the add-recurrence's
    // start and its value after the last iteration; a zext or sext of a
    // narrower recurrence becomes one under a no-wrap predicate.
    const SCEVAddRecExpr *AR = dyn_cast<SCEVAddRecExpr>(S);
    const SCEV *BTC = B->PSE.getBackedgeTakenCount();
    if (isa<SCEVCouldNotCompute>(BTC)) {
      // No count from ScalarEvolution: the latch compare's, if given. No
      // SCEV predicate then (expanding one needs ScalarEvolution's count):
      // the pointer must be a recurrence as it is, and its not wrapping is
      // tested at run time (pl_access_bounds_expand_predicates).
      if (!B->LatchBTC || !AR || AR->getLoop() != L || !AR->isAffine())
        return -1;
      BTC = B->LatchBTC;
      B->WrapChecks.push_back({AR->getStart(), AR->getStepRecurrence(SE)});
    } else {
      if (!AR)
        AR = B->PSE.getAsAddRec(Ptr);
      if (!AR || AR->getLoop() != L || !AR->isAffine() || !SE.isLoopInvariant(BTC, L))
        return -1;
      // The recurrence must not wrap, or its values would not lie between
      // its start and its end (RuntimePointerChecking assumes the same and
      // LoopAccessAnalysis adds this predicate where it cannot prove it).
      if (!B->PSE.hasNoOverflow(Ptr, SCEVWrapPredicate::IncrementNUSW))
        B->PSE.setNoOverflow(Ptr, SCEVWrapPredicate::IncrementNUSW);
      AR = dyn_cast<SCEVAddRecExpr>(B->PSE.getSCEV(Ptr));
      if (!AR)
        return -1;
    }
    const SCEV *Start = AR->getStart(), *End = AR->evaluateAtIteration(BTC, SE);
    const SCEV *Step = AR->getStepRecurrence(SE);
    if (SE.isKnownNonNegative(Step)) {
      Lo = Start;
      Hi = End;
    } else if (SE.isKnownNegative(Step)) {
      Lo = End;
      Hi = Start;
    } else {
      Lo = SE.getUMinExpr(Start, End);
      Hi = SE.getUMaxExpr(Start, End);
    }
  }
  const DataLayout &DL = B->H->F.getParent()->getDataLayout();
  Type *IdxTy = DL.getIndexType(Ptr->getType());
  Hi = SE.getAddExpr(Hi, SE.getConstant(IdxTy, Size));
  SCEVExpander Exp(SE, DL, "pl.alias");
  if (!Exp.isSafeToExpandAt(Lo, At) || !Exp.isSafeToExpandAt(Hi, At))
    return -1;
  B->Bounds.push_back({Lo, Hi});
  return int(B->Bounds.size() - 1);
}

void pl_access_bounds_expand(pl_access_bounds *B, int Index, LLVMValueRef InsertBefore,
                             LLVMValueRef *Lo, LLVMValueRef *Hi) {
  ScalarEvolution &SE = B->H->SE();
  SCEVExpander Exp(SE, B->H->F.getParent()->getDataLayout(), "pl.alias");
  Instruction *I = unwrap<Instruction>(InsertBefore);
  auto [L, H] = B->Bounds[size_t(Index)];
  *Lo = wrap(Exp.expandCodeFor(L, L->getType(), I));
  *Hi = wrap(Exp.expandCodeFor(H, H->getType(), I));
}

LLVMValueRef pl_access_bounds_expand_predicates(pl_access_bounds *B, LLVMValueRef InsertBefore) {
  ScalarEvolution &SE = B->H->SE();
  const DataLayout &DL = B->H->F.getParent()->getDataLayout();
  Instruction *I = unwrap<Instruction>(InsertBefore);
  SCEVExpander Exp(SE, DL, "pl.alias");
  const SCEVPredicate &P = B->PSE.getPredicate();
  Value *Fails = P.isAlwaysTrue() ? nullptr : Exp.expandCodeForPredicate(&P, I);
  // start + step * count, exactly (128 bits), must stay in [0, 2^64).
  IRBuilder<> IRB(I);
  Type *I64 = IRB.getInt64Ty(), *I128 = IRB.getInt128Ty();
  for (auto [Start, Step] : B->WrapChecks) {
    const SCEV *S = Start->getType()->isPointerTy() ? SE.getPtrToIntExpr(Start, I64) : Start;
    const SCEV *End = SE.getAddExpr(
        SE.getZeroExtendExpr(S, I128),
        SE.getMulExpr(SE.getSignExtendExpr(Step, I128), SE.getZeroExtendExpr(B->LatchBTC, I128)));
    Value *E = Exp.expandCodeFor(End, I128, I);
    Value *Out = IRB.CreateICmpUGT(E, ConstantInt::get(I128, ~uint64_t(0)), "pl.alias.wrap");
    Fails = Fails ? IRB.CreateOr(Fails, Out) : Out;
  }
  return wrap(Fails);
}

int pl_access_bounds_set_latch_trip(pl_access_bounds *B, LLVMValueRef PhiRef, LLVMValueRef Bound,
                                    LLVMIntPredicate Pred, unsigned Lag) {
  ScalarEvolution &SE = B->H->SE();
  Value *Phi = unwrap(PhiRef);
  if (!SE.isSCEVable(Phi->getType()) || !Phi->getType()->isIntegerTy() ||
      Phi->getType()->getIntegerBitWidth() > 32 || Lag > 1)
    return 0;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi));
  auto *C = AR ? dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE)) : nullptr;
  if (!AR || AR->getLoop() != B->L || !AR->isAffine() || !C)
    return 0;
  int64_t Step = C->getAPInt().getSExtValue();
  CmpInst::Predicate P = CmpInst::Predicate(Pred);
  bool Up = P == CmpInst::ICMP_SLT || P == CmpInst::ICMP_SLE || P == CmpInst::ICMP_ULT ||
            P == CmpInst::ICMP_ULE;
  bool Down = P == CmpInst::ICMP_SGT || P == CmpInst::ICMP_SGE || P == CmpInst::ICMP_UGT ||
              P == CmpInst::ICMP_UGE;
  if (!(Up && Step > 0) && !(Down && Step < 0))
    return 0;
  bool Strict = P == CmpInst::ICMP_SLT || P == CmpInst::ICMP_ULT || P == CmpInst::ICMP_SGT ||
                P == CmpInst::ICMP_UGT;
  Type *I64 = Type::getInt64Ty(Phi->getContext());
  auto Ext = [&](const SCEV *X) {
    return CmpInst::isSigned(P) ? SE.getSignExtendExpr(X, I64) : SE.getZeroExtendExpr(X, I64);
  };
  const SCEV *Start = Ext(AR->getStart()), *Lim = Ext(SE.getSCEV(unwrap(Bound)));
  // The iterations j >= 1 that run are those whose compared IV value,
  // iv(j - lag) = start + (j - lag) * step, passes against the bound: with
  // x = |bound - start| - strict, the count is max(x + lag * s, 0) / s,
  // s = |step| (exact in 64 bits for an IV of at most 32).
  const SCEV *X = Up ? SE.getMinusSCEV(Lim, Start) : SE.getMinusSCEV(Start, Lim);
  uint64_t S = uint64_t(Step > 0 ? Step : -Step);
  X = SE.getAddExpr(X, SE.getConstant(I64, uint64_t(int64_t(Lag * S) - (Strict ? 1 : 0)), true));
  B->LatchBTC = SE.getUDivExpr(SE.getSMaxExpr(X, SE.getZero(I64)), SE.getConstant(I64, S));
  return 1;
}

void pl_access_bounds_free(pl_access_bounds *B) { delete B; }

LLVMBasicBlockRef pl_loop_version(pl_host *H, pl_loop_ref LR, LLVMValueRef TakeClone) {
  Loop *L = unwrapLoop(LR);
  DominatorTree &DT = H->DT();
  LoopInfo &LI = H->LI();
  BasicBlock *P = L->getLoopPreheader(), *Exit = L->getUniqueExitBlock();
  BasicBlock *Exiting = L->getExitingBlock();
  if (!P || !Exit || !Exiting)
    return nullptr;
  if (!Exit->getSinglePredecessor())
    Exit = SplitEdge(Exiting, Exit, &DT, &LI);
  formLCSSA(*L, DT, &LI, nullptr);
  // LoopVersioning::versionLoop from here on.
  BasicBlock *PH = SplitBlock(P, P->getTerminator(), &DT, &LI, nullptr, P->getName() + ".pl.ph");
  ValueToValueMapTy VMap;
  SmallVector<BasicBlock *, 16> Blocks;
  Loop *Clone = cloneLoopWithPreheader(PH, P, L, VMap, ".pl.orig", &LI, &DT, Blocks);
  remapInstructionsInBlocks(Blocks, VMap);
  Instruction *Term = P->getTerminator();
  BranchInst::Create(Clone->getLoopPreheader(), PH, unwrap(TakeClone), Term);
  Term->eraseFromParent();
  DT.changeImmediateDominator(Exit, P);
  // Exit's phis (LCSSA phis and those it had) get the clone's values.
  BasicBlock *ClonedExiting = cast<BasicBlock>(VMap[Exiting]);
  for (PHINode &Phi : Exit->phis()) {
    Value *V = Phi.getIncomingValueForBlock(Exiting);
    auto It = VMap.find(V);
    Phi.addIncoming(It != VMap.end() ? static_cast<Value *>(It->second) : V, ClonedExiting);
  }
  if (auto *SE = H->FAM.getCachedResult<ScalarEvolutionAnalysis>(H->F))
    SE->forgetLoop(L);
  return wrap(PH);
}

void pl_replace_global_uses_in(LLVMValueRef G, LLVMValueRef With, LLVMValueRef Fn) {
  auto *GV = unwrap<GlobalVariable>(G);
  Function *F = unwrap<Function>(Fn);
  convertUsersOfConstantsToInstructions({GV}, F);
  GV->replaceUsesWithIf(unwrap(With), [F](Use &U) {
    auto *I = dyn_cast<Instruction>(U.getUser());
    return I && I->getFunction() == F;
  });
}

LLVMMetadataRef pl_loop_start_location(pl_loop_ref L) {
  DebugLoc DL = unwrapLoop(L)->getStartLoc();
  return DL ? wrap(static_cast<Metadata *>(DL.get())) : nullptr;
}

pl_remark *pl_remark_begin_at(pl_host *H, pl_remark_kind Kind, const char *Name,
                              LLVMMetadataRef Location) {
  DebugLoc DL(Location ? cast<DILocation>(unwrap(Location)) : nullptr);
  BasicBlock *Region = &H->F.getEntryBlock();
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

LLVMBasicBlockRef pl_split_block_before(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  return wrap(I->getParent()->splitBasicBlock(I, "pl.copy.after"));
}

int pl_scev_loop_stride(pl_host *H, LLVMValueRef Ptr, LLVMBasicBlockRef BB, int64_t *MinStep,
                        int64_t *MaxStep) {
  ScalarEvolution &SE = H->SE();
  Value *V = unwrap(Ptr);
  Loop *L = H->LI().getLoopFor(unwrap(BB));
  if (!L || !V->getType()->isPointerTy() || !SE.isSCEVable(V->getType()))
    return 0;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(V));
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return 0;
  ConstantRange R = SE.getSignedRange(AR->getStepRecurrence(SE));
  if (R.isFullSet() || R.getBitWidth() > 64)
    return 0;
  *MinStep = R.getSignedMin().getSExtValue();
  *MaxStep = R.getSignedMax().getSExtValue();
  return 1;
}

void pl_remove_predecessor(LLVMBasicBlockRef BB, LLVMBasicBlockRef Pred) {
  unwrap(BB)->removePredecessor(unwrap(Pred), /*KeepOneInputPHIs=*/true);
}

int pl_scev_same_difference(pl_host *H, LLVMValueRef A1, LLVMValueRef B1, LLVMBasicBlockRef BB1,
                            LLVMValueRef A2, LLVMValueRef B2, LLVMBasicBlockRef BB2) {
  ScalarEvolution &SE = H->SE();
  Value *V[4] = {unwrap(A1), unwrap(B1), unwrap(A2), unwrap(B2)};
  for (Value *X : V)
    if (!X->getType()->isIntegerTy() || X->getType() != V[0]->getType())
      return 0;
  const SCEV *D1 = SE.getMinusSCEV(SE.getSCEV(V[0]), SE.getSCEV(V[1]));
  const SCEV *D2 = SE.getMinusSCEV(SE.getSCEV(V[2]), SE.getSCEV(V[3]));
  if (!SE.getMinusSCEV(D1, D2)->isZero())
    return 0;
  for (LLVMBasicBlockRef BB : {BB1, BB2})
    if (Loop *L = BB ? H->LI().getLoopFor(unwrap(BB)) : nullptr)
      if (!SE.isLoopInvariant(D1, L))
        return 0;
  return 1;
}

void pl_loop_pin_location(pl_host *H, pl_loop_ref L) {
  const Loop *Lp = unwrapLoop(L);
  H->Pinned[Lp] = Lp->getStartLoc();
}
int pl_known_bits(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx, uint64_t *Zero, uint64_t *One) {
  *Zero = *One = 0;
  Value *Val = unwrap(V);
  if (!Val->getType()->isIntegerTy() || Val->getType()->getIntegerBitWidth() > 64)
    return 0;
  const DataLayout &DL = H->F.getParent()->getDataLayout();
  KnownBits Known =
      computeKnownBits(Val, DL, 0, &H->AC(), Ctx ? unwrap<Instruction>(Ctx) : nullptr, &H->DT());
  *Zero = Known.Zero.getZExtValue();
  *One = Known.One.getZExtValue();
  return 1;
}

int pl_value_range(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx, uint64_t *Lo, uint64_t *Hi) {
  *Lo = 0;
  *Hi = UINT64_MAX;
  Value *Val = unwrap(V);
  auto *CtxI = unwrap<Instruction>(Ctx);
  if (!Val->getType()->isIntegerTy() || Val->getType()->getIntegerBitWidth() > 64 || !CtxI ||
      CtxI->getFunction() != &H->F)
    return 0;
  LazyValueInfo &LVI = H->FAM.getResult<LazyValueAnalysis>(H->F);
  ConstantRange R = LVI.getConstantRange(Val, CtxI, /*UndefAllowed=*/false);
  if (R.isFullSet() || R.isEmptySet())
    return 0;
  *Lo = R.getUnsignedMin().getZExtValue();
  *Hi = R.getUnsignedMax().getZExtValue();
  return 1;
}
