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

/** (a') The same bytes of a tile on every iteration; no two copies writing
 * the same bytes. */
int pl_check_destinations(const pl_loop_ctx *x, pl_fail *f);

#endif /* PL_LEGALITY_COPIES_H */
