/*===- lib/ir.c - small llvm-c helpers ----------------------------------===*/
#include "ir.h"

#include "alloc.h"
#include "host_cfg.h"
#include "host_diag.h"
#include "host_memory.h"
#include "limits.h"

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
  n.keys = pl_xcalloc(n.cap, sizeof *n.keys);
  n.vals = pl_xcalloc(n.cap, sizeof *n.vals);
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
    a->v = pl_xrealloc(a->v, cap, sizeof *a->v);
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

unsigned pl_intrinsic_id(LLVMValueRef inst) {
  if (!LLVMIsACallInst(inst))
    return 0;
  LLVMValueRef callee = LLVMGetCalledValue(inst);
  return callee && LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
}

int pl_is_intrinsic(LLVMValueRef inst, const char *name) {
  unsigned id = pl_intrinsic_id(inst);
  return id && id == LLVMLookupIntrinsicID(name, strlen(name));
}

/* Nonzero when `inst` calls one of the intrinsics `names` (NULL-ended). */
static int is_one_of(LLVMValueRef inst, const char *const *names) {
  unsigned id = pl_intrinsic_id(inst);
  for (size_t i = 0; id && names[i]; ++i)
    if (id == LLVMLookupIntrinsicID(names[i], strlen(names[i])))
      return 1;
  return 0;
}

int pl_is_copy_load(LLVMValueRef v) {
  if (LLVMIsALoadInst(v))
    return !LLVMGetVolatile(v) && LLVMGetOrdering(v) == LLVMAtomicOrderingNotAtomic;
  return pl_is_ldg_intrinsic(v);
}

int pl_is_plain_store(LLVMValueRef inst) {
  return LLVMIsAStoreInst(inst) && !LLVMGetVolatile(inst) &&
         LLVMGetOrdering(inst) == LLVMAtomicOrderingNotAtomic;
}

int pl_is_plain_constant(LLVMValueRef v) {
  return LLVMIsConstant(v) && !LLVMIsUndef(v) && !LLVMIsPoison(v) && !LLVMIsAConstantExpr(v);
}

unsigned pl_load_alignment(LLVMValueRef v) {
  if (LLVMIsALoadInst(v))
    return LLVMGetAlignment(v);
  LLVMValueRef a = LLVMGetOperand(v, 1); /* ldg: (ptr, i32 align) */
  return LLVMIsAConstantInt(a) ? (unsigned)LLVMConstIntGetZExtValue(a) : 1;
}

/* Nonzero when what `x` and `y` hold beside their operands agrees: the
 * indices of an extractvalue or insertvalue, the mask of a shufflevector. */
static int same_immediates(LLVMValueRef x, LLVMValueRef y) {
  if (LLVMIsAExtractValueInst(x) || LLVMIsAInsertValueInst(x)) {
    unsigned n = LLVMGetNumIndices(x);
    return n == LLVMGetNumIndices(y) &&
           !memcmp(LLVMGetIndices(x), LLVMGetIndices(y), n * sizeof *LLVMGetIndices(x));
  }
  if (LLVMIsAShuffleVectorInst(x)) {
    unsigned n = LLVMGetNumMaskElements(x);
    if (n != LLVMGetNumMaskElements(y))
      return 0;
    for (unsigned i = 0; i < n; ++i)
      if (LLVMGetMaskValue(x, i) != LLVMGetMaskValue(y, i))
        return 0;
  }
  return 1;
}

int pl_same_operation(LLVMValueRef x, LLVMValueRef y) {
  return LLVMGetInstructionOpcode(x) == LLVMGetInstructionOpcode(y) &&
         LLVMTypeOf(x) == LLVMTypeOf(y) && LLVMGetNumOperands(x) == LLVMGetNumOperands(y) &&
         (!LLVMIsAGetElementPtrInst(x) ||
          LLVMGetGEPSourceElementType(x) == LLVMGetGEPSourceElementType(y)) &&
         (!LLVMIsAICmpInst(x) || LLVMGetICmpPredicate(x) == LLVMGetICmpPredicate(y)) &&
         (!LLVMIsAFCmpInst(x) || LLVMGetFCmpPredicate(x) == LLVMGetFCmpPredicate(y)) &&
         (!LLVMIsAAllocaInst(x) || LLVMGetAllocatedType(x) == LLVMGetAllocatedType(y)) &&
         same_immediates(x, y);
}

int pl_is_memcpy(LLVMValueRef inst) {
  static const char *const memcpy_ids[] = {"llvm.memcpy", "llvm.memcpy.inline", NULL};
  return is_one_of(inst, memcpy_ids);
}

int pl_is_lifetime_marker(LLVMValueRef inst) {
  static const char *const ids[] = {"llvm.lifetime.start", "llvm.lifetime.end", NULL};
  return is_one_of(inst, ids);
}

int pl_is_memset(LLVMValueRef inst) {
  static const char *const memset_ids[] = {"llvm.memset", "llvm.memset.inline", NULL};
  return is_one_of(inst, memset_ids);
}

int pl_is_reading_runtime_call(LLVMValueRef inst) {
  /* Declarations only: a definition of the same name in this module is
   * user code, and LLVM's own account of it applies. */
  LLVMValueRef callee = LLVMIsACallInst(inst) ? LLVMGetCalledValue(inst) : NULL;
  if (!callee || !LLVMIsAFunction(callee) || !LLVMIsDeclaration(callee))
    return 0;
  const char *n = pl_callee_name(inst);
  return strcmp(n, "vprintf") == 0 || strcmp(n, "__assertfail") == 0;
}

/* Whether `inst` calls inline asm whose text contains one of `words`
 * (NULL-terminated). */
static int asm_names_any(LLVMValueRef inst, const char *const *words) {
  LLVMValueRef callee = LLVMIsACallInst(inst) ? LLVMGetCalledValue(inst) : NULL;
  if (!callee || !LLVMIsAInlineAsm(callee))
    return 0;
  size_t len = 0;
  const char *text = LLVMGetInlineAsmAsmString(callee, &len);
  for (size_t i = 0; text && words[i]; ++i) {
    size_t w = strlen(words[i]);
    for (size_t k = 0; k + w <= len; ++k)
      if (memcmp(text + k, words[i], w) == 0)
        return 1;
  }
  return 0;
}

int pl_is_async_copy_machinery(LLVMValueRef inst) {
  if (!LLVMIsACallInst(inst))
    return 0;
  static const char *const families[] = {"llvm.nvvm.cp.async.", "llvm.nvvm.mbarrier."};
  const char *name = pl_callee_name(inst);
  for (size_t i = 0; i < sizeof families / sizeof *families; ++i)
    if (strncmp(name, families[i], strlen(families[i])) == 0)
      return 1;
  static const char *const words[] = {"cp.async", "mbarrier", "cp.reduce.async", NULL};
  return asm_names_any(inst, words);
}

static int acquire_or_release(LLVMAtomicOrdering o) {
  return o == LLVMAtomicOrderingAcquire || o == LLVMAtomicOrderingRelease ||
         o == LLVMAtomicOrderingAcquireRelease;
}

static int ordering_at(LLVMValueRef inst, unsigned depth);

/* pl_memory_ordering of a call of the function `fn` (no intrinsic): 0
 * where it is `nosync` (LangRef: it "does not communicate (synchronize)
 * with another thread through memory") or a device-runtime call that only
 * reads; where it has a body, the strongest answer of its instructions
 * (calls followed PL_MAX_CALL_DEPTH deep, then PL_MAY_ORDER); for an
 * external declaration that may write memory, PL_MAY_ORDER. */
static int call_orders(LLVMValueRef call, LLVMValueRef fn, unsigned depth) {
  unsigned nosync = LLVMGetEnumAttributeKindForName("nosync", 6);
  if (LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, nosync) ||
      LLVMGetCallSiteEnumAttribute(call, LLVMAttributeFunctionIndex, nosync) ||
      pl_is_reading_runtime_call(call))
    return 0;
  if (LLVMIsDeclaration(fn))
    return (pl_memory_effects(call) & PL_MOD) ? PL_MAY_ORDER : 0;
  if (depth >= PL_MAX_CALL_DEPTH)
    return PL_MAY_ORDER;
  int r = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b && r != PL_ORDERS;
       b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && r != PL_ORDERS;
         i = LLVMGetNextInstruction(i)) {
      int k = ordering_at(i, depth + 1);
      r = k > r ? k : r;
    }
  return r;
}

int pl_memory_ordering(LLVMValueRef inst) { return ordering_at(inst, 0); }

int pl_is_memory_ordering(LLVMValueRef inst) { return ordering_at(inst, 0) == PL_ORDERS; }

static int ordering_at(LLVMValueRef inst, unsigned depth) {
  LLVMOpcode op = LLVMGetInstructionOpcode(inst);
  int orders = 0;
  if (op == LLVMFence)
    orders = 1;
  else if (LLVMIsALoadInst(inst) || LLVMIsAStoreInst(inst))
    orders = LLVMGetOrdering(inst) > LLVMAtomicOrderingMonotonic;
  /* clang writes CUDA's atomicAdd and atomicCAS, which are relaxed, as
   * seq_cst read-modify-writes (LLVM 19's NVPTX emits a plain atom for
   * them, LLVM 22's a fence before a seq_cst cmpxchg, more than CUDA
   * promises): only an acquire or release one orders. */
  else if (LLVMIsAAtomicRMWInst(inst))
    orders = acquire_or_release(LLVMGetOrdering(inst));
  else if (LLVMIsAAtomicCmpXchgInst(inst))
    orders = acquire_or_release(LLVMGetCmpXchgSuccessOrdering(inst)) ||
             acquire_or_release(LLVMGetCmpXchgFailureOrdering(inst));
  else if (LLVMIsACallInst(inst)) {
    /* Scoped to the block (.cta): it orders only what threads of this
     * block see, and their writes are the loop's own, checked as such. */
    const char *n = pl_callee_name(inst);
    LLVMValueRef callee = LLVMGetCalledValue(inst);
    static const char *const words[] = {"fence",    "membar",          ".acquire",       ".release",
                                        ".acq_rel", "barrier.cluster", "griddepcontrol", NULL};
    static const char *const cta[] = {".cta", NULL};
    static const char *const wider[] = {".gpu",       ".sys",    ".cluster", "membar.gl",
                                        "membar.sys", "griddep", NULL};
    int is_asm = callee && LLVMIsAInlineAsm(callee);
    if (!strncmp(n, "llvm.nvvm.", 10) && (strstr(n, "membar") || strstr(n, "fence")))
      orders = !strstr(n, ".cta");
    else if (!strncmp(n, "llvm.nvvm.barrier.cluster", 25) ||
             !strncmp(n, "llvm.nvvm.griddepcontrol", 24))
      orders = 1; /* a cluster barrier releases and acquires; PDL's wait acquires */
    else if (callee && LLVMIsAFunction(callee) && !LLVMGetIntrinsicID(callee))
      return call_orders(inst, callee, depth);
    else if (!is_asm && !(callee && LLVMIsAFunction(callee)))
      return PL_MAY_ORDER; /* an indirect call: code the pass cannot see */
    else
      orders =
          asm_names_any(inst, words) && (!asm_names_any(inst, cta) || asm_names_any(inst, wider));
  }
  return orders ? PL_ORDERS : 0;
}

int pl_param_has_attribute(LLVMValueRef arg, const char *kind) {
  LLVMValueRef fn = LLVMGetParamParent(arg);
  unsigned idx = 1;
  for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != arg; p = LLVMGetNextParam(p))
    ++idx;
  unsigned k = LLVMGetEnumAttributeKindForName(kind, strlen(kind));
  return LLVMGetEnumAttributeAtIndex(fn, idx, k) != NULL;
}

int pl_touches_memory(LLVMValueRef inst) {
  return LLVMIsAInstruction(inst) && pl_memory_effects(inst) != 0;
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
  if (!callee || !LLVMIsAFunction(callee) ||
      (!LLVMGetIntrinsicID(callee) && !pl_is_reading_runtime_call(inst)))
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

uint64_t pl_global_bytes(LLVMValueRef g) {
  return pl_type_store_size(LLVMGetGlobalParent(g), LLVMGlobalGetValueType(g));
}

uint64_t pl_type_alloc_size(LLVMModuleRef m, LLVMTypeRef ty) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(m);
  return LLVMABISizeOfType(td, ty);
}

/* Inline asm that is neither volatile nor touches memory (CUDA's fp16
 * conversions): LLVM keeps it for want of `willreturn`, but unused it does
 * nothing. */
static int is_pure_asm(LLVMValueRef v) {
  LLVMValueRef callee = LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
  return callee && LLVMIsAInlineAsm(callee) && !LLVMGetInlineAsmHasSideEffects(callee) &&
         !pl_touches_memory(v);
}

static int erasable(LLVMValueRef v) {
  return LLVMIsAInstruction(v) && !LLVMGetFirstUse(v) &&
         (pl_is_trivially_dead(v) || pl_is_ldg_intrinsic(v) || is_pure_asm(v));
}

void pl_erase_dead(LLVMValueRef *roots, size_t n) {
  pl_vec work = {0};
  pl_vmap erased;
  pl_vmap_init(&erased);
  for (size_t i = 0; i < n; ++i)
    if (roots[i])
      pl_vec_push(&work, roots[i]);
  while (work.len) {
    LLVMValueRef v = work.v[--work.len];
    if (pl_vmap_get(&erased, v) || !erasable(v))
      continue;
    int nops = LLVMGetNumOperands(v);
    for (int i = 0; i < nops; ++i) {
      LLVMValueRef op = LLVMGetOperand(v, (unsigned)i);
      if (LLVMIsAInstruction(op) && op != v)
        pl_vec_push(&work, op);
    }
    pl_vmap_put(&erased, v, v);
    LLVMInstructionEraseFromParent(v);
  }
  pl_vmap_free(&erased);
  pl_vec_free(&work);
}

const char *pl_value_label(pl_host *host, LLVMValueRef v, char *buf, size_t len) {
  size_t n = 0;
  const char *name = LLVMGetValueName2(v, &n);
  if (LLVMIsAArgument(v)) {
    const char *src = pl_param_name(host, v);
    LLVMValueRef fn = LLVMGetParamParent(v);
    unsigned k = 1;
    for (LLVMValueRef p = LLVMGetFirstParam(fn); p && p != v; p = LLVMGetNextParam(p))
      ++k;
    if (src && *src)
      snprintf(buf, len, "parameter '%s'", src);
    else
      snprintf(buf, len, "parameter %u", k);
  } else if (name && n) {
    snprintf(buf, len, "%%%.*s", (int)n, name);
  } else if (LLVMIsAPHINode(v)) {
    /* an unnamed phi: where paths join (its block's first source line) */
    unsigned line = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(v)); i && !line;
         i = LLVMGetNextInstruction(i))
      line = LLVMGetDebugLocLine(i);
    if (line)
      snprintf(buf, len, "a value merged from %u paths near line %u", LLVMCountIncoming(v), line);
    else
      snprintf(buf, len, "a value merged from %u paths", LLVMCountIncoming(v));
  } else if (LLVMIsAInstruction(v)) {
    unsigned line = LLVMGetDebugLocLine(v);
    if (line)
      snprintf(buf, len, "a value computed at line %u", line);
    else
      snprintf(buf, len, "an unnamed value");
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

int pl_function_may_be_called(LLVMValueRef fn, int rdc) {
  if (LLVMGetFirstUse(fn))
    return 1;
  LLVMLinkage l = LLVMGetLinkage(fn);
  return rdc && l != LLVMInternalLinkage && l != LLVMPrivateLinkage;
}

unsigned pl_target_sm(LLVMValueRef fn, char *name, size_t len) {
  unsigned n = 0;
  LLVMAttributeRef a =
      LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
  const char *v = a ? LLVMGetStringAttributeValue(a, &n) : NULL;
  if (name && len) {
    snprintf(name, len, "%.*s", v ? (int)n : 7, v ? v : "unknown");
  }
  if (!v || n < 4 || strncmp(v, "sm_", 3) != 0)
    return 0;
  unsigned sm = 0;
  for (unsigned i = 3; i < n && v[i] >= '0' && v[i] <= '9'; ++i)
    sm = sm * 10 + (unsigned)(v[i] - '0');
  return sm;
}

const char *pl_opcode_word(LLVMValueRef inst) {
  if (LLVMIsAPHINode(inst))
    return "phi";
  if (LLVMIsASelectInst(inst))
    return "select";
  if (LLVMIsAPtrToIntInst(inst))
    return "ptrtoint";
  if (LLVMIsACallInst(inst))
    return "call";
  if (LLVMIsAStoreInst(inst))
    return "store";
  if (LLVMIsAICmpInst(inst))
    return "comparison";
  if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst))
    return "atomic";
  return "instruction";
}

/* The same word with its indefinite article ("a phi", "an atomic"). */
const char *pl_opcode_phrase(LLVMValueRef inst) {
  const char *w = pl_opcode_word(inst);
  static const char *const phrases[][2] = {
      {"phi", "a phi"},           {"select", "a select"},
      {"ptrtoint", "a ptrtoint"}, {"call", "a call"},
      {"store", "a store"},       {"comparison", "a comparison"},
      {"atomic", "an atomic"},    {"instruction", "an instruction"}};
  for (size_t i = 0; i < sizeof phrases / sizeof *phrases; ++i)
    if (strcmp(w, phrases[i][0]) == 0)
      return phrases[i][1];
  return "an instruction";
}

LLVMIntPredicate pl_icmp_inverse(LLVMIntPredicate p) {
  static const LLVMIntPredicate inverse[] = {
      [LLVMIntSLT] = LLVMIntSGE, [LLVMIntSLE] = LLVMIntSGT, [LLVMIntSGT] = LLVMIntSLE,
      [LLVMIntSGE] = LLVMIntSLT, [LLVMIntULT] = LLVMIntUGE, [LLVMIntULE] = LLVMIntUGT,
      [LLVMIntUGT] = LLVMIntULE, [LLVMIntUGE] = LLVMIntULT, [LLVMIntEQ] = LLVMIntNE,
      [LLVMIntNE] = LLVMIntEQ};
  return inverse[p];
}

int pl_is_pure(LLVMValueRef v, unsigned kinds) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMBitCast:
  case LLVMICmp:
  case LLVMFCmp:
  case LLVMSelect:
  case LLVMFreeze:
    return 1;
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFRem:
  case LLVMFNeg:
  case LLVMFPToUI:
  case LLVMFPToSI:
  case LLVMUIToFP:
  case LLVMSIToFP:
  case LLVMFPTrunc:
  case LLVMFPExt:
    return (kinds & PL_PURE_FLOAT) != 0;
  case LLVMExtractElement:
  case LLVMInsertElement:
  case LLVMShuffleVector:
    return (kinds & PL_PURE_VECTOR) != 0;
  case LLVMGetElementPtr:
  case LLVMAddrSpaceCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
    return (kinds & PL_PURE_POINTER) != 0;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem: {
    LLVMValueRef d = LLVMGetOperand(v, 1);
    return LLVMIsAConstantInt(d) && LLVMConstIntGetZExtValue(d) != 0 &&
           LLVMConstIntGetSExtValue(d) != -1;
  }
  case LLVMCall: {
    if (pl_touches_memory(v))
      return 0;
    LLVMValueRef callee = LLVMGetCalledValue(v);
    if (callee && LLVMIsAInlineAsm(callee))
      return (kinds & PL_PURE_ASM) && !LLVMGetInlineAsmHasSideEffects(callee);
    return pl_intrinsic_id(v) && !pl_may_have_side_effects(v);
  }
  default:
    return 0;
  }
}

int pl_folds_into_users(LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMTrunc:
  case LLVMFreeze:
    return 1;
  case LLVMGetElementPtr:
    for (unsigned k = 1; k < (unsigned)LLVMGetNumOperands(i); ++k)
      if (!LLVMIsAConstant(LLVMGetOperand(i, k)))
        return 0;
    return 1;
  default:
    return 0;
  }
}

int pl_branch_to(LLVMBasicBlockRef p, LLVMBasicBlockRef x, LLVMValueRef *cond, int *negated) {
  LLVMValueRef br = LLVMGetBasicBlockTerminator(p);
  if (pl_pred_count(x) != 1 || !br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return 0;
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(br, 0), s1 = LLVMGetSuccessor(br, 1);
  if (s0 == s1 || (s0 != x && s1 != x))
    return 0;
  *cond = LLVMGetCondition(br);
  *negated = s1 == x;
  return 1;
}

/* The quotient q when `v` is `q * d` with q = x / d (unsigned division by
 * the constant d), with *x and *d set; NULL otherwise. */
static LLVMValueRef quotient_times_divisor(LLVMValueRef v, LLVMValueRef *x, LLVMValueRef *d) {
  if (!LLVMIsABinaryOperator(v) || LLVMGetInstructionOpcode(v) != LLVMMul)
    return NULL;
  LLVMValueRef q = LLVMGetOperand(v, 0);
  *d = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(*d) || !LLVMIsABinaryOperator(q) ||
      LLVMGetInstructionOpcode(q) != LLVMUDiv || LLVMGetOperand(q, 1) != *d)
    return NULL;
  *x = LLVMGetOperand(q, 0);
  return q;
}

LLVMValueRef pl_div_rem_sum(LLVMValueRef a, LLVMValueRef b) {
  for (int swap = 0; swap < 2; ++swap) {
    LLVMValueRef prod = swap ? b : a, diff = swap ? a : b, x, d, x2, d2;
    LLVMValueRef q = quotient_times_divisor(prod, &x, &d);
    if (q && LLVMIsABinaryOperator(diff) && LLVMGetInstructionOpcode(diff) == LLVMSub &&
        LLVMGetOperand(diff, 0) == x &&
        quotient_times_divisor(LLVMGetOperand(diff, 1), &x2, &d2) == q)
      return x;
  }
  return NULL;
}

uint64_t pl_rem_difference(LLVMValueRef v, LLVMValueRef *x) {
  LLVMValueRef a = LLVMGetOperand(v, 0), d;
  if (!quotient_times_divisor(LLVMGetOperand(v, 1), x, &d) || *x != a ||
      LLVMGetIntTypeWidth(LLVMTypeOf(d)) > 64)
    return 0;
  uint64_t n = LLVMConstIntGetZExtValue(d);
  return n > 1 && n <= INT64_MAX ? n : 0;
}

uint64_t pl_int_max(LLVMValueRef v) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  return w >= 64 ? UINT64_MAX : (1ull << w) - 1;
}
