/*===- lib/plan_cache.h - the cache operator of each copy (private) ------===*\
 *
 * FILE: lib/plan_cache.h
 * DESCRIPTION:
 *   The step of pl_make_plan (plan_lowering.c) that lives in plan_cache.c.
 *   Not for other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_CACHE_H
#define PL_PLAN_CACHE_H

#include "plan_types.h"

/** The cache operator of each 16-byte cp.async copy of the ring plan
 * `plan` (pl_plan.l1_copies, nl1_copies): .ca, through L1, where the tiles
 * of two iterations share source bytes and the copy loads or reads some of
 * them, as a halo's rows are when tiles step by less than they span; .cg
 * elsewhere, which bypasses L1 (docs/design.md, "The cache operator").
 * Decided on a sample of the block (pl_scev_sample_offsets); nothing is
 * sampled without the block's shape (pl_cost_block_shape). It decides
 * nothing else, so it runs once, on the plan the loop takes. */
void pl_plan_cache_operator(pl_host *host, const pl_candidate *c, pl_plan *plan);

#endif /* PL_PLAN_CACHE_H */
