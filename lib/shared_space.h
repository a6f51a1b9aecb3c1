/*===- lib/shared_space.h - tile reads in the shared state space ---------===*\
 *
 * FILE: lib/shared_space.h
 * DESCRIPTION:
 *   clang lowers nvcuda::wmma::load_matrix_sync (and store_matrix_sync) on a
 *   __shared__ tile to the generic-address form of the intrinsic,
 *   llvm.nvvm.wmma.*.load.*.p0: the tile's address is cast to a generic
 *   pointer by the language, and LLVM's InferAddressSpaces does not look
 *   through the NVPTX matrix intrinsics (LLVM 19). PTX then says
 *   `wmma.load.a.sync.aligned.row.m16n16k16.f16` with a generic address,
 *   which ptxas turns into generic loads (LD.E) and register shuffles
 *   (MOVM); the `.shared` form becomes LDSM (ldmatrix).
 *
 *   Every WMMA load or store and every ldmatrix whose address provably
 *   points into shared memory is rewritten here into the same intrinsic
 *   overloaded on `ptr addrspace(3)` (the `.p3` variant, PTX
 *   `wmma.load...shared`), its address cast back to addrspace(3). An
 *   address provably points into shared memory when LLVM's
 *   getUnderlyingObject, through GEPs and casts, reaches a value of type
 *   `ptr addrspace(3)`: a __shared__ array, a ring of the pipeliner, or an
 *   addrspace(3) pointer. Only the state space changes: the same bytes are
 *   read into the same fragment registers (PTX ISA, "wmma.load": the
 *   optional state space qualifier; without it the address is generic).
 *
 *   The step runs on every function the pass visits, after its loops:
 *   tiles of pipelined rings and of declined loops alike.
\*===----------------------------------------------------------------------===*/
#ifndef PL_SHARED_SPACE_H
#define PL_SHARED_SPACE_H

#include "host.h"
#include "ir.h"

#include <llvm-c/Core.h>

/** What pl_shared_space_reads() rewrote in one function. */
typedef struct pl_shared_space_counts {
  unsigned reads;     /**< WMMA loads and ldmatrix now in the shared space */
  unsigned writes;    /**< WMMA stores now in the shared space */
  LLVMValueRef first; /**< the first rewritten call (for the remark), or NULL */
} pl_shared_space_counts;

/** Nonzero when `call` calls an NVPTX matrix load or store whose address
 * (operand 0) is its only overloaded type: llvm.nvvm.wmma.*.load.*,
 * llvm.nvvm.wmma.*.store.* or llvm.nvvm.ldmatrix.* (IntrinsicsNVVM.td:
 * NVVM_WMMA_LD, NVVM_WMMA_ST, NVVM_LDMATRIX take `llvm_anyptr_ty`). Sets
 * *is_store for a store. Recognized by intrinsic ID, whose base name the
 * intrinsic table gives. */
int pl_is_matrix_access(LLVMValueRef call, int *is_store);

/** Finds, in the function `fn`, every matrix access (pl_is_matrix_access)
 * whose address is generic and provably points into shared memory, and
 * appends it to `todo` (owned by the caller). Returns their counts, with
 * `first` still NULL. Changes nothing. */
pl_shared_space_counts pl_shared_space_scan(LLVMValueRef fn, pl_vec *todo);

/** Rewrites each access of `todo` (from pl_shared_space_scan on `fn`) into
 * its addrspace(3) variant, with an addrspacecast of the address to
 * addrspace(3) right before it (the NVPTX backend's InferAddressSpaces
 * folds the cast into the address arithmetic). Call-site attributes other
 * than those of the address and debug locations are kept. Sets
 * counts->first to the first new call; never fails. */
void pl_shared_space_rewrite(LLVMValueRef fn, const pl_vec *todo, pl_shared_space_counts *counts);

#endif /* PL_SHARED_SPACE_H */
