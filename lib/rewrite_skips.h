/*===- lib/rewrite_skips.h - straight-line skipped copies fixed up (private) ===*\
 *
 * FILE: lib/rewrite_skips.h (implemented by lib/rewrite_skips.c)
 * DESCRIPTION:
 *   What the schedule skeleton (rewrite.c) asks of the fix-up of
 *   straight-line copies skipped on some iterations (plan.straight_skips).
 *   Not for other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_REWRITE_SKIPS_H
#define PL_REWRITE_SKIPS_H

#include "skeleton.h"

/** The fix-up of the straight-line copies the iteration `e` describes (its
 * tiles pointing at its slot) skips, at the builder: for each plan copy
 * whose predicate changes from iteration to iteration
 * (pl_copy_pred_varies), a thread whose predicate fails and whose
 * destination lies in the tile's bytes loads the copy's bytes from the
 * slot before (`delta[tile]` bytes away, an i32) and stores them at its
 * destination in the current slot. The load reads the slot's first bytes
 * where there is no move (a shared load that cannot fault); the store is a
 * data move of k (pl_skeleton.guarded), put under `if (move)` at the end
 * of the rewrite. */
void pl_rw_fixup_straight(pl_skeleton *k, pl_emitter *e, LLVMValueRef *delta);

#endif /* PL_REWRITE_SKIPS_H */
