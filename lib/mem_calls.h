/*===- lib/mem_calls.h - copies clang wrote as memcpy and memset ----------===*\
 *
 * FILE: lib/mem_calls.h
 * DESCRIPTION:
 *   A tile of CUDA's vector structs (`float4`, `int4`, `double2`) is copied
 *   by clang as an llvm.memcpy of the struct's bytes, and zeroed (`t[i] =
 *   double2()`) as an llvm.memset; a conditional expression of such structs
 *   (`t[i] = ok ? A[j] : int4()`) goes through a temporary on the stack,
 *   filled by a memcpy or a memset on each arm and copied into the tile by
 *   another memcpy. InstCombine turns only transfers of at most 8 bytes into
 *   loads and stores, so a copy loop or a zero fill of 16-byte structs
 *   reaches the pass as calls.
 *
 *   pl_mem_calls_split, changing no behaviour, turns each such call in a
 *   loop's copy stage into the load and store (or the store of zeros) of
 *   its bytes, and promotes the temporaries left with only loads and stores
 *   to registers (PromoteMemToReg): what remains is a copy under a guard
 *   merged with zeros by a phi, or a copy and its zero fill on two arms,
 *   which the stages read. The driver does it inside the transaction of
 *   unmerge.h and keeps it only when the loop then takes a ring.
\*===----------------------------------------------------------------------===*/
#ifndef PL_MEM_CALLS_H
#define PL_MEM_CALLS_H

#include "host.h"

#include <stddef.h>

/** Nonzero when the blocks `b[0..n)` of `loop`'s copy stage (its inner
 * loops included), or the instructions before the first barrier of the
 * blocks `ends[0..nends)` where the stage ends, hold a call
 * pl_mem_calls_split would change that the stages cannot read as written: an llvm.memset of zeros
 * into __shared__ memory or a stack temporary, an llvm.memcpy to or from a stack temporary, or an
 * llvm.memcpy into __shared__ memory inside an inner loop (a copy loop holds no calls) or on one
 * arm of a two-way branch whose other arm stores a constant into __shared__ memory (a copy and
 * its fill stored lane by lane: a split copy once the copy is a store). Only
 * non-volatile calls of a constant 1, 2, 4, 8, 12 or 16 bytes count. Changes nothing. */
int pl_mem_calls_wanted(pl_host *host, pl_loop_ref loop, const LLVMBasicBlockRef *b, size_t n,
                        const LLVMBasicBlockRef *ends, size_t nends);

/** Replaces every call of the blocks `b[0..n)`, and of `ends[0..nends)`
 * before their first barrier, that pl_mem_calls_wanted counts, and every llvm.memcpy into
 * __shared__ memory beside them, by a load and a store of its bytes (an integer, or a vector of
 * i32, with the call's alignments), a memset by a store of zeros, then promotes the stack
 * temporaries they touched (pl_promote_allocas). Returns the number of calls replaced. The CFG is
 * unchanged; other analyses are stale. */
unsigned pl_mem_calls_split(pl_host *host, pl_loop_ref loop, const LLVMBasicBlockRef *b, size_t n,
                            const LLVMBasicBlockRef *ends, size_t nends);

#endif /* PL_MEM_CALLS_H */
