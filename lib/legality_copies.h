/*===- lib/legality_copies.h - the copies' legality checks (private) -------===*\
 *
 * FILE: lib/legality_copies.h
 * DESCRIPTION:
 *   The checks legality.c runs in order that live in legality_copies.c.
 *   Each takes the loop's context and returns 1, or 0 with the reason in
 *   `f`. Not for other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_LEGALITY_COPIES_H
#define PL_LEGALITY_COPIES_H

#include "context.h"
#include "reasons.h"

/** (c) Every copy's source, destination, guard terms and predicate are
 * side-effect-free functions of induction variables and loop-invariant
 * values. */
int pl_check_addresses(const pl_loop_ctx *x, pl_fail *f);

/** A copy stage with loops: the same control flow on every iteration, and
 * no two iterations of a copy loop writing the same bytes. */
int pl_check_copy_loops(const pl_loop_ctx *x, pl_fail *f);

/** Where a loop around the tile loop runs it again (pl_loop_may_reenter):
 * every copy's predicate and destination, and every branch of the copy stage that
 * decides on values the same on every iteration (a copy loop's bound, a
 * condition around a copy loop), must be the same on every run too --
 * computed from nothing the outermost loop around it computes but the
 * copy loops' own counters. A bound read per row would have a narrower
 * row leave, in the tile, the last tile of the row before, which the
 * compute may read; a slot keeps whatever it last held. Returns 1, or 0
 * with ConditionalCopy, CopyDestinationVaries or CopyLoopVaries in `f`. A
 * ring's check. */
int pl_check_copies_every_run(const pl_loop_ctx *x, pl_fail *f);

/** The skip blocks of `c`'s copy stage: blocks of a copy loop that hold
 * copies only, run on some iterations of the tile loop and not on others
 * (a branch of the copy loop decides on a value that changes from one to
 * the next), and go straight to a block every iteration of the copy loop
 * runs -- `if (c) tile[i] = A[..];` with no else -- which
 * pl_check_copy_loops accepted because the rewrite fixes each skipped copy
 * up from the slot before (rewrite.h, "skipped copies"). Written to *out
 * (malloc'ed, the caller frees), their number returned. Call it only
 * after legality passed. */
size_t pl_skip_blocks(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef **out);

/** Nonzero when the conditional branch `t` of `c`'s copy stage decides on a
 * value that changes from one iteration of the tile loop to the next, and
 * not only whether copy loads run or which arm of split copies runs (those
 * are cloned for every iteration as guards). */
int pl_copy_branch_varies(const pl_candidate *c, LLVMValueRef t);

/** (a') The same bytes of a tile on every iteration; no two copies writing
 * the same bytes. */
int pl_check_destinations(const pl_loop_ctx *x, pl_fail *f);

#endif /* PL_LEGALITY_COPIES_H */
