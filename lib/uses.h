/*===- lib/uses.h - walking the values derived from an address -----------===*\
 *
 * FILE: lib/uses.h
 * DESCRIPTION:
 *   One walker over the uses of a value and of what is derived from it, as
 *   LLVM's CaptureTracking has one (PointerMayBeCaptured with a tracker):
 *   every question about where a tile's address goes -- legality's, the
 *   plan's, the layout's, the rewrite's -- is a visitor that says, for each
 *   use, whether to follow its user's uses too. The walk is depth first, in
 *   use-list order, so a visitor that stops at the first offending use
 *   finds the same one every time.
\*===----------------------------------------------------------------------===*/
#ifndef PL_USES_H
#define PL_USES_H

#include <llvm-c/Core.h>

/** What the walk does after a visitor saw one use. */
typedef enum pl_walk_step {
  PL_WALK_SKIP, /**< go on with the next use; not into the user */
  PL_WALK_INTO, /**< walk the user's uses (depth + 1), then go on */
  PL_WALK_STOP, /**< end the whole walk */
} pl_walk_step;

/** A visitor: `user` uses `used` (the root or a value the walk went into)
 * at depth `depth` (0 for the root's own uses). */
typedef pl_walk_step (*pl_use_visitor)(void *ctx, LLVMValueRef user, LLVMValueRef used,
                                       unsigned depth);

/** Walks the uses of `root`, calling `visit` for each use in use-list
 * order and, where it answers PL_WALK_INTO, the uses of its user, depth
 * first (a user that uses the value twice is seen twice). Where an answer
 * of PL_WALK_INTO would go deeper than `max_depth` levels, the walk stops
 * there. Returns 1 when it finished, 0 when a
 * visitor stopped it, -1 when it hit `max_depth`. Changes nothing. */
int pl_walk_uses(LLVMValueRef root, unsigned max_depth, pl_use_visitor visit, void *ctx);

/** Nonzero when `user` derives an address from `used`: a GEP whose pointer
 * operand is `used`, a bitcast or an addrspacecast, as an instruction or
 * as a constant expression. */
int pl_derives_address(LLVMValueRef user, LLVMValueRef used);

/** Nonzero when an instruction uses `v`, directly or through constant
 * expressions (a global that only dead constants name is unused); a chain
 * of constants deeper than PL_MAX_DERIVED_DEPTH counts as used. */
int pl_used_by_instructions(LLVMValueRef v);

#endif /* PL_USES_H */
