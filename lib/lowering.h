/*===- lib/lowering.h - how a tile moves into its ring slot -------------===*\
 *
 * The schedule skeleton (rewrite.c) decides when each iteration's copies
 * are issued and waited for; a lowering decides how. The skeleton only
 * ever asks these things, so another lowering (registers, bulk copies)
 * plugs in without touching it:
 *   issue   the copy `cp` of the iteration an emitter describes, into that
 *           iteration's slot; `exists` is NULL when the iteration surely
 *           exists, else an i1, and a copy of an iteration that does not
 *           exist must write zeros (or nothing) and read nothing. The
 *           instructions that write the slot are appended to `moves`: for a
 *           copy with a predicate (cp->pred) the skeleton puts them under
 *           `if (pred)`, so a thread whose predicate is false writes
 *           nothing at all, not even zeros (another thread may own those
 *           bytes); the lowering computes everything else unconditionally,
 *           before them, and reads nothing where the predicate is false
 *   store   only for a lowering that `stores_after_compute`: issue reads
 *           the source into registers (the state `st`) and writes nothing;
 *           store, called by the skeleton after the compute of the
 *           iteration before, converts and writes them into the slot
 *           (again appending the writes to `moves`). Such a lowering
 *           needs the two-slot shape (rewrite.h), which the plan gives
 *           the whole loop
 *   commit  closes the copies issued since the last commit into one group:
 *           one stage of the ring (NULL: nothing to close)
 *   wait    blocks until all but the `pending` most recent groups are
 *           complete and visible to the issuing thread (a barrier after it
 *           makes them visible to the CTA) (NULL: nothing is in flight)
 * Lowerings: lower_cp_async.c (PTX ISA, "cp.async", "cp.async.commit_group",
 * "cp.async.wait_group"); lower_registers.c (ld.global into registers,
 * st.shared after the compute: the classic double buffer).
\*===----------------------------------------------------------------------===*/
#ifndef PL_LOWERING_H
#define PL_LOWERING_H

#include "emit.h"
#include "plan_types.h"

/** One issue of one copy: what the skeleton hands in (the plan's proven
 * alignments) and what a two-phase lowering hands from issue to store. */
typedef struct pl_copy_state {
  unsigned src_align, dst_align; /**< in: bytes, from the plan */
  int through_l1; /**< in: a 16-byte cp.async goes through L1 (.ca; pl_plan.l1_copies) */
  /** in: an earlier copy of this issue that loads the same value under the
   * same condition (pl_plan.share), whose staged registers this copy
   * reuses instead of loading again; NULL: load */
  const struct pl_copy_state *shared;
  /** in: the first copy of this copy's load group (pl_plan.lane_base),
   * issued earlier: this copy loads `lane_dist` bytes after the address
   * that copy loaded from; NULL: from its own source */
  const struct pl_copy_state *lane;
  int64_t lane_dist;
  uint64_t lane_span; /**< in: a group's first copy: the bytes its group
                           loads (0: its own) */
  uint64_t lane_lo;   /**< in: a group's first copy: its first byte's
                           place in them */
  int predicated;     /**< in: the register lowering loads a scalar under
                           its condition (pl_plan.predicated_loads) */
  LLVMValueRef addr;  /**< out of issue: the address loaded from */
  LLVMValueRef value; /**< out of issue: the staged registers */
  LLVMValueRef cond;  /**< out of issue: the i1 the load was made
                           under (NULL: always); false: `value`
                           holds zeros */
} pl_copy_state;

typedef struct pl_lowering {
  const char *name;
  /** Issues one copy; appends the instructions that write the slot to
   * `moves` and returns how many copy instructions it emitted. */
  unsigned (*issue)(pl_emitter *e, const pl_copy *cp, LLVMValueRef exists, pl_vec *moves,
                    pl_copy_state *st);
  /** Writes what issue staged, after the compute (NULL: issue writes the
   * slot itself). A lowering with a store needs two slots: the plan gives
   * the loop S = 2 (pl_plan.stores_after_compute). */
  void (*store)(pl_emitter *e, const pl_copy *cp, const pl_copy_state *st, pl_vec *moves);
  void (*commit)(const pl_candidate *c, LLVMBuilderRef b);
  void (*wait)(const pl_candidate *c, LLVMBuilderRef b, unsigned pending);
} pl_lowering;

/** The lowering of kind `kind`. */
const pl_lowering *pl_lowering_for(pl_lowering_kind kind);

/** A 16-byte aligned, zero-initialized, internal addrspace(1) constant of
 * the module of `c` (`pl.zeros.N`, N = `bytes` rounded up to 16; made
 * once per N): what a load reads where it must not read the source (a
 * later iteration that does not exist, a guard that fails). */
LLVMValueRef pl_lowering_zeros(const pl_candidate *c, uint64_t bytes);

/** Marks `ld`, a load a lowering emits in place of copy `cp`'s load, as
 * read-only (!invariant.load) where `cp` read through __ldg (LLVM 19's
 * llvm.nvvm.ldg.global.*, or a load marked so, as LLVM 22 writes it): the
 * NVPTX back end then selects ld.global.nc, the instruction __ldg stands
 * for, which ptxas may issue ahead of barriers, where a plain load of a
 * pointer that is not `const __restrict__` would be coherent. Changes
 * nothing for other copies. */
void pl_lowering_keep_read_only(const pl_candidate *c, const pl_copy *cp, LLVMValueRef ld);

/** Whether the cp.async lowering can copy `cp`'s fill, the constant it
 * writes where its guard fails (pl_copy.fill, not null): a constant of
 * exactly the copy's bytes, which a global in the module then holds for
 * cp.async to copy from where the guard fails (lower_cp_async.c). */
int pl_cp_async_fill_ok(const pl_candidate *c, const pl_copy *cp);

/** The cp.async lowering (lower_cp_async.c). */
extern const pl_lowering pl_lowering_cp_async;
/** The register lowering (lower_registers.c). */
extern const pl_lowering pl_lowering_registers;

#endif /* PL_LOWERING_H */
