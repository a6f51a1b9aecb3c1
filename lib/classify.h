/*===- lib/classify.h - what a store into a tile stores -------------------===*\
 *
 * FILE: lib/classify.h
 * DESCRIPTION:
 *   Recognition's third step reads each store into a tile as a copy: the
 *   loaded bytes unchanged (a plain or __ldg load, or one lane of a vector
 *   load), possibly under a guard that zero-fills where it fails -- a
 *   select, or a branch around the load merged by a phi with zeros, or a
 *   chain of either for a compound condition (up to PL_MAX_GUARD_TERMS
 *   terms) -- or a fill other than zero, the same on every failing path
 *   (kept for the register lowering), or a side-effect-free conversion of
 *   one load (a converting copy, staged through registers).
\*===----------------------------------------------------------------------===*/
#ifndef PL_CLASSIFY_H
#define PL_CLASSIFY_H

#include "candidate.h"
#include "reasons.h"

/** Classifies the value that `store` (a store into tile `tname` of `c`)
 * stores, filling `cp`'s load, source, bytes, lane offset, guard terms,
 * fill and conversion. Returns 1 for a copy; else 0 with the reason in `f`
 * (TileStoreNotCopy, NonZeroFill, VolatileCopy, ConvertedCopy). */
int pl_classify_copy(pl_host *host, pl_candidate *c, LLVMValueRef store, pl_copy *cp, pl_fail *f,
                     const char *tname);

/** The source form of a fill constant `v` for a remark: C's INFINITY and
 * NAN spellings, decimal integers, else LLVM's text. Returns a malloc'ed
 * string the caller frees. */
char *pl_fill_text(LLVMValueRef v);

/** A copy clang split in two, `tile[x] = c ? A[i] : K` as `if (c) tile[x]
 * = A[i]; else tile[x] = K;` (for a vector, the loaded lanes may be
 * stored one by one and zeros as one wider store). `s` is a store into a
 * tile of candidate `c` in one arm of a two-way branch whose block P is
 * the arm's only predecessor. For the store of the constant K: returns 1
 * when the stores of the other arm write exactly its bytes, each once
 * (it goes with them). For a store of the other arm: returns 0 with
 * cp->issue_block P, the branch's condition in *cond (*negated: the
 * store's arm runs where it is false), cp->twin the constant store where
 * it starts at the same address (NULL for a later lane), and *fill K where
 * K is not zero (then of the same type and size). Otherwise 0, with
 * cp->issue_block left NULL.
 * Addresses are compared by ScalarEvolution (pl_scev_const_distance). */
int pl_split_copy(pl_host *host, const pl_candidate *c, LLVMValueRef s, pl_copy *cp,
                  LLVMValueRef *cond, int *negated, LLVMValueRef *fill);

#endif /* PL_CLASSIFY_H */
