/*===- lib/shared_space.c - tile reads in the shared state space ---------===*/
#include "shared_space.h"

#include "host_memory.h"
#include "reasons.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

static int starts_with(const char *s, size_t n, const char *prefix) {
  size_t p = strlen(prefix);
  return n >= p && strncmp(s, prefix, p) == 0;
}

/* Nonzero when `needle` occurs in the first `n` bytes of `s`. */
static int contains(const char *s, size_t n, const char *needle) {
  size_t m = strlen(needle);
  for (size_t i = 0; i + m <= n; ++i)
    if (strncmp(s + i, needle, m) == 0)
      return 1;
  return 0;
}

int pl_is_matrix_access(LLVMValueRef call, int *is_store) {
  unsigned id = pl_intrinsic_id(call);
  if (!id || !LLVMIntrinsicIsOverloaded(id))
    return 0;
  size_t n = 0;
  /* The intrinsic table's base name of the ID (no overload suffix). */
  const char *name = LLVMIntrinsicGetName(id, &n);
  int store = 0;
  if (starts_with(name, n, "llvm.nvvm.wmma.")) {
    if (contains(name, n, ".store."))
      store = 1;
    else if (!contains(name, n, ".load."))
      return 0; /* mma: registers only */
  } else if (!starts_with(name, n, "llvm.nvvm.ldmatrix.")) {
    return 0;
  }
  if (LLVMGetNumArgOperands(call) < 1)
    return 0;
  LLVMValueRef addr = LLVMGetOperand(call, 0);
  if (LLVMGetTypeKind(LLVMTypeOf(addr)) != LLVMPointerTypeKind)
    return 0;
  if (is_store)
    *is_store = store;
  return 1;
}

/* Copies the call-site attributes at `index` of `from` to `to`. */
static void copy_attributes(LLVMValueRef from, LLVMValueRef to, LLVMAttributeIndex index) {
  unsigned n = LLVMGetCallSiteAttributeCount(from, index);
  if (!n)
    return;
  LLVMAttributeRef *attrs = pl_xcalloc(n, sizeof *attrs);
  LLVMGetCallSiteAttributes(from, index, attrs);
  for (unsigned i = 0; i < n; ++i)
    LLVMAddCallSiteAttribute(to, index, attrs[i]);
  free(attrs);
}

/* Replaces the matrix access `call` by its addrspace(3) variant. */
static LLVMValueRef to_shared(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef call) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  unsigned id = pl_intrinsic_id(call);
  LLVMTypeRef p3 = LLVMPointerTypeInContext(ctx, PL_AS_SHARED);
  LLVMValueRef decl = LLVMGetIntrinsicDeclaration(m, id, &p3, 1);
  LLVMTypeRef fty = LLVMIntrinsicGetType(ctx, id, &p3, 1);

  unsigned nargs = LLVMGetNumArgOperands(call);
  LLVMValueRef *args = pl_xcalloc(nargs, sizeof *args);
  for (unsigned i = 0; i < nargs; ++i)
    args[i] = LLVMGetOperand(call, i);

  LLVMPositionBuilderBefore(b, call);
  LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(call));
  args[0] = LLVMBuildAddrSpaceCast(b, args[0], p3, "pl.shared");
  size_t len = 0;
  const char *name = LLVMGetValueName2(call, &len);
  char *copy = pl_strdupf("%.*s", (int)len, name ? name : "");
  LLVMValueRef repl = LLVMBuildCall2(b, fty, decl, args, nargs, "");
  free(args);
  LLVMSetTailCall(repl, LLVMIsTailCall(call));
  copy_attributes(call, repl, LLVMAttributeFunctionIndex);
  copy_attributes(call, repl, LLVMAttributeReturnIndex);
  for (unsigned i = 1; i < nargs; ++i)
    copy_attributes(call, repl, i + 1);
  LLVMReplaceAllUsesWith(call, repl);
  LLVMInstructionEraseFromParent(call);
  /* The name, once the old call no longer holds it. */
  if (LLVMGetTypeKind(LLVMGetReturnType(fty)) != LLVMVoidTypeKind)
    LLVMSetValueName2(repl, copy, strlen(copy));
  free(copy);
  return repl;
}

pl_shared_space_counts pl_shared_space_scan(LLVMValueRef fn, pl_vec *todo) {
  pl_shared_space_counts counts = {0, 0, NULL};
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      int store = 0;
      if (!pl_is_matrix_access(i, &store))
        continue;
      LLVMValueRef addr = LLVMGetOperand(i, 0);
      if (pl_addrspace(addr) != PL_AS_GENERIC)
        continue; /* already shared, or global */
      LLVMValueRef base = pl_underlying_object(addr);
      if (!base || LLVMGetTypeKind(LLVMTypeOf(base)) != LLVMPointerTypeKind ||
          pl_addrspace(base) != PL_AS_SHARED)
        continue;
      pl_vec_push(todo, i);
      if (store)
        ++counts.writes;
      else
        ++counts.reads;
    }
  return counts;
}

void pl_shared_space_rewrite(LLVMValueRef fn, const pl_vec *todo, pl_shared_space_counts *counts) {
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(m));
  for (size_t k = 0; k < todo->len; ++k) {
    LLVMValueRef repl = to_shared(m, b, todo->v[k]);
    if (!k)
      counts->first = repl;
  }
  LLVMDisposeBuilder(b);
}
