/*===- lib/ring_query.c - the host's question: how many bytes to launch with ---===*/
#include "ring_query.h"

#include "host_diag.h"
#include "ir.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* The demangled kernel a query variable `g` asks about (owned by the
 * caller), or NULL when `g` is none: an addrspace(1) global initialized
 * with { i32 MAGIC, i32 n } whose name demangles to
 * "pl_ring_info_v<&KERNEL>". */
static char *query_kernel(LLVMValueRef g) {
  if (pl_addrspace(g) != PL_AS_GLOBAL || LLVMIsDeclaration(g))
    return NULL;
  LLVMValueRef init = LLVMGetInitializer(g);
  if (!init || !LLVMIsAConstantStruct(init) || LLVMGetNumOperands(init) != 2)
    return NULL;
  LLVMValueRef magic = LLVMGetOperand(init, 0), n = LLVMGetOperand(init, 1);
  if (!LLVMIsAConstantInt(magic) || !LLVMIsAConstantInt(n) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(magic)) != 32 || LLVMGetIntTypeWidth(LLVMTypeOf(n)) != 32 ||
      LLVMConstIntGetZExtValue(magic) != PL_RING_QUERY_MAGIC)
    return NULL;
  size_t len = 0;
  const char *name = LLVMGetValueName2(g, &len);
  char *dm = pl_demangle(name ? name : "");
  static const char prefix[] = "pl_ring_info_v<&";
  size_t n_dm = dm ? strlen(dm) : 0, n_pre = sizeof prefix - 1;
  if (!dm || n_dm <= n_pre + 1 || strncmp(dm, prefix, n_pre) || dm[n_dm - 1] != '>') {
    free(dm);
    return NULL;
  }
  memmove(dm, dm + n_pre, n_dm - n_pre - 1);
  dm[n_dm - n_pre - 1] = '\0';
  return dm;
}

unsigned pl_ring_queries_fill(LLVMModuleRef m, const pl_report *r) {
  unsigned changed = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
    char *kernel = query_kernel(g);
    if (!kernel)
      continue;
    uint64_t bytes = 0;
    for (size_t i = 0; i < r->n; ++i)
      if (r->v[i].pipelined && r->v[i].dynamic_bytes > bytes && r->v[i].kernel &&
          !strcmp(r->v[i].kernel, kernel))
        bytes = r->v[i].dynamic_bytes;
    free(kernel);
    if (!bytes)
      continue;
    LLVMValueRef init = LLVMGetInitializer(g);
    LLVMValueRef fields[2] = {LLVMGetOperand(init, 0),
                              LLVMConstInt(LLVMTypeOf(LLVMGetOperand(init, 1)), bytes, 0)};
    LLVMTypeRef ty = LLVMTypeOf(init);
    LLVMSetInitializer(g, LLVMGetStructName(ty)
                              ? LLVMConstNamedStruct(ty, fields, 2)
                              : LLVMConstStructInContext(LLVMGetModuleContext(m), fields, 2,
                                                         LLVMIsPackedStruct(ty)));
    ++changed;
  }
  return changed;
}

int pl_ring_query_asked(LLVMModuleRef m, LLVMValueRef fn) {
  size_t len = 0;
  const char *name = LLVMGetValueName2(fn, &len);
  char *want = pl_demangle(name ? name : ""); /* a C name demangles to itself */
  if (!want)
    return 0;
  int asked = 0;
  for (LLVMValueRef g = LLVMGetFirstGlobal(m); g && !asked; g = LLVMGetNextGlobal(g)) {
    char *kernel = query_kernel(g);
    asked = kernel && !strcmp(kernel, want);
    free(kernel);
  }
  free(want);
  return asked;
}
