/*===- lib/dynamic_tile.h - the bytes a kernel uses of dynamic shared memory ---===*\
 *
 * FILE: lib/dynamic_tile.h
 * DESCRIPTION:
 *   An `extern __shared__` array (and the SharedMemory<T> helper, byte
 *   buffers cast to typed tiles, tiles carved from one buffer at constant
 *   offsets) has no size: the launch gives it. To lay a ring out over it,
 *   the pass needs the bytes the kernel can touch: every access of the
 *   kernel whose address derives from the array lies in [0, U) of it, U
 *   bounded from the accesses' own addresses (ScalarEvolution's signed
 *   range of each address minus the array's start, over every value the
 *   thread indices and loop counters may take). The original kernel then
 *   behaves as if the array were a static one of U bytes, and everything
 *   the pass proves of static tiles holds of it. Changes no IR.
\*===----------------------------------------------------------------------===*/
#ifndef PL_DYNAMIC_TILE_H
#define PL_DYNAMIC_TILE_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stdint.h>

/** The footprint of the dynamic __shared__ array `g` (an addrspace(3)
 * global of zero size) in the function `fn`: returns U > 0, the end of the
 * furthest byte any access of `fn` may touch through `g` (through GEPs,
 * casts, phis and selects, as instructions or constant expressions), when
 * every such access is a load, a store, an atomic, an llvm.memcpy or
 * llvm.memset of a constant length, a WMMA fragment load or store of a
 * constant leading dimension (PTX ISA, "wmma.load": a fragment of R rows
 * and C columns with leading dimension ldm spans ((R - 1) * ldm + C)
 * elements) or an ldmatrix row (16 bytes), and each address's offset from
 * `g` has a bounded range that starts at 0 or above. Else returns 0 and
 * sets *why to a static text naming the first obstacle and *at to the
 * instruction (or NULL). Accesses in other kernels are not counted (each
 * launch has its own); an access in any other function is an obstacle.
 * An access whose offset has no constant bound within what a launch can
 * give may instead have one by the launch's values
 * (pl_scev_offset_symbolic_bound: `s[j * 128 + tid]` for `j < d`, d a
 * kernel argument): then *symbolic is set, U is known only at run time
 * (pl_dynamic_footprint_emit) and the return value is the furthest byte of
 * the other accesses (possibly 0). */
uint64_t pl_dynamic_footprint(pl_host *host, LLVMValueRef fn, LLVMValueRef g, const char **why,
                              LLVMValueRef *at, int *symbolic);

/** For a footprint pl_dynamic_footprint found symbolic on the same IR:
 * emits before `insert_before` U (an i64, the larger of the constant part
 * and every symbolic access's end) and into *ok the i1 under which it
 * holds (every launch value within the bound's range). Returns NULL, and
 * emits nothing usable, where the footprint is not symbolic. */
LLVMValueRef pl_dynamic_footprint_emit(pl_host *host, LLVMValueRef fn, LLVMValueRef g,
                                       LLVMValueRef insert_before, LLVMValueRef *ok);

/** Footprints already computed in one function whose IR has not changed
 * since (pl_table_build's, for every loop it recognizes): a kernel's
 * loops all ask about the same arrays. Zero-initialized; freed with
 * pl_footprints_free. */
typedef struct pl_footprints {
  struct pl_footprint_entry *v;
  size_t n;
} pl_footprints;

/** pl_dynamic_footprint, answered from `memo` where it holds `g` (the
 * function's IR unchanged since), else computed and kept there. */
uint64_t pl_dynamic_footprint_memo(pl_footprints *memo, pl_host *host, LLVMValueRef fn,
                                   LLVMValueRef g, const char **why, LLVMValueRef *at,
                                   int *symbolic);

/** Frees what `memo` holds and empties it. */
void pl_footprints_free(pl_footprints *memo);

/** The inline assembly with which the rewrite reads the launch's dynamic
 * shared memory (PTX ISA, "Special Registers": %dynamic_smem_size). */
#define PL_DYNAMIC_SIZE_ASM "mov.u32 $0, %dynamic_smem_size;"

/** What a ring in dynamic shared memory cannot see past in the function
 * `fn` and the functions it calls directly (defined in the module): an
 * indirect call (a function pointer, a virtual method: its callee may
 * declare an `extern __shared__` array of its own, which starts at the same
 * address), a call of a function defined elsewhere (under -fgpu-rdc)
 * other than an intrinsic and the CUDA runtime's vprintf, malloc, free and
 * __assertfail, or of one the linker may replace (weak), or inline
 * assembly (which may name the array, or call a function that uses
 * dynamic shared memory), the pass's own read of %dynamic_smem_size
 * (PL_DYNAMIC_SIZE_ASM) aside.
 * Returns a static phrase for the first one, with *at the call; NULL when
 * there is none. */
const char *pl_dynamic_calls_obstacle(LLVMValueRef fn, LLVMValueRef *at);

/** Nonzero when the addrspace(3) global `g` is dynamic shared memory: an
 * array of zero size (`extern __shared__ T x[]`). */
int pl_is_dynamic_shared(LLVMValueRef g);

#endif /* PL_DYNAMIC_TILE_H */
