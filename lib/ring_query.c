/*===- lib/ring_query.c - the host's question: how many bytes to launch with ---===*/
#include "ring_query.h"

#include "ir.h"

/* The kernel a query variable `g` asks about, or NULL when `g` is none:
 * an addrspace(1) global initialized with { ptr @kernel, i32 MAGIC, i32 n }. */
static LLVMValueRef query_kernel(LLVMValueRef g) {
  if (pl_addrspace(g) != PL_AS_GLOBAL || LLVMIsDeclaration(g))
    return NULL;
  LLVMValueRef init = LLVMGetInitializer(g);
  if (!init || !LLVMIsAConstantStruct(init) || LLVMGetNumOperands(init) != 3)
    return NULL;
  LLVMValueRef fn = LLVMGetOperand(init, 0), magic = LLVMGetOperand(init, 1);
  LLVMValueRef n = LLVMGetOperand(init, 2);
  if (!LLVMIsAFunction(fn) || !LLVMIsAConstantInt(magic) || !LLVMIsAConstantInt(n) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(magic)) != 32 || LLVMGetIntTypeWidth(LLVMTypeOf(n)) != 32 ||
      LLVMConstIntGetZExtValue(magic) != PL_RING_QUERY_MAGIC)
    return NULL;
  return fn;
}

unsigned pl_ring_queries_fill(LLVMModuleRef m, const pl_report *r) {
  unsigned changed = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    LLVMValueRef fn = query_kernel(g);
    if (!fn)
      continue;
    uint64_t bytes = 0;
    for (size_t i = 0; i < r->n; ++i)
      if (r->v[i].function == fn && r->v[i].pipelined && r->v[i].dynamic_bytes > bytes)
        bytes = r->v[i].dynamic_bytes;
    if (!bytes)
      continue;
    LLVMValueRef init = LLVMGetInitializer(g);
    LLVMValueRef fields[3] = {LLVMGetOperand(init, 0), LLVMGetOperand(init, 1),
                              LLVMConstInt(LLVMTypeOf(LLVMGetOperand(init, 2)), bytes, 0)};
    LLVMTypeRef ty = LLVMTypeOf(init);
    LLVMSetInitializer(g, LLVMGetStructName(ty)
                              ? LLVMConstNamedStruct(ty, fields, 3)
                              : LLVMConstStructInContext(LLVMGetModuleContext(m), fields, 3,
                                                         LLVMIsPackedStruct(ty)));
    ++changed;
  }
  return changed;
}
