/*===- lib/split_copy.h - copies clang split across a branch ---------------===*\
 *
 * FILE: lib/split_copy.h
 * DESCRIPTION:
 *   `tile[x] = c ? A[i] : K` reaches the pass as a store of the load on
 *   one arm of `br c` and a store of the constant on the other, and either
 *   side may come in lanes: a vector's loaded lanes stored one by one
 *   beside one wider store of zeros, or a whole vector copied beside its
 *   fill stored lane by lane (SROA's `make_short4(1, 1, 1, 1)` as two
 *   `<2 x i16>`). Recognition reads the pair as one guarded copy.
\*===----------------------------------------------------------------------===*/
#ifndef PL_SPLIT_COPY_H
#define PL_SPLIT_COPY_H

#include "candidate.h"
#include "host.h"

/** A copy clang split in two, `tile[x] = c ? A[i] : K` as `if (c) tile[x]
 * = A[i]; else tile[x] = K;`, where either side may be in lanes: the
 * loaded lanes stored one by one beside one wider store of zeros, or one
 * store of the loaded bytes beside K stored in pieces that write each of
 * its bytes once (at most PL_MAX_FILL_PIECES). `s` is a store into a tile
 * of candidate `c` in one arm of a two-way branch whose block P is the
 * arm's only predecessor. For a store of a constant: returns 1 when the
 * stores of the other arm write exactly its bytes, each once, or when it
 * is one of the pieces of a fill (it goes with the copy). For a store of
 * the other arm: returns 0 with cp->issue_block P, the branch's condition
 * in *cond (*negated: the store's arm runs where it is false),
 * cp->twins the constant stores that go with it (the one that starts at
 * its address, none for a later lane, or every piece), and *fill K where
 * K is not zero, of the type `s` stores (pieces are put together by
 * pl_constant_from_pieces; a wider store of a constant other than zero
 * is no fill of a lane). Otherwise 0, with cp->issue_block left NULL.
 * The copy's address must be computed before the branch (lib/unmerge.c
 * hoists one both arms compute). Addresses are compared by
 * ScalarEvolution (pl_scev_const_distance), overlaps by alias analysis. */
int pl_split_copy(pl_host *host, const pl_candidate *c, LLVMValueRef s, pl_copy *cp,
                  LLVMValueRef *cond, int *negated, LLVMValueRef *fill);

/** Nonzero when `s`, a plain store of a constant into a tile of `c` on one
 * arm of a two-way branch (as pl_split_copy reads it), has a store of a
 * loaded value into __shared__ memory on the other arm that pl_split_copy
 * did not take it with: a fill that writes other bytes than the copy, or
 * only some of them. For the remark of its decline. */
int pl_split_fill_unmatched(pl_host *host, const pl_candidate *c, LLVMValueRef s);

#endif /* PL_SPLIT_COPY_H */
