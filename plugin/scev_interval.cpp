//===- plugin/scev_interval.cpp - a SCEV's bounds over a loop ------------===//
//
// FILE: plugin/scev_interval.cpp
// DESCRIPTION:
//   Implements plugin/scev_interval.h: interval arithmetic over a SCEV's
//   tree in 128-bit integers, with the conditions it assumes.
//
//===----------------------------------------------------------------------===//
#include "scev_interval.h"

#include "llvm/Analysis/ScalarEvolutionExpressions.h"

using namespace llvm;

namespace pl_interval {
namespace {

/// Nodes one address may visit: a guard on compile time and on the size
/// of the check expanded from the result.
constexpr unsigned NodeBudget = 256;
/// Operands of a product are held to [-2^62, 2^62]: their product and a
/// sum of a few products stay inside 128 signed bits.
constexpr unsigned MagnitudeBits = 62;

struct Range {
  const SCEV *Lo, *Hi;
};

class Evaluator {
  ScalarEvolution &SE;
  const LoopInfo &LI;
  const Loop *L;
  const SCEV *BTC;
  SmallVectorImpl<Condition> &Conds;
  Type *I128;
  unsigned Budget = NodeBudget;
  /// Bounds of one iteration i, affine in i (addressWindow), instead of
  /// bounds over every iteration of L.
  bool PerIteration;
  /// A condition on a bound that is not affine in L's iteration.
  bool Failed = false;

  /// The integer congruent to the loop-invariant S: a pointer's address
  /// read unsigned, an integer read as its reader reads it (`Unsigned`
  /// under a zext, umin, umax or udiv; else signed), so that an index of
  /// 2^31 or more under a zext stays in the range the reader needs.
  const SCEV *exact(const SCEV *S, bool Unsigned) {
    if (S->getType()->isPointerTy()) {
      const SCEV *I = SE.getPtrToIntExpr(S, Type::getInt64Ty(I128->getContext()));
      if (isa<SCEVCouldNotCompute>(I))
        return nullptr;
      return SE.getZeroExtendExpr(I, I128);
    }
    return Unsigned ? SE.getZeroExtendExpr(S, I128) : SE.getSignExtendExpr(S, I128);
  }

  /// Lo <= X (Upper false) or X <= Bound (Upper true), as a condition
  /// unless ScalarEvolution's signed range of X proves it (its constant
  /// ranges, cached per expression: isKnownPredicate's reasoning from
  /// guards costs more compile time than the compare it might save).
  void hold(const SCEV *X, const APInt &Bound, bool Upper) {
    ConstantRange R = SE.getSignedRange(X);
    if (Upper ? R.getSignedMax().sle(Bound) : R.getSignedMin().sge(Bound))
      return;
    if (!SE.isLoopInvariant(X, L)) {
      // Per iteration, a bound affine in i holds on [0, N] where it holds
      // at both ends.
      const auto *AR = dyn_cast<SCEVAddRecExpr>(X);
      if (!PerIteration || !AR || AR->getLoop() != L || !AR->isAffine()) {
        Failed = true;
        return;
      }
      hold(AR->getStart(), Bound, Upper);
      hold(AR->evaluateAtIteration(SE.getZeroExtendExpr(BTC, I128), SE), Bound, Upper);
      return;
    }
    for (Condition &C : Conds) // one test per bound of one value: the tighter
      if (C.X == X && C.Upper == Upper) {
        if (Upper ? Bound.slt(C.Bound) : Bound.sgt(C.Bound))
          C.Bound = Bound;
        return;
      }
    Conds.push_back({X, Bound, Upper});
  }

public:
  /// R within the values a `Width`-bit integer read `Signed` can take.
  void fit(const Range &R, unsigned Width, bool Signed) {
    APInt Min = Signed ? APInt::getSignedMinValue(Width).sext(128) : APInt::getZero(128);
    APInt Max =
        Signed ? APInt::getSignedMaxValue(Width).sext(128) : APInt::getMaxValue(Width).zext(128);
    hold(R.Lo, Min, false);
    hold(R.Hi, Max, true);
  }

private:
  void small(const Range &R) {
    APInt M = APInt::getOneBitSet(128, MagnitudeBits);
    hold(R.Lo, -M, false);
    hold(R.Hi, M, true);
  }

  const SCEV *min(const SCEV *A, const SCEV *B) { return SE.getSMinExpr(A, B); }
  const SCEV *max(const SCEV *A, const SCEV *B) { return SE.getSMaxExpr(A, B); }

  /// The sign of every value in R: 1 non-negative, -1 negative, 0 either.
  int sign(const Range &R) {
    if (SE.getSignedRange(R.Lo).getSignedMin().isNonNegative())
      return 1;
    return SE.getSignedRange(R.Hi).getSignedMax().isNegative() ? -1 : 0;
  }

  /// [A] * [B], from the four corners; where one side is exact and of a
  /// known sign, from two, in order (most products: a size, a step).
  Range product(const Range &A, const Range &B) {
    small(A);
    small(B);
    for (int K = 0; K < 2; ++K) {
      const Range &X = K ? B : A, &Y = K ? A : B;
      if (X.Lo != X.Hi)
        continue;
      if (Y.Lo == Y.Hi) {
        const SCEV *P = SE.getMulExpr(X.Lo, Y.Lo);
        return {P, P};
      }
      if (int S = sign(X))
        return S > 0 ? Range{SE.getMulExpr(X.Lo, Y.Lo), SE.getMulExpr(X.Lo, Y.Hi)}
                     : Range{SE.getMulExpr(X.Lo, Y.Hi), SE.getMulExpr(X.Lo, Y.Lo)};
    }
    const SCEV *P[4] = {SE.getMulExpr(A.Lo, B.Lo), SE.getMulExpr(A.Lo, B.Hi),
                        SE.getMulExpr(A.Hi, B.Lo), SE.getMulExpr(A.Hi, B.Hi)};
    Range R = {min(min(P[0], P[1]), min(P[2], P[3])), max(max(P[0], P[1]), max(P[2], P[3]))};
    return R;
  }

  /// {s,+,d} of a loop in L: s + d*k, k in [0, N].
  bool recurrence(const SCEVAddRecExpr *AR, Range &Out, bool Unsigned) {
    const Loop *In = AR->getLoop();
    if (!AR->isAffine() || (In != L && !L->contains(In)))
      return false;
    const SCEV *N = In == L ? BTC : SE.getBackedgeTakenCount(In);
    if (!N || isa<SCEVCouldNotCompute>(N) || !SE.isLoopInvariant(N, L))
      return false;
    Range S, D;
    if (!eval(AR->getStart(), S, Unsigned) || !eval(AR->getStepRecurrence(SE), D, false))
      return false;
    if (In == L && PerIteration) { // s + d*i: the start and step are invariant in L
      Out = {SE.getAddRecExpr(S.Lo, D.Lo, L, SCEV::FlagAnyWrap),
             SE.getAddRecExpr(S.Hi, D.Lo, L, SCEV::FlagAnyWrap)};
      return true;
    }
    const SCEV *NN = SE.getZeroExtendExpr(N, I128);
    Range Count = {NN, NN};
    Range DN = product(D, Count);
    const SCEV *Zero = SE.getZero(I128);
    int Sign = sign(D); // N >= 0: d*k for k in [0, N] has d's sign
    if (Sign > 0)
      Out = {S.Lo, SE.getAddExpr(S.Hi, DN.Hi)};
    else if (Sign < 0)
      Out = {SE.getAddExpr(S.Lo, DN.Lo), S.Hi};
    else
      Out = {SE.getAddExpr(S.Lo, min(Zero, DN.Lo)), SE.getAddExpr(S.Hi, max(Zero, DN.Hi))};
    return true;
  }

  /// A division by a constant. Where the type is no wider than 64 bits,
  /// the dividend's bounds fit it wherever the check passes (fit's
  /// conditions), so capping them at 2^64 - 1 changes nothing there, and
  /// the cap lets the division be narrowed to 64 bits after expansion
  /// (versioning.cpp, narrowWideDivisions): NVPTX expands a 128-bit
  /// division into a loop of 128 shift-and-subtract steps, even by a
  /// constant.
  bool divide(const SCEVUDivExpr *D, Range &Out) {
    const auto *C = dyn_cast<SCEVConstant>(D->getRHS());
    if (!C || C->getAPInt().isZero() || !eval(D->getLHS(), Out, true))
      return false;
    unsigned W = SE.getTypeSizeInBits(D->getType());
    fit(Out, W, false);
    const SCEV *CC = SE.getConstant(C->getAPInt().zext(128));
    auto Divide = [&](const SCEV *X) {
      if (W <= 64)
        X = SE.getUMinExpr(X, SE.getConstant(APInt::getMaxValue(64).zext(128)));
      return SE.getUDivExpr(X, CC);
    };
    Out = {Divide(Out.Lo), Divide(Out.Hi)};
    return true;
  }

  bool minMax(const SCEVMinMaxExpr *M, bool Signed, bool IsMax, Range &Out) {
    unsigned W = SE.getTypeSizeInBits(M->getType());
    for (unsigned K = 0; K < M->getNumOperands(); ++K) {
      Range R;
      if (!eval(M->getOperand(K), R, !Signed))
        return false;
      fit(R, W, Signed);
      Out = K == 0 ? R
                   : Range{IsMax ? max(Out.Lo, R.Lo) : min(Out.Lo, R.Lo),
                           IsMax ? max(Out.Hi, R.Hi) : min(Out.Hi, R.Hi)};
    }
    return true;
  }

  /// A phi that joins paths inside L (not a loop header's: a cycle passes
  /// through one) takes one of its incoming values: the hull of theirs. A
  /// runtime-unrolled copy loop's remainder starts at such a phi. Any
  /// other value that varies in L is not covered.
  bool merge(const SCEVUnknown *U, Range &Out, bool Unsigned) {
    auto *Phi = dyn_cast<PHINode>(U->getValue());
    if (!Phi || !L->contains(Phi->getParent()) || LI.isLoopHeader(Phi->getParent()))
      return false;
    for (unsigned K = 0; K < Phi->getNumIncomingValues(); ++K) {
      Range R;
      if (!eval(SE.getSCEV(Phi->getIncomingValue(K)), R, Unsigned))
        return false;
      Out = K == 0 ? R : Range{min(Out.Lo, R.Lo), max(Out.Hi, R.Hi)};
    }
    return Phi->getNumIncomingValues() > 0;
  }

public:
  Evaluator(ScalarEvolution &SE, const LoopInfo &LI, const Loop *L, const SCEV *BTC,
            SmallVectorImpl<Condition> &C, bool PerIteration)
      : SE(SE), LI(LI), L(L), BTC(BTC), Conds(C),
        I128(Type::getInt128Ty(L->getHeader()->getContext())), PerIteration(PerIteration) {}

  bool failed() const { return Failed; }
  void smallStep(const SCEV *D) { small({D, D}); }

  /// S's interval into Out; `Unsigned`: how S's reader reads it (exact).
  bool eval(const SCEV *S, Range &Out, bool Unsigned) {
    if (!Budget--)
      return false;
    if (SE.getTypeSizeInBits(S->getType()) > 64)
      return false;
    if (SE.isLoopInvariant(S, L)) {
      const SCEV *E = exact(S, Unsigned);
      Out = {E, E};
      return E != nullptr;
    }
    switch (S->getSCEVType()) {
    case scAddRecExpr:
      return recurrence(cast<SCEVAddRecExpr>(S), Out, Unsigned);
    case scAddExpr: {
      const auto *A = cast<SCEVAddExpr>(S);
      for (unsigned K = 0; K < A->getNumOperands(); ++K) {
        Range R;
        if (!eval(A->getOperand(K), R, Unsigned))
          return false;
        if (!SE.isLoopInvariant(A->getOperand(K), L))
          small(R); // beside invariants (below 2^64), a sum of any count fits

        Out = K == 0 ? R : Range{SE.getAddExpr(Out.Lo, R.Lo), SE.getAddExpr(Out.Hi, R.Hi)};
      }
      return true;
    }
    case scMulExpr: {
      const auto *M = cast<SCEVMulExpr>(S);
      for (unsigned K = 0; K < M->getNumOperands(); ++K) {
        Range R;
        if (!eval(M->getOperand(K), R, Unsigned))
          return false;
        Out = K == 0 ? R : product(Out, R);
      }
      return true;
    }
    case scZeroExtend:
    case scSignExtend: {
      const auto *C = cast<SCEVCastExpr>(S);
      if (!eval(C->getOperand(), Out, S->getSCEVType() == scZeroExtend))
        return false;
      fit(Out, SE.getTypeSizeInBits(C->getOperand()->getType()), S->getSCEVType() == scSignExtend);
      return true;
    }
    case scTruncate:
    case scPtrToInt:
      return eval(cast<SCEVCastExpr>(S)->getOperand(), Out, Unsigned);
    case scSMaxExpr:
    case scSMinExpr:
      return minMax(cast<SCEVMinMaxExpr>(S), true, S->getSCEVType() == scSMaxExpr, Out);
    case scUMaxExpr:
    case scUMinExpr:
      return minMax(cast<SCEVMinMaxExpr>(S), false, S->getSCEVType() == scUMaxExpr, Out);
    case scUDivExpr:
      return divide(cast<SCEVUDivExpr>(S), Out);
    case scUnknown:
      return merge(cast<SCEVUnknown>(S), Out, Unsigned);
    default:
      return false;
    }
  }
};

} // namespace

/// The bytes [Lo, End) of `Ptr` by `E`: 128-bit, the address read unsigned
/// in 64 bits. False where not covered.
static bool addressBytes(ScalarEvolution &SE, Evaluator &E, const SCEV *Ptr, uint64_t Size,
                         Range &Bytes) {
  Range R;
  if (!Ptr->getType()->isPointerTy() || SE.getTypeSizeInBits(Ptr->getType()) != 64 ||
      !E.eval(Ptr, R, false))
    return false;
  Bytes = {R.Lo, SE.getAddExpr(R.Hi, SE.getConstant(APInt(128, Size)))};
  E.fit(Bytes, 64, false);
  return !E.failed();
}

bool addressInterval(ScalarEvolution &SE, const LoopInfo &LI, const Loop *L, const SCEV *BTC,
                     const SCEV *Ptr, uint64_t Size, const SCEV *&Lo, const SCEV *&End,
                     SmallVectorImpl<Condition> &Conds) {
  size_t Had = Conds.size();
  Evaluator E(SE, LI, L, BTC, Conds, false);
  Range Bytes;
  if (!addressBytes(SE, E, Ptr, Size, Bytes)) {
    Conds.resize(Had);
    return false;
  }
  Type *I64 = Type::getInt64Ty(Ptr->getType()->getContext());
  Lo = SE.getTruncateExpr(Bytes.Lo, I64);
  End = SE.getTruncateExpr(Bytes.Hi, I64);
  return true;
}

bool addressWindow(ScalarEvolution &SE, const LoopInfo &LI, const Loop *L, const SCEV *BTC,
                   const SCEV *Ptr, uint64_t Size, Window &W, SmallVectorImpl<Condition> &Conds) {
  size_t Had = Conds.size();
  Range Bytes;
  if (BTC && !isa<SCEVCouldNotCompute>(BTC)) {
    Evaluator E(SE, LI, L, BTC, Conds, true);
    if (addressBytes(SE, E, Ptr, Size, Bytes)) {
      const auto *Lo = dyn_cast<SCEVAddRecExpr>(Bytes.Lo), *Hi = dyn_cast<SCEVAddRecExpr>(Bytes.Hi);
      const SCEV *Zero = SE.getZero(Bytes.Lo->getType());
      if (Lo && Hi && Lo->getLoop() == L && Hi->getLoop() == L && Lo->isAffine() &&
          Hi->isAffine() && Lo->getStepRecurrence(SE) == Hi->getStepRecurrence(SE)) {
        W = {Lo->getStart(), Hi->getStart(), Lo->getStepRecurrence(SE)};
      } else if (SE.isLoopInvariant(Bytes.Lo, L) && SE.isLoopInvariant(Bytes.Hi, L)) {
        W = {Bytes.Lo, Bytes.Hi, Zero};
      } else {
        Conds.resize(Had);
        return false;
      }
      E.smallStep(W.Step);
      if (!E.failed())
        return true;
    }
  }
  Conds.resize(Had);
  return false;
}

} // namespace pl_interval
