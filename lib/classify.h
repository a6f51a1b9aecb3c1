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

#endif /* PL_CLASSIFY_H */
