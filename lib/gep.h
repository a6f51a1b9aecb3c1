/*===- lib/gep.h - addresses as a chain of GEPs from their object --------===*\
 *
 * FILE: lib/gep.h (implemented by lib/gep.c)
 * DESCRIPTION:
 *   The one reading of an address the stages share: a pointer is its
 *   object (a tile, say) plus the byte offsets of the GEPs between them,
 *   through pointer casts. Each GEP index is an integer scaled by the bytes
 *   of what it indexes (the source element type for the first index, the
 *   element of an array or vector for the others), or a constant byte
 *   offset (a struct field), as LLVM's own GEPOperator::accumulateConstantOffset
 *   and collectOffset read them (LLVM Language Reference, "getelementptr").
 *   The alignment proof (align.c), the disjointness of two destinations
 *   (legality_copies.c) and the row layout (layout.c) each visit the same
 *   indices with a visitor of their own.
\*===----------------------------------------------------------------------===*/
#ifndef PL_GEP_H
#define PL_GEP_H

#include "limits.h"

#include <llvm-c/Core.h>
#include <llvm-c/Target.h>
#include <stdint.h>

/** Nonzero when `v` is a GEP: an instruction or a constant expression. */
int pl_is_gep(LLVMValueRef v);

/** Nonzero when `v` is a bitcast or an addrspacecast: an instruction or a
 * constant expression (a pointer that keeps its address). */
int pl_is_pointer_cast(LLVMValueRef v);

/** The one variable index of `gep`, a GEP instruction of the form
 * `getelementptr T, base, idx` or `[N x T], base, 0, idx`, with *size the
 * allocation size of T in bytes (of module `m`); NULL (and *size 0) for
 * another form or a constant integer index. */
LLVMValueRef pl_gep_single_index(LLVMModuleRef m, LLVMValueRef gep, uint64_t *size);

/** A visitor of one GEP index: `idx` times `scale` bytes, or, where `idx`
 * is NULL, the constant `offset` bytes of a struct field. Returns 1 to go
 * on, 0 to stop the walk (the caller cannot use this index). */
typedef int (*pl_gep_visitor)(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset);

/** Visits the indices of the GEP `gep` (instruction or constant
 * expression) in order, with the sizes of the data layout `td`. Returns 1
 * when every index was visited and accepted; 0 at an index that is not an
 * integer (a vector GEP), a struct field that is not a constant, an index
 * into a scalar, or one the visitor refused. */
int pl_gep_indices(LLVMTargetDataRef td, LLVMValueRef gep, pl_gep_visitor visit, void *ctx);

/** How a walk down an address chain ended. */
typedef enum pl_chain_end {
  PL_CHAIN_ROOT,  /**< reached a value that is neither a GEP nor a cast */
  PL_CHAIN_INDEX, /**< a GEP index pl_gep_indices could not follow */
  PL_CHAIN_DEEP   /**< more than PL_MAX_DERIVED_DEPTH GEPs and casts */
} pl_chain_end;

/** Follows the address `p` down through GEPs and pointer casts to the
 * first value that is neither (`p` itself may be it: a tile's global, or
 * whatever else the address starts from), stored in *root, visiting the
 * indices of each GEP on the way, from `p` towards the root. *root is
 * set only with PL_CHAIN_ROOT. */
pl_chain_end pl_gep_chain(LLVMTargetDataRef td, LLVMValueRef p, pl_gep_visitor visit, void *ctx,
                          LLVMValueRef *root);

/** An address read as its root plus the constant bytes of its GEPs plus at
 * most PL_MAX_ADDRESS_TERMS variable indices, each with the bytes it
 * scales by (as pl_gep_chain visits them). */
typedef struct pl_gep_terms {
  LLVMValueRef idx[PL_MAX_ADDRESS_TERMS];
  uint64_t scale[PL_MAX_ADDRESS_TERMS];
  size_t n;
  int64_t konst;
} pl_gep_terms;

/** Reads the address `p` into *out down to its root (pl_gep_chain), a
 * constant index counted signed as the GEP extends it. Returns the root,
 * or NULL where the chain does not reach one, an index is not an integer
 * of at most 64 bits, the constant bytes overflow 64 bits, or there are
 * more variable indices than PL_MAX_ADDRESS_TERMS. Changes nothing. */
LLVMValueRef pl_gep_terms_of(LLVMTargetDataRef td, LLVMValueRef p, pl_gep_terms *out);

#endif /* PL_GEP_H */
