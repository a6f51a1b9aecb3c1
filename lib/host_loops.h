/*===- lib/host_loops.h - loops --------------------------------------------===*\
 *
 * FILE: lib/host_loops.h (implemented by plugin/loops.cpp)
 * DESCRIPTION:
 *   LoopInfo's view of the function's loops: their blocks, headers,
 *   preheaders, latches, exits and nesting; where a loop starts in the
 *   source; and a preheader made where a loop has none.
 *   Each function forwards to one LLVM facility and decides nothing,
 *   unless its comment says which rule it holds.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_LOOPS_H
#define PL_HOST_LOOPS_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Writes up to `cap` loops of the function to `out`, outermost first
 * (pre-order over LoopInfo's forest; `out` may be NULL when `cap` is 0).
 * Returns the total number of loops, which may exceed `cap`. */
size_t pl_loops_preorder(pl_host *host, pl_loop_ref *out, size_t cap);

/** The loop whose header is `header`, or NULL when `header` heads none
 * (LoopInfo::getLoopFor, checked against Loop::getHeader). */
pl_loop_ref pl_loop_for_header(pl_host *host, LLVMBasicBlockRef header);

/** Header block of `loop`. */
LLVMBasicBlockRef pl_loop_header(pl_loop_ref loop);

/** Preheader (Loop::getLoopPreheader), or NULL when the loop has none. */
LLVMBasicBlockRef pl_loop_preheader(pl_loop_ref loop);

/** The unique latch (Loop::getLoopLatch), or NULL. */
LLVMBasicBlockRef pl_loop_latch(pl_loop_ref loop);

/** The unique exiting block (Loop::getExitingBlock), or NULL. */
LLVMBasicBlockRef pl_loop_exiting_block(pl_loop_ref loop);

/** The unique exit block (Loop::getUniqueExitBlock), or NULL. */
LLVMBasicBlockRef pl_loop_exit_block(pl_loop_ref loop);

/** Nonzero when `bb` belongs to `loop` (or to one of its subloops). */
int pl_loop_contains(pl_loop_ref loop, LLVMBasicBlockRef bb);

/** Nonzero when `bb` belongs to a strict subloop of `loop`. */
int pl_loop_in_subloop(pl_host *host, pl_loop_ref loop, LLVMBasicBlockRef bb);

/** Gives `loop` a preheader when it has none (llvm::InsertPreheaderForLoop,
 * as LoopSimplify does), keeping dominators and loop info up to date and
 * making ScalarEvolution forget the loop. Returns the preheader (the
 * existing one when there is one), or NULL when none can be made: a block
 * entering the loop ends in an indirectbr or callbr. */
LLVMBasicBlockRef pl_loop_ensure_preheader(pl_host *host, pl_loop_ref loop);

/** Unrolls `loop` `count` times (2 to 8) with a remainder loop after it
 * for the iterations past a multiple of `count` (llvm::UnrollLoop with a
 * runtime trip count, the remainder kept rolled), the way ptxas 11.8
 * unrolls a small tile loop itself. LLVM refuses a remainder to a loop
 * that holds convergent calls (barriers, shuffles: the remainder adds
 * control dependences to them); it is sound where every thread of a block
 * runs the loop the same number of times, as a tile loop whose barriers
 * the source reaches uniformly must (CUDA C++ Programming Guide,
 * "__syncthreads() is allowed in conditional code but only if the
 * conditional evaluates identically across the entire thread block").
 * The caller asserts that; the convergent calls are then swapped for
 * non-convergent stand-ins (or lose the attribute, marked, where it is the
 * call's own or inline assembly's) for the unroll and get it back after,
 * the unroll's copies too, so nothing of the swap remains. The function's
 * analyses are recomputed first (the loop may have just been rewritten)
 * and after; *loop is then the loop with the same header, its remarks'
 * location pinned where the old one's was (pl_loop_pin_location). Returns
 * 1 when the loop was unrolled, 0 when it was left as it was:
 * pl_loop_unrollable_uniform says no, or a convergent call goes through a
 * pointer. A user's unroll pragma is the caller's to respect. */
int pl_loop_unroll_uniform(pl_host *host, pl_loop_ref *loop, unsigned count);

/** Nonzero when pl_loop_unroll_uniform can unroll `loop` `count` times:
 * it has a preheader and exits at its latch alone, has a trip count
 * ScalarEvolution computes before the loop, and may run more than `count`
 * times (else the unroll would leave no loop). Changes nothing. */
int pl_loop_unrollable_uniform(pl_host *host, pl_loop_ref loop, unsigned count);

/** ScalarEvolution's constant trip count of `loop`
 * (ScalarEvolution::getSmallConstantTripCount), or 0 when it is not a
 * known constant. */
unsigned pl_loop_const_trip_count(pl_host *host, pl_loop_ref loop);

/** ScalarEvolution's bound on the number of times `loop` runs its body
 * (ScalarEvolution::getSmallConstantMaxTripCount): every run of the loop
 * runs it at most this many times; 0 when no constant bound is known. */
unsigned pl_loop_max_trip_count(pl_host *host, pl_loop_ref loop);

/** Fully unrolls `loop` into `max_trips` copies of its body, each but the
 * first under the exit tests of the copies before it, with no back edge
 * (llvm::UnrollLoop, a complete unroll): for a copy loop the caller has
 * proven runs at most `max_trips` (1 to 64) times. Where ScalarEvolution
 * knows no such bound (pl_loop_max_trip_count is 0 or larger), a counter
 * k from 0 is added and the latch continues only while also k + 1 <
 * max_trips, which changes nothing where the caller's proof holds, and
 * gives ScalarEvolution the bound. The loop must be innermost, with a
 * preheader, one latch that is its only exiting block (a conditional
 * branch). A convergent call in it (the inline assembly of CUDA's
 * __float2half) is no obstacle: a complete unroll runs each copy under the
 * conditions its iteration ran under and adds no control dependence, as
 * LoopUnrollPass's full unroll of such loops does. Returns 1 when the loop is gone (the
 * analyses recomputed after); 0 when it has another shape or the unroll
 * left a loop -- the IR may then have changed (the counter, LCSSA phis),
 * so the caller works inside a transaction (txn.h) and rolls it back. */
int pl_loop_unroll_bounded(pl_host *host, pl_loop_ref loop, unsigned max_trips);

/** The innermost loop containing `bb` (LoopInfo::getLoopFor), or NULL. */
pl_loop_ref pl_loop_for_block(pl_host *host, LLVMBasicBlockRef bb);

/** The loop that immediately contains `loop` (Loop::getParentLoop), or
 * NULL for an outermost loop. */
pl_loop_ref pl_loop_parent(pl_loop_ref loop);

/** Where `loop` starts in the source (Loop::getStartLoc): the file, joined
 * to its compile directory when relative, as a malloc'ed string the caller
 * frees, with its line and column; NULL (and 0, 0) when the loop has no
 * debug location. */
char *pl_loop_source(pl_loop_ref loop, unsigned *line, unsigned *column);

/** The DILocation where `loop` starts (Loop::getStartLoc: the first
 * location of its llvm.loop metadata, else its preheader's or header's),
 * or NULL when it has none. */
LLVMMetadataRef pl_loop_start_location(pl_loop_ref loop);

/** Remembers where `loop` starts (Loop::getStartLoc: its llvm.loop
 * location, else its preheader's or header's) for the loop's later
 * remarks: called before the rewrite, whose new blocks may leave LoopInfo
 * unable to find the loop ID, so the remark would move to the header's
 * first line. */
void pl_loop_pin_location(pl_host *host, pl_loop_ref loop);

/** Asks for `loop` to be fully unrolled, as `#pragma unroll` does: adds
 * !{!"llvm.loop.unroll.full"} to its llvm.loop metadata (made, distinct
 * and self-referential, when it has none), keeping the other entries.
 * LoopUnrollPass then unrolls it when its trip count is a known constant
 * and its unrolled size within -pragma-unroll-threshold. Changes metadata
 * only. */
void pl_loop_request_full_unroll(pl_loop_ref loop);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_LOOPS_H */
