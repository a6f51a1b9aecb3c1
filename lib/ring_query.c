/*===- lib/ring_query.c - the host's question: how many bytes to launch with ---===*/
#include "ring_query.h"

#include "host_diag.h"
#include "ir.h"
#include "report.h"

#include <stdlib.h>
#include <string.h>

/* The demangled kernel a query variable `g` asks about (owned by the
 * caller), or NULL when `g` is none: an addrspace(1) global initialized
 * with { i32 MAGIC, i32 bytes } or { i32 MAGIC, i32 bytes, i32 slots, i32
 * align } whose name demangles to "pl_ring_info_v<&KERNEL>". */
static char *query_kernel(LLVMValueRef g) {
  if (pl_addrspace(g) != PL_AS_GLOBAL || LLVMIsDeclaration(g))
    return NULL;
  LLVMValueRef init = LLVMGetInitializer(g);
  int fields = init && LLVMIsAConstantStruct(init) ? LLVMGetNumOperands(init) : 0;
  if (fields != 2 && fields != 4)
    return NULL;
  for (int i = 0; i < fields; ++i) {
    LLVMValueRef f = LLVMGetOperand(init, (unsigned)i);
    if (!LLVMIsAConstantInt(f) || LLVMGetIntTypeWidth(LLVMTypeOf(f)) != 32)
      return NULL;
  }
  if (LLVMConstIntGetZExtValue(LLVMGetOperand(init, 0)) != PL_RING_QUERY_MAGIC)
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
    unsigned slots = 0, align = 0;
    for (size_t i = 0; i < r->n; ++i) {
      const pl_decision *d = &r->v[i];
      if (!d->pipelined || !d->kernel || strcmp(d->kernel, kernel))
        continue;
      bytes = d->dynamic_bytes > bytes ? d->dynamic_bytes : bytes;
      slots = d->dynamic_slots > slots ? d->dynamic_slots : slots;
      align = d->dynamic_align > align ? d->dynamic_align : align;
    }
    free(kernel);
    LLVMValueRef init = LLVMGetInitializer(g);
    unsigned n = (unsigned)LLVMGetNumOperands(init);
    if (!bytes && (!slots || n < 4)) /* an older header's variable has no slots */
      continue;
    LLVMTypeRef i32 = LLVMTypeOf(LLVMGetOperand(init, 1));
    LLVMValueRef fields[4] = {LLVMGetOperand(init, 0), LLVMConstInt(i32, bytes, 0),
                              LLVMConstInt(i32, slots, 0), LLVMConstInt(i32, align, 0)};
    LLVMTypeRef ty = LLVMTypeOf(init);
    LLVMSetInitializer(g, LLVMGetStructName(ty)
                              ? LLVMConstNamedStruct(ty, fields, n)
                              : LLVMConstStructInContext(LLVMGetModuleContext(m), fields, n,
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
