/*===- lib/access.c - what a tile loop's instructions do to memory ---------===*/
#include "access.h"

#include "host_memory.h"
#include "limits.h"

#include <string.h>

/* What `inst` may do to the object `ptr` points into: alias analysis,
 * except for the device-runtime calls that LLVM knows nothing of but that
 * only read (pl_is_reading_runtime_call), and for atomic read-modify-writes
 * that do not order other memory (pl_is_memory_ordering), which touch only
 * their own address. Alias analysis answers "may write anything" for any
 * read-modify-write ordered more strongly than monotonic, and clang writes
 * CUDA's atomicAdd and atomicCAS as seq_cst ones although they are relaxed
 * (CUDA C++ Programming Guide, "Atomic Functions": they "do not act as
 * memory fences"). */
unsigned pl_copy_mod_ref(pl_host *host, LLVMValueRef inst, LLVMValueRef ptr) {
  if (pl_is_reading_runtime_call(inst))
    return PL_REF;
  if ((LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst)) &&
      !pl_is_memory_ordering(inst))
    return pl_may_alias(host, LLVMGetOperand(inst, 0), PL_SIZE_UNKNOWN, ptr, PL_SIZE_UNKNOWN)
               ? PL_MOD | PL_REF
               : 0;
  return pl_mod_ref(host, inst, ptr);
}

/* Nonzero for a parameter passed by value in memory (byval, byref, ...):
 * its address is the parameter space or a local copy, not global memory. */
static int is_memory_param(LLVMValueRef arg) {
  static const char *const kinds[] = {"byval", "byref", "preallocated", "inalloca", "sret"};
  for (size_t k = 0; k < sizeof kinds / sizeof *kinds; ++k)
    if (pl_param_has_attribute(arg, kinds[k]))
      return 1;
  return 0;
}

/* The object a copy source is based on, through pointer induction
 * variables to their start. */
LLVMValueRef pl_source_object(const pl_candidate *c, LLVMValueRef src) {
  LLVMValueRef obj = pl_underlying_object(src);
  for (int depth = 0; depth < PL_MAX_IV_CHAIN; ++depth) {
    const pl_iv *iv = LLVMIsAPHINode(obj) ? pl_find_iv(c, obj) : NULL;
    if (!iv || !iv->is_pointer)
      break;
    obj = pl_underlying_object(iv->start);
  }
  return obj;
}

/* Nonzero when the underlying object of a copy source is global memory. */
int pl_is_global_object(LLVMValueRef obj) {
  if (pl_addrspace(obj) == PL_AS_GLOBAL)
    return 1;
  if (LLVMIsAArgument(obj))
    return LLVMGetTypeKind(LLVMTypeOf(obj)) == LLVMPointerTypeKind && !is_memory_param(obj);
  return 0;
}

int pl_space_checkable(const pl_candidate *c, LLVMValueRef obj) {
  return LLVMIsAInstruction(obj) && !LLVMIsAAllocaInst(obj) &&
         LLVMGetTypeKind(LLVMTypeOf(obj)) == LLVMPointerTypeKind &&
         pl_addrspace(obj) == PL_AS_GENERIC && !pl_candidate_has_inst(c, obj);
}

/* Nonzero when every pointer `inst` reaches memory through is shared. */
int pl_writes_only_shared(LLVMValueRef inst) {
  LLVMValueRef ptrs[4];
  int n = pl_pointer_operands(inst, ptrs, 4);
  if (n <= 0)
    return 0;
  for (int k = 0; k < n; ++k) {
    LLVMValueRef obj = pl_underlying_object(ptrs[k]);
    if (!pl_is_shared_global(obj) && pl_addrspace(obj) != PL_AS_SHARED)
      return 0;
  }
  return 1;
}

/* The cp.async intrinsics (llvm.nvvm.cp.async.*) that an earlier loop's
 * rewrite put in the kernel: they write only shared memory (the source is
 * ReadOnly in IntrinsicsNVVM.td) or nothing (commit, wait_group). */
int pl_is_own_cp_async(LLVMValueRef inst) {
  static const char prefix[] = "llvm.nvvm.cp.async.";
  return LLVMIsACallInst(inst) && strncmp(pl_callee_name(inst), prefix, sizeof prefix - 1) == 0;
}

int pl_writes_copy_source(pl_host *host, const pl_candidate *c, LLVMValueRef inst) {
  if (!pl_touches_memory(inst) || LLVMIsALoadInst(inst) || pl_is_copy_store(c, inst) ||
      pl_is_any_barrier(inst) || pl_writes_only_shared(inst))
    return -1; /* shared and global memory are disjoint */
  for (size_t j = 0; j < c->ncopies; ++j)
    if (pl_copy_mod_ref(host, inst, pl_source_object(c, c->copies[j].src)) & PL_MOD)
      return (int)j;
  return -1;
}

/* Objects `inst` reaches through its pointers, or -1 (unknown). Pointers
 * based on a tile are left out; *tile_only is set when every pointer is. */
static int access_objects(const pl_candidate *c, LLVMValueRef inst, LLVMValueRef out[4],
                          int *tile_only) {
  LLVMValueRef ptrs[4];
  int n = pl_pointer_operands(inst, ptrs, 4), k = 0;
  for (int i = 0; i < n; ++i) {
    LLVMValueRef obj = pl_underlying_object(ptrs[i]);
    if (pl_tile_index(c, obj) < 0)
      out[k++] = obj;
  }
  *tile_only = n > 0 && k == 0;
  return n < 0 ? -1 : k;
}

int pl_accesses_conflict(pl_host *host, const pl_candidate *c, LLVMValueRef a, LLVMValueRef b) {
  LLVMValueRef oa[4], ob[4];
  int ta, tb;
  int na = access_objects(c, a, oa, &ta), nb = access_objects(c, b, ob, &tb);
  if ((ta || tb) && na >= 0 && nb >= 0)
    return 0; /* touches only a tile: its ring is private to the loop */
  if (na < 0 || nb < 0)
    return 1; /* unknown (an asm with a memory clobber may write a tile by its address) */
  for (int i = 0; i < na; ++i) {
    unsigned ma = pl_copy_mod_ref(host, a, oa[i]), mb = pl_copy_mod_ref(host, b, oa[i]);
    if (((ma & PL_MOD) && mb) || ((mb & PL_MOD) && ma))
      return 1;
  }
  for (int i = 0; i < nb; ++i) {
    unsigned ma = pl_copy_mod_ref(host, a, ob[i]), mb = pl_copy_mod_ref(host, b, ob[i]);
    if (((ma & PL_MOD) && mb) || ((mb & PL_MOD) && ma))
      return 1;
  }
  return 0;
}
