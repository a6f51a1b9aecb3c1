//===- plugin/scev_bound.h - bounds of an offset by the launch's values --===//
//
// FILE: plugin/scev_bound.h
// DESCRIPTION:
//   The bounder of plugin/scev_bound.cpp (pl_scev_offset_symbolic_bound):
//   its rules for ScalarEvolution's expressions there, its ranges over the
//   leaves' range and the exact form of expressions of leaves alone in
//   plugin/scev_bound_range.cpp. Not part of the host interface.
//
//===----------------------------------------------------------------------===//
#ifndef PL_SCEV_BOUND_H
#define PL_SCEV_BOUND_H

#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ScalarEvolutionExpressions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/IntrinsicsNVPTX.h"

#include "pl_module_host.h"

#include <cstdint>

namespace pl_bound {
using namespace llvm;

/// The range [0, LeafLimit] each leaf must lie in at run time (the rewrite
/// checks it), and the magnitude the bound may not reach from such leaves:
/// below it no sum or product of the bound wraps in 64 bits.
constexpr int64_t LeafLimit = int64_t(1) << 20;
constexpr double BoundLimit = 4611686018427387904.0; // 2^62
constexpr unsigned MaxDepth = 32;

/// Upper and lower bounds of integer SCEVs over the values a kernel's
/// threads compute, as 64-bit SCEVs of the block's shared values (Leaves).
/// The bound of S is of the mathematical value S stands for: a narrower
/// expression counts only where it cannot wrap (no-signed-wrap, which the
/// program's own `nsw` gave it: wrapping there is poison, and an access
/// through the address undefined).
struct Bounder {
  ScalarEvolution &SE;
  LoopInfo &LI;
  Function &F;
  unsigned MaxThreads;
  Type *I64;
  SmallSetVector<Value *, 8> Leaves;
  SmallPtrSet<Value *, 8> Visiting; // phis whose incoming values are being bounded
  unsigned Distributed = 0;         // sums sumOver took inside a max or min
  const Loop *GuardLoop = nullptr;  // a loop whose exit value is being bounded

  Bounder(ScalarEvolution &SE, LoopInfo &LI, Function &F, unsigned MaxThreads)
      : SE(SE), LI(LI), F(F), MaxThreads(MaxThreads), I64(Type::getInt64Ty(F.getContext())) {}

  /// A value every thread of a block shares and the rewrite may read before
  /// the loop: an integer argument of the kernel, or a read of %ntid,
  /// %nctaid or %ctaid (read again there: the same value anywhere).
  bool sharedLeaf(Value *V) const {
    if (auto *A = dyn_cast<Argument>(V))
      return A->getParent() == &F && A->getType()->isIntegerTy() &&
             A->getType()->getIntegerBitWidth() <= 64;
    auto *II = dyn_cast<IntrinsicInst>(V);
    return II && II->getFunction() == &F && pl_sreg_block_uniform(II->getIntrinsicID());
  }

  /// A bit operation of non-negative operands bounded by constants: at
  /// least 0 and below the next power of two of the larger bound (xor,
  /// or) or at most the smaller bound (and). Else null.
  const SCEV *boundBits(const BinaryOperator *BO, bool Up, unsigned D);

  /// The kernel's read of the block size along the axis of the thread
  /// index Tid (tid.x < ntid.x), or null where it reads none.
  Value *blockSizeOf(const IntrinsicInst *Tid);

  /// The range of leaf V where the bound holds: [0, LeafLimit], and for
  /// %ntid [1, the launch bounds' threads or the register's own limit].
  void leafRange(const Value *V, double &Lo, double &Hi) const;

  /// The interval [Lo, Hi] the 64-bit bound S (of leaves and constants)
  /// may take when each leaf lies in its range (leafRange); false where S
  /// holds what this does not size or may reach BoundLimit, where 64-bit
  /// arithmetic could wrap.
  bool interval(const SCEV *S, double &Lo, double &Hi, unsigned D = 0) const;

  /// Whether S is at least `Least` wherever the bound holds: by
  /// ScalarEvolution, or by its lower bound over the leaves' range.
  bool atLeast(const SCEV *S, double Least, unsigned D);

  /// Whether S, narrower than 64 bits, stays within its signed range
  /// wherever the bound holds, so that truncating to its width changes
  /// nothing.
  bool fits(const SCEV *S, unsigned Bits, unsigned D);

  const SCEV *zero() { return SE.getZero(I64); }
  const SCEV *nonNegative(const SCEV *S) { return SE.getSMaxExpr(S, zero()); }

  /// Whether the narrow expression S computes its mathematical value.
  static bool exact(const SCEV *S) {
    if (S->getType()->getIntegerBitWidth() == 64)
      return true;
    auto *N = dyn_cast<SCEVNAryExpr>(S);
    return N && N->hasNoSignedWrap();
  }

  /// A value ScalarEvolution does not look into: a thread index (at most
  /// the launch bounds' threads less one), a value the block shares (a
  /// leaf), a phi, or what ValueTracking bounds.
  const SCEV *boundUnknown(const SCEVUnknown *S, bool Up, unsigned D);

  /// Whether the 64-bit W, the value of a narrower expression of `Bits`
  /// bits, stays in that width's signed range over the leaves' range.
  bool inWidth(const SCEV *W, unsigned Bits) const;

  bool nonNegativeWide(const SCEV *W) const;

  /// S itself, as a 64-bit expression of its mathematical value, where it
  /// is made of leaves and constants alone and none of its narrow
  /// operations wraps over the leaves' range: an exact bound either way,
  /// whose terms cancel against others' (a loop unrolled by 8 at run time
  /// leaves 8 * (d / 8) iterations to the main loop and d mod 8 to the
  /// remainder, which together are d). Else null.
  const SCEV *exactWide(const SCEV *S, unsigned D);

  /// a /u b for exactWide: where a is a sum of multiples of the constant
  /// b, the sum of their quotients (exact; `(8 * (d / 8) - 8) / 8` is d / 8
  /// - 1), else the quotient itself. a must be non-negative: over the
  /// leaves' range, or under the entry conditions of GuardLoop, the loop
  /// whose exit value is being bounded (the value means something only
  /// where that loop ran).
  const SCEV *exactQuotient(const SCEVUDivExpr *Div, unsigned D);

  /// The upper (Up) or lower bound of S, or null.
  const SCEV *bound(const SCEV *S, bool Up, unsigned D = 0);

  /// A sum or product, as the mathematical value its operands' bounds
  /// give.
  const SCEV *boundArith(const SCEV *S, bool Up, unsigned D);

  /// The sum of Ops, with a sum over a max (upper bounds) or a min (lower
  /// ones) taken inside it, a + max(b, c) = max(a + b, a + c), so that
  /// terms of a and b may cancel; at most 64 sums an address.
  const SCEV *sumOver(SmallVectorImpl<const SCEV *> &Ops, bool Up);

  /// A narrow sum or product that may wrap (`unsigned`
  /// arithmetic): its mathematical value lies between the bounds
  /// boundArith gives; where both lie within the type's signed range over
  /// the leaves' range, no value of it wraps, and they bound it.
  const SCEV *boundByRange(const SCEV *S, bool Up, unsigned D);

  /// C * F1 * ... * Fn: with one factor, C times its bound on the side C's
  /// sign picks; with several, each known non-negative, the product of
  /// their upper bounds (or 0 on the other side).
  const SCEV *boundProduct(const SCEVMulExpr *M, bool Up, unsigned D);

  /// {S,+,C}<L>, whose value on iteration k <= the backedge-taken count N is
  /// S + C * k: with C >= 0, at least S and at most S + C * N; with C <= 0
  /// the reverse.
  const SCEV *boundRecurrence(const SCEVAddRecExpr *AR, bool Up, unsigned D);

  /// The bound of {Start,+,Step} on the side its last value lies (upper
  /// where Rising): Start + Step * N, N the backedge-taken count where the
  /// loop is entered, under the conditions guarding its entry (a loop
  /// unrolled by 8 counts (n / 8 * 8 - 8) / 8, entered only where n >= 8).
  const SCEV *lastValueBound(const SCEVAddRecExpr *AR, const SCEV *Start, const SCEV *Step,
                             bool Rising, unsigned D);

  /// Where the count has no bound (a block-stride loop `for (i = tid; i <
  /// n; i += blockDim.x)` counts (n - 1 - tid) / blockDim.x, which falls as
  /// tid grows): through the loop's counter A = {S0,+,C}, capped at its
  /// exit bound Top (pl_scev::cappedIV) without wrapping, where AR's step
  /// is r * C for a constant r: AR = (Start - r * S0) + r * A, at most (r >
  /// 0) or at least (r < 0) (Start - r * S0) + r * Top (`s[n - 1 - i]`
  /// reaches down to 0).
  const SCEV *lastValueByCounter(const SCEVAddRecExpr *AR, const SCEV *Start, const SCEV *Step,
                                 bool Rising, unsigned D);

  /// Whether every value of the rising AR is at most an N - 1
  /// (pl_scev::continueBound) from which one more step cannot leave the
  /// type's signed range: then no step wraps, and each value is at least
  /// the start.
  bool noWrapBelowExit(const SCEVAddRecExpr *AR, const SCEV *Step, unsigned D);

  /// Of min(it, N - 1) as pl_scev::guardedIVs writes it (the operands
  /// perhaps extended alike), `it`: every value it takes is at most N - 1,
  /// so the min is `it`. Else null.
  const SCEV *capped(const SCEVNAryExpr *M);

  /// max(a, b) lies between the largest lower bound and the largest upper
  /// bound; min(a, b) between the smallest of each. Where one operand has
  /// no bound, a max still has a lower one and a min an upper one. Unsigned
  /// forms are their signed ones where every operand is non-negative
  /// (umin_seq, which is 0 or umin, too).
  const SCEV *boundMinMax(const SCEVNAryExpr *M, bool Up, unsigned D);
};
} // namespace pl_bound

#endif // PL_SCEV_BOUND_H
