/*===- lib/unrolled.h - tile loops gone before the pass ----------------===*\
 *
 * FILE: lib/unrolled.h
 * DESCRIPTION:
 *   Every tile loop in the source gets exactly one remark
 *   per target architecture. A tile loop with a constant trip count (a
 *   small constant K, or `#pragma unroll`) is fully unrolled by
 *   LoopFullUnrollPass in the function simplification pipeline, long
 *   before OptimizerLast, where the pass runs: the pass would never see
 *   it, and say nothing.
 *
 *   A companion loop pass (plugin/pass.cpp, `cuda-pipeline-note`) runs at
 *   the LateLoopOptimizations extension point, which in LLVM 19's
 *   buildFunctionSimplificationPipeline comes right before LoopDeletion
 *   and LoopFullUnrollPass in the same loop pass manager. For each loop it
 *   calls pl_note_tile_loop(), which records tile-loop candidates in the
 *   module's named metadata
 *
 *     !pl.tile.loops = !{!N, ...}
 *     !N = !{!"<function>", !DILocation (the loop's start), i32 <trip
 *            count>, i32 <pl_unroll_pragma>, i1 <pipeline(disable)>}
 *
 *   At OptimizerLast the driver (lib/pipeline.c) calls
 *   pl_unrolled_remarks() for each function, and pl_unrolled_orphans()
 *   once: every recorded loop that no loop of its function starts at any
 *   more gets one missed remark, `FullyUnrolled`, at the loop's line,
 *   saying how to keep it (`#pragma unroll 1`, or remove the user's
 *   `#pragma unroll`). The record changes no instruction: the code is
 *   unrolled exactly as without the plugin.
\*===----------------------------------------------------------------------===*/
#ifndef PL_UNROLLED_H
#define PL_UNROLLED_H

#include "host.h"
#include "options.h"
#include "reasons.h"
#include "report.h"

/** Called by the companion pass for `loop` of function `fn`, whose
 * constant trip count is `trip` (ScalarEvolution's small constant trip
 * count; 0 when it is not a known constant). Records the loop in
 * !pl.tile.loops when it is a tile-loop candidate that the full unroller
 * may remove: it contains (its inner loops included) a CTA barrier and a
 * copy into a __shared__ array (a store of a value computed from a load
 * of other memory, or an llvm.memcpy from other memory; outside kernels,
 * a store through a pointer argument counts too), has a
 * constant trip count, and is not already recorded for `fn` at the same
 * start location. Loops without a debug location are not recorded (a
 * remark could not point at them). Returns 1 when it added a record, else
 * 0. Adds module metadata only. */
int pl_note_tile_loop(pl_loop_ref loop, LLVMValueRef fn, unsigned trip);

/** At OptimizerLast, for function `fn` (analysed by `host`): one missed
 * remark (and one `report` entry) for each loop recorded for `fn` that
 * no loop of `fn` starts at any more, when `fn` is a kernel or a
 * function that may still be called (pl_function_may_be_called with
 * `opts->rdc`). The reason is the kernel's `skip` (with `skip_message`)
 * when the user excluded the kernel, DisabledByPragma for a loop under
 * `#pragma clang loop pipeline(disable)`, else FullyUnrolled. Call before
 * the loops of `fn` are rewritten. Returns the number of remarks. */
unsigned pl_unrolled_remarks(pl_host *host, LLVMValueRef fn, const pl_options *opts, pl_reason skip,
                             const char *skip_message, pl_report *report);

/** Once per module, after the functions: recorded loops of functions that
 * no longer exist, or that nothing can call any more (the leftover copy
 * of a device function inlined everywhere; its loop was unrolled before
 * the inliner copied it). Each gets one missed remark in every kernel of
 * `m` holding code inlined from the loop's function
 * (pl_function_inlines_location), as a loop inlined into kernels gets one
 * per kernel, unless that kernel has a loop starting there or a record of
 * its own at that place; where no kernel holds it, an analysis remark in
 * the leftover copy.
 * Then erases !pl.tile.loops: the records serve this run of the pass
 * only. Returns the number of remarks. */
unsigned pl_unrolled_orphans(pl_module_host *mh, LLVMModuleRef m, const pl_options *opts,
                             pl_report *report);

#endif /* PL_UNROLLED_H */
