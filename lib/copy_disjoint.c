/*===- lib/copy_disjoint.c - two copies of one thread write distinct bytes -===*\
 *
 * The proofs behind legality's check (a') that no two copies of a tile
 * loop's iteration write the same bytes: by a constant distance (the
 * destinations' GEP terms, or ScalarEvolution), by the known bits of the
 * one index in which they differ, by the range of their distance under
 * both copies' predicates, and for copy loops by copy_loop_iv.c.
\*===----------------------------------------------------------------------===*/
#include "copy_disjoint.h"

#include "gep.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "limits.h"
#include "nvvm.h"

#include <stdint.h>

/* A value written as (base >> shift) + c, exactly: no wrap anywhere. */
typedef struct lin {
  LLVMValueRef base; /* NULL: the value is the constant c */
  unsigned shift;
  int64_t c;
  int nuw; /* the form holds in unsigned arithmetic (zext may pass) */
} lin;

static lin linear(LLVMValueRef v, int depth) {
  lin r = {v, 0, 0, 1};
  if (LLVMIsAConstantInt(v)) {
    r.base = NULL;
    r.c = LLVMConstIntGetSExtValue(v);
    r.nuw = r.c >= 0;
    return r;
  }
  if (!LLVMIsAInstruction(v) || depth > PL_MAX_INDEX_DEPTH)
    return r;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef a = LLVMGetOperand(v, 0);
  LLVMValueRef k = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  if (op == LLVMZExt) {
    lin l = linear(a, depth + 1);
    return l.nuw ? l : r;
  }
  if ((op == LLVMAdd && (LLVMGetNUW(v) || LLVMGetNSW(v))) ||
      (op == LLVMOr && LLVMGetIsDisjoint(v))) {
    if (k && LLVMIsAConstantInt(k)) {
      lin l = linear(a, depth + 1);
      int64_t add = LLVMConstIntGetSExtValue(k);
      l.c += add;
      l.nuw = l.nuw && (op == LLVMOr || LLVMGetNUW(v)) && add >= 0;
      return l;
    }
    return r;
  }
  if (op == LLVMLShr && k && LLVMIsAConstantInt(k)) {
    unsigned s = (unsigned)LLVMConstIntGetZExtValue(k);
    lin l = linear(a, depth + 1);
    /* (b + c) >> s == (b >> s) + (c >> s) when c is a multiple of 2^s and
     * b + c does not wrap */
    if (s < 32 && l.nuw && l.shift == 0 && l.c >= 0 && (l.c & ((1ll << s) - 1)) == 0) {
      if (!l.base)
        return (lin){NULL, 0, l.c >> s, 1};
      return (lin){l.base, s, l.c >> s, 1};
    }
    return r;
  }
  return r;
}

/* One variable term of a destination: lin * scale bytes, the lin's value
 * sign-extended (sext) or else zero-extended to the offset's width. */
typedef struct term {
  lin l;
  int64_t scale;
  int sext;
} term;

/* The walk of a destination's GEPs down to its tile. */
typedef struct dst_walk {
  term *t;
  int n, cap;
  int64_t konst;
  unsigned ptr_bits; /* the width of the pointer's offsets */
} dst_walk;

/* How an index reached split_index: used as it is (its arithmetic wraps
 * where the GEP's does), or through a zext or sext of a narrower value,
 * whose adds and products split only without an unsigned or signed wrap
 * (zext(a + b) = zext a + zext b under nuw; sext likewise under nsw). */
typedef enum ext_mode { EXT_NONE, EXT_ZERO, EXT_SIGN } ext_mode;

/* Nonzero when the binary instruction `v` keeps its value through an
 * extension of `mode`: no wrap of that kind, or no extension at all. */
static int no_wrap_for(LLVMValueRef v, ext_mode mode) {
  return mode == EXT_NONE || (mode == EXT_ZERO ? LLVMGetNUW(v) : LLVMGetNSW(v));
}

/* Appends the index `idx` times `scale` bytes to `w` as terms, split where
 * the index is a sum of two variable values (`(tid >> 2) * 40 + (tid & 3)
 * * 8` in one index of a carved 1-D tile) or a product by a constant, so
 * that destinations built from the same parts match term by term
 * (disjoint_by_offset). */
static int split_index(dst_walk *w, LLVMValueRef idx, int64_t scale, ext_mode mode, int depth) {
  if (LLVMIsAInstruction(idx) && depth < PL_MAX_INDEX_DEPTH) {
    LLVMOpcode op = LLVMGetInstructionOpcode(idx);
    LLVMValueRef a = LLVMGetOperand(idx, 0);
    LLVMValueRef k = LLVMGetNumOperands(idx) > 1 ? LLVMGetOperand(idx, 1) : NULL;
    int sum = (op == LLVMAdd && no_wrap_for(idx, mode)) || (op == LLVMOr && LLVMGetIsDisjoint(idx));
    if (sum && !LLVMIsAConstantInt(k) && !LLVMIsAConstantInt(a))
      return split_index(w, a, scale, mode, depth + 1) && split_index(w, k, scale, mode, depth + 1);
    if ((op == LLVMMul || op == LLVMShl) && no_wrap_for(idx, mode) && LLVMIsAConstantInt(k)) {
      /* a product's constant as the extension reads it: signed under a sext */
      int64_t m = op == LLVMMul && mode == EXT_SIGN ? LLVMConstIntGetSExtValue(k)
                                                    : (int64_t)LLVMConstIntGetZExtValue(k);
      if (op == LLVMShl)
        m = m >= 0 && m < 32 ? (int64_t)1 << m : 0;
      if (m > 0 && m < (1 << 20) && (scale < 0 ? -scale : scale) < (1ll << 40))
        return split_index(w, a, scale * m, mode, depth + 1);
    }
    if (mode == EXT_NONE && (op == LLVMZExt || op == LLVMSExt))
      return split_index(w, a, scale, op == LLVMZExt ? EXT_ZERO : EXT_SIGN, depth + 1);
  }
  /* Under an extension a part keeps its (base >> shift) + c form only where
   * that form holds without an unsigned wrap and the extension is a zext
   * (linear's rule for a zext); else it is a value of its own. */
  lin l = linear(idx, 0);
  if (mode != EXT_NONE && l.base && (mode == EXT_SIGN || !l.nuw))
    l = (lin){idx, 0, 0, 0};
  if (!l.base) {
    w->konst += l.c * scale;
    return 1;
  }
  if (w->n == w->cap)
    return 0;
  /* zext(k) and sext(k) of one value differ where k is negative: a term
   * remembers which it is, and only terms of the same kind match */
  w->t[w->n++] = (term){l, scale, mode == EXT_SIGN};
  return 1;
}

static int add_term(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  dst_walk *w = ctx;
  if (!idx) {
    w->konst += offset;
    return 1;
  }
  LLVMTypeRef ty = LLVMTypeOf(idx);
  if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) > 64)
    return 0; /* a vector index, or wider than a constant can be read */
  /* a GEP sign-extends an index narrower than its pointer's offsets (LLVM
   * Language Reference, "getelementptr") */
  unsigned bits = LLVMGetIntTypeWidth(ty);
  return split_index(w, idx, (int64_t)scale, bits < w->ptr_bits ? EXT_SIGN : EXT_NONE, 0);
}

/* A destination as *konst + the sum of at most `cap` terms lin * scale
 * over the GEP chain down to the tile. Returns the number of terms, or -1
 * when not decomposable. */
static unsigned pointer_bits(const pl_candidate *c, LLVMValueRef p);

static int decompose(const pl_candidate *c, LLVMValueRef v, term *t, int cap, int64_t *konst) {
  dst_walk w = {t, 0, cap, 0, pointer_bits(c, v)};
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  LLVMValueRef root;
  int ok = pl_gep_chain(td, v, add_term, &w, &root) == PL_CHAIN_ROOT && pl_tile_index(c, root) >= 0;
  *konst = w.konst;
  return ok ? w.n : -1;
}

/* Where facts about a copy's values hold whenever its bytes are written:
 * its store, or for a split copy the end of its branch's block, before the
 * arms (the issue writes the constant's arm too). */
static LLVMValueRef issue_point(const pl_copy *cp) {
  return cp->issue_block ? LLVMGetBasicBlockTerminator(cp->issue_block) : cp->store;
}

/* The width in bits of the offsets of the pointer `p`'s address space
 * (32 for shared pointers under -fcuda-short-ptr): byte distances wrap
 * there. */
static unsigned pointer_bits(const pl_candidate *c, LLVMValueRef p) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  return 8 * LLVMPointerSizeForAS(td, LLVMGetPointerAddressSpace(LLVMTypeOf(p)));
}

/* Nonzero when the two destinations are provably disjoint by a constant
 * distance: the same variable terms, different constants. */
static int disjoint_by_offset(const pl_candidate *c, const pl_copy *a, const pl_copy *b) {
  term ta[PL_MAX_ADDRESS_TERMS], tb[PL_MAX_ADDRESS_TERMS];
  int64_t ka, kb;
  int na = decompose(c, a->dst, ta, PL_MAX_ADDRESS_TERMS, &ka),
      nb = decompose(c, b->dst, tb, PL_MAX_ADDRESS_TERMS, &kb);
  if (na < 0 || nb != na)
    return 0;
  int used[PL_MAX_ADDRESS_TERMS] = {0};
  int64_t diff = kb - ka;
  for (int i = 0; i < na; ++i) {
    int match = -1;
    for (int j = 0; j < nb && match < 0; ++j)
      if (!used[j] && tb[j].l.base == ta[i].l.base && tb[j].l.shift == ta[i].l.shift &&
          tb[j].scale == ta[i].scale && tb[j].sext == ta[i].sext)
        match = j;
    if (match < 0)
      return 0;
    used[match] = 1;
    diff += (tb[match].l.c - ta[i].l.c) * ta[i].scale;
  }
  unsigned bits = pointer_bits(c, a->dst);
  if (bits < 64 && (diff >= (int64_t)1 << (bits - 1) || diff <= -((int64_t)1 << (bits - 1))))
    return 0; /* the distance may wrap to an overlap */
  return diff >= (int64_t)a->bytes || diff <= -(int64_t)b->bytes;
}

/* The raw indices of a destination's GEP chain: `idx` times `scale` bytes
 * each, constants summed in `konst`. */
/* Nonzero when the destinations of `a` and `b` differ in one index only,
 * whose two values differ in a bit llvm::computeKnownBits proves (one
 * has it 0, the other 1) -- clang writes `am + 3` of an `am` with two low
 * zero bits as `(tid >> 1) | 3` beside `((tid >> 1) & 508) | 2`, which
 * ScalarEvolution cannot subtract. Every other index is the same value
 * with the same scale, the constants differ by a multiple m of the scale
 * that adds to one index without a carry, and the scale is a power
 * of two at least both copies' sizes: the byte distance is then a nonzero
 * multiple of the scale (the differing bit k has k + log2(scale) < 64). */
static int disjoint_by_bits(pl_host *host, const pl_candidate *c, const pl_copy *a,
                            const pl_copy *b) {
  pl_gep_terms w[2];
  const pl_copy *both[2] = {a, b};
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  for (int k = 0; k < 2; ++k) {
    LLVMValueRef root = pl_gep_terms_of(td, both[k]->dst, &w[k]);
    if (!root || pl_tile_index(c, root) < 0)
      return 0;
  }
  if (w[0].n != w[1].n)
    return 0;
  int used[PL_MAX_ADDRESS_TERMS] = {0}, odd = -1;
  for (int i = 0; i < (int)w[0].n; ++i) {
    int match = -1;
    for (int j = 0; j < (int)w[1].n && match < 0; ++j)
      if (!used[j] && w[1].idx[j] == w[0].idx[i] && w[1].scale[j] == w[0].scale[i])
        match = j;
    if (match >= 0) {
      used[match] = 1;
    } else if (odd < 0) {
      odd = i;
    } else {
      return 0;
    }
  }
  if (odd < 0)
    return 0;
  int other = -1;
  for (int j = 0; j < (int)w[1].n; ++j)
    if (!used[j])
      other = j;
  uint64_t s = w[0].scale[odd];
  if (other < 0 || w[1].scale[other] != s || !s || (s & (s - 1)) || s > (1u << 30) ||
      s < a->bytes || s < b->bytes)
    return 0;
  unsigned log2s = 0;
  while ((1ull << log2s) < s)
    ++log2s;
  uint64_t z[2], o[2];
  LLVMValueRef idx[2] = {w[0].idx[odd], w[1].idx[other]};
  if (!pl_known_bits(host, idx[0], issue_point(a), &z[0], &o[0]) ||
      !pl_known_bits(host, idx[1], issue_point(b), &z[1], &o[1]))
    return 0;
  /* Constants that differ by m scales: m goes to the index of the side
   * with the smaller constant, where it must fall on bits known zero below
   * the sign bit (idx + m is then idx | m, in the index's width too). */
  int64_t dk = w[1].konst - w[0].konst;
  if (dk % (int64_t)s)
    return 0;
  int64_t m = dk / (int64_t)s;
  int side = m > 0;
  uint64_t um = m > 0 ? (uint64_t)m : (uint64_t)-m;
  unsigned width = LLVMGetIntTypeWidth(LLVMTypeOf(idx[side]));
  if (um && ((um & ~z[side]) || (width < 64 && um >> (width - 1))))
    return 0;
  z[side] &= ~um;
  o[side] |= um;
  uint64_t conflict = (z[0] & o[1]) | (o[0] & z[1]);
  return conflict && (unsigned)__builtin_ctzll(conflict) + log2s < pointer_bits(c, a->dst);
}

/* Nonzero when ScalarEvolution proves that the destinations of `a` and
 * `b` lie a constant distance apart, far enough that their bytes are
 * disjoint: a - b is a SCEVConstant d, and d >= b's size or -d >= a's.
 * This covers one thread's unrolled strided copies (`j * 32 * BK`), the
 * four scalars of a transposed float4 (`(4 * c + j) * BM + r`) and 2-D
 * thread indices; disjoint_by_offset remains for what SCEV does not fold,
 * such as `(tid + 256) / 4` against `tid / 4`. */
static int disjoint_by_scev(pl_host *host, const pl_copy *a, const pl_copy *b) {
  int64_t d;
  if (!pl_scev_const_distance(host, a->dst, b->dst, &d))
    return 0;
  return d >= (int64_t)b->bytes || d <= -(int64_t)a->bytes;
}

/* Adds to eqs[*n] (at most PL_MAX_TERM_EQS) the equalities a predicate term
 * gives where it holds (`holds` 0: where it fails): `x == C`; `x != C`
 * failing; `(x | y) == 0`, which is x == 0 and y == 0 (InstCombine's form
 * of `tx == 0 && ty == 0`); and each side of an `and` that holds (or of an
 * `or` that fails), as `&&` of two tests (`tx == BS - 1 && ty == 0`)
 * leaves them, `depth` levels deep. */
static void term_equalities(LLVMValueRef term, int holds, pl_scev_eq *eqs, size_t *n, int depth) {
  LLVMOpcode op;
  if (depth > 3 || *n == PL_MAX_TERM_EQS || !pl_opcode(term, &op))
    return;
  if ((op == LLVMAnd && holds) || (op == LLVMOr && !holds)) {
    term_equalities(LLVMGetOperand(term, 0), holds, eqs, n, depth + 1);
    term_equalities(LLVMGetOperand(term, 1), holds, eqs, n, depth + 1);
    return;
  }
  if (op == LLVMSelect && holds && LLVMIsAConstantInt(LLVMGetOperand(term, 2)) &&
      LLVMConstIntGetZExtValue(LLVMGetOperand(term, 2)) == 0) { /* a && b */
    term_equalities(LLVMGetOperand(term, 0), 1, eqs, n, depth + 1);
    term_equalities(LLVMGetOperand(term, 1), 1, eqs, n, depth + 1);
    return;
  }
  if (op != LLVMICmp || LLVMGetICmpPredicate(term) != (holds ? LLVMIntEQ : LLVMIntNE))
    return;
  LLVMValueRef x = LLVMGetOperand(term, 0), k = LLVMGetOperand(term, 1);
  if (LLVMIsAConstantInt(x)) {
    LLVMValueRef t = x;
    x = k;
    k = t;
  }
  if (!LLVMIsAConstantInt(k) || LLVMGetIntTypeWidth(LLVMTypeOf(k)) > 64)
    return;
  int64_t v = LLVMConstIntGetSExtValue(k);
  LLVMOpcode xop;
  if (v == 0 && pl_opcode(x, &xop) && xop == LLVMOr) { /* (a | b) == 0 */
    for (unsigned o = 0; o < 2 && *n < PL_MAX_TERM_EQS; ++o)
      eqs[(*n)++] = (pl_scev_eq){LLVMGetOperand(x, o), 0};
    return;
  }
  eqs[(*n)++] = (pl_scev_eq){x, v};
}

/* Nonzero when the destinations of `a` and `b`, two copies outside copy
 * loops, are disjoint for every value the thread's indices may take
 * (ScalarEvolution's signed range of a - b excludes (-a's size, b's
 * size)), with the equalities of both copies' predicates in force: a
 * thread runs both only where both hold. Only one thread's copies need
 * an order: two threads writing the same bytes between two barriers race
 * in the source (CUDA C++ Programming Guide, "Shared Memory"). So the
 * halo copies `tile[ty + 1][tx + 1]`, `if (ty == 0) tile[0][tx + 1]` and
 * `if (tx == 0) tile[ty + 1][0]` are distinct: by range (`ty + 1 >= 1`),
 * and the last two at ty = tx = 0. */
static int disjoint_by_range(pl_host *host, const pl_candidate *c, const pl_copy *a,
                             const pl_copy *b) {
  if (a->in_loop || b->in_loop)
    return 0; /* a range over two loops' counters is not one thread's pair */
  pl_scev_eq eqs[2 * PL_MAX_TERM_EQS];
  size_t n = 0;
  const pl_copy *both[2] = {a, b};
  for (int k = 0; k < 2; ++k) {
    size_t m = 0;
    for (unsigned t = 0; t < pl_pred_terms(both[k]); ++t) {
      int neg;
      LLVMValueRef term = pl_pred_term(both[k], t, &neg);
      term_equalities(term, !neg, eqs + n, &m, 0);
    }
    n += m;
  }
  int64_t lo, hi;
  unsigned threads = 0, min_blocks = 0;
  pl_launch_bounds(c->function, &threads, &min_blocks);
  int r = pl_scev_distance_range(host, a->dst, b->dst, eqs, n, threads, &lo, &hi);
  if (r == 2)
    return 1; /* the predicates never hold together */
  return r == 1 && (lo >= (int64_t)b->bytes || hi <= -(int64_t)a->bytes);
}

/* Nonzero when `a` and `b` are copies of one copy loop whose copies into
 * their tile pl_copy_loop_one_to_one proves distinct, within an iteration of
 * that loop as across its iterations (once per loop and tile, kept in
 * `seen`), or of two loops one of which goes on where the other stopped
 * (pl_copy_loops_in_sequence) or whose windows of the tile lie apart
 * (pl_copy_loops_apart), or a copy after a copy loop that goes on where the
 * loop stopped (pl_copy_loop_then_copy). */
static int disjoint_in_copy_loop(pl_host *host, const pl_candidate *c, const pl_copy *a,
                                 const pl_copy *b, pl_proven_loops *seen) {
  if (a->in_loop != b->in_loop)
    return pl_copy_loop_then_copy(host, c, a->in_loop ? a : b, a->in_loop ? b : a);
  if (!a->in_loop)
    return 0;
  if (pl_loop_for_block(host, LLVMGetInstructionParent(a->store)) ==
      pl_loop_for_block(host, LLVMGetInstructionParent(b->store)))
    return pl_copy_loop_one_to_one(host, c, a, seen);
  return pl_copy_loops_in_sequence(host, c, a, b) || pl_copy_loops_apart(host, c, a, b);
}

int pl_copies_disjoint(pl_host *host, const pl_candidate *c, const pl_copy *a, const pl_copy *b,
                       pl_proven_loops *seen) {
  return disjoint_by_scev(host, a, b) || disjoint_by_offset(c, a, b) ||
         disjoint_by_bits(host, c, a, b) || disjoint_by_range(host, c, a, b) ||
         disjoint_in_copy_loop(host, c, a, b, seen);
}
