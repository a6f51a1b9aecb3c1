/*===- lib/plan_types.h - what the plan hands the rewrite ----------------===*\
 *
 * FILE: lib/plan_types.h
 * DESCRIPTION:
 *   The data of a plan: each copy's lowering, each tile's ring layout and
 *   every figure the rewrite, the remarks and the report read. The plan
 *   stage (plan.h) fills it; the steps of the plan in other files, the
 *   lowerings, the rewrite, the remarks and the report read it, and need
 *   nothing else of the stage that makes it.
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_TYPES_H
#define PL_PLAN_TYPES_H

#include "candidate.h"
#include "cost.h"
#include "reasons.h"
#include "trip.h"

/** How tiles are moved into their ring slots (lowering.h). */
typedef enum pl_lowering_kind {
  PL_LOWERING_CP_ASYNC,  /**< cp.async into a ring of S slots */
  PL_LOWERING_REGISTERS, /**< loaded into registers before the compute,
                              stored into the other of 2 slots after it */
  PL_NUM_LOWERINGS
} pl_lowering_kind;

/** One tile's ring: S slots of `stride` bytes, aligned to `align`. */
typedef struct pl_ring_layout {
  uint64_t stride;     /**< bytes of one slot (a multiple of align) */
  unsigned align;      /**< ring alignment, max(16, the tile's), bytes; 32 at
                            least for a padded tile with WMMA loads */
  uint64_t row;        /**< bytes of one row of the tile (0: not 2-D) */
  unsigned pad;        /**< bytes added after each row (layout.h); 0: none */
  unsigned elem;       /**< element bytes of the tile's WMMA loads (0: none) */
  int conflicted;      /**< the tile's WMMA reads conflict in its own layout */
  char *why;           /**< owned: why a tile that wanted padding keeps its rows */
  LLVMValueRef why_at; /**< the access `why` is about, or NULL */
  int dynamic;         /**< the ring lies in dynamic shared memory (the tile's
                            stride is its footprint, dynamic_tile.h; for a
                            static tile, pl_plan.moved_tile_bytes) */
  int symbolic;        /**< the footprint is known only at run time
                            (pl_tile.symbolic): `stride` is the guess the
                            plan prices; the rewrite's slots are the
                            footprint rounded up to `align` */
  unsigned base_align; /**< for a ring in dynamic shared memory, the
                            alignment its array declares, bytes: `align`, or
                            the tile's own beside static __shared__ bytes
                            (ptxas starts the dynamic memory at the largest
                            alignment an extern array declares, padding the
                            static bytes before it, so a larger one would
                            grow them); the slots start `align` apart from
                            it, and copies into it assume no more */
} pl_ring_layout;

typedef struct pl_plan {
  /** The in-place shape (rewrite_in_place.h): no ring, the tiles and both
   * barriers kept, every copy's load one iteration early in registers;
   * `stages` is 1, the rings are empty, every copy is register-lowered. */
  int in_place;
  pl_fail no_ring; /**< with in_place: why no ring (the ring's reason) */
  /** The debug location of no_ring.inst, read when the plan is made: the
   * in-place rewrite may replace that instruction (an llvm.memcpy copy
   * becomes a load and a store), so after it only this locates the
   * remark. NULL: no location. */
  LLVMMetadataRef no_ring_at;
  pl_lowering_kind lowering;       /**< the first copy's; see copy_lowering */
  pl_lowering_kind *copy_lowering; /**< per plan copy (owned) */
  unsigned used;                   /**< bit k set: some copy uses lowering k */
  /** Some copy is register-lowered: its lowering stores after the compute,
   * so the ring has two slots and the stores of iteration i+1 go at the end
   * of iteration i (rewrite.h). */
  int stores_after_compute;
  unsigned staged_regs; /**< 32-bit registers a thread stages */
  /** Per plan copy: the index of an earlier register-lowered converting
   * copy of the same load under the same guard and predicate, whose staged
   * registers it reuses (in place: an earlier copy of the same load, which
   * loads it ahead for both), or SIZE_MAX (owned). */
  size_t *share;
  /** Per plan copy of the ring's register lowering (owned; NULL in place):
   * the first copy in program order of this copy's load group (the lanes
   * of one float4, which the backend merges into one load; plan_copies.c,
   * load_groups), the copy itself for that first one, SIZE_MAX for a copy
   * that loads nothing of its own. `lane_dist`: bytes from that copy's
   * first byte to this copy's (negative where it lies below). Of a group's
   * first copy: `lane_span`, the bytes the group loads, which the zeros it
   * reads where the condition fails must cover, and `lane_lo`, its own
   * first byte's place in them. */
  size_t *lane_base;
  int64_t *lane_dist;
  uint64_t *lane_span;
  uint64_t *lane_lo;
  /** Nonzero where `lowering=auto` chose the register lowering because
   * cp.async would split the loop's loads (plan.c, pl_make_plan): the
   * copies cp.async would issue per thread (`split_copies`) and the loads
   * the loop issues (`split_loads`). */
  unsigned split_copies, split_loads;
  /** Nonzero where `lowering=auto` chose the register lowering over a
   * cp.async ring the model priced (plan_lowering.c, take_registers): the
   * ring's predicted gain, in 1/1000. */
  unsigned cp_async_gain;
  int cp_async_declined; /**< ... and the model declined that ring */
  unsigned staged_loads; /**< loads the register-lowered copies issue per
                              thread, merged as the backend merges them */
  /** Per plan copy (owned): nonzero where its 16-byte cp.async goes
   * through L1 (cp.async.ca): the next iteration's copies read bytes it
   * read (plan_cache.c); how many in nl1_copies. */
  unsigned char *l1_copies;
  unsigned nl1_copies;
  unsigned *src_align;   /**< per plan copy: proven source alignment */
  unsigned *dst_align;   /**< per plan copy: ... and destination's */
  unsigned sm;           /**< the target's SM number (75, 90) */
  char target[32];       /**< the target's name ("sm_75") */
  unsigned stages;       /**< S, from 2 to 8 */
  unsigned requested;    /**< stages asked for (option or default) */
  unsigned slots_cut;    /**< the stages forced (stages=N, PL_STAGES)
                              beyond the two slots of a lowering that
                              stores after the compute, else 0 */
  pl_ring_layout *rings; /**< one per tile of the candidate (owned) */
  size_t nrings;         /**< = the candidate's ntiles */
  uint64_t ring_bytes;   /**< all rings together: S * sum(stride) */
  uint64_t other_shared; /**< the kernel's other static shared bytes */
  uint64_t budget;       /**< the static shared-memory budget used */
  /** Bytes of dynamic shared memory the launch must give for the rings in
   * it (S times their strides; the rewrite runs the loop as written where
   * %dynamic_smem_size is less); 0: no ring lies there. */
  uint64_t dynamic_bytes;
  /** The most shared memory a block may have on the target, static and
   * dynamic together (the chip table's per-block figure), which rings in
   * dynamic shared memory must fit with the static arrays; 0: none. */
  uint64_t dynamic_budget;
  unsigned min_bytes, max_bytes; /**< narrowest and widest copy issued */
  pl_copy *copies;               /**< the copies to issue (owned): the
                                      candidate's, adjacent ones merged */
  size_t ncopies;
  pl_trip trip;                  /**< does iteration j exist? */
  int exit_barrier;              /**< a barrier follows the exit drain */
  int entry_barrier;             /**< a barrier precedes the prologue */
  int slot0_barrier;             /**< ... for a use of a slot-0 tile before the
                                      loop (pl_plan_reads_after) */
  int modelled;                  /**< the cost model chose the stages */
  unsigned steady_unrolled;      /**< the rewrite unrolled the steady state
                                      this many times (steady_unroll.h), 0:
                                      it did not */
  unsigned copy_loop_trips;      /**< the copy loops were unrolled completely
                                      before the plan (copy_loop_unroll.h),
                                      the most trips of one; 0: they were not */
  unsigned copy_loops;           /**< how many copy loops were unrolled */
  char arch[16];                 /**< the target, "sm_90" */
  pl_cost cost;                  /**< its inputs and figures (when modelled) */
  const char *registers_unknown; /**< why ptxas gave no register count and the
                                      model estimated them (a clause owned by
                                      the run's ptxas cache), NULL when it did or was
                                      not asked */
  /** The loop may write what it copies, or copies from pointers not
   * provably global, and legality rested on a runtime check: the driver
   * versions the loop (alias_check.h), whose scratch (for writes) counts in
   * other_shared. */
  int alias_check;
  unsigned alias_writes;  /**< the writes it covers (with alias_check) */
  int alias_windows;      /**< it compares them per iteration (pl_facts_alias_windows) */
  unsigned alias_nearest; /**< from that distance on (pl_alias_check_nearest) */
  unsigned space_checks;  /**< the source pointers it tests for the global
                               space (with alias_check; pl_facts_space_checks) */
  /** Stores into the tiles outside the loop that legality proved the
   * copies overwrite (a zero-initialization): once the loop reads its ring,
   * no code reads those tiles, so the rewrite erases them and the tiles go
   * (owned). */
  LLVMValueRef *dead_stores;
  size_t ndead_stores;
  /** Bytes of the loop's tiles that stay after the rewrite because another
   * loop of the kernel still uses them (counted in other_shared). */
  uint64_t kept_tile_bytes;
  /** Static bytes of the tiles whose rings moved into dynamic shared
   * memory (then every ring of the loop lies there, and this is nonzero;
   * pl_plan_kept_tile_bytes): the loop as written keeps them, rows
   * padded as the ring's (counted in other_shared). */
  uint64_t moved_tile_bytes;
  /** Per tile (owned): nonzero when another loop of the kernel still uses
   * the tile. Its ring goes into the function's table (table.h), so that
   * the other loop's ring can share its storage, and the exit has a
   * barrier. */
  unsigned char *tile_kept;
  /** Per tile (owned): the ring of an earlier loop over the same tile that
   * this loop's ring reuses (grown to this loop's size where smaller), or
   * NULL for a ring of its own. */
  LLVMValueRef *share_ring;
  uint64_t shared_reuse; /**< bytes of those rings, inside other_shared */
  /** Per tile (owned): copy the last slot back into the tile after the
   * drain, for a read outside the loop that would see what the loop left
   * there (the copy-back argument; facts.h, pl_facts_tile). */
  unsigned char *copy_back;
  /** Per tile (owned): a read after the loop for good sees the tile, so
   * the ring ends on slot 0 and the tile's uses outside the loop move to
   * slot 0 (facts.h, pl_facts_tile; docs/design.md, "The last tile in slot
   * 0"). Any tile so marks the loop's slot counter, which all rings share:
   * iteration i fills slot (i - trip + 1) mod S. */
  unsigned char *last_slot;
  int end_on_slot0; /**< some tile is marked in last_slot */
  /** The copy stage's skip blocks (pl_skip_blocks, owned): after the wait
   * of each iteration, a thread that skipped one moves the bytes of its
   * copies from the slot before (rewrite.h, "skipped copies"). */
  LLVMBasicBlockRef *fixups;
  size_t nfixups;
  size_t skipped_copies; /**< the copies in those blocks, or straight_skips */
  /** Straight-line copies (no copy loops) whose predicate changes from
   * iteration to iteration (pl_plan_straight_skips): after the wait, a
   * thread that skips one moves its bytes from the slot before. */
  size_t straight_skips;
  /** The register lowering loads each staged scalar under its condition
   * (`predicated-loads=on`; lower_registers.c), not from a selected
   * address. */
  int predicated_loads;
} pl_plan;

/* Read-only words about a plan (plan_copies.c, which chooses the
 * lowerings). */

/** Name of a lowering for remarks and records ("cp.async", "registers"). */
const char *pl_lowering_name(pl_lowering_kind k);

/** Name of the lowerings a plan uses together ("cp.async", "registers",
 * "cp.async+registers"). */
const char *pl_plan_lowering_name(const pl_plan *plan);

/** The words after "a runtime" that name the plan's runtime check
 * (" alias check", " test that its sources are global", or both), NULL
 * when it has none: one phrase for the remarks and the report (plan.c,
 * which decides the check). */
const char *pl_plan_runtime_check(const pl_plan *plan);

/** Number of copies of `plan` that use lowering `k`. */
size_t pl_plan_count(const pl_plan *plan, pl_lowering_kind k);

#endif /* PL_PLAN_TYPES_H */
