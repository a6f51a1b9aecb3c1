/*===- lib/copy_loop_exit.h - what a copy loop's exit test tells ---------===*\
 *
 * FILE: lib/copy_loop_exit.h
 * DESCRIPTION:
 *   Facts of a copy loop's induction variable that its exit test gives,
 *   for copy_loop_iv.c: a bound on it, and that it is not poison. Changes
 *   no IR.
\*===----------------------------------------------------------------------===*/
#ifndef PL_COPY_LOOP_EXIT_H
#define PL_COPY_LOOP_EXIT_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stdint.h>

/** A bound on the unsigned value of the header phi `p` of `loop`, a loop
 * with two incoming values (a start from outside, a latch value) whose only
 * exit is the latch's conditional branch on `x < n` (ult) or `x <= n` (ule),
 * n a constant, continuing while it holds (or on `x >= n` or `x > n`,
 * exiting while it holds), where x is p or the latch value,
 * an add of p: p is its start or the latch value of an iteration that
 * continued, so p <= max(the start's bound, the largest x the test
 * continues on -- plus c where x is p and the latch value is p + c, c a
 * constant, without unsigned wrap). The start's bound: a constant, the
 * largest of a phi's incoming values, an add of a constant without
 * unsigned wrap, else what its known bits allow (ValueTracking: a thread
 * index's `range`). UINT64_MAX when the loop has another shape or nothing
 * bounds the start. */
uint64_t pl_copy_loop_tested_bound(pl_host *host, pl_loop_ref loop, LLVMValueRef p);

/** Nonzero when the header phi `p` of `loop` is not poison wherever an
 * iteration of the loop runs to its end: the loop's exit test, the only
 * exit, branches on p or on its latch value, an add of p, and a branch on
 * poison is undefined behaviour (LangRef, "Poison Values"); an add
 * propagates poison. 0 when the loop has another shape. */
int pl_copy_loop_tests(pl_loop_ref loop, LLVMValueRef p);

#endif /* PL_COPY_LOOP_EXIT_H */
