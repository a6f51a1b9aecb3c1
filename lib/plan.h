/*===- lib/plan.h - every decision the rewrite needs ---------------------===*\
 *
 * The plan stage turns a legal candidate into a pl_plan. It owns every
 * decision; the rewrite reads the plan and decides nothing.
 *   lowering  how each copy moves from global to shared memory (lowering.h):
 *             a cp.async (PTX ISA, "cp.async": sm_80 and newer, 4, 8 or
 *             16 bytes aligned to their size, the loaded bytes unchanged,
 *             zeros where a guard is false), else through registers (any
 *             target, size, alignment, conversion or fill). Under
 *             `lowering=auto` each copy gets cp.async where it can, so a
 *             loop on sm_80+ may mix the two; `lowering=cp.async` declines
 *             a loop with a copy cp.async cannot do, with that copy's
 *             reason; `lowering=registers` stages every copy
 *   shape     a lowering that stores after the compute (registers) needs
 *             two slots: the plan then makes S = 2 for the whole loop,
 *             and counts the registers a thread stages (declined above
 *             max-staged-regs)
 *   profit    whether a ring is worth it, and with how many stages: the
 *             cost model (cost.h), per target chip; `stages=N` forces N
 *             and `profitability=off` takes 3, without asking it; a loop
 *             with a register-staged copy keeps S = 2 and is not modelled
 *   stages    S from 2 to 8: the chosen count, lowered until the rings
 *             fit the static shared-memory budget (e) with every other
 *             static __shared__ array of the kernel; below 2, declined
 *   layout    per tile, one slot per stage, each slot the tile rounded up
 *             to its alignment: at least 16 bytes, so that every slot keeps
 *             the 16-byte alignment of 16-byte cp.async, more when the tile
 *             asks for it (wmma.load wants 32). Rows padded (layout.h):
 *             under `layout=auto` a tile whose WMMA reads conflict (rows
 *             a multiple of 32 bytes apart) gets 16 bytes after each row
 *             when every access can be rewritten, and the padding counts
 *             in the budget. Padding wins over stages: it is chosen
 *             whenever a padded ring of 2 stages fits, even where the
 *             unpadded ring would have fit 3 (a 4- to 8-way conflict slows
 *             every fragment read of every iteration; a third stage only
 *             hides more latency: the WMMA GEMM measured 3.40x padded
 *             against 1.37x unpadded, docs/results/log.md). `layout=padded` pads every tile that
 *             can be rewritten, `layout=unpadded` none
 *   widening  copies of one thread that are adjacent in both the source and
 *             the tile, under the same guard and predicate, merge into one
 *             8- or 16-byte copy when both ends are aligned to it (PTX ISA,
 *             "cp.async": cp-size 4, 8 or 16, addresses aligned to it):
 *             float4 lanes stored one by one, split vector guards
 *   trip      how the rewrite asks whether iteration j exists (trip.h)
 *   drain     every lowering's wait for all groups on the exit edge
 *             (cp.async.wait_group 0; nothing for registers); a barrier
 *             after it when the loop can run again or an access after the
 *             loop may conflict with the last iteration's compute, or when
 *             another loop still uses a tile, shares its ring, or a tile is
 *             copied back
 *   sharing   a later loop over the same tiles reuses an earlier loop's
 *             ring, grown where it needs more (share_ring); tiles another
 *             loop still uses stay, and count in the budget (tile_kept);
 *             stores the copies overwrite go with the last loop's tile
 *             (dead_stores); the copy-back argument puts the last slot
 *             back into a tile read after the loop (copy_back)
 *   entry     a barrier before the prologue of a sync-first loop, in place
 *             of iteration 0's removed top barrier
 *   alias     whether the loop needs a runtime alias check (alias_check.h):
 *             some store of it may write what a copy reads
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_H
#define PL_PLAN_H

#include "context.h"
#include "options.h"
#include "plan_types.h"
#include "reasons.h"

/** Fills `plan` for the legal loop of `x` (its candidate, options and
 * facts). Returns 1 when at least 2 stages fit and (unless stages are
 * forced or profitability is off) the cost model predicts a gain; else 0
 * with PL_R_BUDGET or PL_R_NOT_PROFITABLE (or a lowering's reason) in `f`.
 * Under `lowering=auto`, a ring the model declines because its cp.async
 * copies would split loads the loop issues whole is planned again with the
 * register lowering, which keeps them whole; that plan is taken when it
 * pays (split_copies, split_loads say why), else the decline names both;
 * and the register lowering is priced beside a cp.async ring the model
 * takes (it replaces the ring where predicted to gain more) or declines
 * (where predicted to gain PL_COST_REGISTERS_ALONE_PERMILLE on latency
 * alone); cp_async_gain keeps the ring's prediction. Changes no IR. The
 * caller releases the plan with pl_plan_free() in both cases. */
int pl_make_plan(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f);

/** The plan of pl_make_plan for the options of `x` as they are, with no
 * other lowering tried (plan.c; pl_make_plan, in plan_lowering.c, weighs
 * the lowerings with it). Same returns; the runtime check's comparison is
 * not chosen yet (pl_plan_alias_mode). */
int pl_plan_as_asked(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f);

/** Chooses how the runtime alias check of `plan`, a plan that pipelines,
 * compares (alias_check.h): per iteration where every access has a
 * window; asked only once the loop is to be pipelined, since the windows
 * cost compile time. Returns 1. */
int pl_plan_alias_mode(const pl_loop_ctx *x, pl_plan *plan);

/** The plan of the in-place shape (rewrite_in_place.h) for a loop that
 * legality found may take it, where `no_ring` says why it takes no ring
 * (copied into plan->no_ring for the remark): every copy register-lowered
 * as it is (no widening), the registers its distinct loads hold (declined
 * above max-staged-regs), a runtime alias check where a store may write a
 * source, the trip strategy, and the cost model's verdict on loading ahead
 * with the loop's own shared memory (cost.h, in_place). Returns 1, or 0
 * with the reason in `f`: for a loop the model declines, NotProfitable
 * naming the ring's reason and the model's figures. Changes no IR. */
int pl_make_in_place_plan(const pl_loop_ctx *x, const pl_fail *no_ring, pl_plan *plan, pl_fail *f);

/** Frees what `plan` owns and zeroes it. */
void pl_plan_free(pl_plan *plan);

/** How many iterations ahead of its compute the plan's pipelined loop
 * issues a copy: S - 1 for a ring of S stages (the copy of iteration
 * i + S - 1 is issued in iteration i, design.md "The schedule"), 1 in
 * place (the next iteration's loads after the first barrier). */
unsigned pl_plan_issue_ahead(const pl_plan *plan);

/** The byte offset of tile `t`'s ring from the start of dynamic shared
 * memory, for a plan whose ring `t` lies there (pl_ring_layout.dynamic):
 * the rings in dynamic shared memory lie one after another in tile order,
 * each at its alignment, S slots each. */
uint64_t pl_plan_dynamic_offset(const pl_plan *plan, size_t t);

/** The static bytes tile `t` of candidate `c` keeps for the loop as written
 * where the plan moved its ring into dynamic shared memory
 * (pl_plan.moved_tile_bytes nonzero): its own, rows padded as its ring's
 * (pl_layout_apply moves every access of the tile to those rows). */
uint64_t pl_plan_kept_tile_bytes(const pl_candidate *c, const pl_plan *plan, size_t t);

#endif /* PL_PLAN_H */
