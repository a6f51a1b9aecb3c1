/*===- lib/rewrite_impl.h - the rewrite's shared state (private) -----------===*\
 *
 * FILE: lib/rewrite_impl.h
 * DESCRIPTION:
 *   What the two files of the rewrite share: the state of one rewrite
 *   (rewrite.c, the schedule skeleton) and the helpers the clone of a copy
 *   stage with loops (rewrite_region.c) needs from it. Not for other
 *   stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_REWRITE_IMPL_H
#define PL_REWRITE_IMPL_H

#include "emit.h"
#include "lowering.h"
#include "plan.h"
#include "txn.h"

/* The state of one rewrite, shared by its steps. */
typedef struct pl_skeleton {
  pl_host *host;
  pl_txn *txn;
  const pl_candidate *c;
  const pl_plan *plan;
  LLVMBuilderRef b;
  LLVMValueRef *ring;     /* per tile: the ring global */
  pl_emitter slot0;       /* hoisted tile addresses, re-based once on slot 0 */
  LLVMValueRef btc;       /* ScalarEvolution's backedge-taken count, or NULL */
  LLVMValueRef n_phi;     /* iteration counter (with btc) */
  LLVMValueRef s_phi;     /* slot counter */
  pl_emitter cur;         /* the compute's view: tiles are the current slot */
  LLVMValueRef *iv_steps; /* per IV: its runtime step, in the preheader */
  LLVMValueRef anchor;    /* ours, after the slot pointers; survives erasure */
  unsigned issued;
  pl_vec guarded; /* data moves of predicated copies ... */
  pl_vec guards;  /* ... and the predicate of each, at its issue point */
  /* Per copy: what the steady state's issue staged for the store after the
   * compute (lowerings that store after the compute). */
  pl_copy_state *staged;
  /* Copy loops: each issue's clone of the copy stage, linked in at the end
   * (link_regions): a marker where it goes, its entry block, and the
   * placeholder block its exits branch to. */
  struct pending_region {
    LLVMValueRef marker;
    LLVMBasicBlockRef entry, placeholder;
  } *pending;
  size_t npending;
} pl_skeleton;

/** The lowering of plan copy `copy`. */
const pl_lowering *pl_rw_lowering_of(const pl_skeleton *k, size_t copy);

/** Index of the plan copy whose store is `store`, or SIZE_MAX. */
size_t pl_rw_plan_copy_of(const pl_plan *plan, LLVMValueRef store);

/** Issues plan copy `i` with its lowering at the builder of `e`, zero-filled
 * unless `exists`; `st` carries the lowering's staged state. */
void pl_rw_issue_one(pl_skeleton *k, pl_emitter *e, size_t i, LLVMValueRef exists,
                     pl_copy_state *st);

/** The copy stage with loops of the iteration `e` describes, issued as a
 * clone of its control flow at the builder (rewrite_region.c). */
void pl_rw_issue_region(pl_skeleton *k, pl_emitter *e, LLVMValueRef exists);

/** Links each clone of the copy stage in at its marker (last in the
 * rewrite: it changes the CFG). */
void pl_rw_link_regions(pl_skeleton *k);

/** Bypasses the original copy stage with loops, where nothing else uses
 * its values. */
void pl_rw_drop_original_region(const pl_skeleton *k);

#endif /* PL_REWRITE_IMPL_H */
