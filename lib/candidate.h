/*===- lib/candidate.h - a recognized tile loop and its plan -----------===*\
 *
 * The data handed from stage to stage:
 *   recognize (loop -> pl_candidate) -> legality (checks it) ->
 *   plan (pl_plan: stages and bytes) -> rewrite (IR) -> remark.
 * A pl_candidate owns its arrays; release it with pl_candidate_free().
\*===----------------------------------------------------------------------===*/
#ifndef PL_CANDIDATE_H
#define PL_CANDIDATE_H

#include "host.h"
#include "ir.h"

#include <llvm-c/Core.h>
#include <stdint.h>

/** One global->shared copy of the copy stage. */
typedef struct pl_copy {
  LLVMValueRef store; /**< the store (or llvm.memcpy call) into the tile */
  LLVMValueRef load;  /**< the global load feeding it; NULL for memcpy */
  LLVMValueRef src;   /**< source address (generic or global pointer) */
  LLVMValueRef dst;   /**< destination address, derived from the tile */
  LLVMValueRef guard; /**< i1: copy when true, zero-fill when false; NULL */
  int guard_negated;  /**< the guard copies when false */
  unsigned bytes;     /**< 4, 8 or 16 once legal */
  unsigned tile;      /**< index into pl_candidate.tiles */
} pl_copy;

/** One __shared__ array that the copy stage fills (the tile). */
typedef struct pl_tile {
  LLVMValueRef global; /**< addrspace(3) global variable */
  uint64_t bytes;      /**< allocation size of one copy of the tile */
  char name[96];       /**< source-level name for remarks */
} pl_tile;

/** A header phi that steps by a constant each iteration. */
typedef struct pl_iv {
  LLVMValueRef phi;
  LLVMValueRef start; /**< incoming value from the preheader */
  int64_t step;       /**< added per iteration (bytes for pointer IVs) */
  int is_pointer;     /**< the phi is a pointer advanced by a byte GEP */
} pl_iv;

/** How the rewrite asks "does iteration j exist?" (j counted from 0). */
typedef struct pl_trip {
  int use_scev; /**< ScalarEvolution's backedge-taken count */
  /* Otherwise the latch compare: iteration j exists when
   * ext(iv(j - lag)) `pred` ext(bound), computed in twice the IV's width so
   * nothing wraps; monotonic in j because the step moves toward the bound. */
  LLVMIntPredicate pred; /**< relational, oriented "continue while" */
  size_t iv;             /**< index into pl_candidate.ivs */
  LLVMValueRef bound;    /**< loop-invariant */
  unsigned lag;          /**< 0: compares the incremented IV; 1: the phi */
  int is_signed;
} pl_trip;

typedef struct pl_candidate {
  LLVMModuleRef module;
  LLVMValueRef function;
  pl_loop_ref loop;
  LLVMBasicBlockRef header, preheader, latch, exit;
  LLVMValueRef first_barrier;  /**< ends the copy stage (kept) */
  LLVMValueRef second_barrier; /**< closes the body (removed) */
  LLVMBasicBlockRef *blocks;   /**< the loop's blocks, in layout order */
  size_t nblocks;
  pl_copy *copies;
  size_t ncopies;
  pl_tile *tiles;
  size_t ntiles;
  pl_iv *ivs;
  size_t nivs;
  pl_trip trip; /**< filled by pl_check_legality */
} pl_candidate;

/** The plan: how many stages and where the ring goes. */
typedef struct pl_plan {
  unsigned stages;               /**< S, from 2 to 8 */
  unsigned requested;            /**< stages asked for (option or default) */
  uint64_t stride[16];           /**< per tile: bytes of one slot (a multiple of align) */
  unsigned align[16];            /**< per tile: ring alignment, max(16, the tile's) */
  uint64_t ring_bytes;           /**< all rings together: S * sum(stride) */
  uint64_t other_shared;         /**< the kernel's other static shared bytes */
  unsigned min_bytes, max_bytes; /**< narrowest and widest copy */
} pl_plan;

/** Most tiles one loop may have (each becomes one ring). */
#define PL_MAX_TILES 16u

void pl_candidate_free(pl_candidate *c);
/** Nonzero when `bb` is one of the loop's blocks. */
int pl_candidate_has_block(const pl_candidate *c, LLVMBasicBlockRef bb);
/** Nonzero when `inst` lies in the copy stage: before the first barrier
 * (in a block the first barrier's block does not dominate, or earlier in
 * that block). */
int pl_in_copy_stage(pl_host *host, const pl_candidate *c, LLVMValueRef inst);
/** The IV record of `phi`, or NULL when it is not a constant-step IV. */
const pl_iv *pl_find_iv(const pl_candidate *c, LLVMValueRef phi);
/** Index of the tile `g` in c->tiles, or -1. */
int pl_tile_index(const pl_candidate *c, LLVMValueRef g);

#endif /* PL_CANDIDATE_H */
