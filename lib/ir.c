/*===- lib/ir.c - small llvm-c helpers ----------------------------------===*/
#include "ir.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static size_t hash_ptr(LLVMValueRef p, size_t cap) {
  uintptr_t x = (uintptr_t)p;
  x ^= x >> 17;
  x *= 0x9E3779B97F4A7C15ull;
  return (size_t)(x >> 7) & (cap - 1);
}

void pl_vmap_init(pl_vmap *m) { memset(m, 0, sizeof *m); }

void pl_vmap_free(pl_vmap *m) {
  free(m->keys);
  free(m->vals);
  memset(m, 0, sizeof *m);
}

LLVMValueRef pl_vmap_get(const pl_vmap *m, LLVMValueRef k) {
  if (!m->cap)
    return NULL;
  for (size_t i = hash_ptr(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->keys[i])
      return NULL;
    if (m->keys[i] == k)
      return m->vals[i];
  }
}

static void vmap_grow(pl_vmap *m) {
  pl_vmap n;
  n.cap = m->cap ? m->cap * 2 : 64;
  n.len = 0;
  n.keys = calloc(n.cap, sizeof *n.keys);
  n.vals = calloc(n.cap, sizeof *n.vals);
  if (!n.keys || !n.vals) {
    fprintf(stderr, "libpipeline: out of memory\n");
    abort();
  }
  for (size_t i = 0; i < m->cap; ++i)
    if (m->keys[i])
      pl_vmap_put(&n, m->keys[i], m->vals[i]);
  pl_vmap_free(m);
  *m = n;
}

void pl_vmap_put(pl_vmap *m, LLVMValueRef k, LLVMValueRef v) {
  if (2 * (m->len + 1) > m->cap)
    vmap_grow(m);
  for (size_t i = hash_ptr(k, m->cap);; i = (i + 1) & (m->cap - 1)) {
    if (!m->keys[i]) {
      m->keys[i] = k;
      m->vals[i] = v;
      ++m->len;
      return;
    }
    if (m->keys[i] == k) {
      m->vals[i] = v;
      return;
    }
  }
}

void pl_vec_push(pl_vec *a, LLVMValueRef x) {
  if (a->len == a->cap) {
    size_t cap = a->cap ? 2 * a->cap : 16;
    LLVMValueRef *v = realloc(a->v, cap * sizeof *v);
    if (!v) {
      fprintf(stderr, "libpipeline: out of memory\n");
      abort();
    }
    a->v = v;
    a->cap = cap;
  }
  a->v[a->len++] = x;
}

int pl_vec_has(const pl_vec *a, LLVMValueRef x) {
  for (size_t i = 0; i < a->len; ++i)
    if (a->v[i] == x)
      return 1;
  return 0;
}

void pl_vec_free(pl_vec *a) {
  free(a->v);
  memset(a, 0, sizeof *a);
}

const char *pl_callee_name(LLVMValueRef call) {
  if (!LLVMIsACallInst(call))
    return "";
  LLVMValueRef callee = LLVMGetCalledValue(call);
  if (!callee || !LLVMIsAFunction(callee))
    return "";
  size_t len = 0;
  const char *n = LLVMGetValueName2(callee, &len);
  return n ? n : "";
}

int pl_is_cta_barrier(LLVMValueRef inst) {
  const char *n = pl_callee_name(inst);
  if (strcmp(n, "llvm.nvvm.barrier0") == 0)
    return 1;
  if (strcmp(n, "llvm.nvvm.barrier.sync") == 0) {
    LLVMValueRef id = LLVMGetOperand(inst, 0);
    return LLVMIsAConstantInt(id) && LLVMConstIntGetZExtValue(id) == 0;
  }
  return 0;
}

int pl_is_any_barrier(LLVMValueRef inst) {
  const char *n = pl_callee_name(inst);
  return strncmp(n, "llvm.nvvm.barrier", 17) == 0 || strncmp(n, "llvm.nvvm.bar.", 14) == 0;
}

static int is_ldg(LLVMValueRef v) {
  return strncmp(pl_callee_name(v), "llvm.nvvm.ldg.global.", 21) == 0;
}

int pl_is_copy_load(LLVMValueRef v) {
  if (LLVMIsALoadInst(v))
    return !LLVMGetVolatile(v) && LLVMGetOrdering(v) == LLVMAtomicOrderingNotAtomic;
  return is_ldg(v);
}

unsigned pl_load_alignment(LLVMValueRef v) {
  if (LLVMIsALoadInst(v))
    return LLVMGetAlignment(v);
  LLVMValueRef a = LLVMGetOperand(v, 1); /* ldg: (ptr, i32 align) */
  return LLVMIsAConstantInt(a) ? (unsigned)LLVMConstIntGetZExtValue(a) : 1;
}

int pl_is_memcpy(LLVMValueRef inst) {
  return strncmp(pl_callee_name(inst), "llvm.memcpy.", 12) == 0;
}

int pl_is_pure_intrinsic_call(LLVMValueRef inst) {
  if (!LLVMIsACallInst(inst))
    return 0;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
    return 0;
  const char *n = pl_callee_name(inst);
  /* Special registers and arithmetic intrinsics are memory(none) and
   * speculatable; match them by name family rather than guess at every
   * attribute encoding. */
  static const char *const pure[] = {"llvm.nvvm.read.ptx.sreg.",
                                     "llvm.smax.",
                                     "llvm.smin.",
                                     "llvm.umax.",
                                     "llvm.umin.",
                                     "llvm.abs.",
                                     "llvm.fshl.",
                                     "llvm.fshr.",
                                     "llvm.ctpop.",
                                     "llvm.ctlz.",
                                     "llvm.cttz.",
                                     "llvm.fma.",
                                     "llvm.fmuladd.",
                                     "llvm.nvvm.fma.",
                                     "llvm.fabs.",
                                     "llvm.maxnum.",
                                     "llvm.minnum.",
                                     "llvm.nvvm.wmma.",
                                     "llvm.nvvm.mma.",
                                     "llvm.nvvm.fmax.",
                                     "llvm.nvvm.fmin.",
                                     "llvm.exp2.",
                                     "llvm.nvvm.ex2.",
                                     "llvm.sqrt.",
                                     "llvm.nvvm.rcp.",
                                     "llvm.nvvm.mul24.",
                                     "llvm.nvvm.mulhi."};
  for (size_t i = 0; i < sizeof pure / sizeof *pure; ++i)
    if (strncmp(n, pure[i], strlen(pure[i])) == 0) {
      /* wmma/mma loads and stores touch memory; only the mma ops are pure. */
      if (strstr(n, ".load.") || strstr(n, ".store.") || strstr(n, ".ldmatrix"))
        return 0;
      return 1;
    }
  return 0;
}

int pl_touches_memory(LLVMValueRef inst) {
  if (LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst) || LLVMIsAAtomicRMWInst(inst) ||
      LLVMIsAAtomicCmpXchgInst(inst) || LLVMIsAFenceInst(inst))
    return 1;
  if (LLVMIsACallInst(inst))
    return !pl_is_pure_intrinsic_call(inst);
  return 0;
}

int pl_pointer_operands(LLVMValueRef inst, LLVMValueRef *out, int cap) {
  if (cap < 1)
    return -1;
  if (LLVMIsALoadInst(inst) || LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst)) {
    out[0] = LLVMGetOperand(inst, 0);
    return 1;
  }
  if (LLVMIsAStoreInst(inst)) {
    out[0] = LLVMGetOperand(inst, 1);
    return 1;
  }
  if (!LLVMIsACallInst(inst))
    return -1;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
    return -1;
  int n = 0, args = (int)LLVMGetNumArgOperands(inst);
  for (int i = 0; i < args; ++i) {
    LLVMValueRef a = LLVMGetOperand(inst, (unsigned)i);
    if (LLVMGetTypeKind(LLVMTypeOf(a)) == LLVMPointerTypeKind) {
      if (n == cap)
        return -1;
      out[n++] = a;
    }
  }
  return n;
}

int pl_opcode(LLVMValueRef v, LLVMOpcode *op) {
  if (LLVMIsAInstruction(v))
    *op = LLVMGetInstructionOpcode(v);
  else if (LLVMIsAConstantExpr(v))
    *op = LLVMGetConstOpcode(v);
  else
    return 0;
  return 1;
}

LLVMValueRef pl_underlying_object(LLVMValueRef p) {
  for (int depth = 0; depth < 64; ++depth) {
    LLVMOpcode op;
    if (!pl_opcode(p, &op))
      return p;
    if (op == LLVMGetElementPtr || op == LLVMBitCast || op == LLVMAddrSpaceCast)
      p = LLVMGetOperand(p, 0);
    else
      return p;
  }
  return p;
}

unsigned pl_addrspace(LLVMValueRef v) {
  LLVMTypeRef t = LLVMTypeOf(v);
  return LLVMGetTypeKind(t) == LLVMPointerTypeKind ? LLVMGetPointerAddressSpace(t) : 0;
}

int pl_is_shared_global(LLVMValueRef v) {
  return LLVMIsAGlobalVariable(v) && pl_addrspace(v) == PL_AS_SHARED;
}

int pl_const_refers_to(LLVMValueRef c, LLVMValueRef g) {
  if (c == g)
    return 1;
  if (!LLVMIsAConstantExpr(c))
    return 0;
  int n = LLVMGetNumOperands(c);
  for (int i = 0; i < n; ++i)
    if (pl_const_refers_to(LLVMGetOperand(c, (unsigned)i), g))
      return 1;
  return 0;
}

unsigned pl_count_preds(LLVMValueRef fn, LLVMBasicBlockRef bb) {
  unsigned n = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); ++s)
      n += LLVMGetSuccessor(t, s) == bb;
  }
  return n;
}

void pl_push_successors(LLVMBasicBlockRef bb, pl_vec *work) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); ++s) {
    LLVMValueRef succ = LLVMBasicBlockAsValue(LLVMGetSuccessor(t, s));
    if (!pl_vec_has(work, succ))
      pl_vec_push(work, succ);
  }
}

LLVMValueRef pl_first_non_phi(LLVMBasicBlockRef bb) {
  LLVMValueRef i = LLVMGetFirstInstruction(bb);
  while (i && LLVMIsAPHINode(i))
    i = LLVMGetNextInstruction(i);
  return i;
}

uint64_t pl_type_store_size(LLVMModuleRef m, LLVMTypeRef ty) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  return LLVMStoreSizeOfType(td, ty);
}

uint64_t pl_type_alloc_size(LLVMModuleRef m, LLVMTypeRef ty) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  return LLVMABISizeOfType(td, ty);
}

static int erasable(LLVMValueRef inst) {
  if (!inst || !LLVMIsAInstruction(inst) || LLVMGetFirstUse(inst))
    return 0;
  if (LLVMIsALoadInst(inst))
    return !LLVMGetVolatile(inst);
  if (LLVMIsACallInst(inst))
    return pl_is_pure_intrinsic_call(inst) || is_ldg(inst);
  return !pl_touches_memory(inst) && !LLVMIsATerminatorInst(inst);
}

void pl_erase_if_dead(LLVMValueRef inst) {
  if (!erasable(inst))
    return;
  int n = LLVMGetNumOperands(inst);
  LLVMValueRef ops[16];
  int k = n < 16 ? n : 16;
  for (int i = 0; i < k; ++i)
    ops[i] = LLVMGetOperand(inst, (unsigned)i);
  LLVMInstructionEraseFromParent(inst);
  for (int i = 0; i < k; ++i)
    if (LLVMIsAInstruction(ops[i]))
      pl_erase_if_dead(ops[i]);
}

const char *pl_value_label(LLVMValueRef v, char *buf, size_t len) {
  size_t n = 0;
  const char *name = LLVMGetValueName2(v, &n);
  if (LLVMIsAArgument(v) && !(name && n)) {
    LLVMValueRef fn = LLVMGetParamParent(v);
    unsigned k = 1;
    for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != v; p = LLVMGetNextParam(p))
      ++k;
    snprintf(buf, len, "kernel parameter %u", k);
  } else if (name && n) {
    snprintf(buf, len, "%%%.*s", (int)n, name);
  } else {
    char *s = LLVMPrintValueToString(v);
    const char *t = s;
    while (*t == ' ')
      ++t;
    snprintf(buf, len, "%.60s", t);
    LLVMDisposeMessage(s);
  }
  return buf;
}
