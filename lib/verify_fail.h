/*===- lib/verify_fail.h - a change that failed LLVM's verifier -----------===*\
 *
 * FILE: lib/verify_fail.h
 * DESCRIPTION:
 *   What the driver says when a change it made failed LLVM's verifier and
 *   was rolled back (the loop or the accesses left as written): a
 *   -Wbackend-plugin warning, an error under the `verify` argument, and the
 *   InternalError reason of a loop's remark; and the test hook that makes a
 *   change fail it.
\*===----------------------------------------------------------------------===*/
#ifndef PL_VERIFY_FAIL_H
#define PL_VERIFY_FAIL_H

#include "host.h"
#include "options.h"
#include "reasons.h"

#include <llvm-c/Core.h>

/** For tests (`test-invalid-ir`): puts an instruction that uses itself,
 * which only a phi may (LLVM's verifier: "Only PHI nodes may reference
 * their own value"), at the top of `fn`, so that the change being made
 * fails the verifier. */
void pl_break_for_test(LLVMValueRef fn);

/** A loop's rewrite in `fn` failed the verifier (`why`, its message) and
 * was rolled back: InternalError in `f`, with the message's first line,
 * and a warning saying the same at the loop's source line (`loop` may be
 * NULL: no line), an error under opts->verify. */
void pl_internal_error(LLVMValueRef fn, const pl_options *opts, pl_loop_ref loop, const char *why,
                       pl_fail *f);

/** The same for the matrix accesses of `fn` moved to the shared state
 * space (shared_space.h), rolled back: a warning, an error under
 * opts->verify. */
void pl_internal_error_shared_space(LLVMValueRef fn, const pl_options *opts, const char *why);

#endif /* PL_VERIFY_FAIL_H */
