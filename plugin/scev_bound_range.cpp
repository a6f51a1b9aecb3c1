//===- plugin/scev_bound_range.cpp - ranges and exact forms over leaves --===//
//
// FILE: plugin/scev_bound_range.cpp
// DESCRIPTION:
//   The bounder's arithmetic over the leaves' range (plugin/scev_bound.h):
//   the interval a bound of leaves and constants may take, the tests built
//   on it, and the exact 64-bit form of an expression of leaves alone.
//
//===----------------------------------------------------------------------===//
#include "scev_bound.h"

#include <algorithm>
#include <cmath>

namespace pl_bound {
void Bounder::leafRange(const Value *V, double &Lo, double &Hi) const {
  Lo = 0, Hi = (double)LeafLimit;
  auto *II = dyn_cast<IntrinsicInst>(V);
  if (!II)
    return;
  unsigned Most = MaxThreads && MaxThreads < 1024 ? MaxThreads : 1024;
  switch (II->getIntrinsicID()) {
  case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
  case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
    Lo = 1, Hi = Most;
    break;
  case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
    Lo = 1, Hi = Most < 64 ? Most : 64;
    break;
  default:
    break;
  }
}

bool Bounder::interval(const SCEV *S, double &Lo, double &Hi, unsigned D) const {
  if (D > MaxDepth)
    return false;
  switch (S->getSCEVType()) {
  case scConstant:
    Lo = Hi = (double)cast<SCEVConstant>(S)->getAPInt().getSExtValue();
    break;
  case scUnknown:
    leafRange(cast<SCEVUnknown>(S)->getValue(), Lo, Hi);
    break;
  case scZeroExtend:
  case scSignExtend:
    if (!interval(cast<SCEVCastExpr>(S)->getOperand(0), Lo, Hi, D + 1) ||
        (S->getSCEVType() == scZeroExtend && Lo < 0))
      return false;
    break;
  case scUDivExpr: {
    double L0 = 0, L1 = 0, R0 = 0, R1 = 0;
    auto *Div = cast<SCEVUDivExpr>(S);
    if (!interval(Div->getLHS(), L0, L1, D + 1) || !interval(Div->getRHS(), R0, R1, D + 1) ||
        L0 < 0 || R0 < 1)
      return false;
    Lo = std::floor(L0 / R1), Hi = std::floor(L1 / R0);
    break;
  }
  case scAddExpr:
  case scMulExpr:
  case scSMaxExpr:
  case scSMinExpr: {
    SCEVTypes K = S->getSCEVType();
    bool First = true;
    for (const SCEV *Op : cast<SCEVNAryExpr>(S)->operands()) {
      double A = 0, B = 0;
      if (!interval(Op, A, B, D + 1))
        return false;
      if (First) {
        Lo = A, Hi = B, First = false;
      } else if (K == scAddExpr) {
        Lo += A, Hi += B;
      } else if (K == scMulExpr) {
        double P[4] = {Lo * A, Lo * B, Hi * A, Hi * B};
        Lo = *std::min_element(P, P + 4), Hi = *std::max_element(P, P + 4);
      } else if (K == scSMaxExpr) {
        Lo = std::max(Lo, A), Hi = std::max(Hi, B);
      } else {
        Lo = std::min(Lo, A), Hi = std::min(Hi, B);
      }
    }
    break;
  }
  default:
    return false;
  }
  return std::abs(Lo) < BoundLimit && std::abs(Hi) < BoundLimit;
}

bool Bounder::atLeast(const SCEV *S, double Least, unsigned D) {
  if (Least == 0 && SE.isKnownNonNegative(S))
    return true;
  if (Least == 1 && SE.isKnownPositive(S))
    return true;
  const SCEV *L = bound(S, false, D + 1);
  double Lo, Hi;
  return L && interval(L, Lo, Hi) && Lo >= Least;
}

bool Bounder::fits(const SCEV *S, unsigned Bits, unsigned D) {
  const SCEV *L = bound(S, false, D + 1), *U = bound(S, true, D + 1);
  double A, B, C, E;
  double Half = std::ldexp(1.0, (int)Bits - 1);
  return L && U && interval(L, A, B) && interval(U, C, E) && A >= -Half && E < Half;
}

bool Bounder::inWidth(const SCEV *W, unsigned Bits) const {
  double Lo, Hi, Half = std::ldexp(1.0, (int)Bits - 1);
  return interval(W, Lo, Hi) && (Bits == 64 || (Lo >= -Half && Hi < Half));
}

bool Bounder::nonNegativeWide(const SCEV *W) const {
  double Lo, Hi;
  return interval(W, Lo, Hi) && Lo >= 0;
}

const SCEV *Bounder::exactWide(const SCEV *S, unsigned D) {
  if (D > MaxDepth)
    return nullptr;
  unsigned Bits = S->getType()->getIntegerBitWidth();
  auto Ops = [&](const SCEVNAryExpr *N, SmallVectorImpl<const SCEV *> &Out) {
    for (const SCEV *Op : N->operands()) {
      const SCEV *W = exactWide(Op, D + 1);
      if (!W)
        return false;
      Out.push_back(W);
    }
    return true;
  };
  SmallVector<const SCEV *, 4> W;
  const SCEV *R = nullptr;
  switch (S->getSCEVType()) {
  case scConstant:
    return SE.getSignExtendExpr(S, I64);
  case scUnknown:
    if (!sharedLeaf(cast<SCEVUnknown>(S)->getValue()))
      return nullptr;
    Leaves.insert(cast<SCEVUnknown>(S)->getValue());
    return SE.getSignExtendExpr(S, I64);
  case scSignExtend:
    return exactWide(cast<SCEVCastExpr>(S)->getOperand(0), D + 1);
  case scZeroExtend: {
    const SCEV *Op = cast<SCEVCastExpr>(S)->getOperand(0);
    if ((R = exactWide(Op, D + 1)) && nonNegativeWide(R))
      return R;
    // x mod 2^w, written zext (trunc x to iw), is x - 2^w * (x / 2^w)
    // for x >= 0
    auto *T = dyn_cast<SCEVTruncateExpr>(Op);
    const SCEV *X = T ? exactWide(T->getOperand(), D + 1) : nullptr;
    if (!X || !nonNegativeWide(X))
      return nullptr;
    const SCEV *Pow = SE.getConstant(I64, uint64_t(1) << Op->getType()->getIntegerBitWidth());
    return SE.getMinusSCEV(X, SE.getMulExpr(Pow, SE.getUDivExpr(X, Pow)));
  }
  case scTruncate:
    R = exactWide(cast<SCEVCastExpr>(S)->getOperand(0), D + 1);
    return R && inWidth(R, Bits) ? R : nullptr;
  case scAddExpr:
  case scMulExpr:
    if (!Ops(cast<SCEVNAryExpr>(S), W))
      return nullptr;
    R = S->getSCEVType() == scAddExpr ? SE.getAddExpr(W) : SE.getMulExpr(W);
    return inWidth(R, Bits) ? R : nullptr;
  case scUDivExpr:
    return exactQuotient(cast<SCEVUDivExpr>(S), D);
  case scSMaxExpr:
  case scSMinExpr:
  case scUMaxExpr:
  case scUMinExpr: {
    if (!Ops(cast<SCEVNAryExpr>(S), W))
      return nullptr;
    bool Unsigned = S->getSCEVType() == scUMaxExpr || S->getSCEVType() == scUMinExpr;
    for (const SCEV *X : W)
      if (Unsigned && !nonNegativeWide(X))
        return nullptr;
    bool Max = S->getSCEVType() == scSMaxExpr || S->getSCEVType() == scUMaxExpr;
    return Max ? SE.getSMaxExpr(W) : SE.getSMinExpr(W);
  }
  default:
    return nullptr;
  }
}

const SCEV *Bounder::exactQuotient(const SCEVUDivExpr *Div, unsigned D) {
  const SCEV *L = exactWide(Div->getLHS(), D + 1), *R = exactWide(Div->getRHS(), D + 1);
  double A, B;
  if (!L || !R || !interval(R, A, B) || A < 1)
    return nullptr;
  if (!nonNegativeWide(L)) {
    const SCEV *G =
        GuardLoop ? exactWide(SE.applyLoopGuards(Div->getLHS(), GuardLoop), D + 1) : nullptr;
    if (!G || !nonNegativeWide(G))
      return nullptr;
  }
  auto *C = dyn_cast<SCEVConstant>(R);
  if (!C || C->getAPInt().isNegative())
    return SE.getUDivExpr(L, R);
  const APInt &K = C->getAPInt();
  SmallVector<const SCEV *, 4> Terms, Quotients;
  if (auto *Sum = dyn_cast<SCEVAddExpr>(L))
    Terms.append(Sum->operands().begin(), Sum->operands().end());
  else
    Terms.push_back(L);
  for (const SCEV *T : Terms) {
    auto *M = dyn_cast<SCEVMulExpr>(T);
    auto *F = dyn_cast<SCEVConstant>(M ? M->getOperand(0) : T);
    if (!F || F->getAPInt().srem(K) != 0)
      return SE.getUDivExpr(L, R);
    const SCEV *Q = SE.getConstant(F->getAPInt().sdiv(K));
    if (M) {
      SmallVector<const SCEV *, 4> Rest(M->operands().begin() + 1, M->operands().end());
      Rest.push_back(Q);
      Q = SE.getMulExpr(Rest);
    }
    Quotients.push_back(Q);
  }
  return SE.getAddExpr(Quotients);
}
} // namespace pl_bound
