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
#include "limits.h"

/** The copy loops, each with a tile, whose copies into that tile
 * pl_copy_loop_one_to_one has proven in one check, so that it proves a loop
 * once, not again for each of its copies. Start it zeroed. */
typedef struct pl_proven_loops {
  pl_loop_ref loop[PL_MAX_LOOP_COPIES];
  unsigned tile[PL_MAX_LOOP_COPIES];
  size_t n;
} pl_proven_loops;

/** Nonzero when the copies into the tile of `a`, a copy in a copy loop of
 * `c`'s copy stage, in that loop write distinct bytes, on one iteration of
 * the loop and on different ones, whatever the loop's step: each
 * destination is an exact function of the loop's induction variable p
 * (zext, sext and signed division of non-negative values, add/mul/shl
 * without wrap -- by their flags, or by a bound on the operand from
 * LazyValueInfo, from the loop's exit test (copy_loop_exit.h) or from the
 * flags of a copy that runs before on every iteration --, disjoint or, a
 * truncation that loses nothing, p / d and p % d for a constant d, also
 * written `p - (p / d) * d`, and `(x / d) * d + (x - (x / d) * d)` read as
 * x (DivRemPairs' forms), a freeze of a value that is not poison), p takes
 * a new, larger value on every iteration
 * (ScalarEvolution: a non-negative step that does not wrap; where the step
 * may be zero, the loop's exit test is then the same every time, so it runs
 * once, or never ends, which C++ [intro.progress] rules out in a
 * `mustprogress` function), and: one copy, that function is one-to-one with
 * at least the copy's size between two of its values (p's range at the
 * store from LazyValueInfo); several, they are kp * p + the same invariant
 * terms + different constants, disjoint, and kp times p's step spans them
 * all (an unrolled loop). A loop and tile `seen` (may be NULL) holds count
 * as proven, and one proven here is added to it. 0 when any of this is not
 * proven; never an error. */
int pl_copy_loop_one_to_one(pl_host *host, const pl_candidate *c, const pl_copy *a,
                            pl_proven_loops *seen);

/** Nonzero when `a` is the only copy into its tile in its copy loop and,
 * in any two threads of the block, writes overlapping bytes only at the
 * same value of that loop's induction variable p: its destination is an
 * exact function of p (as for pl_copy_loop_one_to_one), one-to-one with
 * at least the copy's size between two of its values over p's whole range
 * (LazyValueInfo's, which holds in every thread), plus terms that are the
 * same in every thread (pl_uniform_given) or that are p's low digit in
 * another form: `start & (d - 1)` for p's start, where p / d is a term
 * and p's step a multiple of d (LLVM hoists `i % 16` so out of `for (i =
 * tid; ..; i += 256)`). Writes p and those terms to *key, the values that
 * are equal wherever p is. 0 when any of this is not proven; never an
 * error. */
int pl_copy_loop_owner(pl_host *host, const pl_candidate *c, const pl_copy *a, pl_owner *key);

/** Nonzero when the copies `a` and `b`, in two different copy loops L1 and
 * L2 of `c`'s copy stage (both directly in the tile loop), write different
 * bytes: each loop's copies into its tile pass pl_copy_loop_one_to_one with
 * no divisions, both destinations are kp * p + the same loop-invariant
 * terms + a constant for one kp > 0, and one loop's p starts where the
 * other's stopped -- at the value its last iteration steps p to (an add
 * without unsigned wrap), or at its start on paths where it has not run --
 * with the first loop not run again after the second in the same iteration
 * of the tile loop, and kp times the first loop's step covering the bytes
 * one iteration of the first writes up to the start of the second's. This
 * is the main loop and remainder that clang's runtime unrolling makes of
 * `for (j = 0; j < n; ++j) tile[32 * j + tid] = ...`. 0 when any of this is
 * not proven; never an error. */
int pl_copy_loops_in_sequence(pl_host *host, const pl_candidate *c, const pl_copy *a,
                              const pl_copy *b);

/** Nonzero when `b`, a copy outside copy loops, writes other bytes than
 * every copy into its tile of `a`'s copy loop L (directly in the tile
 * loop): L's copies pass pl_copy_loop_one_to_one with no divisions and one
 * function kp * p + the same invariant terms + a constant, and `b`'s
 * destination is kp * q + those terms + a constant for a value q at which
 * L's p stopped (as for pl_copy_loops_in_sequence), b does not run before L
 * in the same iteration of the tile loop, and kp times L's step covers the
 * bytes L's last iteration writes up to b's start. This is the one
 * remaining iteration clang's runtime unrolling by two leaves after the
 * main loop of `for (j = 0; j < d; ++j) tile[64 * j + tid] = ...`. 0 when
 * any of this is not proven; never an error. */
int pl_copy_loop_then_copy(pl_host *host, const pl_candidate *c, const pl_copy *a,
                           const pl_copy *b);

/** Nonzero when the copies `a` and `b`, in two different copy loops of
 * `c`'s copy stage (both directly in the tile loop), write different bytes
 * because they lie in different
 * windows of their tile: each destination is an exact function of its
 * loop's induction variable (as for pl_copy_loop_one_to_one) plus the same
 * loop-invariant terms, and the range that function takes over the
 * variable's range at the store (LazyValueInfo, the loop's exit test and
 * the flags' bounds), plus the copy's size, ends before the other's
 * begins. Two tiles carved from one dynamic buffer, `As = smem`, `Bs =
 * smem + 1024`, each filled by its own loop. 0 when any of this is not
 * proven; never an error. */
int pl_copy_loops_apart(pl_host *host, const pl_candidate *c, const pl_copy *a, const pl_copy *b);

#endif /* PL_COPY_LOOP_IV_H */
