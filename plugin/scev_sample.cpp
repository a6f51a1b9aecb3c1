//===- plugin/scev_sample.cpp - a copy's source offsets at a sample -------===//
//
// FILE: plugin/scev_sample.cpp
// DESCRIPTION:
//   Implements pl_scev_sample_offsets (lib/host_scev.h): the offsets from
//   its pointer base at which a copy reads its source on one iteration of
//   a tile loop. ScalarEvolution gives the address as a function of the
//   loop's iteration, of the copy loop's and of the thread; this file
//   evaluates that function at the sample lib/ hands it (every thread of
//   one block, every iteration of the copy loop, one value for arguments
//   and loaded sizes) in exact modular arithmetic, the width of each node
//   as ScalarEvolution types it, without making new SCEVs. What the
//   offsets mean, and the sample's values, are lib/plan_cache.c's.
//
//===----------------------------------------------------------------------===//
#include "../lib/host_scev.h"
#include "pl_module_host.h"

#include "llvm/ADT/APInt.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

#include <optional>

using namespace llvm;

namespace {

/// `V` as an integer of `W` bits, truncated where it does not fit.
APInt sampleInt(unsigned W, uint64_t V) { return APInt(64, V).zextOrTrunc(W); }

struct Sample {
  ScalarEvolution &SE;
  const Loop *L;               ///< the tile loop
  const Loop *Inner = nullptr; ///< the copy loop, if the address has one
  const pl_sample_env &Env;    ///< the block's shape and the fixed values
  uint64_t Tid[3] = {0, 0, 0}, Iter = 0, InnerIter = 0;

  /// The value of special register `ID` in the sample, or none for a
  /// register it does not fix (the lane, the warp).
  std::optional<uint64_t> sreg(Intrinsic::ID ID) const {
    switch (ID) {
    case Intrinsic::nvvm_read_ptx_sreg_tid_x:
      return Tid[0];
    case Intrinsic::nvvm_read_ptx_sreg_tid_y:
      return Tid[1];
    case Intrinsic::nvvm_read_ptx_sreg_tid_z:
      return Tid[2];
    case Intrinsic::nvvm_read_ptx_sreg_ntid_x:
      return Env.block[0];
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
      return Env.block[1];
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
      return Env.block[2];
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
      return Env.ctaid;
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return Env.nctaid;
    default:
      return std::nullopt;
    }
  }

  /// Whether `S` reads the thread's index or lane (so a value loaded
  /// through it differs from thread to thread).
  static bool threadVarying(const SCEV *S) {
    return SCEVExprContains(S, [](const SCEV *X) {
      const auto *U = dyn_cast<SCEVUnknown>(X);
      const auto *I = U ? dyn_cast<IntrinsicInst>(U->getValue()) : nullptr;
      return I && !pl_sreg_block_uniform(I->getIntrinsicID());
    });
  }

  /// A value ScalarEvolution does not model: a special register, a
  /// freeze of a modelled value, or the sample's `unknown` for an argument
  /// or a load, loop invariant, of an address no thread index reaches (a size
  /// kept in memory). Anything else (a call, inline asm, a phi or select
  /// that may differ between threads) stops the sample.
  std::optional<APInt> unknown(Value *V, unsigned W) const {
    if (auto *I = dyn_cast<IntrinsicInst>(V)) {
      std::optional<uint64_t> R = sreg(I->getIntrinsicID());
      if (R)
        return sampleInt(W, *R);
      // __ldg of an integer in LLVM 19 (LLVM 22 writes it as a load)
      if (!I->getCalledFunction()->getName().starts_with("llvm.nvvm.ldg.global.i"))
        return std::nullopt;
      return invariantLoad(I, I->getArgOperand(0), W);
    }
    if (auto *F = dyn_cast<FreezeInst>(V))
      return SE.isSCEVable(F->getOperand(0)->getType()) ? eval(SE.getSCEV(F->getOperand(0)))
                                                        : std::nullopt;
    if (isa<Argument>(V) && V->getType()->isIntegerTy())
      return sampleInt(W, Env.unknown);
    if (auto *Ld = dyn_cast<LoadInst>(V))
      return invariantLoad(Ld, Ld->getPointerOperand(), W);
    return std::nullopt;
  }

  std::optional<APInt> invariantLoad(Instruction *I, Value *Ptr, unsigned W) const {
    if (!I->getType()->isIntegerTy() || !SE.isLoopInvariant(SE.getSCEV(I), L) ||
        !SE.isSCEVable(Ptr->getType()) || threadVarying(SE.getSCEV(Ptr)))
      return std::nullopt;
    return sampleInt(W, Env.unknown);
  }

  /// The i1 `V` at the sample: an integer compare of two values it
  /// evaluates; none where it cannot.
  std::optional<bool> condition(Value *V) const {
    auto *Cmp = dyn_cast<ICmpInst>(V);
    if (!Cmp || !SE.isSCEVable(Cmp->getOperand(0)->getType()) ||
        !Cmp->getOperand(0)->getType()->isIntegerTy())
      return std::nullopt;
    std::optional<APInt> A = eval(SE.getSCEV(Cmp->getOperand(0))),
                         B = eval(SE.getSCEV(Cmp->getOperand(1)));
    if (!A || !B)
      return std::nullopt;
    return ICmpInst::compare(*A, *B, Cmp->getPredicate());
  }

  std::optional<APInt> eval(const SCEV *S) const {
    unsigned W = SE.getTypeSizeInBits(S->getType());
    if (const auto *C = dyn_cast<SCEVConstant>(S))
      return C->getAPInt();
    if (const auto *U = dyn_cast<SCEVUnknown>(S))
      return unknown(U->getValue(), W);
    if (const auto *C = dyn_cast<SCEVCastExpr>(S)) {
      std::optional<APInt> X = eval(C->getOperand(0));
      if (!X)
        return std::nullopt;
      switch (S->getSCEVType()) {
      case scTruncate:
        return X->trunc(W);
      case scZeroExtend:
        return X->zext(W);
      case scSignExtend:
        return X->sext(W);
      default:
        return std::nullopt;
      }
    }
    if (const auto *D = dyn_cast<SCEVUDivExpr>(S)) {
      std::optional<APInt> A = eval(D->getLHS()), B = eval(D->getRHS());
      if (!A || !B || B->isZero())
        return std::nullopt;
      return A->udiv(*B);
    }
    if (const auto *R = dyn_cast<SCEVAddRecExpr>(S))
      return recurrence(R);
    if (const auto *N = dyn_cast<SCEVNAryExpr>(S)) {
      std::optional<APInt> Acc;
      for (const SCEV *Op : N->operands()) {
        std::optional<APInt> X = eval(Op);
        if (!X)
          return std::nullopt;
        Acc = Acc ? combine(S->getSCEVType(), *Acc, *X) : X;
        if (!Acc)
          return std::nullopt;
      }
      return Acc;
    }
    return std::nullopt;
  }

  static std::optional<APInt> combine(SCEVTypes T, const APInt &A, const APInt &B) {
    switch (T) {
    case scAddExpr:
      return A + B;
    case scMulExpr:
      return A * B;
    case scSMaxExpr:
      return A.sge(B) ? A : B;
    case scUMaxExpr:
      return A.uge(B) ? A : B;
    case scSMinExpr:
      return A.sle(B) ? A : B;
    case scUMinExpr:
    case scSequentialUMinExpr:
      return A.ule(B) ? A : B;
    default:
      return std::nullopt;
    }
  }

  /// {start,+,step} at the sample's iteration of its loop: the tile
  /// loop's `Iter`, the copy loop's `InnerIter`, 0 for a loop around both.
  std::optional<APInt> recurrence(const SCEVAddRecExpr *R) const {
    if (!R->isAffine())
      return std::nullopt;
    const Loop *RL = R->getLoop();
    uint64_t K = RL == L ? Iter : RL == Inner ? InnerIter : 0;
    if (RL != L && RL != Inner && !RL->contains(L))
      return std::nullopt; // a loop beside the tile loop's copy loop
    std::optional<APInt> A = eval(R->getStart()), D = eval(R->getStepRecurrence(SE));
    if (!A || !D)
      return std::nullopt;
    return *A + *D * sampleInt(A->getBitWidth(), K);
  }
};

/// The one loop inside `L` that `S`'s recurrences run over (the copy
/// loop) into *Inner; false where there are two.
bool innerLoop(const SCEV *S, const Loop *L, const Loop *&Inner) {
  bool Ok = true;
  SCEVExprContains(S, [&](const SCEV *X) {
    if (const auto *R = dyn_cast<SCEVAddRecExpr>(X)) {
      const Loop *RL = R->getLoop();
      if (RL != L && L->contains(RL)) {
        if (Inner && Inner != RL)
          Ok = false;
        Inner = RL;
      }
    }
    return false;
  });
  return Ok;
}

/// The offsets `Off` takes on tile-loop iteration `Iter` over the block,
/// into `Out` (room for `Cap`): none where a condition of `Rd` is false at
/// the sample (one it cannot evaluate counts as true). How many, or -1
/// where the sample cannot evaluate an offset or visits more than `Cap`
/// pairs of a thread and a copy-loop iteration.
long sampleOffsets(Sample &Sm, const pl_sample_read &Rd, const SCEV *Off, uint64_t Iter,
                   int64_t *Out, size_t Cap) {
  Sm.Iter = Iter;
  const unsigned *Block = Sm.Env.block;
  uint64_t Threads = uint64_t(Block[0]) * Block[1] * Block[2];
  size_t N = 0, Seen = 0;
  for (uint64_t T = 0; T < Threads; ++T) {
    Sm.Tid[0] = T % Block[0];
    Sm.Tid[1] = T / Block[0] % Block[1];
    Sm.Tid[2] = T / Block[0] / Block[1];
    uint64_t Trips = 1;
    if (Sm.Inner) {
      Sm.InnerIter = 0;
      std::optional<APInt> BTC = Sm.eval(Sm.SE.getBackedgeTakenCount(Sm.Inner));
      if (!BTC || BTC->getActiveBits() > 20)
        return -1;
      Trips = BTC->getZExtValue() + 1;
    }
    for (uint64_t K = 0; K < Trips; ++K) {
      if (Seen++ == Cap)
        return -1;
      Sm.InnerIter = K;
      bool Reads = true;
      for (unsigned C = 0; C < Rd.nterms && Reads; ++C) {
        std::optional<bool> B = Sm.condition(unwrap(Rd.terms[C]));
        Reads = !B || *B != bool(Rd.negated[C]);
      }
      if (!Reads)
        continue;
      std::optional<APInt> X = Sm.eval(Off);
      if (!X)
        return -1;
      Out[N++] = X->sextOrTrunc(64).getSExtValue();
    }
  }
  return long(N);
}

} // namespace

long pl_scev_sample_offsets(pl_host *H, pl_loop_ref LR, const pl_sample_read *Rd, uint64_t Iter,
                            const pl_sample_env *Env, int64_t *Out, size_t Cap,
                            LLVMValueRef *Base) {
  ScalarEvolution &SE = H->SE();
  const Loop *L = unwrapLoop(LR);
  *Base = nullptr;
  const unsigned *B = Env->block;
  if (!B[0] || !B[1] || !B[2] || uint64_t(B[0]) * B[1] * B[2] > 1024)
    return -1;
  Value *P = unwrap(Rd->ptr);
  if (auto *Cast = dyn_cast<AddrSpaceCastInst>(P))
    P = Cast->getPointerOperand();
  if (!SE.isSCEVable(P->getType()) || !P->getType()->isPointerTy())
    return -1;
  const SCEV *S = SE.getSCEV(P);
  const auto *PB = dyn_cast<SCEVUnknown>(SE.getPointerBase(S));
  const SCEV *Off = SE.removePointerBase(S);
  const Loop *Inner = nullptr;
  if (!PB || !innerLoop(Off, L, Inner))
    return -1;
  Sample Sm{SE, L, Inner, *Env};
  long N = sampleOffsets(Sm, *Rd, Off, Iter, Out, Cap);
  if (N >= 0)
    *Base = wrap(PB->getValue());
  return N;
}
