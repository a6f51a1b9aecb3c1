//===- plugin/versioning.cpp - versioning ----------------------------------===//
//
// FILE: plugin/versioning.cpp
// DESCRIPTION:
//   Implements lib/host_versioning.h: access ranges at loop entry as
//   LoopAccessAnalysis builds them (PredicatedScalarEvolution), loop
//   versioning as LoopVersioning does it, and replacing a global within one
//   function. pl_access_bounds_set_latch_trip computes a trip count from the
//   latch compare where ScalarEvolution has none (the formula is documented
//   in the header).
//
//===----------------------------------------------------------------------===//
#include "../lib/host_versioning.h"
#include "llvm_compat.h"
#include "pl_module_host.h"
#include "scev_interval.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/LoopVersioning.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

/// Rewrites each division `Exp` inserted, `udiv|urem X, Y` wider than 64
/// bits, whose dividend and divisor have their high bits known zero
/// (ValueTracking's computeKnownBits, or ScalarEvolution's unsigned range,
/// which may have folded the cap away), as the same division in 64 bits,
/// zero-extended: exact for every X and Y. The interval bounds divide in
/// 128 bits (scev_interval.cpp caps a dividend that fits 64 bits where the
/// check passes; a latch count divides by a grid-stride step, a 32-bit
/// value), and NVPTX expands a division wider than 64 bits into a loop of
/// one shift-and-subtract step per bit, even by a constant, which no
/// InstCombine after the pass narrows. A division by a constant zero is
/// left as it is. Clears `Exp` (it
/// holds handles to what it inserted), so call it last.
static void narrowWideDivisions(ScalarEvolution &SE, SCEVExpander &Exp) {
  SmallVector<Instruction *> Inserted = Exp.getAllInsertedInstructions();
  Exp.clear();
  for (Instruction *I : Inserted) {
    auto *D = dyn_cast<BinaryOperator>(I);
    if (!D || (D->getOpcode() != Instruction::UDiv && D->getOpcode() != Instruction::URem) ||
        D->getType()->getScalarSizeInBits() <= 64)
      continue;
    const DataLayout &DL = D->getModule()->getDataLayout();
    unsigned Width = D->getType()->getScalarSizeInBits();
    auto Fits64 = [&](Value *X) {
      return computeKnownBits(X, DL).countMinLeadingZeros() >= Width - 64 ||
             SE.getUnsignedRangeMax(SE.getSCEV(X)).getActiveBits() <= 64;
    };
    Value *X = D->getOperand(0), *Y = D->getOperand(1);
    auto *C = dyn_cast<Constant>(Y);
    if ((C && (!isa<ConstantInt>(C) || C->isNullValue())) || !Fits64(X) || !Fits64(Y))
      continue;
    IRBuilder<> IRB(D);
    Type *I64 = IRB.getInt64Ty();
    Value *N = IRB.CreateBinOp(D->getOpcode(), IRB.CreateTrunc(X, I64), IRB.CreateTrunc(Y, I64),
                               D->getName() + ".narrow");
    D->replaceAllUsesWith(IRB.CreateZExt(N, D->getType()));
    D->eraseFromParent();
  }
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
  /// Each access's first byte and one past its last: pointers, or 64-bit
  /// integers (intervalBounds) expanded as pointers of Ptr's type.
  struct Range {
    const SCEV *Lo, *End; ///< null where the access has no range
    Value *Ptr;           ///< the access's pointer
    uint64_t Size;
    bool HasWindow; ///< W holds its bytes on one iteration
    pl_interval::Window W;
  };
  SmallVector<Range, 8> Bounds;
  /// The latch compare's count, where ScalarEvolution has none.
  const SCEV *LatchBTC = nullptr;
  /// Recurrences {start,+,step} (pointers) that must not wrap over
  /// `count` iterations (LatchBTC, or L's count for the ends of an inner
  /// loop's range), tested at run time.
  struct WrapCheck {
    const SCEV *Start, *Step, *Count;
  };
  SmallVector<WrapCheck, 8> WrapChecks;
  /// What the interval bounds and the windows assume (scev_interval.h),
  /// tested at run time.
  SmallVector<pl_interval::Condition, 8> Conditions, WindowConditions;
  /// pl_access_bounds_windows has run, and its answer.
  bool WindowsDone = false, Windows = false;
  pl_access_bounds(pl_host *H, Loop *L) : H(H), L(L), PSE(H->SE(), *L) {}
};

pl_access_bounds *pl_access_bounds_create(pl_host *H, pl_loop_ref LR) {
  return new (std::nothrow) pl_access_bounds(H, unwrapLoop(LR));
}

/// The least and the greatest value of a recurrence that runs from
/// `First` to `Last` by `Step`: in that order for a step known
/// non-negative, reversed for one known negative, else their unsigned
/// minimum and maximum.
static void orderedEnds(ScalarEvolution &SE, const SCEV *First, const SCEV *Last, const SCEV *Step,
                        const SCEV *&Lo, const SCEV *&Hi) {
  if (SE.isKnownNonNegative(Step)) {
    Lo = First;
    Hi = Last;
  } else if (SE.isKnownNegative(Step)) {
    Lo = Last;
    Hi = First;
  } else {
    Lo = SE.getUMinExpr(First, Last);
    Hi = SE.getUMaxExpr(First, Last);
  }
}

/// The range over L of a pointer that is an affine recurrence of a loop
/// directly inside L (a copy loop, a compute loop): over that inner loop it
/// runs from its start to its value after the inner loop's last iteration
/// (ScalarEvolution's backedge-taken count, which must not change with L's
/// iterations), not wrapping (ScalarEvolution's NUW or NW flag -- a pointer
/// recurrence whose every value is a valid access cannot wrap the address
/// space without meeting its start -- and a step known non-negative); then *Lo is the least start
/// and *Hi the greatest end over L's iterations, each an invariant or an affine recurrence of L
/// whose not wrapping over L's count is tested at run time (WrapChecks).
/// A loop not entered accesses nothing, so a range computed for it as if
/// it were is only wider than needed. False when any of this fails.
static bool innerRange(pl_access_bounds *B, const SCEVAddRecExpr *IR, const SCEV *&Lo,
                       const SCEV *&Hi) {
  ScalarEvolution &SE = B->H->SE();
  Loop *L = B->L;
  const Loop *In = IR->getLoop();
  if (In->getParentLoop() != L || !IR->isAffine() ||
      !(IR->hasNoUnsignedWrap() || IR->hasNoSelfWrap()))
    return false;
  const SCEV *InBTC = SE.getBackedgeTakenCount(In), *InStep = IR->getStepRecurrence(SE);
  if (isa<SCEVCouldNotCompute>(InBTC) || !SE.isLoopInvariant(InBTC, L) ||
      !SE.isLoopInvariant(InStep, L) || !SE.isKnownNonNegative(InStep))
    return false;
  const SCEV *BTC = B->PSE.getBackedgeTakenCount();
  if (isa<SCEVCouldNotCompute>(BTC))
    BTC = B->LatchBTC;
  const SCEV *Ends[2] = {IR->getStart(), IR->evaluateAtIteration(InBTC, SE)};
  for (int K = 0; K < 2; ++K) {
    const SCEV *E = Ends[K];
    if (!SE.isLoopInvariant(E, L)) {
      auto *OR = dyn_cast<SCEVAddRecExpr>(E);
      SmallVector<const SCEVPredicate *, 4> Preds;
      if (!OR) // a zext of one, under a no-wrap predicate tested at run time
        OR = pl_compat::as_add_rec(SE, E, L, Preds);
      if (!OR || OR->getLoop() != L || !OR->isAffine() || !BTC || isa<SCEVCouldNotCompute>(BTC) ||
          !SE.isLoopInvariant(BTC, L))
        return false;
      for (const SCEVPredicate *P : Preds)
        B->PSE.addPredicate(*P);
      const SCEV *Step = OR->getStepRecurrence(SE), *Least, *Greatest;
      B->WrapChecks.push_back({OR->getStart(), Step, BTC});
      orderedEnds(SE, OR->getStart(), OR->evaluateAtIteration(BTC, SE), Step, Least, Greatest);
      E = K ? Greatest : Least;
    }
    (K ? Hi : Lo) = E;
  }
  return true;
}

/// The least and the greatest address of `Ptr` over the loop, as
/// LoopAccessAnalysis's getStartAndEndForAccess computes them (or
/// innerRange, for an inner loop's recurrence). False where they cannot be.
static bool recurrenceBounds(pl_access_bounds *B, Value *Ptr, const SCEV *&Lo, const SCEV *&Hi) {
  ScalarEvolution &SE = B->H->SE();
  Loop *L = B->L;
  const SCEV *S = B->PSE.getSCEV(Ptr);
  Lo = Hi = S;
  auto *Inner = dyn_cast<SCEVAddRecExpr>(S);
  if (Inner && Inner->getLoop() != L) {
    if (!innerRange(B, Inner, Lo, Hi))
      return false;
  } else if (!SE.isLoopInvariant(S, L)) {
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
        return false;
      BTC = B->LatchBTC;
      B->WrapChecks.push_back({AR->getStart(), AR->getStepRecurrence(SE), BTC});
    } else {
      if (!AR)
        AR = B->PSE.getAsAddRec(Ptr);
      if (!AR || AR->getLoop() != L || !AR->isAffine() || !SE.isLoopInvariant(BTC, L))
        return false;
      // The recurrence must not wrap, or its values would not lie between
      // its start and its end (RuntimePointerChecking assumes the same and
      // LoopAccessAnalysis adds this predicate where it cannot prove it).
      if (!B->PSE.hasNoOverflow(Ptr, SCEVWrapPredicate::IncrementNUSW))
        B->PSE.setNoOverflow(Ptr, SCEVWrapPredicate::IncrementNUSW);
      AR = dyn_cast<SCEVAddRecExpr>(B->PSE.getSCEV(Ptr));
      if (!AR)
        return false;
    }
    orderedEnds(SE, AR->getStart(), AR->evaluateAtIteration(BTC, SE), AR->getStepRecurrence(SE), Lo,
                Hi);
  }
  return true;
}

/// The tile loop's backedge-taken count: ScalarEvolution's, else the
/// latch compare's (null when neither is known).
static const SCEV *loopCount(pl_access_bounds *B) {
  const SCEV *BTC = B->PSE.getBackedgeTakenCount();
  return isa<SCEVCouldNotCompute>(BTC) ? B->LatchBTC : BTC;
}

/// Whether SCEVExpander can expand `S` and the conditions `Conds[From..]`
/// at `At`.
static bool expandable(pl_access_bounds *B, Instruction *At, ArrayRef<const SCEV *> S,
                       ArrayRef<pl_interval::Condition> Conds) {
  SCEVExpander Exp =
      pl_compat::expander(B->H->SE(), B->H->F.getParent()->getDataLayout(), "pl.alias");
  for (const SCEV *X : S)
    if (!Exp.isSafeToExpandAt(X, At))
      return false;
  for (const pl_interval::Condition &C : Conds)
    if (!Exp.isSafeToExpandAt(C.X, At))
      return false;
  return true;
}

/// The bytes an access may touch by interval arithmetic (scev_interval.h),
/// for an address that is not a recurrence of the loop: [*Lo, *End) as
/// 64-bit integers, the conditions assumed added to B->Conditions. False
/// where they cannot be computed or expanded at `At`.
static bool intervalBounds(pl_access_bounds *B, Value *Ptr, uint64_t Size, Instruction *At,
                           const SCEV *&Lo, const SCEV *&End) {
  ScalarEvolution &SE = B->H->SE();
  size_t Had = B->Conditions.size();
  if (!pl_interval::addressInterval(SE, B->H->LI(), B->L, loopCount(B), SE.getSCEV(Ptr), Size, Lo,
                                    End, B->Conditions))
    return false;
  if (expandable(B, At, {Lo, End}, ArrayRef(B->Conditions).drop_front(Had)))
    return true;
  B->Conditions.resize(Had);
  return false;
}

/// Whether `S` is the same in every thread of a block: its only unknowns
/// are arguments, globals, and the block's and grid's indices and sizes
/// (never threadIdx).
static bool blockUniform(const SCEV *S) {
  return !SCEVExprContains(S, [](const SCEV *X) {
    const auto *U = dyn_cast<SCEVUnknown>(X);
    if (!U)
      return false;
    Value *V = U->getValue();
    if (isa<Argument>(V) || isa<Constant>(V))
      return false;
    const auto *I = dyn_cast<IntrinsicInst>(V);
    return !I || !pl_sreg_block_uniform(I->getIntrinsicID());
  });
}

/// The access's window (scev_interval.h, addressWindow), its conditions
/// added to B->WindowConditions. False where it has none, its step is not
/// block-uniform, or it cannot be expanded at `At`.
static bool windowBounds(pl_access_bounds *B, Value *Ptr, uint64_t Size, Instruction *At,
                         pl_interval::Window &W) {
  ScalarEvolution &SE = B->H->SE();
  size_t Had = B->WindowConditions.size();
  if (!pl_interval::addressWindow(SE, B->H->LI(), B->L, loopCount(B), SE.getSCEV(Ptr), Size, W,
                                  B->WindowConditions))
    return false;
  if (blockUniform(W.Step) &&
      expandable(B, At, {W.Lo, W.End, W.Step}, ArrayRef(B->WindowConditions).drop_front(Had)))
    return true;
  B->WindowConditions.resize(Had);
  return false;
}

int pl_access_bounds_add(pl_access_bounds *B, LLVMValueRef PtrRef, uint64_t Size) {
  Value *Ptr = unwrap(PtrRef);
  // A generic address cast to the global space (LLVM 22 writes __ldg so,
  // lib/nvvm.h): ScalarEvolution sees no further than the cast, and the
  // ranges are compared as generic addresses, so take the one under it.
  if (auto *Cast = dyn_cast<AddrSpaceCastInst>(Ptr))
    if (Cast->getSrcAddressSpace() == 0 && Cast->getDestAddressSpace() == 1)
      Ptr = Cast->getPointerOperand();
  ScalarEvolution &SE = B->H->SE();
  Instruction *At = entryPoint(B->H, B->L);
  if (!At || !SE.isSCEVable(Ptr->getType()))
    return -1;
  const DataLayout &DL = B->H->F.getParent()->getDataLayout();
  pl_access_bounds::Range R = {nullptr, nullptr, Ptr, Size, false, {}};
  const SCEV *Lo, *Hi;
  size_t Checks = B->WrapChecks.size();
  if (recurrenceBounds(B, Ptr, Lo, Hi)) {
    Type *IdxTy = DL.getIndexType(Ptr->getType());
    Hi = SE.getAddExpr(Hi, SE.getConstant(IdxTy, Size));
    if (expandable(B, At, {Lo, Hi}, {}))
      R.Lo = Lo, R.End = Hi;
  }
  if (!R.Lo) {
    B->WrapChecks.resize(Checks);
    if (intervalBounds(B, Ptr, Size, At, Lo, Hi))
      R.Lo = Lo, R.End = Hi;
  }
  B->Bounds.push_back(R);
  return int(B->Bounds.size() - 1);
}

int pl_access_bounds_has_range(pl_access_bounds *B, int Index) {
  return B->Bounds[size_t(Index)].Lo != nullptr;
}

int pl_access_bounds_windows(pl_access_bounds *B) {
  if (B->WindowsDone)
    return B->Windows;
  // Computed on first request, for the loops that need them (compile
  // time); serving only where every access has one with one step, they stop
  // at the first access without.
  B->WindowsDone = true;
  Instruction *At = entryPoint(B->H, B->L);
  B->Windows = At && !B->Bounds.empty();
  for (pl_access_bounds::Range &R : B->Bounds) {
    if (!B->Windows)
      break;
    R.HasWindow = windowBounds(B, R.Ptr, R.Size, At, R.W);
    B->Windows = R.HasWindow && R.W.Step == B->Bounds[0].W.Step;
  }
  return B->Windows;
}

void pl_access_bounds_expand_window(pl_access_bounds *B, int Index, LLVMValueRef InsertBefore,
                                    LLVMValueRef *Lo, LLVMValueRef *End, LLVMValueRef *Step) {
  ScalarEvolution &SE = B->H->SE();
  SCEVExpander Exp = pl_compat::expander(SE, B->H->F.getParent()->getDataLayout(), "pl.alias");
  Instruction *I = unwrap<Instruction>(InsertBefore);
  const pl_access_bounds::Range &R = B->Bounds[size_t(Index)];
  Type *I64 = Type::getInt64Ty(I->getContext());
  IRBuilder<> IRB(I);
  *Lo = wrap(IRB.CreateIntToPtr(Exp.expandCodeFor(SE.getTruncateExpr(R.W.Lo, I64), I64, I),
                                R.Ptr->getType()));
  *End = wrap(IRB.CreateIntToPtr(Exp.expandCodeFor(SE.getTruncateExpr(R.W.End, I64), I64, I),
                                 R.Ptr->getType()));
  *Step = wrap(Exp.expandCodeFor(SE.getTruncateExpr(R.W.Step, I64), I64, I));
  narrowWideDivisions(SE, Exp);
}

void pl_access_bounds_expand(pl_access_bounds *B, int Index, LLVMValueRef InsertBefore,
                             LLVMValueRef *Lo, LLVMValueRef *Hi) {
  ScalarEvolution &SE = B->H->SE();
  SCEVExpander Exp = pl_compat::expander(SE, B->H->F.getParent()->getDataLayout(), "pl.alias");
  Instruction *I = unwrap<Instruction>(InsertBefore);
  const pl_access_bounds::Range &R = B->Bounds[size_t(Index)];
  const SCEV *L = R.Lo, *H = R.End;
  Type *Ty = R.Ptr->getType();
  assert(L && "pl_access_bounds_has_range first");
  Value *VL = Exp.expandCodeFor(L, L->getType(), I), *VH = Exp.expandCodeFor(H, H->getType(), I);
  if (!L->getType()->isPointerTy()) {
    IRBuilder<> IRB(I);
    VL = IRB.CreateIntToPtr(VL, Ty);
    VH = IRB.CreateIntToPtr(VH, Ty);
  }
  narrowWideDivisions(SE, Exp);
  *Lo = wrap(VL);
  *Hi = wrap(VH);
}

/// Whether SCEVExpander can expand every wrap predicate of `P`: its
/// overflow check needs the recurrence's loop's backedge-taken count, which
/// the rewrite's own changes before the check (a preheader inserted, the
/// loop forgotten) may leave uncomputable -- SCEVExpander::
/// generateOverflowCheck asserts it is computable and, without assertions,
/// reads a null type.
static bool wrapChecksExpandable(ScalarEvolution &SE, const SCEVPredicate &P) {
  auto Expandable = [&](const SCEVPredicate *Q) {
    const auto *W = dyn_cast<SCEVWrapPredicate>(Q);
    if (!W)
      return true;
    const Loop *L = W->getExpr()->getLoop();
    SmallVector<const SCEVPredicate *, 4> Extra;
    if (isa<SCEVCouldNotCompute>(SE.getPredicatedSymbolicMaxBackedgeTakenCount(L, Extra)))
      return false;
    Extra.clear();
    return !isa<SCEVCouldNotCompute>(SE.getPredicatedBackedgeTakenCount(L, Extra));
  };
  if (const auto *U = dyn_cast<SCEVUnionPredicate>(&P))
    return llvm::all_of(U->getPredicates(), Expandable);
  return Expandable(&P);
}

int pl_access_bounds_predicates_expandable(pl_access_bounds *B) {
  const SCEVPredicate &P = B->PSE.getPredicate();
  return P.isAlwaysTrue() || wrapChecksExpandable(B->H->SE(), P);
}

LLVMValueRef pl_access_bounds_expand_predicates(pl_access_bounds *B, LLVMValueRef InsertBefore,
                                                int Windows) {
  ScalarEvolution &SE = B->H->SE();
  const DataLayout &DL = B->H->F.getParent()->getDataLayout();
  Instruction *I = unwrap<Instruction>(InsertBefore);
  SCEVExpander Exp = pl_compat::expander(SE, DL, "pl.alias");
  const SCEVPredicate &P = B->PSE.getPredicate();
  IRBuilder<> IRB(I);
  assert((P.isAlwaysTrue() || wrapChecksExpandable(SE, P)) &&
         "pl_access_bounds_predicates_expandable first");
  Value *Fails = P.isAlwaysTrue() ? nullptr : Exp.expandCodeForPredicate(&P, I);
  // start + step * count, exactly (128 bits), must stay in [0, 2^64).
  Type *I64 = IRB.getInt64Ty(), *I128 = IRB.getInt128Ty();
  for (auto [Start, Step, Count] :
       Windows ? ArrayRef<pl_access_bounds::WrapCheck>() : ArrayRef(B->WrapChecks)) {
    const SCEV *S = Start->getType()->isPointerTy() ? SE.getPtrToIntExpr(Start, I64) : Start;
    const SCEV *End = SE.getAddExpr(
        SE.getZeroExtendExpr(S, I128),
        SE.getMulExpr(SE.getSignExtendExpr(Step, I128), SE.getZeroExtendExpr(Count, I128)));
    Value *E = Exp.expandCodeFor(End, I128, I);
    Value *Out = IRB.CreateICmpUGT(E, ConstantInt::get(I128, ~uint64_t(0)), "pl.alias.wrap");
    Fails = Fails ? IRB.CreateOr(Fails, Out) : Out;
  }
  for (const pl_interval::Condition &C : Windows ? B->WindowConditions : B->Conditions) {
    Value *X = Exp.expandCodeFor(C.X, I128, I), *Bound = ConstantInt::get(I128, C.Bound);
    Value *Out = C.Upper ? IRB.CreateICmpSGT(X, Bound, "pl.alias.range")
                         : IRB.CreateICmpSLT(X, Bound, "pl.alias.range");
    Fails = Fails ? IRB.CreateOr(Fails, Out) : Out;
  }
  narrowWideDivisions(SE, Exp);
  return wrap(Fails);
}

int pl_access_bounds_set_latch_trip(pl_access_bounds *B, LLVMValueRef PhiRef, LLVMValueRef Bound,
                                    LLVMIntPredicate Pred, unsigned Lag, int MayWrap) {
  ScalarEvolution &SE = B->H->SE();
  Value *Phi = unwrap(PhiRef);
  if (!SE.isSCEVable(Phi->getType()) || !Phi->getType()->isIntegerTy() ||
      Phi->getType()->getIntegerBitWidth() > 32 || Lag > 1)
    return 0;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi));
  if (!AR || AR->getLoop() != B->L || !AR->isAffine())
    return 0;
  const SCEV *StepS = AR->getStepRecurrence(SE);
  CmpInst::Predicate P = CmpInst::Predicate(Pred);
  bool Up = P == CmpInst::ICMP_SLT || P == CmpInst::ICMP_SLE || P == CmpInst::ICMP_ULT ||
            P == CmpInst::ICMP_ULE;
  bool Down = P == CmpInst::ICMP_SGT || P == CmpInst::ICMP_SGE || P == CmpInst::ICMP_UGT ||
              P == CmpInst::ICMP_UGE;
  if ((!Up && !Down) || !SE.isLoopInvariant(StepS, B->L))
    return 0;
  bool Strict = P == CmpInst::ICMP_SLT || P == CmpInst::ICMP_ULT || P == CmpInst::ICMP_SGT ||
                P == CmpInst::ICMP_UGT;
  bool Signed = CmpInst::isSigned(P);
  unsigned Width = Phi->getType()->getIntegerBitWidth();
  Type *I64 = Type::getInt64Ty(Phi->getContext()), *I128 = Type::getInt128Ty(Phi->getContext());
  auto Ext = [&](const SCEV *X) {
    return Signed ? SE.getSignExtendExpr(X, I64) : SE.getZeroExtendExpr(X, I64);
  };
  // m, how far one increment moves the IV toward the bound, read in the
  // compare's signedness. Where ScalarEvolution cannot prove m >= 1 (a
  // step of unknown sign, or `gridDim.x * 256`, which may wrap to zero),
  // the check tests it; the count divides by max(m, 1) so that its
  // expansion, which runs before the check, never divides by zero.
  const SCEV *M = Ext(Up ? StepS : SE.getNegativeSCEV(StepS));
  const SCEV *One = SE.getOne(I64);
  SmallVector<pl_interval::Condition, 2> Conds;
  if (!SE.isKnownPositive(M))
    Conds.push_back({SE.getSignExtendExpr(M, I128), APInt(128, 1), false});
  const SCEV *Start = Ext(AR->getStart()), *Lim = Ext(SE.getSCEV(unwrap(Bound)));
  // The iterations j >= 1 that run are those whose compared IV value,
  // iv(j - lag) = start + (j - lag) * step, passes against the bound: with
  // x = |bound - start| - strict, the count is max(x + lag * m, 0) / m
  // (exact in 64 bits for an IV of at most 32).
  const SCEV *X = Up ? SE.getMinusSCEV(Lim, Start) : SE.getMinusSCEV(Start, Lim);
  X = SE.getAddExpr(X, SE.getConstant(I64, Strict ? -1 : 0, true));
  if (Lag)
    X = SE.getAddExpr(X, M);
  if (MayWrap) {
    // With no no-wrap flag on the increment (`t += gridDim.x` on an int:
    // the source adds in unsigned arithmetic), the IV follows start + j *
    // step only while no increment wraps. Every value incremented is the
    // start or one that passed the compare: at most max(start, bound -
    // strict) going up (at least min(start, bound + strict) going down),
    // and that moved by m must stay in the compare's range.
    const SCEV *Edge = Strict ? SE.getAddExpr(Lim, SE.getConstant(I64, Up ? -1 : 1, true)) : Lim;
    const SCEV *Next = Up ? SE.getAddExpr(SE.getSMaxExpr(Start, Edge), M)
                          : SE.getMinusSCEV(SE.getSMinExpr(Start, Edge), M);
    APInt Limit = Up ? (Signed ? APInt::getSignedMaxValue(Width).sext(128)
                               : APInt::getMaxValue(Width).zext(128))
                     : (Signed ? APInt::getSignedMinValue(Width).sext(128) : APInt::getZero(128));
    Conds.push_back({SE.getSignExtendExpr(Next, I128), Limit, Up});
  } else if (!Conds.empty()) {
    return 0; /* the latch form's direction is the caller's proof */
  }
  B->LatchBTC = SE.getUDivExpr(SE.getSMaxExpr(X, SE.getZero(I64)), SE.getUMaxExpr(M, One));
  B->Conditions.append(Conds.begin(), Conds.end());
  B->WindowConditions.append(Conds.begin(), Conds.end());
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
  BranchInst::Create(Clone->getLoopPreheader(), PH, unwrap(TakeClone), Term->getIterator());
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
