/*===- lib/nvvm.c - NVVM intrinsics whose spelling differs by release --===*/
#include "nvvm.h"

#include "alloc.h"
#include "host_memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

static unsigned lookup(const char *name) { return LLVMLookupIntrinsicID(name, strlen(name)); }

/* The ID of the intrinsic `inst` calls directly, or 0 (as pl_intrinsic_id
 * of lib/ir.h, which builds on this file). */
static unsigned called_intrinsic(LLVMValueRef inst) {
  LLVMValueRef callee = LLVMIsACallInst(inst) ? LLVMGetCalledValue(inst) : NULL;
  return callee && LLVMIsAFunction(callee) ? LLVMGetIntrinsicID(callee) : 0;
}

/* Intrinsic names, resolved to the loaded LLVM's IDs once, at the first
 * call a set is asked about (the pass asks for every call instruction it
 * walks); a name that LLVM does not know resolves to 0 and matches nothing. */
typedef struct {
  const char *const *names; /* NULL-ended, at most 40 names */
  unsigned ids[40];
  size_t n;
  int resolved;
} id_set;

/* Nonzero when `inst` calls one of the intrinsics of `set`. */
static int calls_one_of(LLVMValueRef inst, id_set *set) {
  unsigned id = called_intrinsic(inst);
  if (!id)
    return 0;
  if (!set->resolved) {
    for (set->n = 0; set->names[set->n] && set->n < sizeof set->ids / sizeof *set->ids; ++set->n)
      set->ids[set->n] = lookup(set->names[set->n]);
    set->resolved = 1;
  }
  for (size_t i = 0; i < set->n; ++i)
    if (set->ids[i] == id)
      return 1;
  return 0;
}

static const char *const cta_no_operand[] = {"llvm.nvvm.barrier0", NULL};
static const char *const cta_id_operand[] = {"llvm.nvvm.barrier.sync",
                                             "llvm.nvvm.barrier.cta.sync.aligned.all",
                                             "llvm.nvvm.barrier.cta.sync.all", NULL};

int pl_is_cta_barrier(LLVMValueRef inst) {
  static id_set no_operand = {.names = cta_no_operand}, id_operand = {.names = cta_id_operand};
  if (calls_one_of(inst, &no_operand))
    return 1;
  if (calls_one_of(inst, &id_operand)) {
    LLVMValueRef id = LLVMGetOperand(inst, 0);
    return LLVMIsAConstantInt(id) && LLVMConstIntGetZExtValue(id) == 0;
  }
  return 0;
}

static const char *const barrier_names[] = {
    /* LLVM 19 */
    "llvm.nvvm.barrier0", "llvm.nvvm.barrier0.and", "llvm.nvvm.barrier0.or",
    "llvm.nvvm.barrier0.popc", "llvm.nvvm.barrier", "llvm.nvvm.barrier.n", "llvm.nvvm.barrier.sync",
    "llvm.nvvm.barrier.sync.cnt", "llvm.nvvm.bar.sync",
    /* LLVM 22 */
    "llvm.nvvm.barrier.cta.sync.aligned.all", "llvm.nvvm.barrier.cta.sync.aligned.count",
    "llvm.nvvm.barrier.cta.sync.all", "llvm.nvvm.barrier.cta.sync.count",
    "llvm.nvvm.barrier.cta.arrive.aligned.count", "llvm.nvvm.barrier.cta.arrive.count",
    "llvm.nvvm.barrier.cta.red.and.aligned.all", "llvm.nvvm.barrier.cta.red.and.aligned.count",
    "llvm.nvvm.barrier.cta.red.and.all", "llvm.nvvm.barrier.cta.red.and.count",
    "llvm.nvvm.barrier.cta.red.or.aligned.all", "llvm.nvvm.barrier.cta.red.or.aligned.count",
    "llvm.nvvm.barrier.cta.red.or.all", "llvm.nvvm.barrier.cta.red.or.count",
    "llvm.nvvm.barrier.cta.red.popc.aligned.all", "llvm.nvvm.barrier.cta.red.popc.aligned.count",
    "llvm.nvvm.barrier.cta.red.popc.all", "llvm.nvvm.barrier.cta.red.popc.count",
    /* both */
    "llvm.nvvm.bar.warp.sync", "llvm.nvvm.barrier.cluster.arrive",
    "llvm.nvvm.barrier.cluster.arrive.relaxed", "llvm.nvvm.barrier.cluster.arrive.aligned",
    "llvm.nvvm.barrier.cluster.arrive.relaxed.aligned", "llvm.nvvm.barrier.cluster.wait",
    "llvm.nvvm.barrier.cluster.wait.aligned", NULL};

int pl_is_any_barrier(LLVMValueRef inst) {
  static id_set barriers = {.names = barrier_names};
  return calls_one_of(inst, &barriers);
}

static const char *const ldg_names[] = {"llvm.nvvm.ldg.global.i", "llvm.nvvm.ldg.global.f",
                                        "llvm.nvvm.ldg.global.p", NULL};

int pl_reads_non_coherent(LLVMValueRef inst) {
  if (pl_is_ldg_intrinsic(inst))
    return 1;
  if (!LLVMIsALoadInst(inst) || LLVMGetVolatile(inst) ||
      LLVMGetOrdering(inst) != LLVMAtomicOrderingNotAtomic)
    return 0;
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(inst));
  if (LLVMGetMetadata(inst, LLVMGetMDKindIDInContext(ctx, "invariant.load", 14)))
    return 1;
  LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
  return pl_is_kernel(fn) && pl_based_on_read_only_objects(LLVMGetOperand(inst, 0), fn);
}

int pl_is_ldg_intrinsic(LLVMValueRef inst) {
  static id_set ldg = {.names = ldg_names};
  return calls_one_of(inst, &ldg);
}

/* Calls visit(fn, name, len, value, ctx) for each entry {fn, !"name", i32
 * value, ...} in module `m`'s !nvvm.annotations (LLVM 19's kernel
 * metadata: NVPTX usage guide, "Kernel metadata") whose fn is `only` (NULL:
 * any), until it returns nonzero; returns that. */
static int annotations(LLVMModuleRef m, LLVMValueRef only,
                       int (*visit)(LLVMValueRef fn, const char *name, unsigned len, unsigned value,
                                    void *ctx),
                       void *ctx) {
  unsigned n = LLVMGetNamedMetadataNumOperands(m, "nvvm.annotations");
  if (!n)
    return 0;
  LLVMValueRef *nodes = pl_xcalloc(n, sizeof *nodes);
  LLVMGetNamedMetadataOperands(m, "nvvm.annotations", nodes);
  int stop = 0;
  for (unsigned i = 0; i < n && !stop; ++i) {
    unsigned k = LLVMGetMDNodeNumOperands(nodes[i]);
    if (k < 3)
      continue;
    LLVMValueRef few[8];
    LLVMValueRef *ops = k <= 8 ? few : pl_xcalloc(k, sizeof *ops);
    LLVMGetMDNodeOperands(nodes[i], ops);
    for (unsigned j = 1; j + 1 < k && (!only || ops[0] == only) && !stop; j += 2) {
      unsigned len = 0;
      const char *s = ops[j] ? LLVMGetMDString(ops[j], &len) : NULL;
      if (s && LLVMIsAConstantInt(ops[j + 1]))
        stop = visit(ops[0], s, len, (unsigned)LLVMConstIntGetZExtValue(ops[j + 1]), ctx);
    }
    if (ops != few)
      free(ops);
  }
  free(nodes);
  return stop;
}

static int is_kernel_entry(LLVMValueRef fn, const char *s, unsigned len, unsigned v, void *ctx) {
  (void)fn;
  (void)ctx;
  return len == 6 && memcmp(s, "kernel", 6) == 0 && v == 1;
}

/* The entries of !nvvm.annotations in the module of the pass's run
 * (pl_nvvm_module_begin), sorted by function and, for one function, in
 * their order: LLVM 19's modules list every kernel and its launch bounds
 * there, and a translation unit of a few hundred kernels would be scanned
 * whole at each question. Per thread: the pass of one module runs on one
 * thread. */
typedef struct {
  LLVMValueRef fn;
  const char *name; /* the entry's string, owned by the module */
  unsigned len, value;
  size_t order; /* its place in the annotations: a later entry overrides */
} annotation_entry;

static _Thread_local struct {
  LLVMModuleRef m;
  size_t n;
  annotation_entry *entries;
} listed;

static int by_function(const void *a, const void *b) {
  const annotation_entry *x = a, *y = b;
  if (x->fn != y->fn)
    return (uintptr_t)x->fn < (uintptr_t)y->fn ? -1 : 1;
  return (x->order > y->order) - (x->order < y->order);
}

/* Keeps every entry (never stops the walk). */
static int list_entry(LLVMValueRef fn, const char *s, unsigned len, unsigned v, void *ctx) {
  (void)ctx;
  listed.entries = pl_append(listed.entries, listed.n, sizeof *listed.entries);
  listed.entries[listed.n] = (annotation_entry){fn, s, len, v, listed.n};
  ++listed.n;
  return 0;
}

void pl_nvvm_module_begin(LLVMModuleRef m) {
  pl_nvvm_module_end();
  annotations(m, NULL, list_entry, NULL);
  if (listed.n)
    qsort(listed.entries, listed.n, sizeof *listed.entries, by_function);
  listed.m = m;
}

void pl_nvvm_module_end(void) {
  free(listed.entries);
  listed.entries = NULL;
  listed.n = 0;
  listed.m = NULL;
}

/* annotations() for the entries of `fn` alone, from the list made when the
 * pass began on its module, else read from the module. */
static int annotations_of(LLVMValueRef fn,
                          int (*visit)(LLVMValueRef fn, const char *name, unsigned len,
                                       unsigned value, void *ctx),
                          void *ctx) {
  if (!listed.m || listed.m != LLVMGetGlobalParent(fn))
    return annotations(LLVMGetGlobalParent(fn), fn, visit, ctx);
  size_t lo = 0, hi = listed.n; /* the first entry of fn */
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if ((uintptr_t)listed.entries[mid].fn < (uintptr_t)fn)
      lo = mid + 1;
    else
      hi = mid;
  }
  int stop = 0;
  for (; lo < listed.n && listed.entries[lo].fn == fn && !stop; ++lo)
    stop =
        visit(fn, listed.entries[lo].name, listed.entries[lo].len, listed.entries[lo].value, ctx);
  return stop;
}

int pl_is_kernel(LLVMValueRef fn) {
  if (LLVMGetFunctionCallConv(fn) == LLVMPTXKernelCallConv)
    return 1;
  return annotations_of(fn, is_kernel_entry, NULL);
}

typedef struct {
  unsigned *max, *req, *min_blocks;
} bounds;

static int bound_entry(LLVMValueRef fn, const char *s, unsigned len, unsigned v, void *ctx) {
  (void)fn;
  bounds *b = ctx;
  unsigned axis = len ? (unsigned)(s[len - 1] - 'x') : 3;
  if (len == 8 && memcmp(s, "maxntid", 7) == 0 && axis < 3)
    b->max[axis] = v;
  else if (len == 8 && memcmp(s, "reqntid", 7) == 0 && axis < 3)
    b->req[axis] = v;
  else if (len == 8 && memcmp(s, "minctasm", 8) == 0)
    *b->min_blocks = v;
  return 0;
}

/* LLVM 22's form: the string function attribute `kind` ("nvvm.maxntid")
 * holding up to 3 comma-separated numbers, x first, into dims (left as
 * they are when the attribute is absent). Returns whether it was there. */
static int attribute_dims(LLVMValueRef fn, const char *kind, unsigned dims[3]) {
  LLVMAttributeRef a =
      LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, kind, (unsigned)strlen(kind));
  if (!a)
    return 0;
  unsigned len = 0;
  const char *v = LLVMGetStringAttributeValue(a, &len);
  char buf[64];
  if (!v || len >= sizeof buf)
    return 0;
  memcpy(buf, v, len);
  buf[len] = 0;
  char *p = buf;
  for (unsigned axis = 0; axis < 3 && *p; ++axis) {
    char *end = NULL;
    unsigned long x = strtoul(p, &end, 10);
    if (end == p || x > 0xFFFFFFFFul)
      return 0;
    dims[axis] = (unsigned)x;
    p = *end == ',' ? end + 1 : end;
  }
  return 1;
}

void pl_launch_bounds(LLVMValueRef fn, unsigned *threads, unsigned *min_blocks) {
  unsigned max[3] = {0, 1, 1}, req[3] = {0, 1, 1}, min[3] = {0, 0, 0};
  *threads = 0;
  *min_blocks = 0;
  int attrs = attribute_dims(fn, "nvvm.maxntid", max);
  attrs |= attribute_dims(fn, "nvvm.reqntid", req);
  attrs |= attribute_dims(fn, "nvvm.minctasm", min);
  if (attrs)
    *min_blocks = min[0];
  else
    annotations_of(fn, bound_entry, &(bounds){max, req, min_blocks});
  if (req[0])
    *threads = req[0] * req[1] * req[2];
  else if (max[0])
    *threads = max[0] * max[1] * max[2];
}

/* A call of the (non-overloaded) intrinsic `id` in `m`. */
static LLVMValueRef call(LLVMModuleRef m, LLVMBuilderRef b, unsigned id, LLVMValueRef *args,
                         unsigned nargs, const char *name) {
  LLVMContextRef ctx = LLVMGetModuleContext(m);
  LLVMTypeRef fty = LLVMIntrinsicGetType(ctx, id, NULL, 0);
  LLVMValueRef fn = LLVMGetIntrinsicDeclaration(m, id, NULL, 0);
  return LLVMBuildCall2(b, fty, fn, args, nargs, name);
}

void pl_emit_cta_barrier(LLVMModuleRef m, LLVMBuilderRef b) {
  unsigned old = lookup("llvm.nvvm.barrier0");
  if (old) {
    call(m, b, old, NULL, 0, "");
    return;
  }
  LLVMValueRef zero = LLVMConstInt(LLVMInt32TypeInContext(LLVMGetModuleContext(m)), 0, 0);
  call(m, b, lookup("llvm.nvvm.barrier.cta.sync.aligned.all"), &zero, 1, "");
}

LLVMValueRef pl_emit_cta_barrier_or(LLVMModuleRef m, LLVMBuilderRef b, LLVMValueRef vote,
                                    const char *any_name, const char *name) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(LLVMGetModuleContext(m));
  unsigned old = lookup("llvm.nvvm.barrier0.or");
  if (old) {
    LLVMValueRef v = LLVMBuildZExt(b, vote, i32, "");
    LLVMValueRef any = call(m, b, old, &v, 1, any_name);
    return LLVMBuildICmp(b, LLVMIntNE, any, LLVMConstInt(i32, 0, 0), name);
  }
  LLVMValueRef args[2] = {LLVMConstInt(i32, 0, 0), vote};
  return call(m, b, lookup("llvm.nvvm.barrier.cta.red.or.aligned.all"), args, 2, name);
}
