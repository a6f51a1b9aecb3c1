//===- plugin/scev_interval.h - a SCEV's bounds over a loop --------------===//
//
// FILE: plugin/scev_interval.h
// DESCRIPTION:
//   The least and the greatest value an address takes over every iteration
//   of a loop (and of the loops inside it), for addresses LoopAccessAnalysis
//   cannot bound because they are not an add-recurrence of the loop: an
//   index extended after it was stepped (`p + 4 * zext(i32 {s,+,d})`), a
//   clamp (`smin(row, H - 1)`), a copy loop's recurrence nested in the
//   tile loop's. Private to plugin/ (plugin/versioning.cpp).
//
//   The rule: interval arithmetic over the SCEV's tree in exact integers.
//   Each node's interval bounds one integer congruent, modulo 2^width, to
//   the node's value on every iteration; add, mul and trunc keep
//   congruence, so they need nothing more. Where an operation reads its
//   operand as signed (sext, smin, smax) or unsigned (zext, umin, umax,
//   udiv, the final address), the operand's interval must lie in that
//   reading's range: then the congruent integer is the value read. What
//   ScalarEvolution cannot prove of this becomes a condition tested at run
//   time, before the loop, beside the alias check's ranges; where it fails
//   the original loop runs. An add-recurrence {s,+,d} of a loop with
//   backedge-taken count N takes s + d*k, k in [0, N]: an affine function
//   of k, so its interval is that of s plus [min(0, d*N), max(0, d*N)].
//   The operands of a product and the varying operands of a sum are held
//   to [-2^62, 2^62] (a condition where not proven), invariants lie below
//   2^64 in magnitude, so 128-bit arithmetic on them never overflows.
//
//===----------------------------------------------------------------------===//
#ifndef PL_SCEV_INTERVAL_H
#define PL_SCEV_INTERVAL_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"

namespace pl_interval {

/// A condition the interval assumes, signed, in 128 bits: X <= Bound
/// (Upper) or X >= Bound.
struct Condition {
  const llvm::SCEV *X;
  llvm::APInt Bound;
  bool Upper;
};

/// The bytes [*Lo, *End) (64-bit integer SCEVs, loop invariant in L) that
/// an access of `Size` bytes at the address `Ptr` (a pointer SCEV) may
/// touch over every iteration of `L`, whose backedge-taken count is `BTC`,
/// and of the loops in L. Appends to `Conds` what it assumes and could not
/// prove (its X are 128-bit). False where a node is not covered
/// (a value that varies in L and is neither a recurrence nor a phi joining
/// paths in L, a division by a
/// non-constant, a non-affine recurrence, an inner loop whose count varies
/// with L's iterations); then `Conds` is left as it was.
bool addressInterval(llvm::ScalarEvolution &SE, const llvm::LoopInfo &LI, const llvm::Loop *L,
                     const llvm::SCEV *BTC, const llvm::SCEV *Ptr, uint64_t Size,
                     const llvm::SCEV *&Lo, const llvm::SCEV *&End,
                     llvm::SmallVectorImpl<Condition> &Conds);

/// The bytes an access touches on one iteration i of L, as [Lo + i*Step,
/// End + i*Step): 128-bit SCEVs invariant in L, Step the same for both
/// ends (zero for an access that does not move with L).
struct Window {
  const llvm::SCEV *Lo, *End, *Step;
};

/// The window of the access of `Size` bytes at `Ptr` over one iteration of
/// `L` (whose backedge-taken count `BTC` must be known), by the same
/// arithmetic with L's recurrences kept as functions of its iteration i:
/// every bound must come out affine in i with one step, and every
/// condition on one holds on [0, BTC] where it holds at both ends. False
/// otherwise (a clamp of the tile loop's row, a step that varies); then
/// `Conds` is left as it was.
bool addressWindow(llvm::ScalarEvolution &SE, const llvm::LoopInfo &LI, const llvm::Loop *L,
                   const llvm::SCEV *BTC, const llvm::SCEV *Ptr, uint64_t Size, Window &W,
                   llvm::SmallVectorImpl<Condition> &Conds);

} // namespace pl_interval

#endif // PL_SCEV_INTERVAL_H
