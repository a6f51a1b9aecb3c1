//===- plugin/scev.cpp - ScalarEvolution -----------------------------------===//
//
// FILE: plugin/scev.cpp
// DESCRIPTION:
//   Implements lib/host_scev.h: ScalarEvolution's trip counts, induction
//   variables and distances, and SCEVExpander. The one proof rule here:
//   pl_scev_const_distance treats every read of a special register that
//   stays constant for a thread (PTX ISA, "Special Registers") as one value.
//
//===----------------------------------------------------------------------===//
#include "../lib/host_scev.h"
#include "llvm_compat.h"
#include "pl_module_host.h"
#include "scev_common.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

using namespace llvm;

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
  SCEVExpander Exp = pl_compat::expander(SE, H->F.getParent()->getDataLayout(), "pl.btc");
  return Exp.isSafeToExpandAt(BTC, At->getTerminator());
}

LLVMValueRef pl_loop_expand_backedge_count(pl_host *H, pl_loop_ref LR, LLVMValueRef InsertBefore) {
  if (!pl_loop_has_trip_count(H, LR))
    return nullptr;
  Loop *L = unwrapLoop(LR);
  ScalarEvolution &SE = H->SE();
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  SCEVExpander Exp = pl_compat::expander(SE, H->F.getParent()->getDataLayout(), "pl.btc");
  Value *V = Exp.expandCodeFor(BTC, BTC->getType(), unwrap<Instruction>(InsertBefore));
  return wrap(V);
}

/// The affine recurrence of `Phi` over `L` with an invariant step that can
/// be expanded in the preheader (a constant step needs none), or null.
static const SCEVAddRecExpr *invariantStepRec(pl_host *H, Loop *L, Value *Phi) {
  ScalarEvolution &SE = H->SE();
  if (!SE.isSCEVable(Phi->getType()))
    return nullptr;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(Phi));
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return nullptr;
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (!SE.isLoopInvariant(Step, L) || !Step->getType()->isIntegerTy() ||
      Step->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  if (isa<SCEVConstant>(Step))
    return AR;
  if (!L->getLoopPreheader())
    return nullptr;
  SCEVExpander Exp = pl_compat::expander(SE, H->F.getParent()->getDataLayout(), "pl.step");
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

int pl_scev_iv_increases(pl_host *H, pl_loop_ref LR, LLVMValueRef Phi) {
  ScalarEvolution &SE = H->SE();
  Value *P = unwrap(Phi);
  if (!SE.isSCEVable(P->getType()))
    return 0;
  auto *AR = dyn_cast<SCEVAddRecExpr>(SE.getSCEV(P));
  if (!AR || AR->getLoop() != unwrapLoop(LR) || !AR->isAffine())
    return 0;
  const SCEV *Step = AR->getStepRecurrence(SE);
  if (!SE.isKnownNonNegative(Step))
    return 0;
  if (!AR->hasNoUnsignedWrap() && !(AR->hasNoSignedWrap() && SE.isKnownNonNegative(AR->getStart())))
    return 0;
  return SE.isKnownPositive(Step) ? 2 : 1;
}

LLVMValueRef pl_scev_expand_iv_step(pl_host *H, pl_loop_ref LR, LLVMValueRef Phi,
                                    LLVMValueRef InsertBefore) {
  const SCEVAddRecExpr *AR = invariantStepRec(H, unwrapLoop(LR), unwrap(Phi));
  if (!AR)
    return nullptr;
  ScalarEvolution &SE = H->SE();
  const SCEV *Step = AR->getStepRecurrence(SE);
  SCEVExpander Exp = pl_compat::expander(SE, H->F.getParent()->getDataLayout(), "pl.step");
  return wrap(Exp.expandCodeFor(Step, Step->getType(), unwrap<Instruction>(InsertBefore)));
}

/// `S` as C * R for a constant C: C * R itself, or an extension of
/// (C * R) that does not wrap in the extension's sense, read as
/// ext(C) * ext(R). LLVM 22's ScalarEvolution moves a GEP's scale inside
/// the index's zext where it proves no wrap (`zext(4 * x)<nuw>`), and leaves
/// it outside elsewhere (`4 * zext(y)`), so two addresses of one tile may
/// differ in that shape alone.
static bool constantFactor(ScalarEvolution &SE, const SCEV *S, APInt &C, const SCEV *&R) {
  const SCEV *Inner = S;
  bool Zext = isa<SCEVZeroExtendExpr>(S), Sext = isa<SCEVSignExtendExpr>(S);
  if (Zext || Sext)
    Inner = cast<SCEVCastExpr>(S)->getOperand(0);
  auto *M = dyn_cast<SCEVMulExpr>(Inner);
  if (!M || M->getNumOperands() != 2 || !isa<SCEVConstant>(M->getOperand(0)))
    return false;
  if ((Zext && !M->hasNoUnsignedWrap()) || (Sext && !M->hasNoSignedWrap()))
    return false;
  const APInt &K = cast<SCEVConstant>(M->getOperand(0))->getAPInt();
  unsigned W = S->getType()->getIntegerBitWidth();
  C = Sext ? K.sext(W) : K.zext(W);
  R = M->getOperand(1);
  if (Zext)
    R = SE.getZeroExtendExpr(R, S->getType());
  else if (Sext)
    R = SE.getSignExtendExpr(R, S->getType());
  return true;
}

static std::optional<APInt> constantDistance(ScalarEvolution &SE, const SCEV *A, const SCEV *B,
                                             int Depth);

/// A - B for A and B of one SCEV kind: extensions of operands that differ
/// by a constant and whose addition provably does not wrap
/// (ScalarEvolution leaves `zext(x + 256) - zext(x)` unfolded when the add
/// lacks nuw), or sums that differ in one operand.
static std::optional<APInt> sameShapeDistance(ScalarEvolution &SE, const SCEV *A, const SCEV *B,
                                              int Depth) {
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

/// A - B as a constant, where both are integer SCEVs of one type:
/// getMinusSCEV, or else the same structure on both sides
/// (sameShapeDistance), or a common constant factor (constantFactor).
static std::optional<APInt> constantDistance(ScalarEvolution &SE, const SCEV *A, const SCEV *B,
                                             int Depth) {
  if (auto *C = dyn_cast<SCEVConstant>(SE.getMinusSCEV(A, B)))
    return C->getAPInt();
  if (Depth > 8)
    return std::nullopt;
  if (A->getSCEVType() == B->getSCEVType())
    if (std::optional<APInt> D = sameShapeDistance(SE, A, B, Depth))
      return D;
  APInt CA, CB;
  const SCEV *RA, *RB;
  if (!constantFactor(SE, A, CA, RA) || !constantFactor(SE, B, CB, RB) || CA != CB)
    return std::nullopt;
  std::optional<APInt> D = constantDistance(SE, RA, RB, Depth + 1);
  if (!D)
    return std::nullopt;
  return *D * CA;
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

namespace {
/// Rewrites ext({b1 + .. + bn,+,s}) as ext({0,+,s}) + ext(b1) + .. +
/// ext(bn) where ScalarEvolution's ranges of those terms prove that no
/// partial sum wraps in the extension's sense, or else as ext({a,+,s}) +
/// ext(b) for one operand b of the start (a the others) where the ranges of
/// {a,+,s} and b prove it: then ext(x + y) == ext(x) + ext(y) on every
/// iteration. ScalarEvolution keeps
/// `zext {64 + tid,+,128}` whole when the add of tid loses its nuw (the
/// add runs in a block the loop may skip), although {64,+,128} alone is
/// proven not to wrap; split, the extension moves into the recurrence and
/// the copy's address steps by a known amount.
struct SplitExtendedRec : SCEVRewriteVisitor<SplitExtendedRec> {
  explicit SplitExtendedRec(ScalarEvolution &SE) : SCEVRewriteVisitor(SE) {}
  const SCEV *extend(const SCEV *S, Type *Ty, bool Signed) {
    return Signed ? SE.getSignExtendExpr(S, Ty) : SE.getZeroExtendExpr(S, Ty);
  }
  ConstantRange range(const SCEV *S, bool Signed) {
    return Signed ? SE.getSignedRange(S) : SE.getUnsignedRange(S);
  }
  const SCEV *split(const SCEVCastExpr *E, bool Signed) {
    auto *AR = dyn_cast<SCEVAddRecExpr>(E->getOperand(0));
    if (!AR || !AR->isAffine() || isa<SCEVConstant>(AR->getStart()))
      return nullptr;
    const SCEV *Start = AR->getStart(), *Step = AR->getStepRecurrence(SE);
    // b: an operand of the start, or the whole start ({0,+,s} + b)
    SmallVector<const SCEV *, 4> Bs;
    if (auto *Sum = dyn_cast<SCEVAddExpr>(Start))
      Bs.append(Sum->operands().begin(), Sum->operands().end());
    else
      Bs.push_back(Start);
    // {0,+,s} plus every operand of the start, where no partial sum wraps
    using OR = ConstantRange::OverflowResult;
    const SCEV *Zero = SE.getZero(Start->getType());
    const SCEV *Base = SE.getAddRecExpr(Zero, Step, AR->getLoop(), SCEV::FlagAnyWrap);
    ConstantRange Sum = range(Base, Signed);
    bool Fits = true;
    for (const SCEV *B : Bs) {
      ConstantRange RB = range(B, Signed);
      Fits = Fits && (Signed ? Sum.signedAddMayOverflow(RB) : Sum.unsignedAddMayOverflow(RB)) ==
                         OR::NeverOverflows;
      Sum = Sum.add(RB);
    }
    if (Fits) {
      const SCEV *R = extend(Base, E->getType(), Signed);
      for (const SCEV *B : Bs)
        R = SE.getAddExpr(R, extend(B, E->getType(), Signed));
      return R;
    }
    for (const SCEV *B : Bs) {
      // FlagAnyWrap: the node's flags are only those ScalarEvolution proved.
      const SCEV *Rec =
          SE.getAddRecExpr(SE.getMinusSCEV(Start, B), Step, AR->getLoop(), SCEV::FlagAnyWrap);
      OR O = Signed ? range(Rec, true).signedAddMayOverflow(range(B, true))
                    : range(Rec, false).unsignedAddMayOverflow(range(B, false));
      if (O == OR::NeverOverflows)
        return SE.getAddExpr(extend(Rec, E->getType(), Signed), extend(B, E->getType(), Signed));
    }
    return nullptr;
  }
  const SCEV *visitZeroExtendExpr(const SCEVZeroExtendExpr *Z) {
    if (const SCEV *S = split(Z, false))
      return S;
    return SCEVRewriteVisitor<SplitExtendedRec>::visitZeroExtendExpr(Z);
  }
  const SCEV *visitSignExtendExpr(const SCEVSignExtendExpr *X) {
    if (const SCEV *S = split(X, true))
      return S;
    return SCEVRewriteVisitor<SplitExtendedRec>::visitSignExtendExpr(X);
  }
};
} // namespace

/// Rewrites every read of a special register constant for a thread
/// (pl_sreg_thread_constant) into the first read of the same
/// register it meets: two loops that each read threadIdx.x then compare as
/// one value.
struct SameSpecialRegister : SCEVRewriteVisitor<SameSpecialRegister> {
  std::map<Intrinsic::ID, const SCEV *> &First;
  SameSpecialRegister(ScalarEvolution &SE, std::map<Intrinsic::ID, const SCEV *> &F)
      : SCEVRewriteVisitor(SE), First(F) {}
  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto *II = dyn_cast<IntrinsicInst>(U->getValue());
    if (!II || !pl_sreg_thread_constant(II->getIntrinsicID()))
      return U;
    return First.emplace(II->getIntrinsicID(), U).first->second;
  }
};

bool pl_scev::comparable(ScalarEvolution &SE, Value *A, Value *B, const SCEV *&SA,
                         const SCEV *&SB) {
  if (A->getType() != B->getType() || !SE.isSCEVable(A->getType()))
    return false;
  SA = SE.getSCEV(A);
  SB = SE.getSCEV(B);
  if (!SA->getType()->isPointerTy())
    return true;
  if (SE.getPointerBase(SA) != SE.getPointerBase(SB))
    return false;
  SA = SE.removePointerBase(SA);
  SB = SE.removePointerBase(SB);
  return SA->getType() == SB->getType();
}

unsigned pl_scev_offset_alignment(pl_host *H, LLVMValueRef Ptr, LLVMValueRef Object) {
  ScalarEvolution &SE = H->SE();
  Value *P = unwrap(Ptr);
  if (!P->getType()->isPointerTy() || !SE.isSCEVable(P->getType()))
    return 1;
  const SCEV *S = SE.getSCEV(P);
  auto *Base = dyn_cast<SCEVUnknown>(SE.getPointerBase(S));
  if (!Base || Base->getValue()->stripPointerCasts() != unwrap(Object))
    return 1;
  uint32_t TZ = SE.getMinTrailingZeros(SE.removePointerBase(S));
  return 1u << std::min(TZ, 12u);
}

int pl_scev_const_distance(pl_host *H, LLVMValueRef A, LLVMValueRef B, int64_t *D) {
  ScalarEvolution &SE = H->SE();
  const SCEV *SA, *SB;
  if (!pl_scev::comparable(SE, unwrap(A), unwrap(B), SA, SB))
    return 0;
  std::map<Intrinsic::ID, const SCEV *> First;
  SameSpecialRegister Same(SE, First);
  SA = Same.visit(SA);
  SB = Same.visit(SB);
  std::optional<APInt> C = constantDistance(SE, SA, SB, 0);
  if (!C) {
    ExpandURem R(SE);
    C = constantDistance(SE, R.visit(SA), R.visit(SB), 0);
  }
  if (!C) {
    SplitExtendedRec R(SE);
    C = constantDistance(SE, R.visit(SA), R.visit(SB), 0);
  }
  if (!C || C->getSignificantBits() > 64)
    return 0;
  *D = C->getSExtValue();
  return 1;
}

namespace {
/// SameSpecialRegister's normalization, with some opaque values replaced
/// by constants: a special register by its intrinsic, any other value by
/// itself.
struct Substitute : SCEVRewriteVisitor<Substitute> {
  std::map<uintptr_t, const SCEV *> &With;
  Substitute(ScalarEvolution &SE, std::map<uintptr_t, const SCEV *> &W)
      : SCEVRewriteVisitor(SE), With(W) {}
  static uintptr_t key(const SCEVUnknown *U) {
    auto *II = dyn_cast<IntrinsicInst>(U->getValue());
    if (II && pl_sreg_thread_constant(II->getIntrinsicID()))
      return (uintptr_t)II->getIntrinsicID();
    return (uintptr_t)U->getValue();
  }
  const SCEV *visitUnknown(const SCEVUnknown *U) {
    auto It = With.find(key(U));
    if (It != With.end())
      return It->second;
    return With.emplace(key(U), U).first->second; // the first read stands for all
  }
};
} // namespace

int pl_scev_distance_range(pl_host *H, LLVMValueRef A, LLVMValueRef B, const pl_scev_eq *Eqs,
                           size_t NEqs, unsigned MaxThreads, int64_t *Lo, int64_t *Hi) {
  ScalarEvolution &SE = H->SE();
  const SCEV *SA, *SB;
  if (!unwrap(A)->getType()->isPointerTy() ||
      !pl_scev::comparable(SE, unwrap(A), unwrap(B), SA, SB))
    return 0;
  std::map<uintptr_t, const SCEV *> With;
  for (size_t K = 0; K < NEqs; ++K) {
    Value *X = unwrap(Eqs[K].value);
    if (!X->getType()->isIntegerTy() || X->getType()->getIntegerBitWidth() > 64)
      continue;
    auto *U = dyn_cast<SCEVUnknown>(SE.getSCEV(X));
    if (!U)
      continue; // a fact about an expression is left unused: only wider
    const SCEV *C = SE.getConstant(X->getType(), (uint64_t)Eqs[K].constant, /*isSigned=*/true);
    auto [It, New] = With.emplace(Substitute::key(U), C);
    if (!New && It->second != C)
      return 2; // one value, two constants: never both
  }
  Substitute Sub(SE, With);
  const SCEV *D = SE.getMinusSCEV(Sub.visit(SA), Sub.visit(SB));
  ConstantRange R = SE.getSignedRange(pl_scev::boundThreads(SE, D, MaxThreads));
  if (R.isFullSet() || R.getBitWidth() > 64)
    return 0;
  *Lo = R.getSignedMin().getSExtValue();
  *Hi = R.getSignedMax().getSExtValue();
  return 1;
}

namespace {
/// The leaves of a SCEV (SCEVTraversal): its SCEVUnknowns, a read of one
/// of SameSpecialRegister's registers as its intrinsic, and the loops of
/// its recurrences.
struct Leaves {
  SmallVector<uintptr_t, 8> Ids;
  bool follow(const SCEV *S) {
    if (auto *U = dyn_cast<SCEVUnknown>(S)) {
      auto *II = dyn_cast<IntrinsicInst>(U->getValue());
      Intrinsic::ID ID = II ? II->getIntrinsicID() : Intrinsic::not_intrinsic;
      Ids.push_back(pl_sreg_thread_constant(ID) ? (uintptr_t)ID : (uintptr_t)U->getValue());
    } else if (auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
      Ids.push_back((uintptr_t)AR->getLoop());
    }
    return true;
  }
  bool isDone() const { return false; }
};
} // namespace

uint64_t pl_scev_leaves(pl_host *H, LLVMValueRef V) {
  ScalarEvolution &SE = H->SE();
  Value *X = unwrap(V);
  if (!SE.isSCEVable(X->getType()))
    return 0;
  Leaves L;
  SCEVTraversal<Leaves>(L).visitAll(SE.getSCEV(X));
  llvm::sort(L.Ids);
  L.Ids.erase(std::unique(L.Ids.begin(), L.Ids.end()), L.Ids.end());
  uint64_t Hash = 1469598103934665603ull; // FNV-1a
  for (uintptr_t Id : L.Ids)
    for (unsigned B = 0; B < sizeof Id; ++B)
      Hash = (Hash ^ ((Id >> (8 * B)) & 0xff)) * 1099511628211ull;
  return Hash ? Hash : 1;
}

int pl_scev_loop_stride(pl_host *H, LLVMValueRef Ptr, LLVMBasicBlockRef BB, int64_t *MinStep,
                        int64_t *MaxStep) {
  ScalarEvolution &SE = H->SE();
  Value *V = unwrap(Ptr);
  Loop *L = H->LI().getLoopFor(unwrap(BB));
  if (!L || !V->getType()->isPointerTy() || !SE.isSCEVable(V->getType()))
    return 0;
  const SCEV *S = SE.getSCEV(V);
  if (!isa<SCEVAddRecExpr>(S))
    S = SplitExtendedRec(SE).visit(S);
  auto *AR = dyn_cast<SCEVAddRecExpr>(S);
  if (!AR || AR->getLoop() != L || !AR->isAffine())
    return 0;
  ConstantRange R = SE.getSignedRange(AR->getStepRecurrence(SE));
  if (R.isFullSet() || R.getBitWidth() > 64)
    return 0;
  *MinStep = R.getSignedMin().getSExtValue();
  *MaxStep = R.getSignedMax().getSExtValue();
  return 1;
}

int pl_scev_mul_no_wrap(pl_host *H, LLVMValueRef V, LLVMValueRef A, uint64_t K) {
  ScalarEvolution &SE = H->SE();
  Value *X = unwrap(V), *Y = unwrap(A);
  if (!X->getType()->isIntegerTy() || X->getType() != Y->getType() || K == 0)
    return 0;
  const SCEV *S = SE.getSCEV(X);
  const SCEV *Want = SE.getMulExpr(SE.getSCEV(Y), SE.getConstant(X->getType(), K));
  if (S != Want)
    return 0;
  if (auto *AR = dyn_cast<SCEVAddRecExpr>(S))
    return AR->hasNoUnsignedWrap();
  if (auto *M = dyn_cast<SCEVMulExpr>(S))
    return M->hasNoUnsignedWrap();
  return 0;
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

/// Whether S is built of constants and add-recurrences only (see
/// pl_scev_counter_offset), adding the recurrences' loops to Loops. A value
/// ScalarEvolution does not model (xor, a bitwise and or or it cannot
/// read as an addition, a shift by a variable, a select) counts when it is
/// an integer operation whose operands are built so, Depth levels deep.
static bool countersOnly(ScalarEvolution &SE, const SCEV *S, SmallVectorImpl<const Loop *> &Loops,
                         unsigned Depth = 0) {
  if (isa<SCEVConstant>(S))
    return true;
  if (const auto *U = dyn_cast<SCEVUnknown>(S)) {
    auto *I = dyn_cast<Instruction>(U->getValue());
    if (!I || Depth >= 4 || !I->getType()->isIntegerTy() ||
        !(isa<BinaryOperator>(I) || isa<SelectInst>(I) || isa<CmpInst>(I) || isa<CastInst>(I)))
      return false; // an argument, a load, a phi SCEV could not read, a call
    for (Value *Op : I->operands())
      if (!SE.isSCEVable(Op->getType()) || !countersOnly(SE, SE.getSCEV(Op), Loops, Depth + 1))
        return false;
    return true;
  }
  if (const auto *AR = dyn_cast<SCEVAddRecExpr>(S)) {
    if (!is_contained(Loops, AR->getLoop()))
      Loops.push_back(AR->getLoop());
  } else if (!isa<SCEVCastExpr, SCEVNAryExpr, SCEVUDivExpr>(S))
    return false; // vscale
  for (const SCEV *Op : S->operands())
    if (!countersOnly(SE, Op, Loops, Depth))
      return false;
  return true;
}

int pl_scev_counter_offset(pl_host *H, LLVMValueRef Ptr, LLVMValueRef Base, pl_loop_ref *Out,
                           size_t Cap, size_t *N) {
  ScalarEvolution &SE = H->SE();
  Value *P = unwrap(Ptr), *B = unwrap(Base);
  *N = 0;
  if (!SE.isSCEVable(P->getType()) || !SE.isSCEVable(B->getType()))
    return 0;
  const SCEV *D = SE.getMinusSCEV(SE.getSCEV(P), SE.getSCEV(B));
  SmallVector<const Loop *, 4> Loops;
  if (isa<SCEVCouldNotCompute>(D) || !countersOnly(SE, D, Loops) || Loops.size() > Cap)
    return 0;
  for (const Loop *L : Loops)
    Out[(*N)++] = wrapLoop(const_cast<Loop *>(L));
  return 1;
}

/// `D` as pl_scev_rec_of reads it, scaled by `Scale` bytes; where
/// `Invariant`, also a value `L` does not change, with step 0.
static int recOf(ScalarEvolution &SE, Loop *L, const SCEV *D, uint64_t Scale, bool Invariant,
                 pl_scev_rec *Out) {
  if (!Scale || Scale > (1u << 20))
    return 0;
  auto *AR = dyn_cast<SCEVAddRecExpr>(D);
  const SCEV *Start = D;
  APInt StepBy(64, 0);
  if (AR && AR->getLoop() == L) {
    auto *Step = dyn_cast<SCEVConstant>(AR->getStepRecurrence(SE));
    if (!AR->isAffine() || !Step || Step->getAPInt().getSignificantBits() > 32 ||
        Step->getAPInt().isZero())
      return 0;
    Start = AR->getStart();
    StepBy = Step->getAPInt().sext(64);
  } else if (!Invariant || !SE.isLoopInvariant(D, L)) {
    return 0;
  }
  ConstantRange R = SE.getSignedRange(Start);
  const APInt &Min = R.getSignedMin(), &Max = R.getSignedMax();
  const int64_t K = (int64_t)Scale;
  Out->start_min = Min.getSignificantBits() > 32 ? INT64_MIN : Min.getSExtValue() * K;
  Out->start_max = Max.getSignificantBits() > 32 ? INT64_MAX : Max.getSExtValue() * K;
  Out->step = StepBy.getSExtValue() * K;
  return 1;
}

int pl_scev_rec_of(pl_host *H, pl_loop_ref LR, LLVMValueRef Ptr, LLVMValueRef Object,
                   pl_scev_rec *Out) {
  ScalarEvolution &SE = H->SE();
  Value *P = unwrap(Ptr), *O = unwrap(Object);
  if (!SE.isSCEVable(P->getType()) || P->getType() != O->getType())
    return 0;
  return recOf(SE, unwrapLoop(LR), SE.getMinusSCEV(SE.getSCEV(P), SE.getSCEV(O)), 1, false, Out);
}

int pl_scev_rec_of_index(pl_host *H, pl_loop_ref LR, LLVMValueRef Index, uint64_t Scale,
                         pl_scev_rec *Out) {
  ScalarEvolution &SE = H->SE();
  Value *V = unwrap(Index);
  if (!V->getType()->isIntegerTy() || !SE.isSCEVable(V->getType()))
    return 0;
  return recOf(SE, unwrapLoop(LR), SE.getSCEV(V), Scale, true, Out);
}
