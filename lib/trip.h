/*===- lib/trip.h - the trip count at loop entry -------------------------===*\
 *
 * The rewrite must ask, in the preheader and in every iteration i, whether
 * iteration i+k exists (k < S), to zero-fill the copies of those that do
 * not. Two strategies, in order:
 *   scev   ScalarEvolution's backedge-taken count BTC, expanded once in the
 *          preheader (SCEVExpander): iteration j exists when j <= BTC.
 *   latch  the latch compare `iv pred bound` of a constant-step IV against
 *          a loop-invariant bound, evaluated in twice the IV's width so
 *          nothing wraps; used when SCEV gives up (it cannot use the
 *          increment's nsw in these loops: llvm.nvvm.barrier0 is not
 *          willreturn). Needs the increment's no-wrap flag of the compare's
 *          signedness (a wrap is then undefined in the source), and a step
 *          that moves the IV toward the bound, so that "exists" is monotonic.
 *   chain  the same latch compare where that does not hold (no no-wrap
 *          flag, as in `for (unsigned k = 0; k < K; k += 32)`; a step of
 *          unknown sign, as in `k += step`; an equality compare): iteration
 *          j+1 exists exactly when iteration j does and the compare holds
 *          at the end of j, evaluated in the IV's own wrapping arithmetic.
 *          So "iteration i+k exists", given that i does, is the AND of k
 *          compares; it costs S-1 compares per iteration instead of one,
 *          and needs no no-wrap fact, no direction and no versioning.
 * Legality asks whether one exists (NoTripCount otherwise); the plan records
 * it for the rewrite.
\*===----------------------------------------------------------------------===*/
#ifndef PL_TRIP_H
#define PL_TRIP_H

#include "candidate.h"
#include "reasons.h"

/** How the rewrite asks "does iteration j exist?" (j counted from 0). */
typedef struct pl_trip {
  int use_scev; /**< ScalarEvolution's backedge-taken count */
  /* Otherwise the latch compare: iteration j exists when
   * ext(iv(j - lag)) `pred` ext(bound), computed in twice the IV's width so
   * nothing wraps; monotonic in j because the step moves toward the bound. */
  LLVMIntPredicate pred; /**< relational, oriented "continue while" */
  size_t iv;             /**< index into pl_candidate.ivs */
  LLVMValueRef bound;    /**< loop-invariant */
  unsigned lag;          /**< 0: compares the incremented IV; 1: the phi */
  int is_signed;
  /** The chain strategy: iteration j+1 exists when j does and
   * iv(j + 1 - lag) `pred` bound, in the IV's own width. */
  int chain;
} pl_trip;

/** Nonzero when the trip count of `c` can be computed at loop entry under
 * `trip`: ScalarEvolution's backedge-taken count, or a monotone latch
 * compare (not the chain) over an IV of at most 32 bits, whose count
 * pl_rw_emit_btc (skeleton.h) computes in 64 bits. */
int pl_trip_count_known(const pl_candidate *c, const pl_trip *trip);

/** Finds the strategy for `c` and writes it to `trip`. Returns 1, or 0 with
 * PL_R_NO_TRIP_COUNT in `f`. Changes no IR. */
int pl_find_trip(pl_host *host, const pl_candidate *c, pl_trip *trip, pl_fail *f);

#endif /* PL_TRIP_H */
