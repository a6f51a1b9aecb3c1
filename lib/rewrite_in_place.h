/*===- lib/rewrite_in_place.h - loads one iteration ahead, tiles kept ----===*\
 *
 * The in-place shape (legality.h; docs/design.md, "In place"): the loop
 * keeps its tiles, both barriers and every store into a tile where it
 * was; only the copies' global loads move, one iteration early, into
 * registers -- the classic register prefetch, which needs no shared memory
 * beyond the loop's own and so serves tiles of dynamic shared memory and
 * loops whose ring would not fit:
 *
 *   prologue  in the preheader, iteration 0's loads
 *   steady    iteration i, after its kept barrier (which orders every
 *             thread's stores of iteration i before it): iteration i+1's
 *             loads, so their latency passes during the compute of i;
 *             where iteration i+1 does not exist or a load's guard or
 *             predicate is false there, the load reads a zero constant of
 *             our own (pl_lowering_zeros) instead of the source
 *   carried   a header phi per load holds iteration i's loaded value; the
 *             original load's uses -- the copies' stores, a conversion, a
 *             guard's phi -- read the phi instead, and the load goes
 *
 * Every store into a tile runs where and when it ran, with the value the
 * original loaded: legality proved that nothing in the loop or before it
 * writes the sources (or a runtime alias check versions the loop), so a
 * value loaded one iteration early is the value the original loaded. No
 * barrier moves, no wait is added, nothing is drained on exit.
 *
 * Sources: PTX ISA, "bar.sync" (the barrier orders shared-memory accesses
 * among the CTA's threads, not global loads, which move freely across it
 * when nothing writes their memory).
\*===----------------------------------------------------------------------===*/
#ifndef PL_REWRITE_IN_PLACE_H
#define PL_REWRITE_IN_PLACE_H

#include "candidate.h"
#include "plan_types.h"

/** Rewrites the loop of `c` in the in-place shape for `plan` (plan->in_place,
 * made by pl_make_in_place_plan); a preheader exists (and any runtime alias
 * check has versioned the loop, leaving `c` the fast version). Decides
 * nothing and cannot fail. Returns the number of loads it emitted. */
unsigned pl_rewrite_in_place(pl_host *host, const pl_candidate *c, const pl_plan *plan);

#endif /* PL_REWRITE_IN_PLACE_H */
