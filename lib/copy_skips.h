/*===- lib/copy_skips.h - copies a copy loop skips (private) -------------===*\
 *
 * FILE: lib/copy_skips.h
 * DESCRIPTION:
 *   What legality_copies.c asks about the copies a copy loop skips on some
 *   iterations of the tile loop (copy_skips.c). Not for other stages.
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

#endif /* PL_COPY_SKIPS_H */
