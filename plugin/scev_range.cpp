//===- plugin/scev_range.cpp - the byte range an address may reach ---------===//
//
// FILE: plugin/scev_range.cpp
// DESCRIPTION:
//   Implements pl_scev_offset_range_in_block (lib/host_scev.h) for the
//   footprint of a tile in dynamic shared memory (lib/dynamic_tile.h):
//   ScalarEvolution's range, rewritten by facts that change no value
//   (launch bounds, loop counters below their exit bound), met with
//   ValueTracking's and LazyValueInfo's over the address's GEP indices.
//
//===----------------------------------------------------------------------===//
#include "../lib/host_scev.h"
#include "llvm_compat.h"
#include "pl_module_host.h"
#include "scev_common.h"

#include "llvm/Analysis/LazyValueInfo.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Operator.h"

using namespace llvm;

namespace {
/// Rewrites each read of %tid.{x,y,z} into umin(tid, T - 1) and of
/// %ntid.{x,y,z} into umin(ntid, T): the same values in a block of at most
/// T threads, whose ranges ScalarEvolution then knows.
struct BoundThreads : SCEVRewriteVisitor<BoundThreads> {
  unsigned T;
  BoundThreads(ScalarEvolution &SE, unsigned T) : SCEVRewriteVisitor(SE), T(T) {}
  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto *II = dyn_cast<IntrinsicInst>(U->getValue());
    if (!II)
      return U;
    switch (II->getIntrinsicID()) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_x:
    case Intrinsic::nvvm_read_ptx_sreg_tid_y:
    case Intrinsic::nvvm_read_ptx_sreg_tid_z:
      return SE.getUMinExpr(U, SE.getConstant(U->getType(), T - 1));
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
      return SE.getUMinExpr(U, SE.getConstant(U->getType(), T));
    default:
      return U;
    }
  }
};
} // namespace

const SCEV *pl_scev::boundThreads(ScalarEvolution &SE, const SCEV *S, unsigned T) {
  return T ? BoundThreads(SE, T).visit(S) : S;
}

namespace {
/// Rewrites each affine add-recurrence {S,+,C}<L> whose loop stays in
/// while its next value is below a loop-invariant N (the latch's compare of
/// the post-increment, `i += step; if (i < N) continue`), with C positive
/// and S below N on entry (ScalarEvolution::isLoopEntryGuardedByCond), into
/// min(it, N - 1): every iteration's value is below N, so the rewrite
/// changes no value, and ScalarEvolution then knows its range (a copy loop
/// `for (i = tid; i < 400; i += blockDim.x)` reads i below 400 whatever
/// tid's range).
/// Whether S is AR's next value, {Start + Step,+,Step}: the same expression,
/// or one whose difference from it ScalarEvolution folds to 0 (the two
/// sums of a start may come out in either order).
static bool isPostInc(ScalarEvolution &SE, const SCEV *S, const SCEVAddRecExpr *AR) {
  const SCEV *Next = AR->getPostIncExpr(SE);
  return S == Next || (S->getType() == Next->getType() && SE.getMinusSCEV(S, Next)->isZero());
}

/// The latch's compare of `AR`'s loop where the loop goes on only while it
/// holds: `LHS P RHS`, RHS loop-invariant and P a signed or unsigned `<`,
/// and AR affine with a positive step. False where it is not so.
static bool latchBelow(ScalarEvolution &SE, const SCEVAddRecExpr *AR, const SCEV *&LHS,
                       const SCEV *&RHS, ICmpInst::Predicate &P) {
  const Loop *L = AR->getLoop();
  BasicBlock *Latch = L->getLoopLatch();
  auto *BI = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *Cmp = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  if (!AR->isAffine() || !Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()))
    return false;
  P = Cmp->getPredicate(); // the loop goes on while it holds
  if (BI->getSuccessor(0) != L->getHeader())
    P = ICmpInst::getInversePredicate(P);
  LHS = SE.getSCEV(Cmp->getOperand(0)), RHS = SE.getSCEV(Cmp->getOperand(1));
  if (!SE.isLoopInvariant(RHS, L)) {
    std::swap(LHS, RHS);
    P = ICmpInst::getSwappedPredicate(P);
  }
  return (P == ICmpInst::ICMP_SLT || P == ICmpInst::ICMP_ULT) && SE.isLoopInvariant(RHS, L) &&
         LHS->getType() == AR->getType() && SE.isKnownPositive(AR->getStepRecurrence(SE));
}
} // namespace

const SCEV *pl_scev::continueBound(ScalarEvolution &SE, const SCEVAddRecExpr *AR, bool &Signed) {
  const SCEV *LHS, *RHS;
  ICmpInst::Predicate P;
  if (!latchBelow(SE, AR, LHS, RHS, P) || !isPostInc(SE, LHS, AR) ||
      !SE.isLoopEntryGuardedByCond(AR->getLoop(), P, AR->getStart(), RHS))
    return nullptr;
  Signed = P == ICmpInst::ICMP_SLT;
  return SE.getMinusSCEV(RHS, SE.getOne(RHS->getType()));
}

const SCEVAddRecExpr *pl_scev::cappedIV(ScalarEvolution &SE, const Loop *L, const SCEV *&Top) {
  BasicBlock *Latch = L->getLoopLatch();
  auto *BI = Latch ? dyn_cast<BranchInst>(Latch->getTerminator()) : nullptr;
  auto *Cmp = BI && BI->isConditional() ? dyn_cast<ICmpInst>(BI->getCondition()) : nullptr;
  if (!Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()))
    return nullptr;
  for (Value *Op : Cmp->operands()) {
    auto *Next = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Op));
    if (!Next || Next->getLoop() != L || !Next->isAffine())
      continue;
    const SCEV *Step = Next->getStepRecurrence(SE);
    auto *IV = dyn_cast<SCEVAddRecExpr>(
        SE.getAddRecExpr(SE.getMinusSCEV(Next->getStart(), Step), Step, L, SCEV::FlagAnyWrap));
    bool Signed = true;
    if (IV && (Top = continueBound(SE, IV, Signed)))
      return IV;
  }
  return nullptr;
}

namespace {
struct GuardedIVs : SCEVRewriteVisitor<GuardedIVs> {
  GuardedIVs(ScalarEvolution &SE) : SCEVRewriteVisitor(SE) {}
  const SCEV *visitAddRecExpr(const SCEVAddRecExpr *AR) {
    const SCEV *R = SCEVRewriteVisitor::visitAddRecExpr(AR);
    const SCEV *LHS, *RHS;
    ICmpInst::Predicate P;
    if (!latchBelow(SE, AR, LHS, RHS, P))
      return R;
    bool Signed = P == ICmpInst::ICMP_SLT;
    if (const SCEV *Top = isPostInc(SE, LHS, AR) ? pl_scev::continueBound(SE, AR, Signed) : nullptr)
      return Signed ? SE.getSMinExpr(R, Top) : SE.getUMinExpr(R, Top);
    if (isPostInc(SE, LHS, AR))
      return R;
    // The compare of the value itself (`if (i < 272) { i += 128; continue; }`):
    // after the first iteration each value is a previous one, below N, plus
    // C, so at most N - 1 + C (constants, without overflow); the first is
    // the start, bounded by the conditions guarding entry.
    auto *N = dyn_cast<SCEVConstant>(RHS);
    auto *C = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (LHS != AR || !N || !C)
      return R;
    bool Overflow = false;
    APInt Top = Signed ? (N->getAPInt() - 1).sadd_ov(C->getAPInt(), Overflow)
                       : (N->getAPInt() - 1).uadd_ov(C->getAPInt(), Overflow);
    if (Overflow || N->getAPInt() == (Signed ? APInt::getSignedMinValue(Top.getBitWidth())
                                             : APInt::getMinValue(Top.getBitWidth())))
      return R;
    const SCEV *Start = SE.applyLoopGuards(AR->getStart(), AR->getLoop());
    const SCEV *Most = Signed ? SE.getSMaxExpr(Start, SE.getConstant(Top))
                              : SE.getUMaxExpr(Start, SE.getConstant(Top));
    return Signed ? SE.getSMinExpr(R, Most) : SE.getUMinExpr(R, Most);
  }
};
} // namespace

const SCEV *pl_scev::guardedIVs(ScalarEvolution &SE, const SCEV *S) {
  return GuardedIVs(SE).visit(S);
}

/// What indexRange asks besides the value: ScalarEvolution, LazyValueInfo
/// and the dominator tree (null: not asked), and the block size's bound.
struct RangeQuery {
  ScalarEvolution &SE;
  LazyValueInfo *LVI;
  DominatorTree *DT;
  unsigned MaxThreads;
};

/// The range of the integer V in a block of at most MaxThreads threads:
/// ConstantRange arithmetic over the casts and integer operations that
/// compute it (each sound under wrapping), met at every step with
/// ScalarEvolution's range (as pl_scev_offset_range_in_block rewrites the
/// expression), ValueTracking's (computeConstantRange, computeKnownBits) and
/// LazyValueInfo's at At (the conditions of the branches that lead there),
/// so that what one models loosely (`x % 20`, a zero extension of it, an
/// index guarded by `tid > 0`) another bounds. A phi lies within its
/// incoming values' ranges, each taken where its edge leaves.
static ConstantRange indexRange(const RangeQuery &R, Value *V, Instruction *At, unsigned Depth = 0);

/// The range of V at At from the analyses alone (no walk of its operands).
static ConstantRange analysesRange(const RangeQuery &R, Value *V, Instruction *At) {
  ScalarEvolution &SE = R.SE;
  ConstantRange CR = computeConstantRange(V, /*ForSigned=*/true, /*UseInstrInfo=*/true,
                                          /*AC=*/nullptr, At);
  CR = CR.intersectWith(ConstantRange::fromKnownBits(
                            pl_compat::known_bits(V, SE.getDataLayout(), nullptr, At, nullptr),
                            /*IsSigned=*/true),
                        ConstantRange::Signed);
  if (SE.isSCEVable(V->getType())) {
    const SCEV *S = pl_scev::boundThreads(SE, GuardedIVs(SE).visit(SE.getSCEV(V)), R.MaxThreads);
    CR = CR.intersectWith(SE.getSignedRange(S), ConstantRange::Signed);
  }
  // The branches that lead to At: `tid > 0 ? s[tid - 1] : 0` reads only
  // where tid - 1 does not wrap (LazyValueInfo's range at At, asked only of
  // a value defined where At runs: an argument, or an instruction whose
  // block dominates At's).
  auto *Inst = dyn_cast<Instruction>(V);
  if (R.LVI && At &&
      (isa<Argument>(V) || (Inst && R.DT->dominates(Inst->getParent(), At->getParent()))))
    CR = CR.intersectWith(R.LVI->getConstantRange(V, At, /*UndefAllowed=*/false),
                          ConstantRange::Signed);
  return CR;
}

/// A phi is one of its incoming values (the same index computed on two
/// paths that GVN's load PRE merged): the union of their ranges, each taken
/// at the end of the block its edge leaves.
static ConstantRange phiRange(const RangeQuery &R, PHINode *Phi, unsigned Depth) {
  unsigned BW = Phi->getType()->getIntegerBitWidth();
  if (Phi->getNumIncomingValues() > 4)
    return ConstantRange(BW, /*isFullSet=*/true);
  ConstantRange U(BW, /*isFullSet=*/false);
  for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K)
    if (Phi->getIncomingValue(K) != Phi)
      U = U.unionWith(indexRange(R, Phi->getIncomingValue(K),
                                 Phi->getIncomingBlock(K)->getTerminator(), Depth + 1),
                      ConstantRange::Signed);
  return U;
}

static ConstantRange indexRange(const RangeQuery &R, Value *V, Instruction *At, unsigned Depth) {
  unsigned BW = V->getType()->getIntegerBitWidth();
  ConstantRange CR = analysesRange(R, V, At);
  auto *I = dyn_cast<Instruction>(V);
  if (!I || Depth > 8)
    return CR;
  auto Op = [&](unsigned K) { return indexRange(R, I->getOperand(K), At, Depth + 1); };
  ConstantRange Derived(BW, /*isFullSet=*/true);
  switch (I->getOpcode()) {
  case Instruction::ZExt:
    Derived = Op(0).zeroExtend(BW);
    break;
  case Instruction::SExt:
    Derived = Op(0).signExtend(BW);
    break;
  case Instruction::Trunc:
    Derived = Op(0).truncate(BW);
    break;
  case Instruction::Add:
    Derived = Op(0).add(Op(1));
    break;
  case Instruction::Sub:
    Derived = Op(0).sub(Op(1));
    break;
  case Instruction::Mul:
    Derived = Op(0).multiply(Op(1));
    break;
  case Instruction::Shl:
    Derived = Op(0).shl(Op(1));
    break;
  case Instruction::LShr:
    Derived = Op(0).lshr(Op(1));
    break;
  case Instruction::UDiv:
    Derived = Op(0).udiv(Op(1));
    break;
  case Instruction::URem:
    Derived = Op(0).urem(Op(1));
    break;
  case Instruction::SRem:
    Derived = Op(0).srem(Op(1));
    break;
  case Instruction::And:
    Derived = Op(0).binaryAnd(Op(1));
    break;
  case Instruction::Or:
    Derived = Op(0).binaryOr(Op(1));
    break;
  case Instruction::Xor:
    Derived = Op(0).binaryXor(Op(1));
    break;
  case Instruction::PHI:
    Derived = phiRange(R, cast<PHINode>(I), Depth);
    break;
  default:
    break;
  }
  return CR.intersectWith(Derived, ConstantRange::Signed);
}

/// The range of the byte offset of P from Base where P is Base through
/// GEPs and casts: each index's range (indexRange) times its stride.
static bool gepOffsetRange(const RangeQuery &R, const DataLayout &DL, Value *P, Value *Base,
                           Instruction *At, ConstantRange &Out, unsigned Depth) {
  if (P == Base) {
    Out = ConstantRange(APInt(64, 0));
    return true;
  }
  if (Depth > 16)
    return false;
  if (auto *Cast = dyn_cast<Operator>(P); Cast && (Cast->getOpcode() == Instruction::BitCast ||
                                                   Cast->getOpcode() == Instruction::AddrSpaceCast))
    return gepOffsetRange(R, DL, Cast->getOperand(0), Base, At, Out, Depth + 1);
  auto *GEP = dyn_cast<GEPOperator>(P);
  if (!GEP || !gepOffsetRange(R, DL, GEP->getPointerOperand(), Base, At, Out, Depth + 1))
    return false;
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E; ++GTI) {
    Value *Idx = GTI.getOperand();
    if (StructType *STy = GTI.getStructTypeOrNull()) {
      uint64_t Off =
          DL.getStructLayout(STy)->getElementOffset(cast<ConstantInt>(Idx)->getZExtValue());
      Out = Out.add(ConstantRange(APInt(64, Off)));
      continue;
    }
    if (!Idx->getType()->isIntegerTy() || Idx->getType()->getIntegerBitWidth() > 64)
      return false;
    uint64_t Stride = DL.getTypeAllocSize(GTI.getIndexedType()).getFixedValue();
    ConstantRange I = indexRange(R, Idx, At).sextOrTrunc(64);
    Out = Out.add(I.multiply(ConstantRange(APInt(64, Stride))));
  }
  return true;
}

int pl_scev_offset_range_in_block(pl_host *H, LLVMValueRef A, LLVMValueRef B, LLVMBasicBlockRef At,
                                  unsigned MaxThreads, int64_t *Lo, int64_t *Hi) {
  ScalarEvolution &SE = H->SE();
  const SCEV *SA, *SB;
  if (!unwrap(A)->getType()->isPointerTy())
    return 0;
  ConstantRange R(64, /*isFullSet=*/true);
  if (pl_scev::comparable(SE, unwrap(A), unwrap(B), SA, SB)) {
    const SCEV *D =
        pl_scev::boundThreads(SE, GuardedIVs(SE).visit(SE.getMinusSCEV(SA, SB)), MaxThreads);
    // The conditions that guard entry into each loop around At (a copy
    // loop's `i < 400` checked before its first iteration) bound its start.
    for (Loop *L = At ? H->LI().getLoopFor(unwrap(At)) : nullptr; L; L = L->getParentLoop())
      D = SE.applyLoopGuards(D, L);
    R = SE.getSignedRange(D);
    if (R.getBitWidth() != 64)
      R = R.getBitWidth() > 64 ? ConstantRange(64, true) : R.sextOrTrunc(64);
  }
  // Where the address is the start through GEPs, each index's range too.
  Instruction *Ctx = At ? &*unwrap(At)->getFirstInsertionPt() : nullptr;
  ConstantRange G(64, /*isFullSet=*/true);
  const DataLayout &DL = SE.getDataLayout();
  // A LazyValueInfo of its own: the function's caches what it solves, and
  // what it answers later can depend on what it was asked first (a value
  // on a cycle it met while solving stays overdefined), so the footprint's
  // questions leave the legality checks' answers as they were.
  LazyValueInfo LVI(&H->AC(), &DL);
  RangeQuery Q{SE, Ctx ? &LVI : nullptr, &H->DT(), MaxThreads};
  if (gepOffsetRange(Q, DL, unwrap(A), unwrap(B), Ctx, G, 0))
    R = R.intersectWith(G, ConstantRange::Signed);
  LVI.releaseMemory();
  if (R.isFullSet() || R.isEmptySet())
    return 0;
  *Lo = R.getSignedMin().getSExtValue();
  *Hi = R.getSignedMax().getSExtValue();
  return 1;
}
