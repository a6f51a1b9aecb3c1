/*===- lib/lowering.h - how a tile moves into its ring slot -------------===*\
 *
 * The schedule skeleton (rewrite.c) decides when each iteration's copies
 * are issued and waited for; a lowering decides how. The skeleton only
 * ever asks these three things, so another lowering (registers, bulk
 * copies) plugs in without touching it:
 *   issue   the copy `cp` of the iteration an emitter describes, into that
 *           iteration's slot; `exists` is NULL when the iteration surely
 *           exists, else an i1, and a copy of an iteration that does not
 *           exist must write zeros and read nothing. The instructions that
 *           move data are appended to `moves`: for a copy with a predicate
 *           (cp->pred) the skeleton puts them under `if (pred)`, so a
 *           thread whose predicate is false writes nothing at all, not even
 *           zeros (another thread may own those bytes); the lowering
 *           computes everything else unconditionally, before them
 *   commit  closes the copies issued since the last commit into one group:
 *           one stage of the ring
 *   wait    blocks until all but the `pending` most recent groups are
 *           complete and visible to the issuing thread (a barrier after it
 *           makes them visible to the CTA)
 * Lowerings: lower_cp_async.c (PTX ISA, "cp.async", "cp.async.commit_group",
 * "cp.async.wait_group").
\*===----------------------------------------------------------------------===*/
#ifndef PL_LOWERING_H
#define PL_LOWERING_H

#include "emit.h"
#include "plan.h"

typedef struct pl_lowering {
  const char *name;
  /** Issues one copy; appends the instructions that move data to `moves`
   * and returns how many there are. */
  unsigned (*issue)(pl_emitter *e, const pl_copy *cp, LLVMValueRef exists, pl_vec *moves);
  void (*commit)(const pl_candidate *c, LLVMBuilderRef b);
  void (*wait)(const pl_candidate *c, LLVMBuilderRef b, unsigned pending);
} pl_lowering;

/** The lowering the plan chose. */
const pl_lowering *pl_lowering_for(pl_lowering_kind kind);

/** The cp.async lowering (lower_cp_async.c). */
extern const pl_lowering pl_lowering_cp_async;

#endif /* PL_LOWERING_H */
