/*===- lib/host_versioning.h - runtime alias checks ------------------------===*\
 *
 * FILE: lib/host_versioning.h (implemented by plugin/versioning.cpp)
 * DESCRIPTION:
 *   The address ranges a loop's accesses cover, as LoopAccessAnalysis
 *   builds them for runtime pointer checks, the loop versioning that
 *   puts the check in front of two copies of the loop (LoopVersioning), and
 *   the replacement of a global within one function.
 *   Each function forwards to one LLVM facility and decides nothing,
 *   unless its comment says which rule it holds.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_VERSIONING_H
#define PL_HOST_VERSIONING_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The address ranges a loop's accesses cover over all its iterations, as
 * LoopAccessAnalysis builds them for RuntimePointerChecking
 * (getStartAndEndForAccess), over one PredicatedScalarEvolution of the
 * loop, whose predicates (no-wrap assumptions) the runtime check must also
 * test. Create one per loop and question; free it with
 * pl_access_bounds_free(). */
typedef struct pl_access_bounds pl_access_bounds;

/** Starts the bounds of `loop`'s accesses. NULL when memory runs out. */
pl_access_bounds *pl_access_bounds_create(pl_host *host, pl_loop_ref loop);

/** Adds the access of `size` bytes at the pointer `ptr` (an instruction's
 * pointer operand in the loop) on every iteration. Its range over the
 * whole loop is computable when the pointer's SCEV is loop invariant, or an
 * affine add-recurrence of the loop (directly, or under a no-wrap
 * predicate, PredicatedScalarEvolution::getAsAddRec) whose backedge-taken
 * count PredicatedScalarEvolution computes: [min(start, end), max(start,
 * end) + size) with end = start + step * BTC; a no-wrap predicate on the
 * pointer is added unless SCEV proves it. Otherwise interval arithmetic
 * over the pointer's SCEV gives it (plugin/scev_interval.h), with the
 * conditions it assumes. Every bound must be expandable where the loop is
 * entered (its preheader, or where pl_loop_has_trip_count would expand).
 * A generic address cast to the global space counts as the generic
 * address (ranges are compared as generic addresses). Returns the access's
 * index (0, 1, ...), with or without a range (pl_access_bounds_has_range),
 * or -1 for a pointer ScalarEvolution cannot describe or a loop without an
 * entry to expand at. */
int pl_access_bounds_add(pl_access_bounds *b, LLVMValueRef ptr, uint64_t size);

/** Nonzero when access `index` has a range over the whole loop. */
int pl_access_bounds_has_range(pl_access_bounds *b, int index);

/** Nonzero when every access added to `b` has a window -- the bytes it
 * touches on one iteration i, [lo + i*step, end + i*step), by the same
 * arithmetic as its range, with a step the same in every thread of the
 * block -- all with the same step (one SCEV; zero for accesses that do not
 * move with the loop). Computed on the first call, for every access added
 * before it; add none after. */
int pl_access_bounds_windows(pl_access_bounds *b);

/** Materializes access `index`'s window before `insert_before`
 * (SCEVExpander), after pl_access_bounds_windows: *lo, its first byte on
 * the loop's first iteration, *end, one past its last, both pointers of
 * the access pointer's type, and *step, the bytes the window moves per
 * iteration (i64, signed). */
void pl_access_bounds_expand_window(pl_access_bounds *b, int index, LLVMValueRef insert_before,
                                    LLVMValueRef *lo, LLVMValueRef *end, LLVMValueRef *step);

/** Gives `b` the backedge-taken count the latch compare implies, for a
 * loop whose count ScalarEvolution does not compute (trip.h's latch and
 * chain forms: the header phi `phi`, an add-recurrence toward the
 * loop-invariant `bound` by a loop-invariant step that ScalarEvolution
 * knows is positive going up, negative going down -- a constant, or a
 * grid's size as in `t += gridDim.x` -- compared as `pred` ("continue
 * while") against iv(j - lag) at the end of iteration j - 1). The count is
 * max(|bound - start| - strict + lag * |step|, 0) / |step|, in 64 bits.
 * With `may_wrap` 0 the caller has made sure the IV cannot wrap (its
 * increment's no-wrap flag of the compare's signedness); with 1 (no such
 * flag) the count holds only while no increment wraps, and a condition
 * tested at run time beside the alias check's says so: the largest value
 * incremented, max(start, bound - strict) going up (the least, going
 * down), plus the step, stays in the compare's range. Accesses added
 * afterwards use the count when ScalarEvolution has none, with no SCEV
 * predicate: only pointers that are add-recurrences as they are, whose not
 * wrapping is then tested at run time. Returns 0 (nothing set) for an IV
 * wider than 32 bits, an equality compare, or a step not known to move
 * toward the bound. */
int pl_access_bounds_set_latch_trip(pl_access_bounds *b, LLVMValueRef phi, LLVMValueRef bound,
                                    LLVMIntPredicate pred, unsigned lag, int may_wrap);

/** Materializes the range of access `index` (pl_access_bounds_has_range)
 * before `insert_before` (SCEVExpander): *lo, the first byte, and *hi, one
 * past the last, both pointers of the access pointer's type. */
void pl_access_bounds_expand(pl_access_bounds *b, int index, LLVMValueRef insert_before,
                             LLVMValueRef *lo, LLVMValueRef *hi);

/** Materializes the predicates the ranges (`windows` zero) or the windows
 * (nonzero) assume (SCEVExpander::expandCodeForPredicate, and the
 * conditions of interval arithmetic), and for ranges over the latch count
 * that no pointer wraps (start + step * count computed in 128 bits leaves
 * [0, 2^64)), before `insert_before`: an i1 that is true when one of them
 * fails, so the bounds may be wrong. NULL when they assume nothing. Only
 * where pl_access_bounds_predicates_expandable says so. */
LLVMValueRef pl_access_bounds_expand_predicates(pl_access_bounds *b, LLVMValueRef insert_before,
                                                int windows);

/** Nonzero when SCEVExpander can expand every predicate the bounds assume
 * (pl_access_bounds_expand_predicates): a no-wrap predicate's overflow
 * check needs its loop's backedge-taken count, which the rewrite's changes
 * before the check (a preheader inserted, the loop forgotten) can leave
 * uncomputable -- SCEVExpander::generateOverflowCheck asserts it is
 * computable and, without assertions, reads a null type. */
int pl_access_bounds_predicates_expandable(pl_access_bounds *b);

/** Frees `b`. */
void pl_access_bounds_free(pl_access_bounds *b);

/** Versions `loop` as LLVM's LoopVersioning does (versionLoop): the
 * preheader P is split at its terminator, so that P keeps its code and a
 * new empty preheader enters the loop; the loop and that preheader are
 * cloned (llvm::cloneLoopWithPreheader, remapInstructionsInBlocks); P
 * branches on the i1 `take_clone` (an instruction in P, or any value
 * available there) to the clone when true, to `loop` when false. The exit
 * block is made dedicated (llvm::SplitEdge) and the loop put in LCSSA form
 * (llvm::formLCSSA) first, so both versions meet in it and each value used
 * after the loop gets one phi there. Loop info and dominators stay up to
 * date; ScalarEvolution forgets the loop. `loop` stays the loop it was.
 * Returns its new preheader, or NULL (nothing changed) when the loop has
 * no preheader or no unique exit block. */
LLVMBasicBlockRef pl_loop_version(pl_host *host, pl_loop_ref loop, LLVMValueRef take_clone);

/** Replaces every use of the global `g` by instructions of the function
 * `fn`, also through constant expressions (which become instructions in
 * `fn`, llvm::convertUsersOfConstantsToInstructions), with `with`, a value
 * of the same type. Uses in other functions are left alone. */
void pl_replace_global_uses_in(LLVMValueRef g, LLVMValueRef with, LLVMValueRef fn);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_VERSIONING_H */
