/*===- lib/census.h - what a loop holds, in one walk ---------------------===*\
 *
 * FILE: lib/census.h (implemented by lib/census.c)
 * DESCRIPTION:
 *   The one test of "may this be a tile loop", before any recognition: a
 *   walk over the loop's blocks (inner loops included) that notes its CTA
 *   barriers, its stores into __shared__ memory and its copies into a tile.
 *   The driver reads it to choose between a missed remark and an analysis
 *   remark, and to tell a tile loop's own inner loops from tile loops; the
 *   unroll-time record (unrolled.c) reads it to keep the trip count of a
 *   tile loop that the unroller is about to erase.
\*===----------------------------------------------------------------------===*/
#ifndef PL_CENSUS_H
#define PL_CENSUS_H

#include "host.h"

/** What one loop holds. */
typedef struct pl_loop_census {
  int barrier;      /**< a CTA barrier (pl_is_cta_barrier) */
  int shared_store; /**< a store or memcpy into a __shared__ global */
  /** A copy into a tile: a store into a __shared__ global (outside a
   * kernel also into memory a pointer argument points to: a __device__
   * helper is handed its tile) of a value loaded from memory other than
   * __shared__, within PL_MAX_COPY_VALUE_DEPTH operations; or a memcpy
   * into a __shared__ global from other memory. A tree reduction over a
   * __shared__ array (shared stores of shared loads) has none. */
  int tile_copy;
  /** A read of memory that is neither a __shared__ global nor a thread's
   * own array (an alloca): an instruction that may read memory by LLVM's
   * account (a load, an atomic, an intrinsic such as __ldg, ldu, memcpy or
   * cp.async; not a barrier) through a pointer that may point elsewhere,
   * or through pointers not known (a call, inline assembly). A loop
   * without one reads only what is already in shared memory: a reduction,
   * a scan, an exchange, with nothing to load ahead. */
  int outside_read;
  /** A store of a constant into a __shared__ global: a tile's fill, or a
   * copy whose guard the compiler proved false (a loop then says so). */
  int constant_store;
} pl_loop_census;

/** Walks the blocks of `loop` of function `fn` once and returns what it
 * holds. Changes no IR. */
pl_loop_census pl_loop_census_of(pl_loop_ref loop, LLVMValueRef fn);

/** Nonzero for a loop that may be a tile loop: a barrier or a store into
 * __shared__ memory, and a read from outside shared memory (outside_read)
 * or a constant stored into it (constant_store).
 * Its declines are missed remarks; any other loop's are analysis remarks,
 * so that they do not bury the few that matter. */
int pl_census_tile_like(const pl_loop_census *k);

#endif /* PL_CENSUS_H */
