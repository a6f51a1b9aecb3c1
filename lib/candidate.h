/*===- lib/candidate.h - a recognized tile loop ----------------------===*\
 *
 * The data handed from stage to stage:
 *   recognize (loop -> pl_candidate) -> legality (answers yes or why not)
 *   -> plan (pl_plan: every decision) -> rewrite (IR) -> remarks.
 * Recognition fills a pl_candidate; no later stage writes it, except the
 * rewrite (pl_rewrite), which sets the preheader it creates for a loop
 * that had none, and the preheader and exit of the alias check's version.
 * A candidate
 * owns its arrays and tile names; release it with pl_candidate_free().
\*===----------------------------------------------------------------------===*/
#ifndef PL_CANDIDATE_H
#define PL_CANDIDATE_H

#include "alloc.h"
#include "host.h"
#include "ir.h"
#include "limits.h"

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
  /** i1 of the branch the copy runs under (a per-thread condition such as
   * `threadIdx.x < 192`): copy when true, do nothing when false -- no
   * zero-fill, another thread may own those bytes. Legality requires it
   * loop-invariant. NULL when the copy runs on every iteration. */
  LLVMValueRef pred;
  int pred_negated; /**< the predicate copies when false */
  /** Further terms of a nested predicate: the copy runs when `pred` and
   * every one of these hold, `if (tid < 128) { copy; if (tid < 64) copy; }`
   * -- a copy loop whose trip count depends on the thread, fully unrolled
   * by `#pragma unroll`. Legality requires each loop-invariant, as `pred`.
   * Read them all through pl_pred_term(). */
  LLVMValueRef more_preds[PL_MAX_GUARD_TERMS - 1];
  unsigned char more_pred_negated[PL_MAX_GUARD_TERMS - 1]; /**< term copies when false */
  unsigned nmore_preds;
  unsigned bytes;  /**< bytes moved (4, 8 or 16 once legal) */
  unsigned offset; /**< bytes from `src` where the copied bytes start: a
                        lane of a vector load (extractelement), else 0 */
  unsigned tile;   /**< index into pl_candidate.tiles */
  /** A converting copy: the stored value (under the guard, if any) is this
   * side-effect-free function of `load` and of loop-invariant values and
   * induction variables (float -> half, int8 * scale, ...); `bytes` are
   * the stored bytes. NULL for a copy that stores the loaded bytes. */
  LLVMValueRef value;
  /** Where the guard fails (any of its terms), the copy writes this
   * constant instead of zeros (`c ? A[i] : -INF`); cp.async cannot, the
   * register lowering can. NULL: zeros, or no guard. */
  LLVMValueRef fill;
  /** In a converting copy, the phi `c ? load : fill` that the conversion
   * reads (`__float2half(i < n ? A[i] : 0.f)`): the guard and the fill
   * apply to the loaded value, before the conversion. NULL otherwise. */
  LLVMValueRef inner;
  /** Further terms of a compound guard: the copy copies
   * when `guard` and every one of these hold, and zero-fills otherwise --
   * `(r >= 0 && r < H) ? A[r] : 0` written as nested branches around the
   * load or as a chain of selects. Each term is a condition the original
   * code branched or selected on; legality requires each recomputable. */
  LLVMValueRef more_guards[PL_MAX_GUARD_TERMS - 1];
  unsigned char more_negated[PL_MAX_GUARD_TERMS - 1]; /**< term copies when false */
  unsigned nmore_guards;
  /** Its guard had more than PL_MAX_GUARD_TERMS terms: the rest were not
   * read as a guard (the value then reads as a conversion, if anything). */
  int guard_cut;
  /** The other half of a copy clang split in two, `tile[x] = c ? A[i] : K`
   * as a store of the load on one arm of `br c` and these stores of the
   * constant to the same bytes on the other (`guard` is c): one store, or
   * one per lane where SROA split a vector's constant (`make_short4(1, 1,
   * 1, 1)` as two `<2 x i16>`). They go with the copy (the rewrite removes
   * them with it, pl_is_copy_store counts them). None for a copy that is
   * one store. */
  LLVMValueRef twins[PL_MAX_FILL_PIECES];
  unsigned ntwins;
  /** A split copy: the block of its branch, where a clone of a copy stage
   * with loops issues it (guarded, so that the constant's arm is filled
   * too). NULL: the copy is issued where its store is. */
  LLVMBasicBlockRef issue_block;
  /** The copy sits in a loop of the copy stage: one
   * store that writes a run of the tile, one element per iteration of
   * that loop. */
  int in_loop;
} pl_copy;

/** One __shared__ array that the copy stage fills (the tile). */
typedef struct pl_tile {
  LLVMValueRef global; /**< addrspace(3) global variable */
  uint64_t bytes;      /**< allocation size of one copy of the tile; for dynamic
                            shared memory its footprint (dynamic_tile.h), 0 when
                            none is known; where `symbolic`, the constant part */
  char *name;          /**< source-level name for remarks (owned) */
  /** The tile is dynamic shared memory (`extern __shared__`): its ring can
   * only lie in dynamic shared memory, used when the launch gives enough. */
  int dynamic;
  /** Where `dynamic` and `bytes` is 0: why no footprint is known (static
   * text) and the instruction, or NULL. */
  const char *no_footprint;
  LLVMValueRef no_footprint_at;
  /** Dynamic shared memory whose footprint depends on the launch (kernel
   * arguments, the block's size): known only at run time
   * (pl_dynamic_footprint_emit); `bytes` is the furthest byte of the
   * accesses bounded at compile time. */
  int symbolic;
} pl_tile;

/** A header phi that steps by a loop-invariant amount each iteration: its
 * value at iteration j is start + j * step, in the phi's own wrapping
 * arithmetic (bytes for pointer IVs). */
typedef struct pl_iv {
  LLVMValueRef phi;
  LLVMValueRef start; /**< incoming value from the preheader */
  int64_t step;       /**< added per iteration (bytes for pointer IVs) */
  int is_pointer;     /**< the phi is a pointer advanced by a byte GEP */
  /** The step is loop invariant but not a constant (`step` is unused):
   * ScalarEvolution's add-recurrence, whose step the rewrite materializes
   * in the preheader (pl_scev_expand_iv_step). */
  int runtime_step;
} pl_iv;

typedef struct pl_candidate {
  LLVMModuleRef module;
  LLVMValueRef function;
  pl_loop_ref loop;
  LLVMBasicBlockRef header, preheader, latch, exit;
  /** The kept barrier: it ends the copy stage. The first barrier of the
   * body; in a sync-first loop the second. */
  LLVMValueRef first_barrier;
  /** The removed barrier, which ordered the compute of iteration i before
   * the copies of iteration i+1: the one closing the body, or in a
   * sync-first loop the one opening it. */
  LLVMValueRef removed_barrier;
  /** Sync-first loop: barrier; copy stage; barrier; compute -- the removed
   * barrier opens the body (and, on iteration 0, ordered everything before
   * the loop against its copy stage). */
  int sync_first;
  LLVMBasicBlockRef *blocks; /**< the loop's blocks, in layout order */
  size_t nblocks;
  pl_copy *copies;
  size_t ncopies;
  pl_tile *tiles;
  size_t ntiles;
  pl_iv *ivs;
  size_t nivs;
  /** Copy loops: when the copy stage contains loops,
   * its blocks -- every loop block before the kept barrier's, the header
   * first, each after its immediate dominator -- which the rewrite clones
   * whole for each issue (a loop of cp.async); NULL for a straight-line
   * copy stage. Owned. */
  LLVMBasicBlockRef *region;
  size_t nregion;
} pl_candidate;

/** The bytes tile `t` takes of the kernel's static shared memory: its
 * size, or 0 for dynamic shared memory (whose bytes the launch gives). */
static inline uint64_t pl_tile_static_bytes(const pl_tile *t) { return t->dynamic ? 0 : t->bytes; }

/** Nonzero when `bb` is one of the copy-stage blocks of a candidate with
 * copy loops (pl_candidate.region). */
int pl_in_region(const pl_candidate *c, LLVMBasicBlockRef bb);

/** Nonzero when copies `a` and `b` run under the same guard terms (and
 * negations) and the same predicate: one condition covers both. */
int pl_copies_same_guards(const pl_copy *a, const pl_copy *b);

/** The number of terms of the predicate of `cp`: 0 when it runs on every
 * iteration, else 1 + cp->nmore_preds. */
unsigned pl_pred_terms(const pl_copy *cp);

/** Nonzero when the predicate of `cp` holds for at most a quarter of the
 * `threads` values a thread index may take (the threads of the block, an
 * upper bound on each axis): one of its terms compares a thread index with
 * a constant (`ty == 0`, `tx < 2`, `tx > 29`), or an `or` of two with a
 * small one (`(tx | ty) < 2`), or is an `and` with such a side. The halo
 * copies of stencils; a predicate it cannot read counts as not narrow.
 * Used by the choice of lowering (plan_lowering.c). */
int pl_copy_few_threads(const pl_copy *cp, unsigned threads);

/** Term `t` (< pl_pred_terms(cp)) of the predicate of `cp`: `pred` for 0,
 * else more_preds[t - 1]; *negated set when the term copies when false. */
LLVMValueRef pl_pred_term(const pl_copy *cp, unsigned t, int *negated);

/** Nonzero when a term of the predicate of `cp` (a copy of `c`) is not
 * the same on every iteration of `c`'s loop (pl_invariant): the copy is
 * skipped on some iterations and not on others. */
int pl_copy_pred_varies(const pl_candidate *c, const pl_copy *cp);

/** Nonzero when `a` and `b` run under the same predicate terms, in the same
 * order (two copies without a predicate included). */
int pl_copies_same_predicate(const pl_copy *a, const pl_copy *b);

/** Frees what `c` owns and zeroes it. */
void pl_candidate_free(pl_candidate *c);
/** Nonzero when `bb` is one of the loop's blocks. */
int pl_candidate_has_block(const pl_candidate *c, LLVMBasicBlockRef bb);
/** Nonzero when the instruction `v` lies in one of the loop's blocks. */
int pl_candidate_has_inst(const pl_candidate *c, LLVMValueRef v);
/** Nonzero when the loop instruction `inst` lies in the copy stage: the
 * kept barrier (first_barrier) does not dominate it (and it is not that
 * barrier). In a sync-first loop that includes what precedes the removed
 * barrier. */
int pl_in_copy_stage(pl_host *host, const pl_candidate *c, LLVMValueRef inst);
/** The IV record of `phi`, or NULL when it is not an induction variable. */
const pl_iv *pl_find_iv(const pl_candidate *c, LLVMValueRef phi);
/** Index of the tile `g` in c->tiles, or -1. */
int pl_tile_index(const pl_candidate *c, LLVMValueRef g);
/** Nonzero when `inst` is one of the twin stores of `cp` (pl_copy.twins). */
int pl_is_twin(const pl_copy *cp, LLVMValueRef inst);
/** Nonzero when `inst` is the store (or memcpy) of one of the copies, or
 * a twin store of its constant (pl_copy.twins). */
int pl_is_copy_store(const pl_candidate *c, LLVMValueRef inst);
/** Nonzero when `inst` is the load of one of the copies. */
int pl_is_copy_source(const pl_candidate *c, LLVMValueRef inst);
/** Bytes of static shared memory used by the candidate's function and the
 * functions it calls, leaving out the tiles of `c`. Sets *dynamic to a
 * dynamic (extern, zero-sized) __shared__ array it uses, or NULL. */
uint64_t pl_other_shared_bytes(const pl_candidate *c, LLVMValueRef *dynamic);
/** Writes to `out` (at most `cap`) the blocks outside the loop that branch
 * to its header, and returns how many there are (may exceed `cap`). */
size_t pl_entering_blocks(const pl_candidate *c, LLVMBasicBlockRef *out, size_t cap);
/** Nonzero when `v` has the same value on every iteration of `c`'s loop:
 * defined outside the loop, or computed in it from such values without
 * phis or memory (at most PL_MAX_VALUE_DEPTH operands deep). */
int pl_invariant(const pl_candidate *c, LLVMValueRef v);

/** Values that, between threads, are equal where a copy loop's counter p is
 * (pl_copy_loop_owner): p itself, and the low digits of its start that
 * are p's own on every iteration. */
typedef struct pl_owner {
  LLVMValueRef keys[4];
  size_t nkeys;
} pl_owner;

/** Nonzero when `v` has the same value in every thread of the block that
 * holds the same values of `given` (NULL: in every thread), at the same
 * iteration of `c`'s loop (c may be NULL: outside any loop): constants,
 * kernel arguments, the block's and grid's indices and sizes (ctaid,
 * nctaid, ntid; CUDA C++ Programming Guide, "Built-in Variables"), the
 * values of `given`, header phis of `c`'s loop whose incoming values are (assumed so
 * of the phi itself: each iteration starts from the same values), and
 * arithmetic, compares, casts, selects, GEPs, freezes and integer minima
 * and maxima (llvm.smin and the like) of those, at most PL_MAX_VALUE_DEPTH
 * operands deep. Not thread indices, loads, other phis (a join after a
 * branch that threads may take differently) or other calls. */
int pl_uniform_given(const pl_candidate *c, LLVMValueRef v, const pl_owner *given);

/** For a load `load` in the loop of `c` whose value is the same on every
 * iteration although it reads memory -- a loop bound kept in a `__shared__
 * int`, reloaded in the latch because the barriers might have changed it --
 * the equivalent load before the loop, else NULL. It must be a simple
 * (non-volatile, non-atomic) load of a loop-invariant address that is no
 * tile; no instruction of the loop may write those bytes (alias analysis;
 * a barrier writes nothing itself, and every thread of the block runs the
 * loop's instructions only, in the same iterations, between its
 * barriers, so no other thread writes them either: a race would be
 * undefined behaviour in the source); and a simple load of the same
 * address and type must precede the loop, in its preheader or the chain
 * of single-predecessor blocks above it, with no instruction that may
 * write those bytes and no barrier between it and the loop. Then both
 * loads read the same value (PTX memory consistency model: no write
 * intervenes). */
LLVMValueRef pl_invariant_load_before(pl_host *host, const pl_candidate *c, LLVMValueRef load);

#endif /* PL_CANDIDATE_H */
