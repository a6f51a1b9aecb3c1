/*===- lib/mem_calls.c - copies clang wrote as memcpy and memset ----------===*/
#include "mem_calls.h"

#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "ir.h"
#include "nvvm.h"

#include <llvm-c/DebugInfo.h>
#include <stdint.h>

/* Where a call's bytes go or come from: __shared__ memory, a stack
 * temporary, or elsewhere. */
enum { OTHER, SHARED, STACK };

static int place_of(LLVMValueRef ptr) {
  LLVMValueRef base = pl_underlying_object(ptr);
  if (pl_is_shared_global(base))
    return SHARED;
  return LLVMIsAAllocaInst(base) ? STACK : OTHER;
}

/* The number of bytes of a call this file splits: a non-volatile
 * llvm.memcpy, or llvm.memset of zeros, of a constant 1, 2, 4, 8, 12 or 16
 * bytes; else 0. */
static unsigned split_bytes(LLVMValueRef i) {
  int copy = pl_is_memcpy(i);
  if (!copy && !pl_is_memset(i))
    return 0;
  LLVMValueRef len = LLVMGetOperand(i, 2), vol = LLVMGetOperand(i, 3);
  if (!LLVMIsAConstantInt(len) || !LLVMIsAConstantInt(vol) || LLVMConstIntGetZExtValue(vol))
    return 0;
  if (!copy) {
    LLVMValueRef byte = LLVMGetOperand(i, 1);
    if (!LLVMIsAConstantInt(byte) || LLVMConstIntGetZExtValue(byte))
      return 0;
  }
  uint64_t n = LLVMConstIntGetZExtValue(len);
  return n == 1 || n == 2 || n == 4 || n == 8 || n == 12 || n == 16 ? (unsigned)n : 0;
}

/* Nonzero when `i` is on one arm of a two-way branch whose other arm
 * stores a constant into __shared__ memory: the copy of `if (ok) t[i] =
 * A[j]; else t[i] = make_int4(1, 1, 1, 1);`, its fill stored lane by lane,
 * which recognition reads as one split copy once the copy is a store. */
static int beside_fill(pl_host *host, LLVMValueRef i) {
  LLVMBasicBlockRef a = LLVMGetInstructionParent(i);
  LLVMBasicBlockRef p = pl_pred_count(a) == 1 ? pl_idom(host, a) : NULL;
  LLVMValueRef t = p ? LLVMGetBasicBlockTerminator(p) : NULL;
  if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t))
    return 0;
  LLVMBasicBlockRef b = LLVMGetSuccessor(t, LLVMGetSuccessor(t, 0) == a ? 1 : 0);
  for (LLVMValueRef k = LLVMGetFirstInstruction(b); k; k = LLVMGetNextInstruction(k))
    if (LLVMIsAStoreInst(k) && LLVMIsConstant(LLVMGetOperand(k, 0)) &&
        place_of(LLVMGetOperand(k, 1)) == SHARED)
      return 1;
  return 0;
}

/* Nonzero for a splittable call (split_bytes) the stages cannot read as
 * written (mem_calls.h). */
static int wanted(pl_host *host, pl_loop_ref loop, LLVMValueRef i) {
  int dst = place_of(LLVMGetOperand(i, 0));
  if (pl_is_memset(i))
    return dst != OTHER;
  int src = place_of(LLVMGetOperand(i, 1));
  return dst == STACK || src == STACK ||
         (dst == SHARED &&
          (pl_loop_in_subloop(host, loop, LLVMGetInstructionParent(i)) || beside_fill(host, i)));
}

/* The calls of the stage (mem_calls.h) into `out`, if not NULL; returns
 * how many pl_mem_calls_wanted counts. */
static size_t stage_calls(pl_host *host, pl_loop_ref loop, const LLVMBasicBlockRef *b, size_t n,
                          const LLVMBasicBlockRef *ends, size_t nends, pl_vec *out) {
  size_t found = 0;
  for (size_t k = 0; k < n + nends; ++k) {
    LLVMBasicBlockRef bb = k < n ? b[k] : ends[k - n];
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (k >= n && pl_is_any_barrier(i))
        break;
      if (!LLVMIsACallInst(i) || !split_bytes(i))
        continue;
      int want = wanted(host, loop, i);
      found += want;
      if (out && (want || place_of(LLVMGetOperand(i, 0)) == SHARED))
        pl_vec_push(out, i);
    }
  }
  return found;
}

int pl_mem_calls_wanted(pl_host *host, pl_loop_ref loop, const LLVMBasicBlockRef *b, size_t n,
                        const LLVMBasicBlockRef *ends, size_t nends) {
  return stage_calls(host, loop, b, n, ends, nends, NULL) > 0;
}

/* The type of `bytes` bytes: an integer up to 2 bytes and at 4, else a
 * vector of i32. */
static LLVMTypeRef bytes_type(LLVMContextRef ctx, unsigned bytes) {
  if (bytes <= 4)
    return LLVMIntTypeInContext(ctx, bytes * 8);
  return LLVMVectorType(LLVMInt32TypeInContext(ctx), bytes / 4);
}

/* Adds the stack temporary `ptr` is based on, if it is one, to `stack`
 * once. */
static void add_stack(pl_vec *stack, LLVMValueRef ptr) {
  LLVMValueRef base = pl_underlying_object(ptr);
  if (LLVMIsAAllocaInst(base) && !pl_vec_has(stack, base))
    pl_vec_push(stack, base);
}

/* Replaces the call `i` of `bytes` bytes by a load and a store (a store
 * of zeros for a memset); the stack temporaries it touched are added to
 * `stack`. */
static void split(LLVMBuilderRef b, LLVMValueRef i, unsigned bytes, pl_vec *stack) {
  LLVMContextRef ctx = LLVMGetModuleContext(
      LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(i))));
  LLVMTypeRef ty = bytes_type(ctx, bytes);
  LLVMValueRef dst = LLVMGetOperand(i, 0);
  LLVMPositionBuilderBefore(b, i);
  LLVMValueRef v = LLVMConstNull(ty);
  if (pl_is_memcpy(i)) {
    LLVMValueRef src = LLVMGetOperand(i, 1);
    v = LLVMBuildLoad2(b, ty, src, "pl.bytes");
    LLVMSetAlignment(v, pl_mem_align(i, 1));
    LLVMInstructionSetDebugLoc(v, LLVMInstructionGetDebugLoc(i));
    add_stack(stack, src);
  }
  LLVMValueRef st = LLVMBuildStore(b, v, dst);
  LLVMSetAlignment(st, pl_mem_align(i, 0));
  LLVMInstructionSetDebugLoc(st, LLVMInstructionGetDebugLoc(i));
  add_stack(stack, dst);
  LLVMInstructionEraseFromParent(i);
}

/* The stack temporary `a` as an alloca of the type its loads and stores
 * now have, where they all have one type that covers it (PromoteMemToReg
 * promotes only loads and stores of the allocated type; `<3 x i32>` stores
 * the 12 bytes of a `float3`, though its allocation is 16); else `a`. */
static LLVMValueRef retyped(LLVMBuilderRef b, LLVMValueRef a) {
  LLVMTypeRef ty = NULL;
  for (LLVMUseRef u = LLVMGetFirstUse(a); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u), t = NULL;
    if (LLVMIsALoadInst(user))
      t = user;
    else if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 1) == a)
      t = LLVMGetOperand(user, 0);
    else if (pl_is_lifetime_marker(user))
      continue;
    else
      return a;
    if (ty && LLVMTypeOf(t) != ty)
      return a;
    ty = LLVMTypeOf(t);
  }
  LLVMModuleRef m = LLVMGetGlobalParent(LLVMGetBasicBlockParent(LLVMGetInstructionParent(a)));
  if (!ty || ty == LLVMGetAllocatedType(a) ||
      pl_type_store_size(m, ty) != pl_type_store_size(m, LLVMGetAllocatedType(a)))
    return a;
  LLVMPositionBuilderBefore(b, a);
  LLVMValueRef n = LLVMBuildAlloca(b, ty, "pl.bytes");
  LLVMSetAlignment(n, LLVMGetAlignment(a));
  LLVMReplaceAllUsesWith(a, n);
  LLVMInstructionEraseFromParent(a);
  return n;
}

unsigned pl_mem_calls_split(pl_host *host, pl_loop_ref loop, const LLVMBasicBlockRef *b, size_t n,
                            const LLVMBasicBlockRef *ends, size_t nends) {
  pl_vec calls = {0}, stack = {0};
  if (!stage_calls(host, loop, b, n, ends, nends, &calls)) {
    pl_vec_free(&calls);
    return 0;
  }
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(b[0])));
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(ctx);
  for (size_t k = 0; k < calls.len; ++k)
    split(bld, calls.v[k], split_bytes(calls.v[k]), &stack);
  for (size_t k = 0; k < stack.len; ++k)
    stack.v[k] = retyped(bld, stack.v[k]);
  if (stack.len)
    pl_promote_allocas(host, stack.v, stack.len);
  unsigned changed = (unsigned)calls.len;
  pl_vec_free(&calls);
  pl_vec_free(&stack);
  LLVMDisposeBuilder(bld);
  return changed;
}
