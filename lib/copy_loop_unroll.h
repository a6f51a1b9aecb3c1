/*===- lib/copy_loop_unroll.h - copy loops unrolled for the register lowering ===*\
 *
 * FILE: lib/copy_loop_unroll.h
 * DESCRIPTION:
 *   A copy stage that is a loop can only be issued by cp.async (a loop of
 *   cp.async); the register lowering stages a fixed set of registers per
 *   copy. Where cp.async cannot serve (1- and 2-byte copies, converting
 *   copies, non-zero fills, targets before sm_80) and each copy loop runs
 *   at most a few times, the loop is unrolled completely: each copy of the
 *   unrolled body runs under the exit tests before it, a guarded straight
 *   copy the register lowering stages. The driver does it inside a
 *   transaction (txn.h) and keeps it only when the loop then takes a ring.
 *
 *   The bound on a copy loop's trips: ScalarEvolution's (a constant step
 *   and bound, `for (i = tid; i < 1156; i += 256)`: at most 5), or the
 *   tile's extent (`for (j = 0; j < d; ++j) tile[j * 128 + tid] = ...` into
 *   a 385-byte tile: at most 4), from a copy that runs on every iteration
 *   at an address inside the tile by `getelementptr inbounds`. An iteration
 *   past it would store outside the tile, which is undefined behaviour
 *   (LangRef, getelementptr: an inbounds address out of bounds is poison,
 *   and a store through it undefined), so no execution runs it.
\*===----------------------------------------------------------------------===*/
#ifndef PL_COPY_LOOP_UNROLL_H
#define PL_COPY_LOOP_UNROLL_H

#include "candidate.h"
#include "host.h"
#include "reasons.h"

/** The most trips copy loop `loop` of `c` can run, or 0 when nothing
 * bounds it: the least of ScalarEvolution's bound (pl_loop_max_trip_count)
 * and, for each copy in that loop whose store runs on every iteration (its
 * block, or for a copy clang split in two the block of its branch,
 * dominates the latch) into a static tile through a chain of inbounds
 * GEPs, the iterations whose store fits in the tile (pl_scev_rec_of: the
 * iterations whose offset stays in the tile). Sets *never when no
 * execution enters the loop: its latch is its only exiting block, and a
 * copy whose own store runs on every iteration (its block dominates the
 * latch: not a copy clang split in two, whose arms store under conditions
 * of their own) would store outside the tile on the first trip whatever
 * the loop's start, by that reading or by the least offset its GEP
 * indices' ranges give. Entering the loop would reach that store, which is
 * undefined behaviour (LangRef, getelementptr), so the branch into it
 * never goes that way: clang's runtime unroll of `for (j = 0; j < d; ++j)
 * t[ty + 8*j][tx] = ...` into a tile of 16 rows leaves a main loop of four
 * copies per trip, which only d >= 4 enters. Changes nothing. */
unsigned pl_copy_loop_trip_bound(pl_host *host, const pl_candidate *c, pl_loop_ref loop,
                                 int *never);

/** Nonzero when the stores of copies `a` and `b` carry the same mark of
 * pl_copy_loops_unroll: both come from the copy stage of a loop whose
 * copies, as written, passed every check that no two write the same bytes
 * (pl_check_destinations and the copy loops' own), so the unrolled copies,
 * the same stores on the same iterations, write distinct bytes too. */
int pl_copies_marked_disjoint(const pl_copy *a, const pl_copy *b);

/** Takes the marks of pl_copy_loops_unroll off every instruction of `fn`:
 * at the end of the transaction that made them, kept or rolled back. */
void pl_copy_marks_clear(LLVMValueRef fn);

/** Unrolls every loop of `c`'s copy stage completely to its bound
 * (pl_copy_loop_trip_bound, at most PL_MAX_UNROLLED_COPY_TRIPS, through
 * pl_loop_unroll_bounded), the most trips of one in *most_trips; a loop no
 * execution enters (pl_copy_loop_trip_bound's `never`) is removed instead: the
 * branch into it goes its other way, and blocks left unreachable are
 * deleted. Returns the number of loops unrolled; 0 with the reason in `why` when a loop has no
 * bound, a larger one, an inner loop of its own, or another shape the unroller refuses. `c`'s
 * copies must have passed legality's checks of their destinations: their stores (and the twins) are
 * marked first, one mark for the loop (pl_copies_marked_disjoint). The IR may have changed even
 * then: the caller holds a transaction (txn.h) and rolls it back. The analyses are stale after; `c`
 * is then stale too. */
unsigned pl_copy_loops_unroll(pl_host *host, const pl_candidate *c, unsigned *most_trips,
                              pl_fail *why);

/** At the cost model's choice, instead of pl_copy_loops_unroll: a ring
 * over unrolled copy loops measured slower than the loop as written
 * (boxu8, 0.963x on an H200, docs/performance.md, where the hand-written
 * register ring of the same loop ran 1.683x: each staged load selects its
 * address once per term of its guards and exit tests, which the model does
 * not price), so the default does not unroll them. Where they could be
 * unrolled (the bounds alone are computed, nothing is changed), the
 * decline `f` becomes NotProfitable and says so, and that
 * profitability=off or PL_STAGES(N) forces it; else its message goes on
 * with why they could not. */
void pl_fail_unroll_unpriced(pl_host *host, const pl_candidate *c, pl_fail *f);

/** The reason of a loop declined as written for its copy loop (`f`),
 * given why it was declined again with its copy loops unrolled
 * (`unrolled`; `loops` is pl_copy_loops_unroll's answer): where nothing was
 * unrolled, f's message goes on with why not; else `unrolled`'s reason,
 * "once the loops of its copy stage are unrolled ..., <why>; as written,
 * <f's message>". */
void pl_fail_unrolled(pl_fail *f, const pl_fail *unrolled, unsigned loops);

#endif /* PL_COPY_LOOP_UNROLL_H */
