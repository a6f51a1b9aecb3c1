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

/** ScalarEvolution's constant trip count of `loop`
 * (ScalarEvolution::getSmallConstantTripCount), or 0 when it is not a
 * known constant. */
unsigned pl_loop_const_trip_count(pl_host *host, pl_loop_ref loop);

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
