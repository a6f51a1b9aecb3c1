//===- plugin/scev_bound.cpp - an address's offset bounded by kernel arguments ===//
//
// FILE: plugin/scev_bound.cpp
// DESCRIPTION:
//   Implements pl_scev_offset_symbolic_bound (lib/host_scev.h) for the
//   footprint of a tile in dynamic shared memory whose bytes depend on the
//   launch (lib/dynamic_tile.h): `s[j * 128 + tid]` for `j < d`, d a kernel
//   argument, reaches at most 1024 * (d - 1) + 8 * 127 bytes. The bound is
//   built from ScalarEvolution's expression of the offset by rules that
//   each hold of the value the program computes, and is an expression of
//   values every thread of a block shares, so that the rewrite can compute
//   it before the loop.
//
//===----------------------------------------------------------------------===//
#include "scev_bound.h"

#include "../lib/host_scev.h"
#include "llvm_compat.h"
#include "pl_module_host.h"
#include "scev_common.h"

#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/GetElementPtrTypeIterator.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Operator.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <algorithm>
#include <cmath>

using namespace llvm;

namespace pl_bound {
/// S as K * rest, K its constant factor (S itself a constant: rest null).
static const SCEV *splitFactor(const SCEV *S, APInt &K) {
  if (auto *C = dyn_cast<SCEVConstant>(S)) {
    K = C->getAPInt().sextOrTrunc(64);
    return nullptr;
  }
  auto *M = dyn_cast<SCEVMulExpr>(S);
  auto *C = M && M->getNumOperands() == 2 ? dyn_cast<SCEVConstant>(M->getOperand(0)) : nullptr;
  K = C ? C->getAPInt().sextOrTrunc(64) : APInt(64, 1);
  return C ? M->getOperand(1) : S;
}

Value *Bounder::blockSizeOf(const IntrinsicInst *Tid) {
  Intrinsic::ID Want = Tid->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_x
                           ? Intrinsic::nvvm_read_ptx_sreg_ntid_x
                       : Tid->getIntrinsicID() == Intrinsic::nvvm_read_ptx_sreg_tid_y
                           ? Intrinsic::nvvm_read_ptx_sreg_ntid_y
                           : Intrinsic::nvvm_read_ptx_sreg_ntid_z;
  for (Instruction &I : instructions(F))
    if (auto *II = dyn_cast<IntrinsicInst>(&I); II && II->getIntrinsicID() == Want)
      return II;
  return nullptr;
}

const SCEV *Bounder::boundBits(const BinaryOperator *BO, bool Up, unsigned D) {
  // bit operations ScalarEvolution does not model (`tid ^ 1`) of
  // non-negative operands bounded by constants: below the next power of
  // two (xor, or), or the smaller bound (and)
  if (BO->getOpcode() == Instruction::Xor || BO->getOpcode() == Instruction::Or ||
      BO->getOpcode() == Instruction::And) {
    double Most[2];
    bool Known = true;
    for (unsigned K = 0; K < 2 && Known; ++K) {
      const SCEV *Op = SE.getSCEV(BO->getOperand(K));
      const SCEV *L = bound(Op, false, D + 1), *H = L ? bound(Op, true, D + 1) : nullptr;
      double A, B, C, E;
      Known = H && interval(L, A, B) && interval(H, C, E) && A >= 0;
      Most[K] = Known ? E : 0;
    }
    if (Known) {
      double M = std::max(Most[0], Most[1]), Pow = 1;
      while (Pow <= M)
        Pow *= 2;
      double Top = BO->getOpcode() == Instruction::And ? std::min(Most[0], Most[1]) : Pow - 1;
      return SE.getConstant(I64, Up ? (uint64_t)Top : 0);
    }
  }
  return nullptr;
}

const SCEV *Bounder::boundUnknown(const SCEVUnknown *S, bool Up, unsigned D) {
  Value *V = S->getValue();
  if (auto *Tid = dyn_cast<IntrinsicInst>(V); Tid && pl_sreg_thread_index(Tid->getIntrinsicID())) {
    // below the launch bounds, or the register's own range, and below the
    // block's size where the kernel reads it (%ntid)
    uint64_t Max =
        MaxThreads ? MaxThreads - 1 : SE.getUnsignedRange(S).getUnsignedMax().getLimitedValue();
    const SCEV *R = SE.getConstant(I64, Up ? Max : 0);
    if (Value *N = Up ? blockSizeOf(Tid) : nullptr) {
      Leaves.insert(N);
      R = SE.getSMinExpr(R,
                         SE.getMinusSCEV(SE.getSignExtendExpr(SE.getSCEV(N), I64), SE.getOne(I64)));
    }
    return R;
  }
  if (sharedLeaf(V)) {
    Leaves.insert(V);
    return SE.getSignExtendExpr(S, I64);
  }
  // a phi ScalarEvolution does not model (the counter a loop unrolled
  // at run time leaves to its remainder): between its incoming values'
  // bounds
  if (auto *Phi = dyn_cast<PHINode>(V);
      Phi && SE.isSCEVable(Phi->getType()) && Visiting.insert(Phi).second) {
    SmallVector<const SCEV *, 4> Ops;
    Loop *PL = LI.getLoopFor(Phi->getParent());
    for (Value *In : Phi->incoming_values()) {
      // a value leaving an inner loop as its exit value there, under the
      // conditions that loop was entered under (it was, on this edge)
      const SCEV *X = SE.getSCEVAtScope(In, PL);
      auto *I = dyn_cast<Instruction>(In);
      Loop *IL = I ? LI.getLoopFor(I->getParent()) : nullptr;
      const Loop *Outer = GuardLoop;
      if (IL && IL != PL && (!PL || PL->contains(IL)))
        GuardLoop = IL;
      const SCEV *B = bound(X, Up, D + 1);
      GuardLoop = Outer;
      if (!B)
        break;
      Ops.push_back(B);
    }
    Visiting.erase(Phi);
    if (Ops.size() == Phi->getNumIncomingValues())
      return Up ? SE.getSMaxExpr(Ops) : SE.getSMinExpr(Ops);
  }
  // bit operations ScalarEvolution does not model (`tid ^ 1`)
  if (auto *BO = dyn_cast<BinaryOperator>(V))
    if (const SCEV *B = boundBits(BO, Up, D))
      return B;
  // what ScalarEvolution does not model otherwise: ValueTracking's
  // constant range
  ConstantRange CR =
      computeConstantRange(V, /*ForSigned=*/true, /*UseInstrInfo=*/true)
          .intersectWith(
              ConstantRange::fromKnownBits(pl_compat::known_bits(V, SE.getDataLayout(), nullptr,
                                                                 dyn_cast<Instruction>(V), nullptr),
                                           /*IsSigned=*/true),
              ConstantRange::Signed)
          .intersectWith(SE.getSignedRange(S), ConstantRange::Signed);
  if (CR.isFullSet() || CR.isEmptySet())
    return nullptr;
  return SE.getConstant(Up ? CR.getSignedMax().sext(64) : CR.getSignedMin().sext(64));
}

const SCEV *Bounder::bound(const SCEV *S, bool Up, unsigned D) {
  if (D > MaxDepth || !S->getType()->isIntegerTy() || S->getType()->getIntegerBitWidth() > 64)
    return nullptr;
  if (const SCEV *W = exactWide(S, D))
    return W;
  switch (S->getSCEVType()) {
  case scConstant:
    return SE.getSignExtendExpr(S, I64);
  case scUnknown:
    return boundUnknown(cast<SCEVUnknown>(S), Up, D);
  case scZeroExtend: {
    // the operand's value where it is non-negative, else any value of its
    // width read as unsigned (`zext (trunc n to i3)`: n mod 8)
    const SCEV *Op = cast<SCEVCastExpr>(S)->getOperand(0);
    if (atLeast(Op, 0, D))
      return bound(Op, Up, D + 1);
    unsigned W = Op->getType()->getIntegerBitWidth();
    return W <= 16 ? SE.getConstant(I64, Up ? (uint64_t(1) << W) - 1 : 0) : nullptr;
  }
  case scSignExtend:
    return bound(cast<SCEVCastExpr>(S)->getOperand(0), Up, D + 1);
  case scTruncate: {
    // the operand's value where it fits the narrower type, else any value
    // of that type
    const SCEV *Op = cast<SCEVCastExpr>(S)->getOperand(0);
    unsigned W = S->getType()->getIntegerBitWidth();
    if (fits(Op, W, D))
      return bound(Op, Up, D + 1);
    return W <= 16 ? SE.getConstant(
                         I64, Up ? (int64_t(1) << (W - 1)) - 1 : -(int64_t(1) << (W - 1)), true)
                   : nullptr;
  }
  case scAddExpr:
  case scMulExpr:
    return exact(S) ? boundArith(S, Up, D) : boundByRange(S, Up, D);
  case scAddRecExpr:
    return boundRecurrence(cast<SCEVAddRecExpr>(S), Up, D);
  case scSMaxExpr:
  case scSMinExpr:
  case scUMaxExpr:
  case scUMinExpr:
  case scSequentialUMinExpr:
    return boundMinMax(cast<SCEVNAryExpr>(S), Up, D);
  case scUDivExpr: {
    auto *Div = cast<SCEVUDivExpr>(S);
    const SCEV *L = Div->getLHS(), *R = Div->getRHS();
    if (!atLeast(L, 0, D) || !atLeast(R, 1, D))
      return nullptr;
    if (!Up)
      return zero();
    // a / b <= max(a_hi, 0) / max(b_lo, 1) for 0 <= a, 1 <= b
    const SCEV *LHi = bound(L, true, D + 1), *RLo = bound(R, false, D + 1);
    if (!LHi || !RLo)
      return nullptr;
    return SE.getUDivExpr(nonNegative(LHi), SE.getSMaxExpr(RLo, SE.getOne(I64)));
  }
  default:
    return nullptr;
  }
}

const SCEV *Bounder::boundArith(const SCEV *S, bool Up, unsigned D) {
  if (auto *M = dyn_cast<SCEVMulExpr>(S))
    return boundProduct(M, Up, D);
  SmallVector<const SCEV *, 4> Ops;
  for (const SCEV *Op : cast<SCEVAddExpr>(S)->operands()) {
    const SCEV *B = bound(Op, Up, D + 1);
    if (!B)
      return nullptr;
    Ops.push_back(B);
  }
  return sumOver(Ops, Up);
}

const SCEV *Bounder::sumOver(SmallVectorImpl<const SCEV *> &Ops, bool Up) {
  SCEVTypes K = Up ? scSMaxExpr : scSMinExpr;
  for (size_t I = 0; I < Ops.size(); ++I) {
    // c * max(a, b) with c >= 0 is max(c * a, c * b)
    const SCEV *Scale = nullptr, *Inner = Ops[I];
    if (auto *Prod = dyn_cast<SCEVMulExpr>(Ops[I]); Prod && Prod->getNumOperands() == 2)
      if (auto *C = dyn_cast<SCEVConstant>(Prod->getOperand(0)); C && !C->getAPInt().isNegative())
        Scale = C, Inner = Prod->getOperand(1);
    auto *M = dyn_cast<SCEVNAryExpr>(Inner);
    if (!M || M->getSCEVType() != K || M->getNumOperands() > 4)
      continue;
    SmallVector<const SCEV *, 4> Sums;
    for (const SCEV *Op : M->operands()) {
      SmallVector<const SCEV *, 4> With(Ops.begin(), Ops.end());
      With[I] = Scale ? SE.getMulExpr(Scale, Op) : Op;
      Sums.push_back(++Distributed <= 64 ? sumOver(With, Up) : SE.getAddExpr(With));
    }
    return Up ? SE.getSMaxExpr(Sums) : SE.getSMinExpr(Sums);
  }
  return SE.getAddExpr(Ops);
}

const SCEV *Bounder::boundByRange(const SCEV *S, bool Up, unsigned D) {
  const SCEV *L = boundArith(S, false, D), *U = boundArith(S, true, D);
  double A, B, C, E;
  double Half = std::ldexp(1.0, (int)S->getType()->getIntegerBitWidth() - 1);
  if (!L || !U || !interval(L, A, B) || !interval(U, C, E) || A < -Half || E >= Half)
    return nullptr;
  return Up ? U : L;
}

const SCEV *Bounder::boundProduct(const SCEVMulExpr *M, bool Up, unsigned D) {
  APInt C(64, 1);
  SmallVector<const SCEV *, 4> Factors;
  for (const SCEV *Op : M->operands()) {
    if (auto *K = dyn_cast<SCEVConstant>(Op))
      C *= K->getAPInt().sextOrTrunc(64);
    else
      Factors.push_back(Op);
  }
  const SCEV *CS = SE.getConstant(C);
  bool Positive = !C.isNegative();
  if (Factors.size() == 1) {
    const SCEV *B = bound(Factors[0], Positive == Up, D + 1);
    return B ? SE.getMulExpr(CS, B) : nullptr;
  }
  for (const SCEV *F : Factors)
    if (!atLeast(F, 0, D))
      return nullptr;
  if (Positive != Up)
    return zero();
  SmallVector<const SCEV *, 4> Ops{CS};
  for (const SCEV *F : Factors) {
    const SCEV *B = bound(F, true, D + 1);
    if (!B)
      return nullptr;
    Ops.push_back(nonNegative(B));
  }
  return SE.getMulExpr(Ops);
}

const SCEV *Bounder::boundRecurrence(const SCEVAddRecExpr *AR, bool Up, unsigned D) {
  if (!AR->isAffine())
    return nullptr;
  const SCEV *Start = AR->getStart(), *Step = AR->getStepRecurrence(SE);
  bool Rising = atLeast(Step, 0, D);
  if (!Rising && !SE.isKnownNonPositive(Step))
    return nullptr;
  // Where the narrow recurrence may wrap, the bounds hold only while no
  // step wraps: where its loop goes on only while it stays at most N - 1
  // and N - 1 plus a step stays in the type's range, or where both bounds
  // lie in that range.
  bool Exact = exact(AR) || (Rising && noWrapBelowExit(AR, Step, D));
  if (Rising != Up && Exact)
    return bound(Start, Up, D + 1);
  const SCEV *Far = lastValueBound(AR, Start, Step, Rising, D);
  const SCEV *Near = bound(Start, !Rising, D + 1);
  if (Exact || !Far || !Near)
    return Rising == Up ? Far : Near;
  double A, B, C, E;
  double Half = std::ldexp(1.0, (int)AR->getType()->getIntegerBitWidth() - 1);
  const SCEV *Lo = Rising ? Near : Far, *Hi = Rising ? Far : Near;
  if (!interval(Lo, A, B) || !interval(Hi, C, E) || A < -Half || E >= Half)
    return nullptr;
  return Up ? Hi : Lo;
}

const SCEV *Bounder::lastValueBound(const SCEVAddRecExpr *AR, const SCEV *Start, const SCEV *Step,
                                    bool Rising, unsigned D) {
  const SCEV *N = SE.getBackedgeTakenCount(AR->getLoop());
  if (isa<SCEVCouldNotCompute>(N))
    N = SE.getSymbolicMaxBackedgeTakenCount(AR->getLoop());
  // (Where the loop is not entered the count means nothing, and neither
  // does the bound: no access runs. Its divisions need their operands
  // non-negative only where the loop runs: GuardLoop.)
  if (!isa<SCEVCouldNotCompute>(N)) {
    const SCEV *SB = bound(Start, Rising, D + 1), *CB = bound(Step, Rising, D + 1);
    const Loop *Outer = GuardLoop;
    GuardLoop = AR->getLoop();
    const SCEV *NB = bound(N, true, D + 1);
    GuardLoop = Outer;
    if (SB && CB && NB) {
      SmallVector<const SCEV *, 2> Sum{SB, SE.getMulExpr(CB, NB)};
      return sumOver(Sum, Rising);
    }
  }
  return lastValueByCounter(AR, Start, Step, Rising, D);
}

const SCEV *Bounder::lastValueByCounter(const SCEVAddRecExpr *AR, const SCEV *Start,
                                        const SCEV *Step, bool Rising, unsigned D) {
  const SCEV *Top = nullptr;
  const SCEVAddRecExpr *A = pl_scev::cappedIV(SE, AR->getLoop(), Top);
  if (!A || A->getType() != AR->getType() ||
      !(exact(A) || noWrapBelowExit(A, A->getStepRecurrence(SE), D)))
    return nullptr;
  const SCEV *C = A->getStepRecurrence(SE);
  // Step = R * C: their constant factors' quotient over the same rest (a
  // byte offset's step 4 * blockDim.x over the counter's blockDim.x)
  APInt KS, KC;
  const SCEV *RS = splitFactor(Step, KS), *RC = splitFactor(C, KC);
  int64_t R = 0;
  if (RS == RC && !KC.isZero() && KS.srem(KC).isZero())
    R = KS.sdiv(KC).getSExtValue();
  if (!R || (R > 0) != Rising)
    return nullptr;
  const SCEV *RK = SE.getConstant(AR->getType(), R, /*isSigned=*/true);
  const SCEV *E = SE.getAddExpr(SE.getMinusSCEV(Start, SE.getMulExpr(RK, A->getStart())),
                                SE.getMulExpr(RK, Top));
  return bound(E, Rising, D + 1);
}

bool Bounder::noWrapBelowExit(const SCEVAddRecExpr *AR, const SCEV *Step, unsigned D) {
  bool Signed = true;
  const SCEV *Top = pl_scev::continueBound(SE, AR, Signed);
  const SCEV *TopHi = Top ? bound(Top, true, D + 1) : nullptr;
  const SCEV *StepHi = TopHi ? bound(Step, true, D + 1) : nullptr;
  double A, B;
  double Half = std::ldexp(1.0, (int)AR->getType()->getIntegerBitWidth() - 1);
  return StepHi && interval(SE.getAddExpr(TopHi, StepHi), A, B) && B < Half;
}

const SCEV *Bounder::capped(const SCEVNAryExpr *M) {
  if (M->getNumOperands() != 2)
    return nullptr;
  for (unsigned K = 0; K < 2; ++K) {
    const SCEV *IV = M->getOperand(K), *Top = M->getOperand(1 - K);
    auto *CI = dyn_cast<SCEVCastExpr>(IV), *CT = dyn_cast<SCEVCastExpr>(Top);
    if (CI && CT && CI->getSCEVType() == CT->getSCEVType() && CI->getSCEVType() != scTruncate)
      IV = CI->getOperand(0), Top = CT->getOperand(0);
    auto *AR = dyn_cast<SCEVAddRecExpr>(IV);
    bool Signed = true;
    if (AR && pl_scev::continueBound(SE, AR, Signed) == Top)
      return M->getOperand(K);
  }
  return nullptr;
}

const SCEV *Bounder::boundMinMax(const SCEVNAryExpr *M, bool Up, unsigned D) {
  SCEVTypes K = M->getSCEVType();
  if (K == scUMaxExpr || K == scUMinExpr || K == scSequentialUMinExpr)
    for (const SCEV *Op : M->operands())
      if (!atLeast(Op, 0, D))
        return nullptr;
  bool IsMax = K == scSMaxExpr || K == scUMaxExpr;
  if (K == scSequentialUMinExpr && !Up)
    return zero();
  if (!IsMax && !Up)
    if (const SCEV *IV = capped(M))
      return bound(IV, false, D + 1);
  bool NeedAll = IsMax == Up;
  SmallVector<const SCEV *, 4> Ops;
  for (const SCEV *Op : M->operands()) {
    const SCEV *B = bound(Op, Up, D + 1);
    if (B)
      Ops.push_back(B);
    else if (NeedAll)
      return nullptr;
  }
  if (Ops.empty())
    return nullptr;
  return IsMax ? SE.getSMaxExpr(Ops) : SE.getSMinExpr(Ops);
}
} // namespace pl_bound

namespace {
using pl_bound::Bounder;
/// An index's SCEV, where `zext nneg x` is max(x, 0) sign-extended: a
/// negative x makes it poison, and the address undefined (ScalarEvolution
/// drops the flag; `if (i > 0) s[i - 1]` gives one).
const SCEV *indexSCEV(ScalarEvolution &SE, Value *Idx, Type *Ty) {
  if (auto *Z = dyn_cast<ZExtInst>(Idx); Z && Z->hasNonNeg() && SE.isSCEVable(Z->getSrcTy())) {
    const SCEV *X = SE.getSCEV(Z->getOperand(0));
    return SE.getSignExtendExpr(SE.getSMaxExpr(X, SE.getZero(X->getType())), Ty);
  }
  return SE.getTruncateOrSignExtend(SE.getSCEV(Idx), Ty);
}

/// The byte offset of P from Base where P is Base through GEPs and casts,
/// as a 64-bit SCEV: each index's (indexSCEV) times its stride. Null where
/// P is not so.
const SCEV *gepOffset(ScalarEvolution &SE, const DataLayout &DL, Value *P, Value *Base,
                      unsigned Depth = 0) {
  Type *I64 = Type::getInt64Ty(P->getContext());
  if (P == Base)
    return SE.getZero(I64);
  if (Depth > 16)
    return nullptr;
  if (auto *Cast = dyn_cast<Operator>(P); Cast && (Cast->getOpcode() == Instruction::BitCast ||
                                                   Cast->getOpcode() == Instruction::AddrSpaceCast))
    return gepOffset(SE, DL, Cast->getOperand(0), Base, Depth + 1);
  auto *GEP = dyn_cast<GEPOperator>(P);
  const SCEV *Off = GEP ? gepOffset(SE, DL, GEP->getPointerOperand(), Base, Depth + 1) : nullptr;
  if (!Off)
    return nullptr;
  for (gep_type_iterator GTI = gep_type_begin(GEP), E = gep_type_end(GEP); GTI != E; ++GTI) {
    Value *Idx = GTI.getOperand();
    if (StructType *STy = GTI.getStructTypeOrNull()) {
      uint64_t At =
          DL.getStructLayout(STy)->getElementOffset(cast<ConstantInt>(Idx)->getZExtValue());
      Off = SE.getAddExpr(Off, SE.getConstant(I64, At));
      continue;
    }
    if (!Idx->getType()->isIntegerTy() || Idx->getType()->getIntegerBitWidth() > 64 ||
        !SE.isSCEVable(Idx->getType()))
      return nullptr;
    uint64_t Stride = DL.getTypeAllocSize(GTI.getIndexedType()).getFixedValue();
    Off = SE.getAddExpr(
        Off, SE.getMulExpr(SE.getConstant(I64, Stride), indexSCEV(SE, Idx, I64), SCEV::FlagNSW));
  }
  return Off;
}
} // namespace

int pl_scev_offset_symbolic_bound(pl_host *H, LLVMValueRef A, LLVMValueRef B, LLVMBasicBlockRef At,
                                  unsigned MaxThreads, int64_t *Lo, int64_t *HiLeast,
                                  LLVMValueRef InsertBefore, LLVMValueRef *Hi,
                                  LLVMValueRef *LeavesOk) {
  ScalarEvolution &SE = H->SE();
  const SCEV *SA, *SB;
  if (!unwrap(A)->getType()->isPointerTy() ||
      !pl_scev::comparable(SE, unwrap(A), unwrap(B), SA, SB))
    return 0;
  // through the GEPs where the address is the start through them (to read
  // `zext nneg` indices), else ScalarEvolution's difference
  const SCEV *Off = gepOffset(SE, SE.getDataLayout(), unwrap(A), unwrap(B));
  if (!Off || Off->getType() != SA->getType())
    Off = SE.getMinusSCEV(SA, SB);
  Off = pl_scev::guardedIVs(SE, Off);
  for (Loop *L = At ? H->LI().getLoopFor(unwrap(At)) : nullptr; L; L = L->getParentLoop())
    Off = SE.applyLoopGuards(Off, L);
  Bounder Bd(SE, H->LI(), H->F, MaxThreads);
  const SCEV *Upper = Bd.bound(Off, true), *Lower = Bd.bound(Off, false);
  if (!Upper || !Lower)
    return 0;
  double UpLo, UpHi;
  SCEVExpander Exp = pl_compat::expander(SE, H->F.getParent()->getDataLayout(), "pl.footprint");
  if (!Bd.interval(Upper, UpLo, UpHi) || !Exp.isSafeToExpand(Upper))
    return 0;
  double LoLo, LoHi;
  if (!Bd.interval(Lower, LoLo, LoHi))
    return 0;
  *Lo = (int64_t)LoLo;
  *HiLeast = (int64_t)UpLo;
  if (!InsertBefore)
    return 1;
  auto *IP = unwrap<Instruction>(InsertBefore);
  IRBuilder<> Bld(IP);
  // special registers read again before the loop, where the bound is
  // computed (the kernel may read them only inside it)
  ValueToSCEVMapTy Fresh;
  SmallVector<Value *, 8> Leaves;
  for (Value *V : Bd.Leaves) {
    auto *II = dyn_cast<IntrinsicInst>(V);
    if (II && II->getParent() != &H->F.getEntryBlock()) {
      Instruction *Again = Bld.Insert(II->clone(), "pl.footprint.sreg");
      Fresh[V] = SE.getUnknown(Again);
      V = Again;
    }
    Leaves.push_back(V);
  }
  Upper = SCEVParameterRewriter::rewrite(Upper, SE, Fresh);
  *Hi = wrap(Exp.expandCodeFor(Upper, Bd.I64, IP));
  Value *Ok = Bld.getTrue();
  for (Value *V : Leaves) {
    Value *W = Bld.CreateSExtOrTrunc(V, Bd.I64);
    Value *In = Bld.CreateICmpULE(W, Bld.getInt64(pl_bound::LeafLimit), "pl.footprint.leaf");
    Ok = Bld.CreateAnd(Ok, In);
  }
  *LeavesOk = wrap(Ok);
  return 1;
}
