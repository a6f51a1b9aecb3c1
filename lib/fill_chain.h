/*===- lib/fill_chain.h - the branches into a copy's fill, as one ---------===*\
 *
 * FILE: lib/fill_chain.h
 * DESCRIPTION:
 *   A halo copy written `if (r >= 0 && r < H && c >= 0 && c < W) t[y][x]
 *   = A[...]; else t[y][x] = 1;` reaches the pass as a chain of two-way
 *   branches when SimplifyCFG folds only some of the terms into one
 *   condition (its speculation budget: a `zext` or a compare too many):
 *
 *     P1: br c1, B, P2      P2: br c2, B, A      A: t = load   B: t = 1
 *
 *   Each branch goes to the fill block B or on towards the copy A. The
 *   split copy (pl_split_copy) wants one branch between the two arms.
 *   pl_fill_chain_fold makes it one: the instructions of P2..Pn (integer
 *   and address arithmetic, compares and selects that cannot trap, no
 *   call) move to the end of P1, their poison-generating flags dropped, and
 *   P1 branches to B on `c1 || c2 || ... || cn` written as selects
 *   (`select c1, true, c2`), which take no poison from a term the chain
 *   would not have reached. Where a term was reached, its value is what it
 *   was, or poison where the original branched on poison (undefined), so
 *   the change refines the program.
\*===----------------------------------------------------------------------===*/
#ifndef PL_FILL_CHAIN_H
#define PL_FILL_CHAIN_H

#include "limits.h"

#include <llvm-c/Core.h>
#include <stddef.h>

/** A chain of branches into a fill block (see above). */
typedef struct pl_fill_chain {
  LLVMBasicBlockRef fill;                 /**< B: the block that stores the fill */
  LLVMBasicBlockRef on;                   /**< A: where the last branch goes instead */
  LLVMBasicBlockRef p[PL_FILL_CHAIN_MAX]; /**< P1..Pn, in the order they branch */
  size_t n;                               /**< n >= 2 */
} pl_fill_chain;

/** Nonzero when `b` holds a plain store of a constant (not undef, poison
 * or a constant expression) into __shared__ memory and is entered by a
 * chain of 2 to PL_FILL_CHAIN_MAX blocks of `stage` (n blocks): P1 ends in
 * a two-way branch to `b` and P2, each Pk (k >= 2) is entered from
 * P(k-1) only, holds at most PL_UNMERGE_MAX_INSTS instructions that can
 * be computed anywhere (no phi, no call, nothing that may trap or touch
 * memory) and ends in a two-way branch to `b` and P(k+1) -- the last to
 * `b` and a block A outside the chain. `b` has no phi and no other
 * predecessor. Fills `ch` when so; changes nothing. */
int pl_fill_chain_find(LLVMBasicBlockRef b, const LLVMBasicBlockRef *stage, size_t n,
                       pl_fill_chain *ch);

/** Folds the chain `ch` (as pl_fill_chain_find left it) into one branch
 * at the end of P1 (see above); P2..Pn are deleted, the phis of A take
 * from P1 what they took from Pn. Every analysis of the function is
 * stale afterwards. */
void pl_fill_chain_fold(const pl_fill_chain *ch);

/** A block of `stage` (n blocks) other than `b` that does what `b` does,
 * where `b` holds a fill (as for pl_fill_chain_find): the same integer and
 * address arithmetic and plain stores in the same order, on the same
 * values from outside the two or computed at the same place within each,
 * and one branch to the same block, whose phis take the same value from
 * both. A halo written `if (row ok) { if (col ok) t = A[..]; else t = 0; }
 * else t = 0;` reaches the pass with two such fills. NULL when there is
 * none; changes nothing. */
LLVMBasicBlockRef pl_fill_twin_find(LLVMBasicBlockRef b, const LLVMBasicBlockRef *stage, size_t n);

/** Sends every edge into `twin` (as pl_fill_twin_find found it for `b`)
 * to `b` instead and deletes `twin`; `b`'s instructions keep only the
 * poison-generating flags `twin`'s have too. Values used in `twin` from
 * outside it dominate `twin`, so they dominate each of its predecessors,
 * and `b` may then run where `twin` ran. Every analysis of the function is
 * stale afterwards. */
void pl_fill_twin_merge(LLVMBasicBlockRef b, LLVMBasicBlockRef twin);

#endif /* PL_FILL_CHAIN_H */
