/*===- lib/layout.c - the row layout of a ring ---------------------------===*/
#include "layout.h"

#include "gep.h"
#include "host_memory.h"
#include "limits.h"
#include "shared_space.h"
#include "uses.h"

#include <llvm-c/DebugInfo.h>

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One term of a GEP's byte offset: `idx` (sign-extended to 64 bits, as
 * GEP does) times `size`, or the constant `c` bytes when idx is NULL. */
typedef struct term {
  LLVMValueRef idx;
  int64_t c;
  uint64_t size;
} term;

typedef struct terms {
  term *v;
  size_t n, cap;
} terms;

static void push_term(terms *t, term x) {
  if (t->n == t->cap) {
    t->cap = t->cap ? 2 * t->cap : 16;
    t->v = pl_xrealloc(t->v, t->cap, sizeof *t->v);
  }
  t->v[t->n++] = x;
}

/* The constant integer operand of the binary instruction `v` (operand 1,
 * or 0 for a commutative one), positive and at most 2^20; 0 when none. */
static uint64_t const_operand(LLVMValueRef v, int commutative, LLVMValueRef *other) {
  for (unsigned k = commutative ? 0 : 1; k < 2; ++k) {
    LLVMValueRef c = LLVMGetOperand(v, k);
    if (!LLVMIsAConstantInt(c))
      continue;
    int64_t x = LLVMConstIntGetSExtValue(c);
    if (x <= 0 || x > (1 << 20))
      return 0;
    *other = LLVMGetOperand(v, 1 - k);
    return (uint64_t)x;
  }
  return 0;
}

/* Appends `idx` times `size` bytes as terms, split where the index is a
 * sum or a scaled value: add, or disjoint, shl and mul by a constant, and
 * extensions, wherever GEP's sign extension of the index distributes over
 * them (64-bit arithmetic wraps as GEP's own does; narrower arithmetic
 * needs nsw, zext needs nneg). A row index flattened into one index
 * (row * 32 + column) then gives a row term and a column term. */
static void push_index(terms *out, LLVMValueRef idx, uint64_t size, unsigned depth) {
  if (LLVMIsAConstantInt(idx)) {
    /* wraps as GEP's own offset arithmetic does (mod 2^64) */
    push_term(out, (term){NULL, (int64_t)((uint64_t)LLVMConstIntGetSExtValue(idx) * size), 1});
    return;
  }
  if (depth <= PL_MAX_INDEX_DEPTH && LLVMIsAInstruction(idx) && size <= (1u << 20)) {
    int wide = LLVMGetIntTypeWidth(LLVMTypeOf(idx)) == 64;
    LLVMOpcode op = LLVMGetInstructionOpcode(idx);
    LLVMValueRef x = NULL;
    uint64_t k;
    switch (op) {
    case LLVMAdd:
      if (wide || LLVMGetNSW(idx)) {
        push_index(out, LLVMGetOperand(idx, 0), size, depth + 1);
        push_index(out, LLVMGetOperand(idx, 1), size, depth + 1);
        return;
      }
      break;
    case LLVMOr:
      if (LLVMGetIsDisjoint(idx)) { /* an add with neither wrap */
        push_index(out, LLVMGetOperand(idx, 0), size, depth + 1);
        push_index(out, LLVMGetOperand(idx, 1), size, depth + 1);
        return;
      }
      break;
    case LLVMShl:
      if ((wide || LLVMGetNSW(idx)) && LLVMIsAConstantInt(LLVMGetOperand(idx, 1))) {
        uint64_t c = LLVMConstIntGetZExtValue(LLVMGetOperand(idx, 1));
        if (c < 20) {
          push_index(out, LLVMGetOperand(idx, 0), size << c, depth + 1);
          return;
        }
      }
      break;
    case LLVMMul:
      if ((wide || LLVMGetNSW(idx)) && (k = const_operand(idx, 1, &x)) != 0) {
        push_index(out, x, size * k, depth + 1);
        return;
      }
      break;
    case LLVMSExt:
      push_index(out, LLVMGetOperand(idx, 0), size, depth + 1);
      return;
    case LLVMZExt:
      if (LLVMGetNNeg(idx)) {
        push_index(out, LLVMGetOperand(idx, 0), size, depth + 1);
        return;
      }
      break;
    default:
      break;
    }
  }
  push_term(out, (term){idx, 0, size});
}

/* A GEP index visitor: appends its terms to the `terms` at `ctx`. */
static int push_gep_index(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  if (idx)
    push_index(ctx, idx, scale, 0);
  else
    push_term(ctx, (term){NULL, offset, 1});
  return 1;
}

/* floor(a / b) and a - b * floor(a / b), b > 0. */
static int64_t floor_div(int64_t a, int64_t b) {
  int64_t q = a / b;
  return (a % b != 0 && a < 0) ? q - 1 : q;
}

static unsigned tz64(uint64_t x) {
  unsigned n = 0;
  if (!x)
    return 64;
  while (!(x & 1)) {
    x >>= 1;
    ++n;
  }
  return n;
}

/* The analysis state of one tile. */
typedef struct walk {
  pl_host *host;
  const pl_candidate *c;
  LLVMTargetDataRef td;
  LLVMValueRef tile;
  pl_tile_layout *out;
} walk;

static void why(walk *w, LLVMValueRef at, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void why(walk *w, LLVMValueRef at, const char *fmt, ...) {
  if (w->out->why)
    return;
  char buf[512];
  va_list ap;
  va_start(ap, fmt);
  vsnprintf(buf, sizeof buf, fmt, ap);
  va_end(ap);
  w->out->why = pl_strdupf("%s", buf);
  w->out->why_at = at;
  w->out->rewritable = 0;
}

/* The terms of the address `p` of an access, from the tile to it; 0 when
 * the chain passes through anything but GEPs and casts. */
static int chain_terms(walk *w, LLVMValueRef p, terms *out, LLVMValueRef at) {
  LLVMValueRef root;
  switch (pl_gep_chain(w->td, p, push_gep_index, out, &root)) {
  case PL_CHAIN_ROOT:
    if (root == w->tile)
      return 1;
    why(w, at, "an address of the tile passes through a value other than a GEP or a cast");
    return 0;
  case PL_CHAIN_INDEX:
    why(w, at, "an index of an address of the tile cannot be followed");
    return 0;
  case PL_CHAIN_DEEP:
    break;
  }
  why(w, at, "an address of the tile is built by more than %d GEPs and casts",
      PL_MAX_DERIVED_DEPTH);
  return 0;
}

/* The WMMA load `call`: sets *elem (bytes) and *seg (elements of one
 * row of the fragment); 0 when the name is not one the table knows. */
static int wmma_shape(LLVMValueRef call, unsigned *elem, unsigned *seg) {
  size_t n = 0;
  const char *name = LLVMIntrinsicGetName(pl_intrinsic_id(call), &n);
  char buf[128];
  if (n >= sizeof buf)
    return 0;
  memcpy(buf, name, n);
  buf[n] = '\0';
  unsigned m = 0, nn = 0, k = 0;
  const char *s = strstr(buf, ".m");
  if (!s || sscanf(s, ".m%un%uk%u", &m, &nn, &k) != 3)
    return 0;
  if (!strstr(buf, ".stride."))
    return 0;
  int row = strstr(buf, ".row.") != NULL, col = strstr(buf, ".col.") != NULL;
  if (row == col)
    return 0;
  if (strstr(buf, ".load.a."))
    *seg = row ? k : m;
  else if (strstr(buf, ".load.b."))
    *seg = row ? nn : k;
  else if (strstr(buf, ".load.c."))
    *seg = row ? nn : m;
  else
    return 0;
  const char *ty = strrchr(buf, '.');
  if (!strcmp(ty, ".f16") || !strcmp(ty, ".bf16"))
    *elem = 2;
  else if (!strcmp(ty, ".f32") || !strcmp(ty, ".tf32") || !strcmp(ty, ".s32"))
    *elem = 4;
  else if (!strcmp(ty, ".s8") || !strcmp(ty, ".u8"))
    *elem = 1;
  else if (!strcmp(ty, ".f64"))
    *elem = 8;
  else
    return 0;
  return 1;
}

/* Checks one access of `width` bytes at `p`; `align32`: its moved address
 * must stay 32-byte aligned (a WMMA load). */
static void check_access(walk *w, LLVMValueRef at, LLVMValueRef p, uint64_t width, int align32) {
  terms t = {0};
  uint64_t R = w->out->row, P = PL_ROW_PAD;
  if (!chain_terms(w, p, &t, at)) {
    free(t.v);
    return;
  }
  uint64_t small = 0;
  unsigned min_tz = 64;
  int64_t rows_c = 0, cols_c = 0;
  for (size_t i = 0; i < t.n && w->out->rewritable; ++i) {
    const term *x = &t.v[i];
    if (!x->idx) {
      int64_t q = floor_div(x->c, (int64_t)R);
      rows_c = (int64_t)((uint64_t)rows_c + (uint64_t)q);
      cols_c += (int64_t)((uint64_t)x->c - (uint64_t)q * R); /* in [0, R) */
      continue;
    }
    uint64_t zero, one;
    pl_known_bits(w->host, x->idx, LLVMIsAInstruction(at) ? at : NULL, &zero, &one);
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(x->idx));
    /* trailing zeros proven: up to the lowest bit not known zero */
    unsigned tz = 0;
    while (tz < bits && (zero >> tz & 1))
      ++tz;
    if (x->size % R == 0) {
      unsigned s = tz64(x->size / R * (R + P));
      if (tz + s < min_tz)
        min_tz = tz + s;
      continue;
    }
    uint64_t mask = bits >= 64 ? UINT64_MAX : (1ull << bits) - 1;
    if (!((zero >> (bits - 1)) & 1)) {
      why(w, at, "a column index of the tile may be negative");
      break;
    }
    uint64_t max = ~zero & mask;
    if (max > R || max * x->size > R) {
      why(w, at, "an access of %llu bytes may cross a row of %llu bytes of the tile",
          (unsigned long long)width, (unsigned long long)R);
      break;
    }
    small += max * x->size;
    if (tz + tz64(x->size) < min_tz)
      min_tz = tz + tz64(x->size);
  }
  free(t.v);
  if (!w->out->rewritable)
    return;
  small += (uint64_t)cols_c;
  if (small + width > R) {
    why(w, at, "an access of %llu bytes may cross a row of %llu bytes of the tile",
        (unsigned long long)width, (unsigned long long)R);
    return;
  }
  if (align32) {
    uint64_t moved = (uint64_t)rows_c * (R + P) + (uint64_t)cols_c;
    unsigned ctz = tz64(moved);
    if (ctz < min_tz)
      min_tz = ctz;
    if (min_tz < 5)
      why(w, at, "a WMMA load's address would not stay 32-byte aligned in rows of %llu bytes",
          (unsigned long long)(R + P));
  }
}

/* What the walk does after a use was checked: on, unless the tile's rows
 * can no longer be rewritten. */
static pl_walk_step checked(const walk *w) {
  return w->out->rewritable ? PL_WALK_SKIP : PL_WALK_STOP;
}

/* Nonzero when the constant `p` is, through constant casts, a GEP. */
static int under_const_gep(LLVMValueRef p) {
  while (LLVMIsAConstantExpr(p)) {
    if (pl_is_gep(p))
      return 1;
    if (!pl_is_pointer_cast(p))
      return 0;
    p = LLVMGetOperand(p, 0);
  }
  return 0;
}

/* A WMMA load or an ldmatrix of the tile-derived pointer `p`: rows the
 * plugin can pad keep its reads within a row and 32-byte aligned. */
static pl_walk_step check_matrix_access(walk *w, LLVMValueRef u, LLVMValueRef p, int store) {
  size_t n = 0;
  const char *name = LLVMIntrinsicGetName(pl_intrinsic_id(u), &n);
  if (n > 19 && strncmp(name, "llvm.nvvm.ldmatrix.", 19) == 0) {
    ++w->out->ldmatrix;
    check_access(w, u, p, 16, 0);
    return checked(w);
  }
  unsigned elem = 0, seg = 0;
  if (store || !wmma_shape(u, &elem, &seg)) {
    why(w, u, "a WMMA access of the tile is not a load with a stride the plugin knows");
    return checked(w);
  }
  LLVMValueRef ldm = LLVMGetOperand(u, 1);
  if (!LLVMIsAConstantInt(ldm) || LLVMConstIntGetZExtValue(ldm) * elem != w->out->row) {
    why(w, u, "a WMMA load's leading dimension is not the tile's row of %llu elements",
        (unsigned long long)(w->out->row / elem));
    return checked(w);
  }
  if (w->out->elem && w->out->elem != elem) {
    why(w, u, "WMMA loads of the tile read elements of different sizes");
    return checked(w);
  }
  w->out->elem = elem;
  ++w->out->wmma_reads;
  check_access(w, u, p, (uint64_t)seg * elem, 1);
  return checked(w);
}

/* Checks the user `u` of the tile-derived pointer `p` (a pl_walk_uses
 * visitor over the tile's uses). */
static pl_walk_step check_user(void *ctx, LLVMValueRef u, LLVMValueRef p, unsigned depth) {
  (void)depth;
  walk *w = ctx;
  if (LLVMIsAConstantExpr(u)) {
    if (pl_is_gep(u) && under_const_gep(p))
      why(w, NULL, "a constant address of the tile is a GEP of another");
    else if (pl_is_gep(u) || pl_is_pointer_cast(u))
      return PL_WALK_INTO;
    else
      why(w, NULL, "the tile is used by a constant expression other than a GEP or a cast");
    return checked(w);
  }
  if (!LLVMIsAInstruction(u)) {
    why(w, NULL, "the tile is used by something other than an instruction");
    return checked(w);
  }
  if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(u)) != w->c->function) {
    why(w, u, "another function uses the tile");
    return checked(w);
  }
  if (pl_is_gep(u) || pl_is_pointer_cast(u)) {
    if (LLVMGetOperand(u, 0) != p) {
      why(w, u, "an address of the tile is used as a GEP index");
      return checked(w);
    }
    return PL_WALK_INTO;
  }
  if (!pl_candidate_has_inst(w->c, u)) {
    why(w, u, "the tile is accessed outside the loop");
    return checked(w);
  }
  LLVMTypeRef ty;
  if (LLVMIsALoadInst(u)) {
    ty = LLVMTypeOf(u);
    check_access(w, u, p, LLVMStoreSizeOfType(w->td, ty), 0);
    return checked(w);
  }
  if (LLVMIsAStoreInst(u)) {
    if (LLVMGetOperand(u, 1) != p || LLVMGetOperand(u, 0) == p) {
      why(w, u, "an address of the tile is stored to memory");
      return checked(w);
    }
    ty = LLVMTypeOf(LLVMGetOperand(u, 0));
    check_access(w, u, p, LLVMStoreSizeOfType(w->td, ty), 0);
    return checked(w);
  }
  if (LLVMIsACallInst(u) && pl_is_copy_store(w->c, u)) {
    LLVMValueRef len = LLVMGetOperand(u, 2);
    if (LLVMGetOperand(u, 0) != p || !LLVMIsAConstantInt(len)) {
      why(w, u, "a memcpy of the tile is not a copy of a constant size into it");
      return checked(w);
    }
    check_access(w, u, p, LLVMConstIntGetZExtValue(len), 0);
    return checked(w);
  }
  int store = 0;
  if (LLVMIsACallInst(u) && pl_is_matrix_access(u, &store) && LLVMGetOperand(u, 0) == p)
    return check_matrix_access(w, u, p, store);
  why(w, u,
      "an address of the tile is used by an instruction other than a load, a store, a "
      "copy, a WMMA load or an ldmatrix");
  return checked(w);
}

/* The first WMMA load's row, as wmma_row finds it. */
typedef struct row_find {
  unsigned *elem;
  uint64_t row;
} row_find;

static pl_walk_step find_row(void *ctx, LLVMValueRef u, LLVMValueRef v, unsigned depth) {
  (void)v;
  (void)depth;
  row_find *rf = ctx;
  int store = 0;
  unsigned seg = 0;
  if (pl_is_gep(u) || pl_is_pointer_cast(u))
    return PL_WALK_INTO;
  if (LLVMIsACallInst(u) && pl_is_matrix_access(u, &store) && !store &&
      wmma_shape(u, rf->elem, &seg) && LLVMIsAConstantInt(LLVMGetOperand(u, 1)))
    rf->row = LLVMConstIntGetZExtValue(LLVMGetOperand(u, 1)) * *rf->elem;
  return rf->row ? PL_WALK_STOP : PL_WALK_SKIP;
}

/* Bytes of a row as the first WMMA load of `v` (through GEPs and casts)
 * reads it: ldm times the element size; 0 when there is none. */
static uint64_t wmma_row(LLVMValueRef v, unsigned *elem) {
  row_find rf = {elem, 0};
  pl_walk_uses(v, PL_MAX_DERIVED_DEPTH, find_row, &rf);
  return rf.row;
}

void pl_layout_analyze(pl_host *host, const pl_candidate *c, size_t t, pl_tile_layout *out) {
  memset(out, 0, sizeof *out);
  const pl_tile *tile = &c->tiles[t];
  walk w = {host, c, LLVMGetModuleDataLayout(c->module), tile->global, out};
  out->rewritable = 1;
  LLVMTypeRef ty = LLVMGlobalGetValueType(tile->global);
  if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind &&
      LLVMGetTypeKind(LLVMGetElementType(ty)) == LLVMArrayTypeKind)
    out->row = LLVMABISizeOfType(w.td, LLVMGetElementType(ty));
  if (!out->row) {
    /* A flat tile read as a matrix: its rows are the WMMA loads' ldm. */
    unsigned elem = 0;
    out->row = wmma_row(tile->global, &elem);
    if (!out->row || out->row % 16 || tile->bytes % out->row) {
      out->row = 0;
      out->rewritable = 0; /* no rows to pad, nothing to say */
      return;
    }
  }
  if (out->row % 16) {
    why(&w, NULL, "its rows of %llu bytes are not a multiple of 16", (unsigned long long)out->row);
    return;
  }
  pl_walk_uses(tile->global, PL_MAX_DERIVED_DEPTH, check_user, &w);
  out->conflicted = out->wmma_reads && (out->row / 16) % 2 == 0;
}

void pl_tile_layout_free(pl_tile_layout *l) {
  free(l->why);
  memset(l, 0, sizeof *l);
}

/* ---- the rewrite ------------------------------------------------------ */

/* The moved byte offset of the GEP `g` (its terms, rows scaled), as an i64
 * value built with `b` (a constant when every index is). */
static LLVMValueRef moved_offset(LLVMBuilderRef b, LLVMTargetDataRef td, LLVMValueRef g, uint64_t R,
                                 unsigned P) {
  terms t = {0};
  pl_gep_indices(td, g, push_gep_index, &t); /* checked by the analysis */
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(g));
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
  uint64_t k = 0;
  LLVMValueRef sum = NULL;
  for (size_t i = 0; i < t.n; ++i) {
    const term *x = &t.v[i];
    if (!x->idx) {
      int64_t q = floor_div(x->c, (int64_t)R);
      k += (uint64_t)q * (R + P) + ((uint64_t)x->c - (uint64_t)q * R); /* mod 2^64 */
      continue;
    }
    uint64_t size = x->size % R == 0 ? x->size / R * (R + P) : x->size;
    LLVMValueRef v = x->idx;
    unsigned bits = LLVMGetIntTypeWidth(LLVMTypeOf(v));
    if (bits < 64)
      v = LLVMBuildSExt(b, v, i64, "");
    else if (bits > 64)
      v = LLVMBuildTrunc(b, v, i64, "");
    if (size != 1)
      v = LLVMBuildMul(b, v, LLVMConstInt(i64, size, 0), "");
    sum = sum ? LLVMBuildAdd(b, sum, v, "") : v;
  }
  free(t.v);
  LLVMValueRef kc = LLVMConstInt(i64, k, 0);
  if (!sum)
    return kc;
  return k ? LLVMBuildAdd(b, sum, kc, "pl.row.off") : sum;
}

/* The GEPs and the accesses collect_geps gathers. */
typedef struct gep_find {
  pl_vec *geps, *calls;
} gep_find;

static pl_walk_step find_gep(void *ctx, LLVMValueRef u, LLVMValueRef v, unsigned depth) {
  (void)v;
  (void)depth;
  gep_find *gf = ctx;
  if (pl_is_gep(u) || pl_is_pointer_cast(u)) {
    if (pl_is_gep(u) && !pl_vec_has(gf->geps, u))
      pl_vec_push(gf->geps, u);
    return PL_WALK_INTO;
  }
  if ((LLVMIsACallInst(u) || LLVMIsALoadInst(u) || LLVMIsAStoreInst(u)) &&
      !pl_vec_has(gf->calls, u))
    pl_vec_push(gf->calls, u);
  return PL_WALK_SKIP;
}

/* Every GEP (instruction or constant expression) over the tile `g`,
 * through casts, into `geps`; the loads, stores and calls of those
 * addresses into `calls`. */
static void collect_geps(LLVMValueRef g, pl_vec *geps, pl_vec *calls) {
  gep_find gf = {geps, calls};
  pl_walk_uses(g, PL_MAX_DERIVED_DEPTH, find_gep, &gf);
}

/* Each copy's destination is its store's address operand (recognize.c):
 * read it again once the GEPs and constants under it were replaced. */
static void refresh_dst(pl_copy *copies, size_t n) {
  for (size_t i = 0; i < n; ++i)
    copies[i].dst = LLVMGetOperand(copies[i].store, LLVMIsAStoreInst(copies[i].store) ? 1 : 0);
}

void pl_layout_apply(const pl_candidate *c, size_t t, uint64_t row, unsigned pad, unsigned elem,
                     pl_copy *copies, size_t n, pl_copy *more, size_t nmore) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx);
  pl_vec geps = {0}, users = {0};
  collect_geps(c->tiles[t].global, &geps, &users);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  /* Constant GEPs first: their replacements are constants, which the
   * instructions over them then keep as their base. (The analysis admits
   * no constant GEP over another, so replacing one destroys no other in
   * the list; casts over it are rebuilt by LLVM.) */
  for (size_t i = 0; i < geps.len; ++i) {
    LLVMValueRef g = geps.v[i];
    if (!LLVMIsAConstantExpr(g))
      continue;
    LLVMValueRef off = moved_offset(b, td, g, row, pad);
    LLVMValueRef base = LLVMGetOperand(g, 0);
    LLVMValueRef repl = LLVMConstGEP2(i8, base, &off, 1);
    LLVMReplaceAllUsesWith(g, repl);
  }
  for (size_t i = 0; i < geps.len; ++i) {
    LLVMValueRef g = geps.v[i];
    if (LLVMIsAConstantExpr(g))
      continue;
    LLVMPositionBuilderBefore(b, g);
    LLVMSetCurrentDebugLocation2(b, LLVMInstructionGetDebugLoc(g));
    LLVMValueRef off = moved_offset(b, td, g, row, pad);
    size_t len = 0;
    const char *name = LLVMGetValueName2(g, &len);
    char *nm = pl_strdupf("%.*s", (int)len, name ? name : "");
    LLVMValueRef repl = LLVMBuildGEP2(b, i8, LLVMGetOperand(g, 0), &off, 1, "");
    LLVMReplaceAllUsesWith(g, repl);
    LLVMInstructionEraseFromParent(g);
    LLVMSetValueName2(repl, nm, strlen(nm));
    free(nm);
  }
  LLVMDisposeBuilder(b);
  refresh_dst(copies, n);
  refresh_dst(more, nmore);
  /* The leading dimension of WMMA loads, and alignments above what rows
   * of row + pad bytes keep. */
  pl_vec_free(&geps);
  pl_vec_free(&users);
  collect_geps(c->tiles[t].global, &geps, &users);
  for (size_t i = 0; i < users.len; ++i) {
    LLVMValueRef u = users.v[i];
    int store = 0;
    if (LLVMIsACallInst(u) && pl_is_matrix_access(u, &store) && elem) {
      unsigned e = 0, seg = 0;
      if (wmma_shape(u, &e, &seg)) {
        LLVMValueRef ldm = LLVMGetOperand(u, 1);
        LLVMSetOperand(u, 1, LLVMConstInt(LLVMTypeOf(ldm), (row + pad) / elem, 0));
      }
    } else if ((LLVMIsALoadInst(u) || LLVMIsAStoreInst(u)) && LLVMGetAlignment(u) > 16) {
      LLVMSetAlignment(u, 16);
    }
  }
  pl_vec_free(&geps);
  pl_vec_free(&users);
}
