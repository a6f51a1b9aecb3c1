/*===- lib/copy_skips.h - copies a copy loop skips (private) -------------===*\
 *
 * FILE: lib/copy_skips.h
 * DESCRIPTION:
 *   What legality asks about the copies a copy loop, or a straight-line
 *   copy's predicate, skips on some iterations of the tile loop
 *   (copy_skips.c). Not for other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_COPY_SKIPS_H
#define PL_COPY_SKIPS_H

#include "candidate.h"

/** The copy loop a branch `t` of `c`'s copy stage lies in when both its
 * ways stay in that loop and neither starts it again (a branch that can
 * only skip work of the loop's iteration), else NULL. */
pl_loop_ref pl_skip_loop(pl_host *host, const pl_candidate *c, LLVMValueRef t);

/** The block a skip block `a` of copy loop `l` rejoins, or NULL when `a`
 * is none: `a` holds copies (no split or predicated one) and nothing else
 * that touches memory but their loads, runs on some iterations of `l`
 * only, and goes straight to one block of `l` -- not its header, with no
 * phis -- that every iteration of `l` runs. */
LLVMBasicBlockRef pl_skip_join(pl_host *host, const pl_candidate *c, pl_loop_ref l,
                               LLVMBasicBlockRef a);

/** Why the copies of copy loop `l` (which has a branch on a value that
 * changes from one iteration of the tile loop to the next) cannot have
 * their skips fixed up from the slot before (rewrite.h, "skipped
 * copies"), as words for a remark, or NULL when they can (the rules:
 * copy_skips.c). */
const char *pl_skips_unfixable(pl_host *host, const pl_candidate *c, pl_loop_ref l);

/** Why the straight-line copy `cp` (no copy loop), whose predicate changes
 * from one iteration of the tile loop to the next (`if (tid < n - k0)
 * tile[tid] = A[..]`, no else), cannot have its skips fixed up from the
 * slot before, as words for a remark, or NULL when it can: the copy stage
 * has no loops, `cp` is the only copy into its tile and is not split, its
 * destination reads as digits of its indices, bounded before the loop where
 * no term of the predicate is known (two different index tuples write
 * disjoint bytes, for the threads that skip too), every term of its
 * predicate is a function of
 * those indices and of values every thread shares (threads that would
 * write the same bytes decide alike), and the tile holds nothing written
 * when the loop starts (the first iteration's skipped bytes are undefined
 * in the source too). The rules of the copy loops' destination rule
 * (copy_skips.c), for one copy. */
const char *pl_straight_skip_unfixable(pl_host *host, const pl_candidate *c, const pl_copy *cp);

#endif /* PL_COPY_SKIPS_H */
