/*===- lib/copy_loop_offset.h - a copy's offset in its copy loop (private) -===*\
 *
 * FILE: lib/copy_loop_offset.h
 * DESCRIPTION:
 *   The exact integer reading of a copy loop's destinations that
 *   copy_loop_iv.c makes and copy_loop_pairs.c uses to compare the copies
 *   of two loops. Not for other files.
\*===----------------------------------------------------------------------===*/
#ifndef PL_COPY_LOOP_OFFSET_H
#define PL_COPY_LOOP_OFFSET_H

#include "candidate.h"
#include "host.h"
#include "limits.h"

#include <stdint.h>

/* A loop-invariant term of a destination: v * scale bytes. */
typedef struct pl_iv_inv {
  LLVMValueRef v;
  int64_t scale;
} pl_iv_inv;

/* A copy loop's destination offset, in bytes, as an exact integer function
 * of the loop's induction variable p (read as an unsigned integer):
 * kp * p + kq * (p / d) + kr * (p % d) + the terms that do not change within
 * the loop (inv) + konst. */
typedef struct pl_iv_offset {
  pl_host *host;
  pl_loop_ref loop;     /* NULL for a copy outside copy loops (fixed) */
  LLVMValueRef fixed;   /* there: the value read as p */
  LLVMValueRef ctx;     /* the store: where ranges are asked */
  LLVMValueRef bounded; /* the destination's index that `inbounds` bounds, or NULL */
  uint64_t bound;       /* that bound */
  LLVMValueRef p;       /* the header phi met, NULL until one is */
  int64_t kp, kq, kr;
  uint64_t d;              /* divisor of p / d and p % d; 0 until one is met */
  uint64_t p_max;          /* a bound on p known before the walk; UINT64_MAX: none */
  uint64_t p_seen;         /* the bound on p the walk's no-wrap flags imply */
  LLVMValueRef tested_phi; /* the header phi whose exit-test bound is kept */
  uint64_t tested;         /* that bound (pl_copy_loop_tested_bound) */
  int64_t konst;
  pl_iv_inv inv[PL_MAX_ADDRESS_TERMS];
  size_t ninv;
} pl_iv_offset;

/* The copies into one tile of one copy loop, read together. */
typedef struct pl_loop_group {
  pl_loop_ref loop;
  size_t n;
  pl_iv_offset o[PL_MAX_LOOP_COPIES];
  int64_t size[PL_MAX_LOOP_COPIES];
  int64_t step;   /* p's step where it is a constant, else 1 */
  int same;       /* the copies differ only in their constants (same_function) */
  int64_t lo, hi; /* where same: the bytes of one iteration, from kp * p + the invariants */
} pl_loop_group;

/** Reads the destination of `a`, a copy in `loop`, into *o as an exact
 * integer function of one header phi p of `loop`, with p's bound p_max
 * (UINT64_MAX: none) lowered to the bound of the loop's exit test
 * (pl_copy_loop_tested_bound). Returns 0 when it is no such function. */
int pl_iv_read_offset(pl_host *host, const pl_candidate *c, pl_loop_ref loop, const pl_copy *a,
                      uint64_t p_max, pl_iv_offset *o);

/** pl_iv_read_offset for `loop`, or, where `loop` is NULL, for a copy
 * outside copy loops whose destination is read as a function of the value
 * `fixed` in p's place (the value a copy loop's counter stopped at). */
int pl_iv_read_offset_of(pl_host *host, const pl_candidate *c, pl_loop_ref loop, LLVMValueRef fixed,
                         const pl_copy *a, uint64_t p_max, pl_iv_offset *o);

/** Reads the copies into `a`'s tile in `a`'s copy loop into *g: each with
 * the bound on p that the flags of the copies before it on every iteration
 * imply. Returns 1 when every offset is read, as a function of one p that
 * takes a new, larger value on every iteration; else 0. */
int pl_iv_read_offsets(pl_host *host, const pl_candidate *c, const pl_copy *a, pl_loop_group *g);

/** pl_iv_read_offsets, and a proof that the copies write distinct bytes
 * on every iteration. Returns 0 when either fails. */
int pl_iv_read_group(pl_host *host, const pl_candidate *c, const pl_copy *a, pl_loop_group *g);

/** Nonzero when the one copy of `o`, of `size` bytes, writes different
 * bytes at every value of p in its range. */
int pl_iv_one_to_one(const pl_iv_offset *o, int64_t size);

/** Nonzero when `x` and `y` have the same loop-invariant terms (a term
 * whose scales cancelled counts as absent). */
int pl_iv_same_invariants(const pl_iv_offset *x, const pl_iv_offset *y);

/** Nonzero when two values of `o`'s offset function over p's range differ
 * by less than 2^62, so that the exact integers compare as the 64-bit
 * addresses do. */
int pl_iv_offsets_fit(const pl_iv_offset *o);

/** Nonzero when the window of `x` -- its constant plus [min, max + xsize),
 * the range of its function of p over p's range at the store -- ends
 * where the window of `y` starts, or before (the same invariant terms
 * assumed). */
int pl_iv_window_before(const pl_iv_offset *x, int64_t xsize, const pl_iv_offset *y);

#endif /* PL_COPY_LOOP_OFFSET_H */
