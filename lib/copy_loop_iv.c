/*===- lib/copy_loop_iv.c - one-to-one destinations of a copy loop --------===*\
 *
 * Whether a copy loop writes different bytes of its tile on every one of
 * its iterations when its step is not a constant (`i += blockDim.x`): the
 * destination read as an exact function of the loop's induction variable,
 * with divisions and remainders by constants as the digits of a mixed
 * radix.
\*===----------------------------------------------------------------------===*/
#include "copy_loop_iv.h"
#include "copy_loop_offset.h"

#include "copy_loop_exit.h"
#include "gep.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "ir.h"
#include "limits.h"

#include <stdint.h>
#include <stdlib.h>

static int add_scaled(int64_t *k, int64_t scale) { return !__builtin_add_overflow(*k, scale, k); }

static uint64_t umin(uint64_t a, uint64_t b) { return a < b ? a : b; }

/* Nonzero when `v` (an integer of at most 64 bits) is known non-negative
 * at the store, by LazyValueInfo's range, so sext and signed division read
 * it as an unsigned integer unchanged. */
static int known_nonneg(pl_host *host, LLVMValueRef v, LLVMValueRef ctx) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  uint64_t lo, hi;
  return w <= 64 && pl_value_range(host, v, ctx, &lo, &hi) && hi < (1ull << (w - 1));
}

/* The bound the loop's exit test gives the header phi `p`
 * (pl_copy_loop_tested_bound), computed once per offset read. */
static uint64_t tested_bound(pl_iv_offset *o, LLVMValueRef p) {
  if (!o->loop)
    return UINT64_MAX;
  if (o->tested_phi != p) {
    o->tested_phi = p;
    o->tested = pl_copy_loop_tested_bound(o->host, o->loop, p);
  }
  return o->tested;
}

/* An upper bound of the unsigned value of `v` at the store: LazyValueInfo's
 * range, and for the header phi also o->p_max and its exit test's bound
 * (pl_copy_loop_tested_bound). */
static uint64_t bound_of(pl_iv_offset *o, LLVMValueRef v) {
  uint64_t lo, hi = pl_int_max(v);
  if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64 && !pl_value_range(o->host, v, o->ctx, &lo, &hi))
    hi = pl_int_max(v);
  if (o->loop ? LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == pl_loop_header(o->loop)
              : v == o->fixed)
    hi = umin(umin(hi, o->p_max), tested_bound(o, v));
  return hi;
}

/* Nonzero when `v` may change where p does: an instruction of the loop, or,
 * for a copy outside copy loops (o->fixed), p itself or an instruction
 * that uses it, PL_MAX_INDEX_DEPTH operands deep (a deeper one counts, and
 * the walk then fails on it). A phi other than p counts as fixed: a term
 * of such a copy that the loop it is compared with does not share fails
 * that comparison. */
static int varies(const pl_iv_offset *o, LLVMValueRef v, int depth) {
  if (!LLVMIsAInstruction(v))
    return 0;
  if (o->loop)
    return pl_loop_contains(o->loop, LLVMGetInstructionParent(v));
  if (v == o->fixed || depth > PL_MAX_INDEX_DEPTH)
    return 1;
  if (LLVMIsAPHINode(v))
    return 0;
  for (int i = 0; i < LLVMGetNumOperands(v); ++i)
    if (varies(o, LLVMGetOperand(v, i), depth + 1))
      return 1;
  return 0;
}

/* The header phi p when `v` is p or a truncation of p that loses nothing:
 * p's bound at the store fits the narrower type, as clang leaves `i % 18`
 * on an `int i < 324` (`urem i16 (trunc i)`). NULL for anything else. */
static LLVMValueRef iv_phi(pl_iv_offset *o, LLVMValueRef v) {
  if (!o->loop) {
    if (LLVMIsATruncInst(v) && LLVMGetOperand(v, 0) == o->fixed &&
        bound_of(o, o->fixed) <= pl_int_max(v))
      return o->fixed;
    return v == o->fixed ? v : NULL;
  }
  LLVMBasicBlockRef header = pl_loop_header(o->loop);
  if (LLVMIsATruncInst(v)) {
    LLVMValueRef p = LLVMGetOperand(v, 0);
    if (!LLVMIsAPHINode(p) || LLVMGetInstructionParent(p) != header ||
        bound_of(o, p) > pl_int_max(v))
      return NULL;
    v = p;
  }
  return LLVMIsAPHINode(v) && LLVMGetInstructionParent(v) == header && (!o->p || o->p == v) ? v
                                                                                            : NULL;
}

/* Adds the loop-invariant `v * scale` (an argument, or a value computed
 * outside the loop) or the constant `v` times scale. */
static int add_invariant(pl_iv_offset *o, LLVMValueRef v, int64_t scale) {
  if (LLVMIsAConstantInt(v)) {
    int64_t m;
    if (LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64 || LLVMConstIntGetZExtValue(v) > INT64_MAX ||
        __builtin_mul_overflow((int64_t)LLVMConstIntGetZExtValue(v), scale, &m))
      return 0;
    return add_scaled(&o->konst, m);
  }
  for (size_t i = 0; i < o->ninv; ++i)
    if (o->inv[i].v == v)
      return add_scaled(&o->inv[i].scale, scale);
  if (o->ninv == PL_MAX_ADDRESS_TERMS)
    return 0;
  o->inv[o->ninv++] = (pl_iv_inv){v, scale};
  return 1;
}

/* Divisor d of `p / d` or `p % d` written on the phi `p` as udiv, lshr,
 * urem, and with 2^k - 1, or sdiv/srem on a non-negative p: sets *rem.
 * Returns 0 for anything else. */
static uint64_t digit_of(pl_iv_offset *o, LLVMValueRef v, int *rem) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef k = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(k) || LLVMGetIntTypeWidth(LLVMTypeOf(k)) > 64)
    return 0;
  uint64_t n = LLVMConstIntGetZExtValue(k);
  *rem = op == LLVMURem || op == LLVMSRem || op == LLVMAnd;
  switch (op) {
  case LLVMSDiv:
  case LLVMSRem:
    /* a negative divisor is no digit: srem p, -2 is p % 2 */
    if (LLVMConstIntGetSExtValue(k) < 2 || !known_nonneg(o->host, LLVMGetOperand(v, 0), o->ctx))
      return 0;
    /* fall through */
  case LLVMUDiv:
  case LLVMURem:
    return n > 1 && n <= INT64_MAX ? n : 0;
  case LLVMLShr:
    return n > 0 && n < 63 ? 1ull << n : 0;
  case LLVMAnd:
    return n != 0 && n < INT64_MAX && ((n + 1) & n) == 0 ? n + 1 : 0;
  default:
    return 0;
  }
}

/* Divisor d of `(p << k) & M` read as `(p % d) << k`, for a mask M of the
 * bits k to k + log2(d) - 1 (clang's form of `4 * (i % 32)`: `(i << 2) &
 * 124`; the bits a shift may lose lie above the mask, so it needs no flag):
 * sets *p to the shift's operand, multiplies *scale by 2^k, sets *rem.
 * Returns 0 for anything else. */
static uint64_t shifted_digit(LLVMValueRef v, LLVMValueRef *p, int64_t *scale, int *rem) {
  LLVMValueRef s = LLVMGetOperand(v, 0), m = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(m) || !LLVMIsAInstruction(s) || LLVMGetInstructionOpcode(s) != LLVMShl ||
      !LLVMIsAConstantInt(LLVMGetOperand(s, 1)) || LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
    return 0;
  uint64_t k = LLVMConstIntGetZExtValue(LLVMGetOperand(s, 1)), mask = LLVMConstIntGetZExtValue(m);
  if (k == 0 || k >= 32 || (mask & ((1ull << k) - 1)) != 0)
    return 0;
  uint64_t d = (mask >> k) + 1;
  int64_t scaled;
  if (d < 2 || (d & (d - 1)) != 0 || __builtin_mul_overflow(*scale, (int64_t)1 << k, &scaled))
    return 0;
  *p = LLVMGetOperand(s, 0);
  *scale = scaled;
  *rem = 1;
  return d;
}

/* Nonzero when `v`, an operand of a freeze in the loop, is not poison at
 * the store, so that the freeze is `v` itself: the header phi where the
 * loop's exit test branches on it (pl_copy_loop_tests), a value ValueTracking
 * proves is not, and adds, extensions and truncations of such values whose
 * no-wrap flags hold by their operands' bounds, not merely by the flags (a
 * flag that failed would make the result poison, and the freeze an
 * arbitrary value). */
static int not_poison(pl_iv_offset *o, LLVMValueRef v, int depth) {
  if (LLVMIsAConstantInt(v))
    return 1;
  int phi = iv_phi(o, v) == v;
  if (phi && o->loop && pl_copy_loop_tests(o->loop, v))
    return 1;
  if (phi || !varies(o, v, 0))
    return pl_not_poison(o->host, v, o->ctx);
  if (depth > PL_MAX_INDEX_DEPTH)
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef a = LLVMGetOperand(v, 0);
  if (op == LLVMZExt && !LLVMGetNNeg(v))
    return not_poison(o, a, depth + 1);
  /* no flag of a trunc fails where the narrower type's signed range holds
   * its operand */
  if (op == LLVMTrunc)
    return bound_of(o, a) <= pl_int_max(v) >> 1 && not_poison(o, a, depth + 1);
  if (op != LLVMAdd)
    return 0;
  LLVMValueRef b = LLVMGetOperand(v, 1);
  uint64_t limit = LLVMGetNSW(v) ? pl_int_max(v) >> 1 : pl_int_max(v);
  uint64_t x = bound_of(o, a), y = bound_of(o, b);
  return x <= limit && y <= limit - x && not_poison(o, a, depth + 1) && not_poison(o, b, depth + 1);
}

/* `v` without a freeze of a value that is not poison (not_poison). */
static LLVMValueRef strip_freeze(pl_iv_offset *o, LLVMValueRef v) {
  if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMFreeze &&
      not_poison(o, LLVMGetOperand(v, 0), 0))
    return LLVMGetOperand(v, 0);
  return v;
}

/* Adds `v * scale` to the offset where `v` is a digit of the header phi
 * p: p / d or p % d (digit_of, shifted_digit, or DivRemPairs' difference
 * `p - (p / d) * d`), p perhaps frozen (strip_freeze), one d per offset. */
static int digit_terms(pl_iv_offset *o, LLVMValueRef v, int64_t scale) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef a = LLVMGetOperand(v, 0);
  int rem = 1;
  uint64_t d = op == LLVMSub ? pl_rem_difference(v, &a) : digit_of(o, v, &rem);
  if (!d && op == LLVMAnd)
    d = shifted_digit(v, &a, &scale, &rem);
  LLVMValueRef p = d ? iv_phi(o, strip_freeze(o, a)) : NULL;
  if (!p || (o->d && o->d != d))
    return 0;
  o->p = p;
  o->d = d;
  return add_scaled(rem ? &o->kr : &o->kq, scale);
}

/* Adds `v * scale` to the offset, reading `v` exactly: zext, sext of a
 * non-negative value, add and mul and shl that do not wrap (nuw, or nsw over
 * non-negative values, or a product that the bound of its operand keeps
 * below the type's range or that ScalarEvolution proves does not wrap,
 * pl_scev_mul_no_wrap), or disjoint, p / d and p % d on the header phi,
 * the header phi itself, and values from outside the loop (fixed within it).
 * `ub` bounds the unsigned value of `v` where it is used: a result that would
 * exceed it is poison, and a poison address makes the store undefined
 * (LangRef: `zext nneg` of a negative value, an add, or, shl or mul whose
 * no-wrap flag fails), so each operand of such an operation is at most what
 * the result may be. What it implies for p is kept in o->p_seen. */
static int iv_terms(pl_iv_offset *o, LLVMValueRef v, int64_t scale, uint64_t ub, int depth) {
  if (LLVMIsAConstantInt(v) || !varies(o, v, 0))
    return add_invariant(o, v, scale);
  if (depth > PL_MAX_INDEX_DEPTH)
    return 0;
  ub = umin(ub, pl_int_max(v));
  if (LLVMIsAPHINode(v) || LLVMIsATruncInst(v)) {
    LLVMValueRef p = iv_phi(o, v);
    if (!p)
      return 0;
    o->p = p;
    o->p_seen = umin(o->p_seen, ub); /* a trunc's bound holds for p: it loses nothing */
    return add_scaled(&o->kp, scale);
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef a = LLVMGetOperand(v, 0);
  LLVMValueRef b = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  const uint64_t sign = pl_int_max(v) >> 1; /* the largest non-negative value */
  switch (op) {
  case LLVMZExt:
    return iv_terms(o, a, scale, LLVMGetNNeg(v) ? umin(ub, pl_int_max(a) >> 1) : ub, depth + 1);
  case LLVMSExt:
    return known_nonneg(o->host, a, o->ctx) &&
           iv_terms(o, a, scale, umin(ub, pl_int_max(a) >> 1), depth + 1);
  case LLVMOr:
    if (!LLVMGetIsDisjoint(v))
      break;
    return iv_terms(o, a, scale, ub, depth + 1) && iv_terms(o, b, scale, ub, depth + 1);
  case LLVMFreeze:
    if (!not_poison(o, a, 0))
      break;
    return iv_terms(o, a, scale, ub, depth + 1);
  case LLVMAdd: {
    LLVMValueRef whole = pl_div_rem_sum(a, b);
    if (whole)
      return iv_terms(o, whole, scale, ub, depth + 1);
    if (!LLVMGetNUW(v) &&
        !(LLVMGetNSW(v) && known_nonneg(o->host, a, o->ctx) && known_nonneg(o->host, b, o->ctx)))
      break;
    return iv_terms(o, a, scale, ub, depth + 1) && iv_terms(o, b, scale, ub, depth + 1);
  }
  case LLVMMul:
  case LLVMShl: {
    if (!LLVMIsAConstantInt(b) || LLVMGetIntTypeWidth(LLVMTypeOf(b)) > 64)
      break;
    int64_t k = LLVMConstIntGetSExtValue(b);
    if (op == LLVMShl) {
      if (k < 0 || k >= 32)
        break;
      k = (int64_t)1 << k;
    }
    if (k <= 0)
      break;
    /* nsw with a positive factor keeps the operand's sign: a non-negative
     * result has a non-negative operand */
    int exact = LLVMGetNUW(v) ||
                (LLVMGetNSW(v) && (ub <= sign || known_nonneg(o->host, a, o->ctx))) ||
                bound_of(o, a) <= pl_int_max(v) / (uint64_t)k ||
                pl_scev_mul_no_wrap(o->host, v, a, (uint64_t)k);
    int64_t m;
    if (!exact || __builtin_mul_overflow(scale, k, &m))
      break;
    return iv_terms(o, a, m, ub / (uint64_t)k, depth + 1);
  }
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMLShr:
  case LLVMURem:
  case LLVMSRem:
  case LLVMSub:
  case LLVMAnd:
    return digit_terms(o, v, scale);
  default:
    break;
  }
  return 0;
}

/* One GEP index of a destination: a constant index counts signed, as the
 * GEP extends it (to the 64-bit index width of the NVPTX data layouts). */
static int iv_visit(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  pl_iv_offset *o = ctx;
  int64_t m;
  if (!idx)
    return add_scaled(&o->konst, offset);
  if (scale > INT64_MAX)
    return 0;
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(idx));
  if (LLVMIsAConstantInt(idx))
    return w <= 64 && !__builtin_mul_overflow(LLVMConstIntGetSExtValue(idx), (int64_t)scale, &m) &&
           add_scaled(&o->konst, m);
  /* a narrower index is sign-extended: read unsigned only where it is not
   * negative */
  if (w > 64 || (w < 64 && !known_nonneg(o->host, idx, o->ctx)))
    return 0;
  return iv_terms(o, idx, (int64_t)scale, idx == o->bounded ? o->bound : UINT64_MAX, 0);
}

/* The bound `inbounds` gives the one variable index of `dst`,
 * `getelementptr inbounds T, @tile, idx` or `[N x T], @tile, 0, idx`, into a
 * static tile: the address lies in the tile or one past it, so idx *
 * sizeof(T) is at most the tile's bytes (LangRef, getelementptr: a result
 * out of bounds is poison, and a store through it undefined). Sets
 * o->bounded and o->bound, or leaves them. */
static void inbounds_bound(const pl_candidate *c, LLVMValueRef dst, pl_iv_offset *o) {
  if (!LLVMIsAGetElementPtrInst(dst) || !LLVMIsInBounds(dst))
    return;
  LLVMValueRef base = LLVMGetOperand(dst, 0);
  while (pl_is_pointer_cast(base))
    base = LLVMGetOperand(base, 0);
  int t = pl_tile_index(c, base);
  if (t < 0 || c->tiles[t].dynamic || !c->tiles[t].bytes)
    return;
  uint64_t size;
  LLVMValueRef idx = pl_gep_single_index(c->module, dst, &size);
  if (!idx)
    return;
  o->bounded = idx;
  o->bound = c->tiles[t].bytes / size;
}

/* Nonzero when the copy loop `loop`, whose header phi `p` never decreases,
 * runs once or never ends wherever p's step is zero: its one exit is the
 * latch's, on a comparison of p (or of p plus its step) with values from
 * outside the loop, which is then the same on every iteration. A loop that
 * never ends while it only moves data is undefined behaviour in a
 * `mustprogress` function (C++ [intro.progress]), so the function must be
 * one. */
static int runs_once_or_forever(pl_loop_ref loop, LLVMValueRef p) {
  LLVMBasicBlockRef latch = pl_loop_latch(loop);
  LLVMValueRef fn = LLVMGetBasicBlockParent(pl_loop_header(loop));
  unsigned mp = LLVMGetEnumAttributeKindForName("mustprogress", 12);
  if (!latch || pl_loop_exiting_block(loop) != latch ||
      !LLVMGetEnumAttributeAtIndex(fn, LLVMAttributeFunctionIndex, mp))
    return 0;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(latch);
  if (!LLVMIsConditional(t) || !LLVMIsAICmpInst(LLVMGetCondition(t)))
    return 0;
  LLVMValueRef cmp = LLVMGetCondition(t);
  LLVMValueRef next = NULL;
  for (unsigned i = 0; i < LLVMCountIncoming(p); ++i)
    if (LLVMGetIncomingBlock(p, i) == latch)
      next = LLVMGetIncomingValue(p, i);
  for (unsigned i = 0; i < 2; ++i) {
    LLVMValueRef v = LLVMGetOperand(cmp, i);
    if (v != p && v != next && LLVMIsAInstruction(v) &&
        pl_loop_contains(loop, LLVMGetInstructionParent(v)))
      return 0;
  }
  return 1;
}

/* big >= small * span + size, without overflow (all non-negative). */
static int exceeds(int64_t big, int64_t small, uint64_t span, int64_t size) {
  int64_t m;
  return span <= INT64_MAX && !__builtin_mul_overflow(small, (int64_t)span, &m) &&
         !__builtin_add_overflow(m, size, &m) && big >= m;
}

/* Reads the destination of `a`, a copy in `loop`, into *o, with p's bound
 * p_max, lowered to the bound of the loop's exit test
 * (pl_copy_loop_tested_bound). 0 when it is not an exact function of one
 * header phi p. */
int pl_iv_read_offset(pl_host *host, const pl_candidate *c, pl_loop_ref loop, const pl_copy *a,
                      uint64_t p_max, pl_iv_offset *o) {
  return pl_iv_read_offset_of(host, c, loop, NULL, a, p_max, o);
}

int pl_iv_read_offset_of(pl_host *host, const pl_candidate *c, pl_loop_ref loop, LLVMValueRef fixed,
                         const pl_copy *a, uint64_t p_max, pl_iv_offset *o) {
  /* A split copy writes on both arms of its branch: what holds is what
   * holds before it. */
  LLVMValueRef ctx = a->issue_block ? LLVMGetBasicBlockTerminator(a->issue_block) : a->store;
  *o = (pl_iv_offset){.host = host,
                      .loop = loop,
                      .fixed = loop ? NULL : fixed,
                      .ctx = ctx,
                      .p_max = p_max,
                      .p_seen = UINT64_MAX};
  if (!loop && !fixed)
    return 0;
  inbounds_bound(c, a->dst, o);
  LLVMValueRef root;
  if (pl_gep_chain(LLVMGetModuleDataLayout(c->module), a->dst, iv_visit, o, &root) !=
          PL_CHAIN_ROOT ||
      pl_tile_index(c, root) < 0 || !o->p)
    return 0;
  o->p_max = umin(o->p_max, tested_bound(o, o->p)); /* the exit test's holds too */
  return 1;
}

/* p's range at the store: LazyValueInfo's, within o->p_max, and within
 * its range where p is defined -- the header phi keeps its value through
 * the loop's body, and LazyValueInfo may lose the bound the header's
 * incoming edges give (the guard and the exit test) at a store further
 * down, behind a branch of its own (the second copy of a loop whose
 * copies are each guarded). */
static void p_range(const pl_iv_offset *o, uint64_t *lo, uint64_t *hi) {
  if (!pl_value_range(o->host, o->p, o->ctx, lo, hi))
    *lo = 0, *hi = pl_int_max(o->p);
  uint64_t at_lo, at_hi;
  LLVMValueRef def =
      LLVMIsAInstruction(o->p) ? pl_first_non_phi(LLVMGetInstructionParent(o->p)) : NULL;
  if (def && def != o->ctx && pl_value_range(o->host, o->p, def, &at_lo, &at_hi) && at_lo <= *hi &&
      *lo <= at_hi) {
    *lo = at_lo > *lo ? at_lo : *lo;
    *hi = umin(*hi, at_hi);
  }
  *hi = umin(*hi, umin(o->p_max, pl_int_max(o->p)));
  if (*lo > *hi)
    *lo = 0;
}

/* Nonzero when the one copy of `o`, of `size` bytes, writes different bytes
 * on every iteration: its offset is one-to-one in p with at least `size`
 * between two of its values. With divisions, p = d * q + r for r in [0, d),
 * and the offset alpha * q + beta * r is one-to-one when one digit's
 * coefficient exceeds the other's whole span: |alpha| >= |beta| * (span of
 * r) + size and |beta| >= size, or the same with q and r exchanged -- the
 * mixed radix of `As[i % BK][i / BK]` over i < BM * BK. The span of q comes
 * from p's range at the store (LazyValueInfo, and the bound of o->p_max). */
int pl_iv_one_to_one(const pl_iv_offset *o, int64_t size) {
  if (!o->d)
    return o->kp >= size || o->kp <= -size;
  int64_t alpha, beta;
  if (__builtin_mul_overflow(o->kp, (int64_t)o->d, &alpha) ||
      __builtin_add_overflow(alpha, o->kq, &alpha) || __builtin_add_overflow(o->kp, o->kr, &beta))
    return 0;
  alpha = alpha < 0 ? -alpha : alpha;
  beta = beta < 0 ? -beta : beta;
  uint64_t lo, hi;
  p_range(o, &lo, &hi);
  uint64_t qspan = hi / o->d - lo / o->d, rspan = qspan ? o->d - 1 : hi - lo;
  int q_high = (qspan == 0 || exceeds(alpha, beta, rspan, size)) && (rspan == 0 || beta >= size);
  int r_high = (rspan == 0 || exceeds(beta, alpha, qspan, size)) && (qspan == 0 || alpha >= size);
  return q_high || r_high;
}

/* Nonzero when x and y have the same loop-invariant terms (a term whose
 * scales cancelled counts as absent). */
int pl_iv_same_invariants(const pl_iv_offset *x, const pl_iv_offset *y) {
  for (int pass = 0; pass < 2; ++pass) {
    const pl_iv_offset *s = pass ? y : x, *t = pass ? x : y;
    for (size_t i = 0; i < s->ninv; ++i) {
      int64_t other = 0;
      for (size_t j = 0; j < t->ninv; ++j)
        if (t->inv[j].v == s->inv[i].v)
          other = t->inv[j].scale;
      if (other != s->inv[i].scale)
        return 0;
    }
  }
  return 1;
}

/* Nonzero when two values of the offset function of `o` (at any two values
 * of p within its bound) differ by less than 2^62: the exact integers this
 * file reasons about then differ from the 64-bit addresses only where those
 * differ too (addresses wrap modulo 2^64). */
int pl_iv_offsets_fit(const pl_iv_offset *o) {
  uint64_t lo, hi;
  p_range(o, &lo, &hi);
  uint64_t q = o->d ? hi / o->d : 0, r = o->d ? o->d - 1 : 0, a, b, c, sum;
  uint64_t kp = (uint64_t)(o->kp < 0 ? -o->kp : o->kp), kq = (uint64_t)(o->kq < 0 ? -o->kq : o->kq),
           kr = (uint64_t)(o->kr < 0 ? -o->kr : o->kr);
  return !__builtin_mul_overflow(kp, hi, &a) && !__builtin_mul_overflow(kq, q, &b) &&
         !__builtin_mul_overflow(kr, r, &c) && !__builtin_add_overflow(a, b, &sum) &&
         !__builtin_add_overflow(sum, c, &sum) && sum < (1ull << 62);
}

/* Adds k * [lo, hi] to [*min, *max] (interval arithmetic). */
static int add_term(int64_t k, uint64_t lo, uint64_t hi, int64_t *min, int64_t *max) {
  int64_t a, b;
  if (lo > INT64_MAX || hi > INT64_MAX || __builtin_mul_overflow(k, (int64_t)lo, &a) ||
      __builtin_mul_overflow(k, (int64_t)hi, &b))
    return 0;
  return !__builtin_add_overflow(*min, a < b ? a : b, min) &&
         !__builtin_add_overflow(*max, a < b ? b : a, max);
}

/* The range [*min, *max] of kp * p + kq * (p / d) + kr * (p % d) over the
 * values p's range at the store gives, by interval arithmetic. 0 when a
 * bound overflows. */
static int offset_window(const pl_iv_offset *o, int64_t *min, int64_t *max) {
  uint64_t lo, hi;
  p_range(o, &lo, &hi);
  *min = 0, *max = 0;
  if (!add_term(o->kp, lo, hi, min, max))
    return 0;
  if (!o->d)
    return 1;
  int one_q = hi / o->d == lo / o->d;
  uint64_t rlo = one_q ? lo % o->d : 0, rhi = one_q ? hi % o->d : o->d - 1;
  return add_term(o->kq, lo / o->d, hi / o->d, min, max) && add_term(o->kr, rlo, rhi, min, max);
}

/* Nonzero when the window of `x` (its constant plus [min, max + size) of
 * offset_window) ends where the window of `y` starts, or before. */
int pl_iv_window_before(const pl_iv_offset *x, int64_t xsize, const pl_iv_offset *y) {
  int64_t xmin, xmax, ymin, ymax, end, start;
  return offset_window(x, &xmin, &xmax) && offset_window(y, &ymin, &ymax) &&
         !__builtin_add_overflow(x->konst, xmax, &end) &&
         !__builtin_add_overflow(end, xsize, &end) &&
         !__builtin_add_overflow(y->konst, ymin, &start) && end <= start;
}

/* Nonzero when each copy of a copy loop writes distinct bytes on every
 * iteration (one_to_one) and the copies lie in windows of the tile that no
 * two share (window_before), whatever their functions of p: two tiles
 * carved from one dynamic buffer and filled by one loop, `ta[i % 34][i /
 * 34]` and `tb[..]` 9248 bytes on. */
static int windows_apart(const pl_loop_group *g) {
  for (size_t i = 0; i < g->n; ++i) {
    if (!pl_iv_offsets_fit(&g->o[i]) || !pl_iv_one_to_one(&g->o[i], g->size[i]))
      return 0;
    for (size_t j = 0; j < i; ++j)
      if (!pl_iv_same_invariants(&g->o[i], &g->o[j]) ||
          !(pl_iv_window_before(&g->o[i], g->size[i], &g->o[j]) ||
            pl_iv_window_before(&g->o[j], g->size[j], &g->o[i])))
        return 0;
  }
  return 1;
}

/* Nonzero when the copies of `g` differ only in their constants: one
 * function of p and the same invariant terms. */
static int same_function(const pl_loop_group *g) {
  const pl_iv_offset *o = g->o;
  for (size_t i = 1; i < g->n; ++i)
    if (o[i].d != o[0].d || o[i].kq != o[0].kq || o[i].kr != o[0].kr || o[i].kp != o[0].kp ||
        !pl_iv_same_invariants(&o[i], &o[0]))
      return 0;
  return 1;
}

/* Nonzero when the copies of one copy loop write distinct bytes. Where
 * they differ only in their constants (g->same), within an iteration
 * their byte ranges are disjoint, and no iteration reaches the bytes of
 * another -- p's step (at least 1) times |kp| is at least their whole span
 * (the copies of a loop clang unrolled by a runtime count, `ta[32 * (j +
 * u) + tid]`, u < 4), or, with digits, the offsets of p are one-to-one at
 * least that span apart (a float4 stored as four scalars, `ta[i / 32][4 *
 * (i % 32) + u]`); else their windows lie apart (windows_apart). Sets
 * g->same, and g->lo and g->hi where g->same. */
static int group_distinct(pl_loop_group *g) {
  const pl_iv_offset *o = g->o;
  int64_t reach, stride, kp = o[0].kp < 0 ? -o[0].kp : o[0].kp;
  int overlap = 0;
  g->lo = INT64_MAX, g->hi = INT64_MIN;
  g->same = same_function(g);
  for (size_t i = 0; i < g->n && g->same; ++i) {
    for (size_t j = 0; j < i; ++j)
      overlap |= o[i].konst < o[j].konst + g->size[j] && o[j].konst < o[i].konst + g->size[i];
    if (__builtin_add_overflow(o[i].konst, g->size[i], &reach))
      return 0;
    g->lo = o[i].konst < g->lo ? o[i].konst : g->lo;
    g->hi = reach > g->hi ? reach : g->hi;
  }
  /* with digits, each copy's own range of p (its store's) must keep the
   * offsets one-to-one the whole span apart */
  int apart = g->same && !overlap;
  for (size_t i = 0; i < g->n && apart; ++i)
    apart = pl_iv_offsets_fit(&o[i]) &&
            (o[0].d ? pl_iv_one_to_one(&o[i], g->hi - g->lo)
                    : !__builtin_mul_overflow(kp, g->step, &stride) && stride >= g->hi - g->lo);
  return apart || windows_apart(g);
}

/* Reads the copies into `a`'s tile in `a`'s copy loop into *g: first the
 * bound each copy's flags imply for p, then each copy with the bounds of
 * the copies that run before it on every iteration (their store dominates
 * its store), since p beyond them makes one of those stores undefined.
 * Returns 1 when every offset is read, as a function of one p that takes
 * a new, larger value on every iteration. */
int pl_iv_read_offsets(pl_host *host, const pl_candidate *c, const pl_copy *a, pl_loop_group *g) {
  g->loop = pl_loop_for_block(host, LLVMGetInstructionParent(a->store));
  if (!g->loop)
    return 0;
  const pl_copy *cp[PL_MAX_LOOP_COPIES];
  uint64_t seen[PL_MAX_LOOP_COPIES];
  g->n = 0;
  for (size_t j = 0; j < c->ncopies; ++j) {
    const pl_copy *b = &c->copies[j];
    if (b->tile != a->tile || !b->in_loop ||
        pl_loop_for_block(host, LLVMGetInstructionParent(b->store)) != g->loop)
      continue;
    if (g->n == PL_MAX_LOOP_COPIES)
      return 0;
    cp[g->n++] = b;
  }
  for (size_t i = 0; i < g->n; ++i)
    seen[i] = pl_iv_read_offset(host, c, g->loop, cp[i], UINT64_MAX, &g->o[i]) ? g->o[i].p_seen
                                                                               : UINT64_MAX;
  for (size_t i = 0; i < g->n; ++i) {
    uint64_t p_max = UINT64_MAX;
    for (size_t j = 0; j < g->n; ++j)
      if (pl_dominates(host, LLVMGetInstructionParent(cp[j]->store),
                       LLVMGetInstructionParent(cp[i]->store)))
        p_max = umin(p_max, seen[j]);
    if (!pl_iv_read_offset(host, c, g->loop, cp[i], p_max, &g->o[i]) || g->o[i].p != g->o[0].p)
      return 0;
    g->size[i] = (int64_t)cp[i]->bytes;
  }
  LLVMValueRef p = g->o[0].p;
  int inc = pl_scev_iv_increases(host, g->loop, p);
  if (!inc || (inc == 1 && !runs_once_or_forever(g->loop, p)))
    return 0;
  if (pl_scev_iv_step(host, g->loop, p, &g->step) != 1 || g->step <= 0)
    g->step = 1; /* a step that is not a constant is at least 1 where p increases */
  return 1;
}

/* read_offsets, and the copies write distinct bytes on every iteration. */
int pl_iv_read_group(pl_host *host, const pl_candidate *c, const pl_copy *a, pl_loop_group *g) {
  return pl_iv_read_offsets(host, c, a, g) && group_distinct(g);
}

int pl_copy_loop_one_to_one(pl_host *host, const pl_candidate *c, const pl_copy *a,
                            pl_proven_loops *seen) {
  pl_loop_ref loop = pl_loop_for_block(host, LLVMGetInstructionParent(a->store));
  for (size_t i = 0; seen && i < seen->n; ++i)
    if (seen->loop[i] == loop && seen->tile[i] == a->tile)
      return 1;
  pl_loop_group g;
  if (!pl_iv_read_group(host, c, a, &g))
    return 0;
  if (seen && seen->n < PL_MAX_LOOP_COPIES)
    seen->loop[seen->n] = loop, seen->tile[seen->n++] = a->tile;
  return 1;
}
