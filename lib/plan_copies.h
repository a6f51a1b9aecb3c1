/*===- lib/plan_copies.h - the plan's decisions about copies (private) ----===*\
 *
 * FILE: lib/plan_copies.h
 * DESCRIPTION:
 *   The steps of pl_make_plan (plan.c) that live in plan_copies.c. Not for
 *   other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_COPIES_H
#define PL_PLAN_COPIES_H

#include "options.h"
#include "plan_types.h"
#include "reasons.h"

/** Copy widening: merges runs of adjacent copies of `c` into plan->copies
 * (8 or 16 bytes, both ends aligned), with their alignments. */
void pl_plan_widen(pl_host *host, const pl_candidate *c, pl_plan *plan);

/** The global loads the original loop issues per thread and iteration for
 * its copies (adjacent lanes of one load counted once), for the cost
 * model. */
unsigned pl_plan_source_loads(pl_host *host, const pl_candidate *c);

/** Chooses each plan copy's lowering under `opts` (and the loop's shape:
 * two slots for the register lowering), counting staged registers. Returns
 * 1, or 0 with the reason in `f` (UnsupportedTarget, a copy cp.async cannot
 * do under lowering=cp.async, CopyLoopLowering, TooManyStagedRegisters). */
int pl_plan_lowering(pl_host *host, const pl_candidate *c, const pl_options *opts, pl_plan *plan,
                     pl_fail *f);

/** Straight-line copies skipped on some iterations (legality accepted them:
 * pl_straight_skip_unfixable): counted into plan->straight_skips for the
 * rewrite's fix-ups, which move bytes within one thread's own copy from the
 * slot before, so each must be issued by cp.async (complete for its thread
 * after the wait; a register-lowered copy stores after the compute) into a
 * static, unpadded ring (the fix-up bounds its move by the tile's bytes).
 * Returns 1, or 0 with the reason in `f` (ConditionalCopy). */
int pl_plan_straight_skips(const pl_candidate *c, pl_plan *plan, pl_fail *f);

#endif /* PL_PLAN_COPIES_H */
