/*===- lib/copy_loop_iv.h - one-to-one destinations of a copy loop --------===*\
 *
 * FILE: lib/copy_loop_iv.h
 * DESCRIPTION:
 *   A check of legality_copies.c for copy loops whose step ScalarEvolution
 *   cannot give as a constant. Not for other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_COPY_LOOP_IV_H
#define PL_COPY_LOOP_IV_H

#include "candidate.h"
#include "host.h"

/** Nonzero when the copy `a`, in a copy loop of `c`'s copy stage and the
 * only copy into its tile in that loop, writes bytes no other iteration of
 * that loop writes, whatever the loop's step: its destination is an exact
 * function of the loop's induction variable p (zext, sext and signed
 * division of non-negative values, add/mul/shl without wrap, disjoint or,
 * p / d and p % d for a constant d), p takes a new, larger value on every
 * iteration (ScalarEvolution: a non-negative step that does not wrap; where
 * the step may be zero, the loop's exit test is then the same every time,
 * so it runs once, or never ends, which C++ [intro.progress] rules out in a
 * `mustprogress` function), and that function is one-to-one with at least
 * the copy's size between two of its values (p's range at the store from
 * LazyValueInfo). 0 when any of this is not proven; never an error. */
int pl_copy_loop_one_to_one(pl_host *host, const pl_candidate *c, const pl_copy *a);

#endif /* PL_COPY_LOOP_IV_H */
