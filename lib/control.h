/*===- lib/control.h - what the user asked for, per kernel and per loop --===*\
 *
 * FILE: lib/control.h
 * DESCRIPTION:
 *   The user's controls besides the plugin arguments (options.h):
 *     per loop    `#pragma clang loop pipeline(disable)`: clang's spelling
 *                 for "do not software-pipeline this loop"; it becomes
 *                 `!{!"llvm.loop.pipeline.disable", i1 true}` in the loop's
 *                 llvm.loop metadata, and the loop is declined with
 *                 DisabledByPragma.
 *     per kernel  `__attribute__((annotate("pipeline...")))` on a kernel:
 *                 clang keeps it in the device module's
 *                 @llvm.global.annotations (function, string, file, line),
 *                 which survives the optimization pipeline to our pass.
 *                   "pipeline"           the assertion: the compile fails
 *                                        unless a loop of the kernel is
 *                                        pipelined
 *                   "pipeline.stages=N"  ring depth for this kernel
 *                   "pipeline.disable"   leave the kernel alone
 *                                        (DisabledByAttribute)
 *                 include/libpipeline.h spells them PL_PIPELINE,
 *                 PL_STAGES(n) and PL_NO_PIPELINE.
\*===----------------------------------------------------------------------===*/
#ifndef PL_CONTROL_H
#define PL_CONTROL_H

#include <llvm-c/Core.h>
#include <stddef.h>

/** A kernel's annotations. */
typedef struct pl_kernel_marks {
  int assert_pipelined; /**< annotate("pipeline") */
  int disabled;         /**< annotate("pipeline.disable") */
  unsigned stages;      /**< annotate("pipeline.stages=N"), 0 when absent */
} pl_kernel_marks;

/** Reads the annotations of function `fn` from its module's
 * @llvm.global.annotations into `marks`. Returns NULL on success; else a
 * malloc'ed error message (an annotation starting with "pipeline" that is
 * not one of the three, or a stage count outside 2..8) naming the kernel
 * `kernel_name` (demangled), which the caller frees. Other annotations are
 * ignored. */
char *pl_kernel_marks_read(LLVMValueRef fn, const char *kernel_name, pl_kernel_marks *marks);

/** Nonzero when the branch that closes the loop `latch_term` (its latch's
 * terminator) carries llvm.loop metadata with
 * `llvm.loop.pipeline.disable` set to true. */
int pl_loop_pipeline_disabled(LLVMValueRef latch_term);

/** What the user's unroll pragma on a loop asks. */
typedef enum pl_unroll_pragma {
  PL_UNROLL_NONE,    /**< no pragma: the unroller decides */
  PL_UNROLL_FORCED,  /**< `#pragma unroll` (llvm.loop.unroll.enable), `#pragma clang loop
                          unroll(full)` (llvm.loop.unroll.full) or `#pragma unroll N` with
                          N > 1 (llvm.loop.unroll.count) */
  PL_UNROLL_DISABLED /**< `#pragma unroll 1` (llvm.loop.unroll.disable) */
} pl_unroll_pragma;

/** The unroll pragma in the llvm.loop metadata of the loop whose latch
 * ends in `latch_term` (NULL: none). */
pl_unroll_pragma pl_loop_unroll_pragma(LLVMValueRef latch_term);

struct pl_options;

/** The only= and exclude= regexes of `opts`, each when it matches none of
 * the kernels of `m` (and there are some): a warning (pl_report_warning)
 * naming a few of them, for the target `arch` ("sm_90"). */
void pl_check_filters(LLVMModuleRef m, const struct pl_options *opts, const char *arch);

struct pl_report;

/** The kernel assertion (annotate("pipeline")) of kernel `fn` (demangled
 * `name`): an error naming the kernel and each of its loops' reasons
 * (pl_report_error) unless one of them, recorded in `report` from index
 * `first` on, was pipelined; "it has no candidate loop" where none is
 * recorded. */
void pl_check_assertion(LLVMValueRef fn, const char *name, const struct pl_report *report,
                        size_t first);

/** A function the pass does not look at (`why`: -O0, `disable`, optnone):
 * when it is a kernel, its annotations are still read, so that a bad one
 * is an error and PL_PIPELINE fails the compile, naming the kernel and
 * `why`, as it would for a kernel none of whose loops is pipelined. */
void pl_check_unexamined(LLVMValueRef fn, const char *why);

#endif /* PL_CONTROL_H */
