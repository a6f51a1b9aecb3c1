/*===- lib/plan_tiles.h - what becomes of each tile (private) ------------===*\
 *
 * FILE: lib/plan_tiles.h
 * DESCRIPTION:
 *   The steps of pl_make_plan (plan.c) that live in plan_tiles.c: which
 *   tiles outlive the rewrite, which rings reuse an earlier loop's, and
 *   what the rewrite owes the reads of a tile after the loop. Not for
 *   other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_TILES_H
#define PL_PLAN_TILES_H

#include "context.h"
#include "plan_types.h"
#include "reasons.h"

/** What the rewrite owes each tile's reads outside the loop, from the
 * verdict legality read (pl_facts_tile): plan->copy_back, plan->last_slot,
 * plan->end_on_slot0, and plan->slot0_barrier where a thread may use a
 * slot-0 tile before the loop (a read before an entry, or a tile not
 * pl_tile_fresh_at_entry): the prologue may fill slot 0, where the loop
 * has fewer than S trips, ahead of the barriers that ordered the
 * original's copies after such a use, so a barrier must precede it
 * (plan->entry_barrier). Legality passed, so it cannot fail. */
void pl_plan_reads_after(const pl_loop_ctx *x, pl_plan *plan);

/** Tiles that outlive the rewrite (plan->tile_kept, kept_tile_bytes) and
 * the stores that die with the others (plan->dead_stores); after
 * pl_plan_reads_after. */
void pl_plan_outliving_tiles(const pl_candidate *c, pl_plan *plan);

/** Rings that reuse an earlier loop's storage (plan->share_ring,
 * shared_reuse). Returns 1, or 0 with TileOutsideLoop in `f` where such a
 * tile is also read after the loop: the ring would end on slot 0 of
 * another loop's storage, a combination not built. */
int pl_plan_sharing(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f);

#endif /* PL_PLAN_TILES_H */
