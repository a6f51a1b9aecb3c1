/*===- lib/rewrite_region.h - the copy stage with loops, cloned (private) --===*\
 *
 * FILE: lib/rewrite_region.h (implemented by lib/rewrite_region.c)
 * DESCRIPTION:
 *   What the schedule skeleton (rewrite.c) asks of the clone of a copy
 *   stage with loops: an issue of the stage per iteration, the clones
 *   linked in at the end, and the original stage bypassed. Not for other
 *   stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_REWRITE_REGION_H
#define PL_REWRITE_REGION_H

#include "skeleton.h"

/** The copy stage with loops of the iteration `e` describes, issued as a
 * clone of its control flow at the builder. */
void pl_rw_issue_region(pl_skeleton *k, pl_emitter *e, LLVMValueRef exists);

/** The fix-up of skipped copies (rewrite.h, "skipped copies") for the
 * iteration `e` describes, whose tiles point at its slot: a clone of the
 * copy stage's control flow at the builder in which each branch of
 * plan->fixups goes the other way, each copy in its skipping arm moves its
 * bytes from the slot before (`delta[tile]` bytes away, an i32) into the
 * current one, and no other copy does anything. */
void pl_rw_fixup_region(pl_skeleton *k, pl_emitter *e, LLVMValueRef *delta);

/** Links each clone of the copy stage in at its marker (last in the
 * rewrite: it changes the CFG). */
void pl_rw_link_regions(pl_skeleton *k);

/** Bypasses the original copy stage with loops, where nothing else uses
 * its values. */
void pl_rw_drop_original_region(const pl_skeleton *k);

#endif /* PL_REWRITE_REGION_H */
