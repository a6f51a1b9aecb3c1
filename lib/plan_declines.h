/*===- lib/plan_declines.h - the words of the cost model's declines ------===*\
 *
 * FILE: lib/plan_declines.h
 * DESCRIPTION:
 *   The missed remarks of loops the cost model declines (plan.c): each
 *   names the case of pl_cost_decide or pl_cost_decide_estimated that
 *   declined, with the model's figures. Private to the plan stage.
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_DECLINES_H
#define PL_PLAN_DECLINES_H

#include "plan_types.h"
#include "reasons.h"

/** Records in `f` why the model declined the ring of `plan` (its filled
 * cost figures): loads cp.async would split, a register count at which
 * the ring pays and another at which it does not, a tie, or latency
 * already covered (with the occupancy the ring would cost). Returns 0. */
int pl_plan_fail_not_profitable(const pl_plan *plan, pl_fail *f);

/** Records in `f` why the model declined the in-place shape of `plan`,
 * whose `no_ring` says why no ring serves, keeping the detail `f` already
 * holds (the model's figures). Returns 0. */
int pl_plan_fail_in_place(const pl_plan *plan, pl_fail *f);

/** Completes `f`, the decline of the cp.async ring of `plan` because its
 * copies would split the loop's loads, where the register lowering's plan
 * `alt`, tried instead, was declined too for `why`: appends "; nor does
 * the register lowering, which keeps them whole: WHY" (without repeating
 * "on sm_XY") and takes a detail from `why` (whose detail it may move;
 * the caller still clears `why`), or says why all copies would be staged
 * where the register lowering needs too many registers. */
void pl_plan_fail_split_both(const pl_plan *plan, const pl_plan *alt, pl_fail *why, pl_fail *f);

#endif /* PL_PLAN_DECLINES_H */
