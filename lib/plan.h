/*===- lib/plan.h - every decision the rewrite needs ---------------------===*\
 *
 * The plan stage turns a legal candidate into a pl_plan. It owns every
 * decision; the rewrite reads the plan and decides nothing.
 *   lowering  how each copy moves from global to shared memory (lowering.h):
 *             a cp.async (PTX ISA, "cp.async": sm_80 and newer, 4, 8 or
 *             16 bytes aligned to their size, the loaded bytes unchanged,
 *             zeros where a guard is false), else through registers (any
 *             target, size, alignment, conversion or fill). Under
 *             `lowering=auto` each copy gets cp.async where it can, so a
 *             loop on sm_80+ may mix the two; `lowering=cp.async` declines
 *             a loop with a copy cp.async cannot do, with that copy's
 *             reason; `lowering=registers` stages every copy
 *   shape     a lowering that stores after the compute (registers) needs
 *             two slots: the plan then makes S = 2 for the whole loop,
 *             and counts the registers a thread stages (declined above
 *             max-staged-regs)
 *   profit    whether a ring is worth it, and with how many stages: the
 *             cost model (cost.h), per target chip; `stages=N` forces N
 *             and `profitability=off` takes 3, without asking it; a loop
 *             with a register-staged copy keeps S = 2 and is not modelled
 *   stages    S from 2 to 8: the chosen count, lowered until the rings
 *             fit the static shared-memory budget (e) with every other
 *             static __shared__ array of the kernel; below 2, declined
 *   layout    per tile, one slot per stage, each slot the tile rounded up
 *             to its alignment: at least 16 bytes, so that every slot keeps
 *             the 16-byte alignment of 16-byte cp.async, more when the tile
 *             asks for it (wmma.load wants 32). Rows padded (layout.h):
 *             under `layout=auto` a tile whose WMMA reads conflict (rows
 *             a multiple of 32 bytes apart) gets 16 bytes after each row
 *             when every access can be rewritten, and the padding counts
 *             in the budget. Padding wins over stages: it is chosen
 *             whenever a padded ring of 2 stages fits, even where the
 *             unpadded ring would have fit 3 (a 4- to 8-way conflict slows
 *             every fragment read of every iteration; a third stage only
 *             hides more latency -- issue 11 measured 3.40x plain padded
 *             against 1.37x unpadded). `layout=padded` pads every tile that
 *             can be rewritten, `layout=unpadded` none
 *   widening  copies of one thread that are adjacent in both the source and
 *             the tile, under the same guard and predicate, merge into one
 *             8- or 16-byte copy when both ends are aligned to it (PTX ISA,
 *             "cp.async": cp-size 4, 8 or 16, addresses aligned to it):
 *             float4 lanes stored one by one, split vector guards
 *   trip      how the rewrite asks whether iteration j exists (trip.h)
 *   drain     every lowering's wait for all groups on the exit edge
 *             (cp.async.wait_group 0; nothing for registers); a barrier
 *             after it when the loop can run again or an access after the
 *             loop may conflict with the last iteration's compute, or when
 *             another loop still uses a tile, shares its ring, or a tile is
 *             copied back (issue 9, part 4)
 *   sharing   a later loop over the same tiles reuses an earlier loop's
 *             ring, grown where it needs more (share_ring); tiles another
 *             loop still uses stay, and count in the budget (tile_kept);
 *             stores the copies overwrite go with the last loop's tile
 *             (dead_stores); the copy-back argument puts the last slot
 *             back into a tile read after the loop (copy_back)
 *   entry     a barrier before the prologue of a sync-first loop, in place
 *             of iteration 0's removed top barrier
 *   alias     whether the loop needs a runtime alias check (alias_check.h):
 *             some store of it may write what a copy reads
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_H
#define PL_PLAN_H

#include "candidate.h"
#include "context.h"
#include "cost.h"
#include "options.h"
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
} pl_ring_layout;

typedef struct pl_plan {
  pl_lowering_kind lowering;       /**< the first copy's; see copy_lowering */
  pl_lowering_kind *copy_lowering; /**< per plan copy (owned) */
  unsigned used;                   /**< bit k set: some copy uses lowering k */
  /** Some copy's lowering stores after the compute (pl_lowering.
   * stores_after_compute): two slots, and the stores of iteration i+1 go at
   * the end of iteration i (rewrite.h). */
  int stores_after_compute;
  unsigned staged_regs; /**< 32-bit registers a thread stages */
  /** Per plan copy: the index of an earlier register-lowered converting
   * copy of the same load under the same guard and predicate, whose staged
   * registers it reuses, or SIZE_MAX (owned). */
  size_t *share;
  unsigned *src_align;           /**< per plan copy: proven source alignment */
  unsigned *dst_align;           /**< per plan copy: ... and destination's */
  unsigned sm;                   /**< the target's SM number (75, 90) */
  char target[32];               /**< the target's name ("sm_75") */
  unsigned stages;               /**< S, from 2 to 8 */
  unsigned requested;            /**< stages asked for (option or default) */
  unsigned slots_cut;            /**< the stages forced (stages=N, PL_STAGES)
                                      beyond the two slots of a lowering that
                                      stores after the compute, else 0 */
  pl_ring_layout *rings;         /**< one per tile of the candidate (owned) */
  size_t nrings;                 /**< = the candidate's ntiles */
  uint64_t ring_bytes;           /**< all rings together: S * sum(stride) */
  uint64_t other_shared;         /**< the kernel's other static shared bytes */
  uint64_t budget;               /**< the static shared-memory budget used */
  unsigned min_bytes, max_bytes; /**< narrowest and widest copy issued */
  pl_copy *copies;               /**< the copies to issue (owned): the
                                      candidate's, adjacent ones merged */
  size_t ncopies;
  pl_trip trip;                  /**< does iteration j exist? */
  int exit_barrier;              /**< a barrier follows the exit drain */
  int entry_barrier;             /**< a barrier precedes the prologue */
  int modelled;                  /**< the cost model chose the stages */
  char arch[16];                 /**< the target, "sm_90" */
  pl_cost cost;                  /**< its inputs and figures (when modelled) */
  const char *registers_unknown; /**< why ptxas gave no register count and the
                                      model estimated them (a clause owned by
                                      opts->registers), NULL when it did or was
                                      not asked */
  /** The loop may write what it copies, and legality rested on a runtime
   * check: the driver versions the loop (alias_check.h), whose scratch
   * counts in other_shared. */
  int alias_check;
  unsigned alias_writes; /**< the writes it covers (with alias_check) */
  /** Stores into the tiles outside the loop that legality proved the
   * copies overwrite (a zero-initialization): once the loop reads its ring,
   * no code reads those tiles, so the rewrite erases them and the tiles go
   * (owned; issue 9, part 4). */
  LLVMValueRef *dead_stores;
  size_t ndead_stores;
  /** Bytes of the loop's tiles that stay after the rewrite because another
   * loop of the kernel still uses them (counted in other_shared). */
  uint64_t kept_tile_bytes;
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
} pl_plan;

/** Bytes of the static __shared__ global `g` (a ring). */
uint64_t pl_global_bytes(LLVMValueRef g);

/** Fills `plan` for the legal loop of `x` (its candidate, options and
 * facts). Returns 1 when at least 2 stages fit and (unless stages are
 * forced or profitability is off) the cost model predicts a gain; else 0
 * with PL_R_BUDGET or PL_R_NOT_PROFITABLE (or a lowering's reason) in `f`.
 * Changes no IR. The caller releases the plan with pl_plan_free() in both
 * cases. */
int pl_make_plan(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f);

/** Frees what `plan` owns and zeroes it. */
void pl_plan_free(pl_plan *plan);

/** Name of a lowering for remarks and records ("cp.async", "registers"). */
const char *pl_lowering_name(pl_lowering_kind k);

/** Name of the lowerings a plan uses together ("cp.async", "registers",
 * "cp.async+registers"). */
const char *pl_plan_lowering_name(const pl_plan *plan);

/** Number of copies of `plan` that use lowering `k`. */
size_t pl_plan_count(const pl_plan *plan, pl_lowering_kind k);

#endif /* PL_PLAN_H */
