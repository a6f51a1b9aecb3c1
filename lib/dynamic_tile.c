/*===- lib/dynamic_tile.c - the bytes a kernel uses of dynamic shared memory ---===*/
#include "dynamic_tile.h"

#include "alloc.h"
#include "host_scev.h"
#include "ir.h"
#include "limits.h"
#include "nvvm.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* The walk's state: the furthest byte so far, or the first obstacle. */
typedef struct footprint {
  pl_host *host;
  LLVMValueRef fn;
  unsigned max_threads; /* the launch bounds' threads per block, or 0 */
  uint64_t end;
  const char *why;
  LLVMValueRef at;
  pl_vec seen;  /* phis and selects already walked */
  int symbolic; /* some access is bounded only by the launch's values */
  /* Where pl_dynamic_footprint_emit builds the footprint: before `emit_at`,
   * the largest of the symbolic bounds so far (an i64, or NULL) and the i1
   * that they hold */
  LLVMBuilderRef b;
  LLVMValueRef emit_at, sym_end, sym_ok;
} footprint;

/* The block of the instruction `v`, or NULL for a constant. */
static LLVMBasicBlockRef block_of(LLVMValueRef v) {
  return LLVMIsAInstruction(v) ? LLVMGetInstructionParent(v) : NULL;
}

static int fail(footprint *w, const char *why, LLVMValueRef at) {
  if (!w->why) {
    w->why = why;
    w->at = at && LLVMIsAInstruction(at) ? at : NULL;
  }
  return 0;
}

/* Bytes of one element of a WMMA fragment of type `ty` (the intrinsic
 * name's type suffix), or 0 for a type the walk does not size (sub-byte). */
static unsigned wmma_elem_bytes(const char *ty, size_t n) {
  static const struct {
    const char *name;
    unsigned bytes;
  } types[] = {{"f16", 2}, {"bf16", 2}, {"f32", 4}, {"tf32", 4},
               {"s32", 4}, {"s8", 1},   {"u8", 1},  {"f64", 8}};
  for (size_t i = 0; i < sizeof types / sizeof *types; ++i)
    if (strlen(types[i].name) == n && !strncmp(ty, types[i].name, n))
      return types[i].bytes;
  return 0;
}

/* The bytes from its address that the WMMA fragment load or store `call`
 * spans (llvm.nvvm.wmma.mMnNkK.{load,store}.{a,b,c,d}.{row,col}[.stride]
 * .TYPE[.pN]); 0 when not such a call or not sized (the leading dimension
 * not a constant). */
static uint64_t wmma_span(const char *name, LLVMValueRef call) {
  unsigned m, n, k;
  int used = 0;
  if (sscanf(name, "llvm.nvvm.wmma.m%un%uk%u.%n", &m, &n, &k, &used) != 3 || !used)
    return 0;
  const char *p = name + used;
  int load = !strncmp(p, "load.", 5), store = !strncmp(p, "store.", 6);
  if (!load && !store)
    return 0;
  p += load ? 5 : 6;
  char which = *p;
  if (!which || p[1] != '.')
    return 0;
  p += 2;
  int row = !strncmp(p, "row.", 4);
  if (!row && strncmp(p, "col.", 4))
    return 0;
  p += 4;
  int stride = !strncmp(p, "stride.", 7);
  if (stride)
    p += 7;
  const char *dot = strchr(p, '.');
  unsigned elem = wmma_elem_bytes(p, dot ? (size_t)(dot - p) : strlen(p));
  unsigned rows, cols;
  switch (which) {
  case 'a':
    rows = m, cols = k;
    break;
  case 'b':
    rows = k, cols = n;
    break;
  case 'c':
  case 'd':
    rows = m, cols = n;
    break;
  default:
    return 0;
  }
  if (!elem)
    return 0;
  unsigned major = row ? rows : cols, minor = row ? cols : rows;
  uint64_t ldm = minor;
  if (stride) {
    unsigned n_ops = (unsigned)LLVMGetNumArgOperands(call);
    LLVMValueRef l = n_ops ? LLVMGetOperand(call, n_ops - 1) : NULL;
    if (!l || !LLVMIsAConstantInt(l))
      return 0;
    ldm = LLVMConstIntGetZExtValue(l);
    if (ldm < minor || ldm > (1u << 20))
      return 0;
  }
  return ((uint64_t)(major - 1) * ldm + minor) * elem;
}

/* The range [*lo, *hi] of `ptr`'s offset from `anchor` in bytes, for the
 * access `user` (pl_scev_offset_range_in_block); 0 when unknown, or when
 * either end lies beyond 2^40 bytes: then no sum of the walk's offsets (at
 * most PL_MAX_DERIVED_DEPTH of them) can overflow. */
static int offset_range(footprint *w, LLVMValueRef user, LLVMValueRef ptr, LLVMValueRef anchor,
                        int64_t *lo, int64_t *hi) {
  const int64_t far = (int64_t)1 << 40;
  *lo = *hi = 0;
  if (ptr == anchor)
    return 1;
  return pl_scev_offset_range_in_block(w->host, ptr, anchor, block_of(user), w->max_threads, lo,
                                       hi) == 1 &&
         *lo > -far && *hi < far;
}

/* What add_symbolic found. */
enum symbolic_bound { SYM_BOUNDED, SYM_NONE, SYM_BEFORE, SYM_PAST, SYM_NOT_TRIED };

/* The access of `size` bytes at `ptr` (derived from `anchor`, `off` bytes
 * into the array) bounded by the launch's values
 * (pl_scev_offset_symbolic_bound); where emitting, its end joins
 * w->sym_end. `at_start` nonzero: the constant range already puts the
 * access at or past the array's start (each lower bound holds). */
static enum symbolic_bound add_symbolic(footprint *w, LLVMValueRef user, LLVMValueRef ptr,
                                        LLVMValueRef anchor, int64_t off, uint64_t size,
                                        int at_start) {
  int64_t lo = 0, least = 0;
  LLVMValueRef hi = NULL, ok = NULL;
  if (!pl_scev_offset_symbolic_bound(w->host, ptr, anchor, block_of(user), w->max_threads, &lo,
                                     &least, w->emit_at, &hi, &ok))
    return SYM_NONE;
  if (lo + off < 0 && !at_start)
    return SYM_BEFORE;
  if (size > PL_MAX_DYNAMIC_FOOTPRINT ||
      least + off + (int64_t)size > (int64_t)PL_MAX_DYNAMIC_FOOTPRINT)
    return SYM_PAST;
  w->symbolic = 1;
  if (!w->emit_at)
    return SYM_BOUNDED;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetTypeContext(LLVMTypeOf(hi)));
  LLVMValueRef end = LLVMBuildAdd(w->b, hi, LLVMConstInt(i64, (uint64_t)off + size, 0), "");
  w->sym_end = !w->sym_end
                   ? end
                   : LLVMBuildSelect(w->b, LLVMBuildICmp(w->b, LLVMIntSGT, end, w->sym_end, ""),
                                     end, w->sym_end, "pl.footprint.max");
  w->sym_ok = w->sym_ok ? LLVMBuildAnd(w->b, w->sym_ok, ok, "") : ok;
  return SYM_BOUNDED;
}

/* Adds the access of `size` bytes at `ptr` (derived from `anchor`, whose
 * offset from the array lies in [alo, ahi]) to the footprint: its constant
 * range, or where that does not bound it and the anchor's offset is
 * exact, a bound by the launch's values. */
static int add_access(footprint *w, LLVMValueRef user, LLVMValueRef ptr, LLVMValueRef anchor,
                      int64_t alo, int64_t ahi, uint64_t size) {
  int64_t lo, hi;
  int bounded = offset_range(w, user, ptr, anchor, &lo, &hi);
  lo += alo;
  hi += ahi;
  if (bounded && lo >= 0 && size && (uint64_t)hi + size <= PL_MAX_DYNAMIC_FOOTPRINT) {
    if ((uint64_t)hi + size > w->end)
      w->end = (uint64_t)hi + size;
    return 1;
  }
  enum symbolic_bound sym = size && alo == ahi
                                ? add_symbolic(w, user, ptr, anchor, alo, size, bounded && lo >= 0)
                                : SYM_NOT_TRIED;
  if (sym == SYM_BOUNDED)
    return 1;
  /* the constant range's failure, then the bound by the arguments' */
  static const char *const why[3][4] = {
      {"an address into it has no bounded offset, and no bound of it by the kernel's arguments "
       "was found",
       "an address into it has no bounded offset, and its bound by the kernel's arguments may "
       "lie before the array's start",
       "an address into it has no bounded offset, and its bound by the kernel's arguments "
       "starts past what any launch can give",
       "an address into it has no bounded offset"},
      {"an address into it may lie before its start, and no bound of it by the kernel's "
       "arguments was found",
       "an address into it may lie before its start",
       "an address into it may lie before its start, and its bound by the kernel's arguments "
       "starts past what any launch can give",
       "an address into it may lie before its start"},
      {"an address into it may lie beyond what any launch can give, and no bound of it by the "
       "kernel's arguments was found",
       "an address into it may lie beyond what any launch can give, and its bound by the "
       "kernel's arguments may lie before the array's start",
       "an address into it may lie beyond what any launch can give",
       "an address into it may lie beyond what any launch can give"}};
  return fail(w, why[!bounded ? 0 : lo < 0 ? 1 : 2][sym - SYM_NONE], user);
}

static int walk(footprint *w, LLVMValueRef v, LLVMValueRef anchor, int64_t alo, int64_t ahi,
                unsigned depth);

/* One use of `v` by `user`. */
static int visit(footprint *w, LLVMValueRef user, LLVMValueRef v, LLVMValueRef anchor, int64_t alo,
                 int64_t ahi, unsigned depth) {
  LLVMModuleRef m = LLVMGetGlobalParent(w->fn);
  if (LLVMIsAConstantExpr(user)) {
    if (LLVMGetConstOpcode(user) == LLVMAddrSpaceCast) {
      int64_t lo, hi;
      if (!offset_range(w, user, v, anchor, &lo, &hi))
        return fail(w, "an address into it has no bounded offset", NULL);
      return walk(w, user, user, alo + lo, ahi + hi, depth + 1);
    }
    if (LLVMGetConstOpcode(user) == LLVMGetElementPtr || LLVMGetConstOpcode(user) == LLVMBitCast)
      return walk(w, user, anchor, alo, ahi, depth + 1);
    return fail(w, "its address is used in a constant the pass cannot follow", NULL);
  }
  if (!LLVMIsAInstruction(user))
    return fail(w, "its address is used outside any instruction", NULL);
  LLVMValueRef parent = LLVMGetBasicBlockParent(LLVMGetInstructionParent(user));
  if (parent != w->fn && pl_is_kernel(parent))
    return 1;          /* another kernel's launch */
  if (parent != w->fn) /* a device function the kernel may call */
    return fail(w, "a function other than the kernel uses it", user);
  if (LLVMIsAGetElementPtrInst(user) || LLVMIsABitCastInst(user)) {
    if (LLVMGetOperand(user, 0) != v)
      return fail(w, "its address is used as an index", user);
    return walk(w, user, anchor, alo, ahi, depth + 1);
  }
  if (LLVMIsAPHINode(user) || LLVMIsASelectInst(user)) {
    if (LLVMIsASelectInst(user) && LLVMGetOperand(user, 0) == v)
      return fail(w, "its address is used as a condition", user);
    if (pl_vec_has(&w->seen, user))
      return 1;
    pl_vec_push(&w->seen, user);
    return walk(w, user, anchor, alo, ahi, depth + 1);
  }
  if (LLVMIsAAddrSpaceCastInst(user)) {
    int64_t lo, hi;
    if (!offset_range(w, user, v, anchor, &lo, &hi))
      return fail(w, "an address into it has no bounded offset", user);
    return walk(w, user, user, alo + lo, ahi + hi, depth + 1);
  }
  if (LLVMIsALoadInst(user))
    return add_access(w, user, v, anchor, alo, ahi, pl_type_store_size(m, LLVMTypeOf(user)));
  if (LLVMIsAStoreInst(user)) {
    if (LLVMGetOperand(user, 1) != v)
      return fail(w, "its address is stored to memory", user);
    LLVMTypeRef ty = LLVMTypeOf(LLVMGetOperand(user, 0));
    return add_access(w, user, v, anchor, alo, ahi, pl_type_store_size(m, ty));
  }
  if (LLVMIsAAtomicRMWInst(user) || LLVMIsAAtomicCmpXchgInst(user)) {
    if (LLVMGetOperand(user, 0) != v)
      return fail(w, "its address is stored to memory", user);
    LLVMValueRef val = LLVMGetOperand(user, LLVMIsAAtomicRMWInst(user) ? 1 : 2);
    return add_access(w, user, v, anchor, alo, ahi, pl_type_store_size(m, LLVMTypeOf(val)));
  }
  if (LLVMIsACallInst(user)) {
    if (pl_is_lifetime_marker(user))
      return 1;
    if (pl_is_memcpy(user) || pl_is_memset(user)) {
      LLVMValueRef len = LLVMGetOperand(user, 2);
      if (len == v || !LLVMIsAConstantInt(len))
        return fail(w, "it is copied with a length known only at run time", user);
      return add_access(w, user, v, anchor, alo, ahi, LLVMConstIntGetZExtValue(len));
    }
    const char *name = pl_callee_name(user);
    if (name && LLVMGetOperand(user, 0) == v) {
      uint64_t span = wmma_span(name, user);
      if (!span && !strncmp(name, "llvm.nvvm.ldmatrix.", 19))
        span = 16; /* one 16-byte row per thread (PTX ISA, "ldmatrix") */
      if (span)
        return add_access(w, user, v, anchor, alo, ahi, span);
    }
    return fail(w, "its address is passed to a call whose reach the pass cannot bound", user);
  }
  return fail(w, "its address goes where the pass cannot follow", user);
}

static int walk(footprint *w, LLVMValueRef v, LLVMValueRef anchor, int64_t alo, int64_t ahi,
                unsigned depth) {
  if (depth > PL_MAX_DERIVED_DEPTH)
    return fail(w, "its addresses are derived too deep to follow", NULL);
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u))
    if (!visit(w, LLVMGetUser(u), v, anchor, alo, ahi, depth))
      return 0;
  return 1;
}

uint64_t pl_dynamic_footprint(pl_host *host, LLVMValueRef fn, LLVMValueRef g, const char **why,
                              LLVMValueRef *at, int *symbolic) {
  footprint w = {.host = host, .fn = fn};
  unsigned min_blocks;
  pl_launch_bounds(fn, &w.max_threads, &min_blocks);
  int ok = walk(&w, g, g, 0, 0, 0);
  pl_vec_free(&w.seen);
  *symbolic = ok && w.symbolic;
  if (!ok || (!w.end && !w.symbolic)) {
    *why = w.why ? w.why : "the kernel never accesses it";
    *at = w.at;
    return 0;
  }
  *why = NULL;
  *at = NULL;
  return w.end;
}

LLVMValueRef pl_dynamic_footprint_emit(pl_host *host, LLVMValueRef fn, LLVMValueRef g,
                                       LLVMValueRef insert_before, LLVMValueRef *ok) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(fn));
  footprint w = {.host = host, .fn = fn, .emit_at = insert_before};
  unsigned min_blocks;
  pl_launch_bounds(fn, &w.max_threads, &min_blocks);
  w.b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(w.b, insert_before);
  int walked = walk(&w, g, g, 0, 0, 0);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  LLVMValueRef end = NULL;
  if (walked && w.sym_end) {
    LLVMValueRef fixed = LLVMConstInt(i64, w.end, 0);
    end = LLVMBuildSelect(w.b, LLVMBuildICmp(w.b, LLVMIntSGT, w.sym_end, fixed, ""), w.sym_end,
                          fixed, "pl.footprint");
    *ok = w.sym_ok;
  }
  LLVMDisposeBuilder(w.b);
  pl_vec_free(&w.seen);
  return end;
}

struct pl_footprint_entry {
  LLVMValueRef g;
  uint64_t bytes;
  int symbolic;
  const char *why;
  LLVMValueRef at;
};

uint64_t pl_dynamic_footprint_memo(pl_footprints *memo, pl_host *host, LLVMValueRef fn,
                                   LLVMValueRef g, const char **why, LLVMValueRef *at,
                                   int *symbolic) {
  for (size_t i = 0; i < memo->n; ++i)
    if (memo->v[i].g == g) {
      *why = memo->v[i].why;
      *at = memo->v[i].at;
      *symbolic = memo->v[i].symbolic;
      return memo->v[i].bytes;
    }
  uint64_t bytes = pl_dynamic_footprint(host, fn, g, why, at, symbolic);
  memo->v = pl_append(memo->v, memo->n, sizeof *memo->v);
  memo->v[memo->n++] = (struct pl_footprint_entry){g, bytes, *symbolic, *why, *at};
  return bytes;
}

void pl_footprints_free(pl_footprints *memo) {
  free(memo->v);
  memo->v = NULL;
  memo->n = 0;
}

int pl_is_dynamic_shared(LLVMValueRef g) {
  return pl_is_shared_global(g) &&
         pl_type_alloc_size(LLVMGetGlobalParent(g), LLVMGlobalGetValueType(g)) == 0;
}

/* Runtime functions a kernel may call that touch no shared memory of the
 * program's (CUDA C++ Programming Guide: formatted output, dynamic global
 * memory allocation, assertions). */
static int runtime_call(const char *name) {
  static const char *const known[] = {"vprintf", "malloc", "free", "__assertfail"};
  for (size_t i = 0; i < sizeof known / sizeof *known; ++i)
    if (!strcmp(name, known[i]))
      return 1;
  return 0;
}

/* Nonzero when the linker may swap the definition of `fn` for another
 * translation unit's (weak, linkonce or common, not _odr). */
static int replaceable(LLVMValueRef fn) {
  switch (LLVMGetLinkage(fn)) {
  case LLVMWeakAnyLinkage:
  case LLVMLinkOnceAnyLinkage:
  case LLVMExternalWeakLinkage:
  case LLVMCommonLinkage:
    return 1;
  default:
    return 0;
  }
}

const char *pl_dynamic_calls_obstacle(LLVMValueRef fn, LLVMValueRef *at) {
  pl_vec fns = {0};
  const char *why = NULL;
  pl_vec_push(&fns, fn);
  for (size_t k = 0; k < fns.len && !why; ++k)
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fns.v[k]); b && !why;
         b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && !why; i = LLVMGetNextInstruction(i)) {
        if (!LLVMIsACallInst(i) && !LLVMIsAInvokeInst(i))
          continue;
        LLVMValueRef callee = LLVMGetCalledValue(i);
        if (LLVMIsAInlineAsm(callee)) {
          size_t len = 0;
          const char *text = LLVMGetInlineAsmAsmString(callee, &len);
          if (!text || len != sizeof PL_DYNAMIC_SIZE_ASM - 1 ||
              strncmp(text, PL_DYNAMIC_SIZE_ASM, len))
            why = "inline assembly";
        } else if (!LLVMIsAFunction(callee)) {
          why = "an indirect call";
        } else if (LLVMIsDeclaration(callee)) {
          size_t n = 0;
          const char *name = LLVMGetValueName2(callee, &n);
          if (!LLVMGetIntrinsicID(callee) && !runtime_call(name ? name : ""))
            why = "a call of a function defined in another translation unit";
        } else if (replaceable(callee)) {
          why = "a call of a function another translation unit may replace";
        } else if (!pl_vec_has(&fns, callee)) {
          pl_vec_push(&fns, callee);
        }
        if (why)
          *at = i;
      }
  pl_vec_free(&fns);
  return why;
}
