/*===- lib/skeleton.h - the state of one rewrite (private) -----------------===*\
 *
 * FILE: lib/skeleton.h (implemented by lib/skeleton.c)
 * DESCRIPTION:
 *   What the files of the rewrite share: the state of one rewrite, which
 *   the schedule skeleton (rewrite.c) builds, and the issue of one plan
 *   copy with its lowering, which both the skeleton and the clone of a
 *   copy stage with loops (rewrite_region.c) call. Not for other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_SKELETON_H
#define PL_SKELETON_H

#include "emit.h"
#include "lowering.h"
#include "plan_types.h"
#include "txn.h"

/* The state of one rewrite, shared by its steps. */
typedef struct pl_skeleton {
  pl_host *host;
  pl_txn *txn;
  const pl_candidate *c;
  const pl_plan *plan;
  LLVMBuilderRef b;
  LLVMValueRef *ring;      /* per tile: the ring global */
  LLVMValueRef dyn_stride; /* an i32: the slot stride of a ring whose footprint
                              is known only at run time (pl_ring_layout.symbolic) */
  pl_emitter slot0;        /* hoisted tile addresses, re-based once on slot 0 */
  LLVMValueRef btc;        /* ScalarEvolution's backedge-taken count, or NULL */
  LLVMValueRef n_phi;      /* iteration counter (with btc) */
  LLVMValueRef s_phi;      /* slot counter */
  LLVMValueRef s0;         /* iteration 0's slot, an i32: 0, or where the ring
                              ends on slot 0 (plan.end_on_slot0) (S - btc mod S) mod S */
  pl_emitter cur;          /* the compute's view: tiles are the current slot */
  LLVMValueRef *iv_steps;  /* per IV: its runtime step, in the preheader */
  LLVMValueRef anchor;     /* ours, after the slot pointers; survives erasure */
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

/** The type that moves `bytes` bytes at once between shared-memory slots:
 * i32 or <n x i32>, else <n x i8>. */
LLVMTypeRef pl_rw_chunk_type(const pl_candidate *c, unsigned bytes);

/** Sets what plan copy `i` tells its lowering in `st`: the source's and the
 * destination's alignments and whether its cp.async goes through L1. */
void pl_rw_copy_state(const pl_plan *plan, size_t i, pl_copy_state *st);

/** The predicate of copy `cp` in the context of `e` (the iteration it
 * describes), or NULL where it has none: its terms, each frozen
 * (pl_emit_and_term): the skeleton branches on the conjunction, where the
 * original branched on an inner term only where the outer ones held, so an
 * inner one may be poison where an outer one fails (LangRef, br: a branch
 * on poison is undefined behaviour). */
LLVMValueRef pl_rw_copy_pred(pl_emitter *e, const pl_copy *cp);

/** Issues plan copy `i` with its lowering at the builder of `e`, zero-filled
 * unless `exists`; `st` carries the lowering's staged state. */
void pl_rw_issue_one(pl_skeleton *k, pl_emitter *e, size_t i, LLVMValueRef exists,
                     pl_copy_state *st);

/** The backedge-taken count of `c` (its trips less one) from the latch
 * compare of the trip strategy `trip`, which must be monotone and over an
 * IV of at most 32 bits (pl_trip_count_known, not ScalarEvolution's): the
 * iterations k >= 1 for which pl_rw_emit_exists says yes, counted in
 * twice the IV's width, where nothing wraps. Emitted at `b` (in the
 * preheader); an integer of twice the IV's width. */
LLVMValueRef pl_rw_emit_btc(const pl_candidate *c, const pl_trip *trip, LLVMBuilderRef b);

/** i1: does iteration `k` after the base exist? The base is iteration 0
 * (from_start) or the current iteration, whose number is `iter` (used with
 * ScalarEvolution's count `btc`), by the trip strategy `trip` (trip.h);
 * emitted at the builder of `e`, whose IV values it reuses where they
 * meet. Returns NULL when the iteration surely exists. */
LLVMValueRef pl_rw_emit_exists(const pl_candidate *c, const pl_trip *trip, pl_emitter *e,
                               int from_start, unsigned k, LLVMValueRef btc, LLVMValueRef iter);

/** The rings of the plan's tiles (lib/rings.c), into k->ring: one internal
 * addrspace(3) array of S slots per tile, the storage of an earlier loop's
 * ring over the same tile (plan.share_ring), for a tile in dynamic shared
 * memory an external array there, and for static tiles whose rings moved
 * there (pl_plan.moved_tile_bytes) one external array holding every ring at
 * its offset (pl_plan_dynamic_offset). Adds globals to the module; a
 * shared ring too small is replaced through k->txn. */
void pl_rw_make_rings(pl_skeleton *k);

/** The i1 "the launch gave too little dynamic shared memory for the
 * plan's rings there" (plan.dynamic_bytes nonzero), emitted at the end of
 * c's preheader, under which the loop as written runs: %dynamic_smem_size
 * (PTX ISA, "Special Registers": the same in every thread of the grid, so
 * all threads of a block take one version and meet the same barriers)
 * below plan.dynamic_bytes, or for a ring whose footprint the kernel's
 * arguments set (pl_ring_layout.symbolic) below S slots of that footprint,
 * computed there (pl_dynamic_footprint_emit), or with a value it is
 * computed from out of range. Sets *dyn_stride to that ring's slot stride,
 * an i32 (lib/rings.c). */
LLVMValueRef pl_rw_short_launch(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                                LLVMValueRef *dyn_stride);

/** After the rewrite of a plan whose rings moved into dynamic shared
 * memory: each padded ring's tile, which the loop as written keeps and
 * whose accesses pl_layout_apply moved to padded rows, is replaced by one
 * of the padded size (through k->txn). Until then the tiles' uses are how
 * the rewrite finds the compute's reads. */
void pl_rw_grow_moved_tiles(pl_skeleton *k);

#endif /* PL_SKELETON_H */
