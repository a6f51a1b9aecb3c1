/*===- lib/copy_disjoint.h - two copies write distinct bytes (private) ----===*\
 *
 * FILE: lib/copy_disjoint.h
 * DESCRIPTION:
 *   The proof legality_copies.c's destination check uses for each pair of
 *   copies into one tile. Not for other stages.
\*===----------------------------------------------------------------------===*/
#ifndef PL_COPY_DISJOINT_H
#define PL_COPY_DISJOINT_H

#include "candidate.h"
#include "copy_loop_iv.h"
#include "host.h"

/** Nonzero when the copies `a` and `b` of the candidate `c` (into one
 * tile) provably write disjoint bytes within one iteration of the tile
 * loop, for one thread: two threads writing the same bytes between two
 * barriers race in the source already (CUDA C++ Programming Guide, "Shared
 * Memory"), and within a thread cp.async orders nothing of one commit
 * group (PTX ISA, "cp.async"). Tried in turn: a constant distance of at
 * least the nearer copy's size (ScalarEvolution, or the destinations' GEP
 * terms); one differing index whose two values differ in a bit
 * llvm::computeKnownBits proves; the signed range of the distance under
 * both copies' predicates; and, for copies in copy loops,
 * pl_copy_loop_one_to_one or pl_copy_loops_in_sequence, with `seen` the
 * copy loops already proven (updated). Returns 0 when no proof holds,
 * which does not mean that the copies overlap. */
int pl_copies_disjoint(pl_host *host, const pl_candidate *c, const pl_copy *a, const pl_copy *b,
                       pl_proven_loops *seen);

#endif /* PL_COPY_DISJOINT_H */
