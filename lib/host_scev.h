/*===- lib/host_scev.h - ScalarEvolution -----------------------------------===*\
 *
 * FILE: lib/host_scev.h (implemented by plugin/scev.cpp)
 * DESCRIPTION:
 *   ScalarEvolution's trip counts, induction variables and constant
 *   distances, and SCEVExpander to materialize them. One rule of the
 *   project lives here: pl_scev_const_distance treats every read of a
 *   special register that stays constant for a thread as one value.
 *   Each function forwards to one LLVM facility and decides nothing,
 *   unless its comment says which rule it holds.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_SCEV_H
#define PL_HOST_SCEV_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** An affine add-recurrence {b,+,s} of a loop in bytes, as
 * ScalarEvolution reads it: b's signed range [start_min, start_max]
 * (INT64_MIN, INT64_MAX where a bound does not fit 32 bits before the
 * scale) and the constant step s (never 0). */
typedef struct pl_scev_rec {
  int64_t start_min, start_max, step;
} pl_scev_rec;

/** Reads ptr - object (two pointers of one type) as such a recurrence of
 * `loop` into *out. Returns 0 when ScalarEvolution reads it otherwise or
 * the step does not fit 32 bits. */
int pl_scev_rec_of(pl_host *host, pl_loop_ref loop, LLVMValueRef ptr, LLVMValueRef object,
                   pl_scev_rec *out);

/** The same for the integer `index` scaled by `scale` bytes (a GEP's
 * variable index, its element's size); also an index `loop` does not
 * change, read with step 0 and its signed range as the start's. */
int pl_scev_rec_of_index(pl_host *host, pl_loop_ref loop, LLVMValueRef index, uint64_t scale,
                         pl_scev_rec *out);

/** Nonzero when ScalarEvolution computes a loop-invariant backedge-taken
 * count for `loop` that SCEVExpander can materialize safely at the end of
 * the preheader; for a loop without one, at the end of the nearest common
 * dominator of the blocks entering it, which dominates exactly what the
 * preheader pl_loop_ensure_preheader() would create is dominated by. */
int pl_loop_has_trip_count(pl_host *host, pl_loop_ref loop);

/** Materializes the backedge-taken count (trip count - 1, an integer of
 * ScalarEvolution's type for the loop) before `insert_before`, which must be
 * in the preheader. Returns NULL when pl_loop_has_trip_count() is false. */
LLVMValueRef pl_loop_expand_backedge_count(pl_host *host, pl_loop_ref loop,
                                           LLVMValueRef insert_before);

/** ScalarEvolution: whether the header phi `phi` of `loop` is an affine
 * add-recurrence {start,+,step}<loop> whose step is loop invariant and that
 * SCEVExpander can materialize in the preheader. Returns 0 when it is not;
 * 1 when the step is a constant, written to *step; 2 when it is not a
 * constant (pl_scev_expand_iv_step materializes it). A pointer phi's step
 * is in bytes. SCEV's recurrences are exact modulo 2^width: the phi's value
 * at iteration j is start + j * step, wrapping as the loop's own
 * arithmetic does. */
int pl_scev_iv_step(pl_host *host, pl_loop_ref loop, LLVMValueRef phi, int64_t *step);

/** ScalarEvolution: whether the header phi `phi` of `loop` never decreases
 * from one iteration to the next, read as an unsigned integer: an affine
 * {start,+,step}<loop> whose step is known non-negative
 * (ScalarEvolution::isKnownNonNegative) and that does not wrap (the
 * recurrence's NUW flag, or its NSW flag with a start known non-negative).
 * Returns 0 when that is not proven; 1 when it is and the step may be zero;
 * 2 when the step is also known positive (isKnownPositive), so the phi takes
 * a different value on every iteration. */
int pl_scev_iv_increases(pl_host *host, pl_loop_ref loop, LLVMValueRef phi);

/** Materializes the step of such a phi before `insert_before`, which must
 * be in the preheader (SCEVExpander): an integer of the phi's type, or of
 * the index type (bytes) for a pointer phi. NULL when pl_scev_iv_step()
 * returns 0. */
LLVMValueRef pl_scev_expand_iv_step(pl_host *host, pl_loop_ref loop, LLVMValueRef phi,
                                    LLVMValueRef insert_before);

/** ScalarEvolution: nonzero when a - b (two integers of one type, or two
 * pointers with the same base, ScalarEvolution::getPointerBase) is the
 * same constant wherever both are defined (getMinusSCEV folds to a
 * SCEVConstant); the constant, in bytes for pointers, goes to *d. Reads of
 * %tid, %ntid, %ctaid and %nctaid count as one value per register (PTX
 * ISA, "Special Registers": constant for a thread's whole execution), so
 * two loops that each read threadIdx.x compare. */
int pl_scev_const_distance(pl_host *host, LLVMValueRef a, LLVMValueRef b, int64_t *d);

/** ScalarEvolution: the largest power of two (bytes, capped at 4096) that
 * provably divides the offset of the pointer `ptr` from the start of
 * `object` (a global), where ptr's pointer base
 * (ScalarEvolution::getPointerBase) is `object` or a cast of it
 * (getMinTrailingZeros of the rest); 1 when ptr is based on anything else
 * or nothing is known. */
unsigned pl_scev_offset_alignment(pl_host *host, LLVMValueRef ptr, LLVMValueRef object);

/** A read for pl_scev_sample_offsets: a copy's source address, and the
 * i1 terms it reads under (its predicate's and its guard's, each with
 * `negated` nonzero where the copy reads when it is false; NULL and 0 for
 * none). */
typedef struct pl_sample_read {
  LLVMValueRef ptr;
  const LLVMValueRef *terms;
  const unsigned char *negated;
  unsigned nterms;
} pl_sample_read;

/** The values at which pl_scev_sample_offsets evaluates: the block's shape
 * (threads in x, y, z; at most 1024 in all), the index of the block in
 * every dimension (ctaid) and the grid's extent in every dimension
 * (nctaid), and the value of every loop-invariant integer argument or
 * size loaded from an address no thread index reaches (`unknown`). */
typedef struct pl_sample_env {
  unsigned block[3];
  unsigned ctaid, nctaid;
  uint64_t unknown;
} pl_sample_env;

/** The byte offsets, from its pointer base, at which `read` reads on
 * iteration `iter` of `loop` (the tile loop): ScalarEvolution's expression
 * for read->ptr (a generic or global pointer) evaluated, in the modular
 * arithmetic of its types, at `env` for every thread of the block (x
 * fastest) and every iteration of the one loop inside `loop` it runs over
 * (its copy loop; none, one offset per thread), skipping those where a
 * term is false. A term it cannot evaluate (not an integer compare of
 * values it evaluates) counts as true. Writes the offsets, in that order,
 * to `out` (room for `cap`) and the pointer base
 * (ScalarEvolution::getPointerBase, a value) to *base, which names the
 * object the offsets are from. Returns how many, or -1 (*base NULL) where
 * it cannot evaluate an offset: the lane or the warp, a value that varies
 * in the loop and is not a recurrence, a call, a phi, a value loaded
 * through a thread's index, a copy loop without a backedge-taken count or
 * of more than 2^20 iterations, a shape of no or too many threads, or more
 * than `cap` pairs of a thread and a copy-loop iteration visited. Changes
 * no IR. (plugin/scev_sample.cpp; what the
 * offsets decide is lib/plan_cache.c's.) */
long pl_scev_sample_offsets(pl_host *host, pl_loop_ref loop, const pl_sample_read *read,
                            uint64_t iter, const pl_sample_env *env, int64_t *out, size_t cap,
                            LLVMValueRef *base);

/** A fact that holds where some code runs: `value == constant` (an
 * integer of at most 64 bits; the constant sign-extended to its type). */
typedef struct pl_scev_eq {
  LLVMValueRef value;
  int64_t constant;
} pl_scev_eq;

/** ScalarEvolution: the signed range [*lo, *hi] of a - b, in bytes (two
 * pointers with the same base, ScalarEvolution::getPointerBase), over
 * every value their opaque parts may take, ScalarEvolution::getSignedRange
 * (a thread index within its `range` attribute), once each eqs[k].value
 * that ScalarEvolution sees as one opaque value is replaced by its
 * constant, and with a block of at most `max_threads` threads (the
 * kernel's launch bounds; 0: unknown) each thread index below it. Reads
 * of a special register count as one value, as in
 * pl_scev_const_distance. Returns 1 with the range; 2 when two facts give
 * one value two constants, so that they never hold together (*lo, *hi
 * untouched); 0 when the difference or its range is unknown (different
 * bases, a full range). Decides nothing. */
int pl_scev_distance_range(pl_host *host, LLVMValueRef a, LLVMValueRef b, const pl_scev_eq *eqs,
                           size_t neqs, unsigned max_threads, int64_t *lo, int64_t *hi);

/** ScalarEvolution: the signed range [*lo, *hi] of a - b in bytes (two
 * pointers with the same base, ScalarEvolution::getPointerBase), where a
 * block has at most `max_threads` threads (launch bounds: each thread index
 * below it, each block dimension at most it; 0: no bound beyond the
 * registers' own ranges), and where the conditions guarding entry into each
 * loop around the block `at` hold (ScalarEvolution::applyLoopGuards; NULL:
 * none). Returns 1 with the range; 0 when the difference
 * or its range is unknown (different bases, a full range). Decides
 * nothing. */
int pl_scev_offset_range_in_block(pl_host *host, LLVMValueRef a, LLVMValueRef b,
                                  LLVMBasicBlockRef at, unsigned max_threads, int64_t *lo,
                                  int64_t *hi);

/** ScalarEvolution: bounds of a - b in bytes (two pointers with the same
 * base) wherever the block `at` runs, in a block of at most `max_threads`
 * threads (0: each thread index within its register's range), where the
 * upper bound depends on the launch: an expression of values every thread
 * of a block shares (the kernel's integer arguments; reads of %ntid,
 * %nctaid, %ctaid in its entry block). Built by rules that each hold of
 * the value the program computes (plugin/scev_bound.cpp): a thread index
 * at most max_threads - 1, a loop counter at most its last iteration's
 * value (ScalarEvolution's backedge-taken count) or its exit bound less
 * one, sums and products of bounds where the narrow arithmetic has no
 * signed wrap (else poison, and the access through it undefined) or
 * whose bounds lie within the type's range. The bound holds only where
 * every such value lies in [0, 2^20]: with `insert_before`, emits before
 * it the upper bound (an i64) into *hi and the i1 "every value lies in
 * [0, 2^20]" into *leaves_ok. Returns 1, with *lo a constant lower bound
 * and *hi_least the least the upper bound can be, when both bounds exist
 * and the upper one cannot wrap in 64 bits; 0 otherwise. Changes no IR
 * without `insert_before`. */
int pl_scev_offset_symbolic_bound(pl_host *host, LLVMValueRef a, LLVMValueRef b,
                                  LLVMBasicBlockRef at, unsigned max_threads, int64_t *lo,
                                  int64_t *hi_least, LLVMValueRef insert_before, LLVMValueRef *hi,
                                  LLVMValueRef *leaves_ok);

/** A key of the leaves of a's SCEV: its opaque values (SCEVUnknown; a
 * special register of pl_scev_const_distance as the register) and the
 * loops of its recurrences, as a set. pl_scev_const_distance finds a
 * constant between two values only where their SCEVs' non-constant parts
 * cancel, so only between values of equal keys: a cheap filter before it.
 * Equal keys prove nothing. 0 when `a` has no SCEV (not an integer or a
 * pointer), else nonzero. */
uint64_t pl_scev_leaves(pl_host *host, LLVMValueRef a);

/** Nonzero when ScalarEvolution proves that the integer `v` is `a * k`
 * computed without unsigned wrap: v's SCEV is a * k's, and that SCEV (an
 * add-recurrence or a product) carries the no-unsigned-wrap flag, which
 * ScalarEvolution sets only where it proved it (a product that does not
 * wrap has an operand that does not either, as k > 0). `k` is a constant,
 * not 0. 0 otherwise (also for values of different types). */
int pl_scev_mul_no_wrap(pl_host *host, LLVMValueRef v, LLVMValueRef a, uint64_t k);

/** ScalarEvolution's view of the pointer `ptr` in the innermost loop that
 * contains the block `bb`: returns 1 when it is an affine add-recurrence of
 * that loop, with the step in bytes bounded by [*min_step, *max_step]
 * (ScalarEvolution::getSignedRange of the step: a constant step gives
 * min == max; a runtime one such as blockDim.x * 4 its known range);
 * 0 otherwise (not an add-recurrence of that loop, or not a pointer). */
int pl_scev_loop_stride(pl_host *host, LLVMValueRef ptr, LLVMBasicBlockRef bb, int64_t *min_step,
                        int64_t *max_step);

/** Nonzero when ScalarEvolution proves SCEV(a1) - SCEV(b1) and
 * SCEV(a2) - SCEV(b2) the same expression (four integers of one type), and
 * that expression invariant in the innermost loops of the blocks `bb1` and
 * `bb2` (NULL: no loop to check): a copy loop's destination and source
 * indices move in lockstep. */
int pl_scev_same_difference(pl_host *host, LLVMValueRef a1, LLVMValueRef b1, LLVMBasicBlockRef bb1,
                            LLVMValueRef a2, LLVMValueRef b2, LLVMBasicBlockRef bb2);

/** ScalarEvolution's view of the address `ptr` from `base` (a pointer it
 * is computed from): returns 1 when SCEV(ptr) - SCEV(base) is built of
 * constants and add-recurrences only, through additions, multiplications,
 * divisions, minima and maxima and integer casts -- and, four levels deep,
 * integer operations ScalarEvolution does not model (xor, shifts, selects,
 * compares) of such operands -- so that it is a constant once the counters
 * of the recurrences' loops are (each loop fully unrolled); the loops, innermost and outermost
 * alike, are written to loops[0..*n) (at most `cap`; more is a 0 return). 0 otherwise: a value
 * unknown to ScalarEvolution takes part (a load, an argument), or the
 * difference cannot be computed. */
int pl_scev_counter_offset(pl_host *host, LLVMValueRef ptr, LLVMValueRef base, pl_loop_ref *loops,
                           size_t cap, size_t *n);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_SCEV_H */
