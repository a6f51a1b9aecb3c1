//===- plugin/scev_sample.cpp - copies' source bytes on two iterations -----===//
//
// FILE: plugin/scev_sample.cpp
// DESCRIPTION:
//   Implements pl_scev_copies_reread (lib/host_scev.h): which copies read
//   again, on iteration 1 of a tile loop, bytes that the loop's copies read
//   on iteration 0. ScalarEvolution gives each source address as a function
//   of the loop's iteration, of the copy loop's and of the thread; this
//   file evaluates that function at sample values (every thread of one
//   block, every iteration of the copy loop) in exact modular arithmetic,
//   the width of each node as ScalarEvolution types it, without making new
//   SCEVs. A performance hint, not a proof: values the sample does not fix
//   (arguments, loaded sizes) take one value, PL_SAMPLE_VALUE.
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

#include <algorithm>
#include <optional>
#include <utility>
#include <vector>

using namespace llvm;

namespace {

/// What a value the sample does not enumerate takes: a size of the order
/// of a matrix's or an image's row, larger than any tile's row even in
/// bytes, so that rows apart in the source stay apart in the sample.
constexpr uint64_t PL_SAMPLE_VALUE = 65536;
/// The most addresses one question evaluates (threads times copy-loop
/// iterations, for each copy and each of two iterations of the loop).
constexpr size_t PL_SAMPLE_BUDGET = 1 << 16;

/// `V` as an integer of `W` bits, truncated where it does not fit.
APInt sampleInt(unsigned W, uint64_t V) { return APInt(64, V).zextOrTrunc(W); }

struct Sample {
  ScalarEvolution &SE;
  const Loop *L;               ///< the tile loop
  const Loop *Inner = nullptr; ///< the copy loop, if the address has one
  const unsigned *Block;       ///< the block's shape, x, y, z
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
      return Block[0];
    case Intrinsic::nvvm_read_ptx_sreg_ntid_y:
      return Block[1];
    case Intrinsic::nvvm_read_ptx_sreg_ntid_z:
      return Block[2];
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_ctaid_z:
      return 1;
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_x:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_y:
    case Intrinsic::nvvm_read_ptx_sreg_nctaid_z:
      return 64;
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
  /// freeze of a modelled value, or PL_SAMPLE_VALUE for an argument or a
  /// load, loop invariant, of an address no thread index reaches (a size
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
      return sampleInt(W, PL_SAMPLE_VALUE);
    if (auto *Ld = dyn_cast<LoadInst>(V))
      return invariantLoad(Ld, Ld->getPointerOperand(), W);
    return std::nullopt;
  }

  std::optional<APInt> invariantLoad(Instruction *I, Value *Ptr, unsigned W) const {
    if (!I->getType()->isIntegerTy() || !SE.isLoopInvariant(SE.getSCEV(I), L) ||
        !SE.isSCEVable(Ptr->getType()) || threadVarying(SE.getSCEV(Ptr)))
      return std::nullopt;
    return sampleInt(W, PL_SAMPLE_VALUE);
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

using Bytes = std::vector<std::pair<int64_t, int64_t>>; ///< [lo, end)

/// The bytes `Cp` (its address an offset `Off` from its pointer base)
/// reads on tile-loop iteration `Iter` over the block, appended to `Out`:
/// none where a condition it reads under is false at the sample (one it
/// cannot evaluate counts as true). False where the sample cannot
/// evaluate an address, or the budget runs out.
bool readBytes(Sample &Sm, const pl_sample_copy &Cp, const SCEV *Off, uint64_t Iter, size_t &Budget,
               Bytes &Out) {
  Sm.Iter = Iter;
  uint64_t Threads = uint64_t(Sm.Block[0]) * Sm.Block[1] * Sm.Block[2];
  for (uint64_t T = 0; T < Threads; ++T) {
    Sm.Tid[0] = T % Sm.Block[0];
    Sm.Tid[1] = T / Sm.Block[0] % Sm.Block[1];
    Sm.Tid[2] = T / Sm.Block[0] / Sm.Block[1];
    uint64_t Trips = 1;
    if (Sm.Inner) {
      Sm.InnerIter = 0;
      std::optional<APInt> BTC = Sm.eval(Sm.SE.getBackedgeTakenCount(Sm.Inner));
      if (!BTC || BTC->getActiveBits() > 20)
        return false;
      Trips = BTC->getZExtValue() + 1;
    }
    for (uint64_t K = 0; K < Trips; ++K) {
      if (!Budget--)
        return false;
      Sm.InnerIter = K;
      bool Reads = true;
      for (unsigned C = 0; C < Cp.nterms && Reads; ++C) {
        std::optional<bool> B = Sm.condition(unwrap(Cp.terms[C]));
        Reads = !B || *B != bool(Cp.negated[C]);
      }
      if (!Reads)
        continue;
      std::optional<APInt> X = Sm.eval(Off);
      if (!X)
        return false;
      int64_t Lo = X->sextOrTrunc(64).getSExtValue();
      Out.push_back({Lo, Lo + int64_t(Cp.size)});
    }
  }
  return true;
}

/// `B` sorted, with overlapping ranges merged.
Bytes merged(Bytes B) {
  std::sort(B.begin(), B.end());
  Bytes M;
  for (const auto &R : B)
    if (!M.empty() && R.first <= M.back().second)
      M.back().second = std::max(M.back().second, R.second);
    else
      M.push_back(R);
  return M;
}

/// Whether any range of `Of` meets one of `B` (sorted, merged).
bool meets(const Bytes &B, const Bytes &Of) {
  for (const auto &R : Of) {
    auto It = std::upper_bound(B.begin(), B.end(), std::make_pair(R.first, INT64_MAX));
    if ((It != B.begin() && std::prev(It)->second > R.first) ||
        (It != B.end() && It->first < R.second))
      return true;
  }
  return false;
}

} // namespace

int pl_scev_copies_reread(pl_host *H, pl_loop_ref LR, const pl_sample_copy *Copies, size_t N,
                          const unsigned Block[3], unsigned char *Out) {
  ScalarEvolution &SE = H->SE();
  const Loop *L = unwrapLoop(LR);
  std::fill(Out, Out + N, 0);
  if (!Block[0] || !Block[1] || !Block[2] || uint64_t(Block[0]) * Block[1] * Block[2] > 1024)
    return -1;
  size_t Budget = PL_SAMPLE_BUDGET;
  std::vector<const SCEV *> Base(N);
  std::vector<Bytes> First(N), Next(N);
  for (size_t K = 0; K < N; ++K) {
    Value *P = unwrap(Copies[K].ptr);
    if (auto *Cast = dyn_cast<AddrSpaceCastInst>(P))
      P = Cast->getPointerOperand();
    if (!SE.isSCEVable(P->getType()) || !P->getType()->isPointerTy())
      return -1;
    const SCEV *S = SE.getSCEV(P);
    Base[K] = SE.getPointerBase(S);
    const SCEV *Off = SE.removePointerBase(S);
    const Loop *Inner = nullptr;
    if (!innerLoop(Off, L, Inner))
      return -1;
    Sample Sm{SE, L, Inner, Block};
    if (!readBytes(Sm, Copies[K], Off, 0, Budget, First[K]) ||
        !readBytes(Sm, Copies[K], Off, 1, Budget, Next[K]))
      return -1;
  }
  // Per pointer base, every copy's bytes of iteration 0 and of iteration
  // 1: a copy is marked where its bytes of iteration 1 meet iteration 0's
  // (it reads again), or its bytes of iteration 0 meet iteration 1's (it
  // loads what the next tile reads again).
  int Marked = 0;
  std::vector<bool> Done(N);
  for (size_t K = 0; K < N; ++K) {
    if (Done[K])
      continue;
    Bytes Before, After;
    for (size_t J = K; J < N; ++J)
      if (Base[J] == Base[K]) {
        Before.insert(Before.end(), First[J].begin(), First[J].end());
        After.insert(After.end(), Next[J].begin(), Next[J].end());
      }
    Before = merged(std::move(Before));
    After = merged(std::move(After));
    for (size_t J = K; J < N; ++J)
      if (Base[J] == Base[K]) {
        Done[J] = true;
        Out[J] = meets(Before, Next[J]) || meets(After, First[J]);
        Marked += Out[J];
      }
  }
  return Marked;
}
