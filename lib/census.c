/*===- lib/census.c - what a loop holds, in one walk ---------------------===*/
#include "census.h"

#include "host_loops.h"
#include "host_memory.h"
#include "ir.h"
#include "limits.h"

/* Nonzero when `v`, or a value it is computed from within `depth` steps,
 * is a load (or __ldg) from memory other than a __shared__ array and other
 * than `dst`, the object the value is stored into: the stored value comes
 * from global memory, possibly converted, or guarded by a select or by
 * branches that a phi merges. (A helper's `red[i] += red[i + s]` through a
 * pointer argument reads what it writes: a reduction, not a copy.) */
static int loaded_from_outside_shared(LLVMValueRef v, LLVMValueRef dst, unsigned depth) {
  if (!v || !LLVMIsAInstruction(v))
    return 0;
  if (LLVMIsALoadInst(v) || pl_is_copy_load(v)) {
    LLVMValueRef from = pl_underlying_object(LLVMGetOperand(v, 0));
    return !pl_is_shared_global(from) && from != dst;
  }
  if (!depth)
    return 0;
  if (LLVMIsAPHINode(v)) {
    for (unsigned k = 0; k < LLVMCountIncoming(v); ++k)
      if (loaded_from_outside_shared(LLVMGetIncomingValue(v, k), dst, depth - 1))
        return 1;
    return 0;
  }
  int n = LLVMGetNumOperands(v);
  for (int k = 0; k < n; ++k)
    if (loaded_from_outside_shared(LLVMGetOperand(v, (unsigned)k), dst, depth - 1))
      return 1;
  return 0;
}

/* Nonzero when a store to `ptr` may write a tile: a __shared__ array, or,
 * outside kernels, memory a pointer argument points to. */
static int may_be_tile(LLVMValueRef ptr, int kernel) {
  LLVMValueRef base = pl_underlying_object(ptr);
  return pl_is_shared_global(base) || (!kernel && base && LLVMIsAArgument(base));
}

/* Nonzero when `ptr` may address memory other than a __shared__ global or
 * a thread's own array. */
static int outside(LLVMValueRef ptr) {
  LLVMValueRef base = pl_underlying_object(ptr);
  return !base || !(pl_is_shared_global(base) || LLVMIsAAllocaInst(base));
}

/* Nonzero when `i` reads memory outside (census.h, outside_read): by
 * LLVM's account it may read memory (a load, an atomic, an intrinsic such
 * as ldu or cp.async, a call; a barrier does not count), and one of its
 * pointers may address memory outside, or the pointers it reads through
 * are not known (a call, inline assembly, a fence). */
static int reads_outside(LLVMValueRef i) {
  if (pl_is_any_barrier(i) || !(pl_memory_effects(i) & PL_REF))
    return 0;
  LLVMValueRef ptrs[8];
  int n = pl_pointer_operands(i, ptrs, 8);
  if (n <= 0)
    return 1;
  for (int k = 0; k < n; ++k)
    if (outside(ptrs[k]))
      return 1;
  return 0;
}

static void count(LLVMValueRef i, int kernel, pl_loop_census *k) {
  k->barrier |= pl_is_cta_barrier(i);
  k->outside_read |= reads_outside(i);
  if (LLVMIsAStoreInst(i)) {
    LLVMValueRef dst = LLVMGetOperand(i, 1);
    int shared = pl_is_shared_global(pl_underlying_object(dst));
    k->shared_store |= shared;
    k->constant_store |= shared && LLVMIsAConstant(LLVMGetOperand(i, 0));
    if (!k->tile_copy)
      k->tile_copy = may_be_tile(dst, kernel) &&
                     loaded_from_outside_shared(LLVMGetOperand(i, 0), pl_underlying_object(dst),
                                                PL_MAX_COPY_VALUE_DEPTH);
  } else if (pl_is_memcpy(i)) {
    int into = pl_is_shared_global(pl_underlying_object(LLVMGetOperand(i, 0)));
    k->shared_store |= into;
    k->tile_copy |= into && !pl_is_shared_global(pl_underlying_object(LLVMGetOperand(i, 1)));
  }
}

pl_loop_census pl_loop_census_of(pl_loop_ref loop, LLVMValueRef fn) {
  pl_loop_census k = {0, 0, 0, 0, 0};
  int kernel = pl_is_kernel(fn);
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
    if (!pl_loop_contains(loop, b))
      continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      count(i, kernel, &k);
  }
  return k;
}

int pl_census_tile_like(const pl_loop_census *k) {
  return (k->barrier || k->shared_store) && (k->outside_read || k->constant_store);
}
