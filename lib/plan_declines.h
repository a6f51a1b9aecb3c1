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

#endif /* PL_PLAN_DECLINES_H */
