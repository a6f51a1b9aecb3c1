/*===- lib/access.h - what a tile loop's instructions do to memory ---------===*\
 *
 * FILE: lib/access.h
 * DESCRIPTION:
 *   The memory questions that legality, the plan and the runtime alias check
 *   ask about a recognized loop: the object a copy reads (through pointer
 *   induction variables to their start), whether it is global memory, which
 *   instructions may write it, and whether two accesses may conflict. Alias
 *   analysis answers for LLVM's own instructions (host_memory.h); two rules
 *   are the project's: shared and global memory never overlap (NVPTX usage
 *   guide, "Address Spaces"), and a tile's accesses never conflict with
 *   anything, since its ring is private to the loop. Changes no IR.
\*===----------------------------------------------------------------------===*/
#ifndef PL_ACCESS_H
#define PL_ACCESS_H

#include "candidate.h"

/** What `inst` may do to the object `ptr` points into (PL_REF, PL_MOD, both
 * or 0; host_memory.h): alias analysis, except for the device-runtime calls
 * that LLVM knows nothing of but that only read
 * (pl_is_reading_runtime_call). */
unsigned pl_copy_mod_ref(pl_host *host, LLVMValueRef inst, LLVMValueRef ptr);

/** The object the copy source `src` of `c` is based on, through pointer
 * induction variables to their start (at most 8 of them). */
LLVMValueRef pl_source_object(const pl_candidate *c, LLVMValueRef src);

/** Nonzero when the object `obj` is global memory: an addrspace(1) value,
 * or a kernel's pointer parameter not passed by value in memory (CUDA C++
 * Programming Guide, "Device Memory Spaces"). */
int pl_is_global_object(LLVMValueRef obj);

/** Nonzero when `obj`, the object of a copy's source that
 * pl_is_global_object does not prove global, can be tested at run time
 * instead (PTX ISA, "isspacep": `isspacep.global` is true for a generic
 * address in the global window): a generic pointer computed before the
 * loop by an instruction other than an alloca -- a pointer loaded from an
 * array of pointers (`const float *A = Aarray[blockIdx.x]`), chosen by a
 * select or returned by a call. */
int pl_space_checkable(const pl_candidate *c, LLVMValueRef obj);

/** Nonzero when every pointer through which `inst` reaches memory is based
 * on a __shared__ array or an addrspace(3) value. */
int pl_writes_only_shared(LLVMValueRef inst);

/** Nonzero for a cp.async intrinsic (llvm.nvvm.cp.async.*) that an earlier
 * loop's rewrite put in the kernel: it writes only shared memory (its source
 * is ReadOnly in IntrinsicsNVVM.td) or nothing (commit, wait_group). */
int pl_is_own_cp_async(LLVMValueRef inst);

/** The index of a copy of `c` whose source memory the loop instruction
 * `inst` may write (alias analysis over the copy's underlying object;
 * loads, barriers, the copies' own stores and stores only to shared
 * memory write none), or -1. */
int pl_writes_copy_source(pl_host *host, const pl_candidate *c, LLVMValueRef inst);

/** Nonzero when memory instructions `a` and `b` may conflict: one may
 * write an object the other may touch (alias analysis over the underlying
 * objects of their pointer operands). Accesses through a tile's address do
 * not count: the tile becomes a ring private to the loop. A call whose
 * memory is not reached through its arguments conflicts with everything. */
int pl_accesses_conflict(pl_host *host, const pl_candidate *c, LLVMValueRef a, LLVMValueRef b);

#endif /* PL_ACCESS_H */
