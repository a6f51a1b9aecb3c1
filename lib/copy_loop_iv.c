/*===- lib/copy_loop_iv.c - one-to-one destinations of a copy loop --------===*\
 *
 * Whether a copy loop writes different bytes of its tile on every one of
 * its iterations when its step is not a constant (`i += blockDim.x`): the
 * destination read as an exact function of the loop's induction variable,
 * with divisions and remainders by constants as the digits of a mixed
 * radix.
\*===----------------------------------------------------------------------===*/
#include "copy_loop_iv.h"

#include "gep.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "limits.h"

#include <stdint.h>

/* A copy loop's destination offset, in bytes, as an exact integer function
 * of the loop's induction variable p (read as an unsigned integer):
 * kp * p + kq * (p / d) + kr * (p % d) + what does not change within the
 * loop. */
typedef struct iv_offset {
  pl_host *host;
  pl_loop_ref loop;
  LLVMValueRef ctx; /* the store: where ranges are asked */
  LLVMValueRef p;   /* the header phi met, NULL until one is */
  int64_t kp, kq, kr;
  uint64_t d; /* divisor of p / d and p % d; 0 until one is met */
} iv_offset;

static int add_scaled(int64_t *k, int64_t scale) { return !__builtin_add_overflow(*k, scale, k); }

/* Nonzero when `v` (an integer of at most 64 bits) is known non-negative
 * at the store, by LazyValueInfo's range, so sext and signed division read
 * it as an unsigned integer unchanged. */
static int known_nonneg(pl_host *host, LLVMValueRef v, LLVMValueRef ctx) {
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(v));
  uint64_t lo, hi;
  return w <= 64 && pl_value_range(host, v, ctx, &lo, &hi) && hi < (1ull << (w - 1));
}

/* Divisor d of `p / d` or `p % d` written on the phi `p` as udiv, lshr,
 * urem, and with 2^k - 1, or sdiv/srem on a non-negative p: sets *rem.
 * Returns 0 for anything else. */
static uint64_t digit_of(iv_offset *o, LLVMValueRef v, int *rem) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef k = LLVMGetOperand(v, 1);
  if (!LLVMIsAConstantInt(k) || LLVMGetIntTypeWidth(LLVMTypeOf(k)) > 64)
    return 0;
  uint64_t n = LLVMConstIntGetZExtValue(k);
  *rem = op == LLVMURem || op == LLVMSRem || op == LLVMAnd;
  switch (op) {
  case LLVMSDiv:
  case LLVMSRem:
    if (!known_nonneg(o->host, LLVMGetOperand(v, 0), o->ctx))
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

/* Adds `v * scale` to the offset, reading `v` exactly: zext, sext of a
 * non-negative value, add and mul and shl that do not wrap (nuw, or nsw over
 * non-negative values), or disjoint, p / d and p % d on the header phi, the
 * header phi itself, and values from outside the loop (fixed within it). */
static int iv_terms(iv_offset *o, LLVMValueRef v, int64_t scale, int depth) {
  if (LLVMIsAConstantInt(v) || !LLVMIsAInstruction(v) ||
      !pl_loop_contains(o->loop, LLVMGetInstructionParent(v)))
    return 1;
  if (depth > PL_MAX_INDEX_DEPTH)
    return 0;
  LLVMBasicBlockRef header = pl_loop_header(o->loop);
  if (LLVMIsAPHINode(v)) {
    if (LLVMGetInstructionParent(v) != header || (o->p && o->p != v))
      return 0;
    o->p = v;
    return add_scaled(&o->kp, scale);
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef a = LLVMGetOperand(v, 0);
  LLVMValueRef b = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  int64_t k;
  switch (op) {
  case LLVMZExt:
    return iv_terms(o, a, scale, depth + 1);
  case LLVMSExt:
    return known_nonneg(o->host, a, o->ctx) && iv_terms(o, a, scale, depth + 1);
  case LLVMOr:
    if (!LLVMGetIsDisjoint(v))
      break;
    return iv_terms(o, a, scale, depth + 1) && iv_terms(o, b, scale, depth + 1);
  case LLVMAdd:
    if (!LLVMGetNUW(v) &&
        !(LLVMGetNSW(v) && known_nonneg(o->host, a, o->ctx) && known_nonneg(o->host, b, o->ctx)))
      break;
    return iv_terms(o, a, scale, depth + 1) && iv_terms(o, b, scale, depth + 1);
  case LLVMMul:
  case LLVMShl:
    if (!LLVMIsAConstantInt(b) ||
        (!LLVMGetNUW(v) && !(LLVMGetNSW(v) && known_nonneg(o->host, a, o->ctx))))
      break;
    k = LLVMConstIntGetSExtValue(b);
    if (op == LLVMShl) {
      if (k < 0 || k >= 32)
        break;
      k = (int64_t)1 << k;
    }
    if (k < 0 || __builtin_mul_overflow(scale, k, &k))
      break;
    return iv_terms(o, a, k, depth + 1);
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMLShr:
  case LLVMURem:
  case LLVMSRem:
  case LLVMAnd: {
    int rem;
    uint64_t d = digit_of(o, v, &rem);
    if (!d || !LLVMIsAPHINode(a) || LLVMGetInstructionParent(a) != header || (o->p && o->p != a) ||
        (o->d && o->d != d))
      break;
    o->p = a;
    o->d = d;
    return add_scaled(rem ? &o->kr : &o->kq, scale);
  }
  default:
    break;
  }
  return 0;
}

static int iv_visit(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  (void)offset;
  iv_offset *o = ctx;
  return !idx || (scale <= INT64_MAX && iv_terms(o, idx, (int64_t)scale, 0));
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

/* Nonzero when the copy `a` in a copy loop writes different bytes on every
 * iteration of that loop, whatever the loop's step (a runtime
 * `i += blockDim.x`): its destination is an exact function of the loop's
 * induction variable p (iv_terms), p never decreases and takes a new value
 * on every iteration (ScalarEvolution; a zero step runs the loop once), and
 * that function is one-to-one with at least the copy's size between any two
 * of its values. With divisions, p = d * q + r for r in [0, d), and the
 * offset alpha * q + beta * r is one-to-one when one digit's coefficient
 * exceeds the other's whole span: |alpha| >= |beta| * (span of r) + size
 * and |beta| >= size, or the same with q and r exchanged -- the mixed radix
 * of `As[i % BK][i / BK]` over i < BM * BK. The span of q comes from p's
 * range at the store (LazyValueInfo). */
static int distinct_by_iv(pl_host *host, const pl_candidate *c, const pl_copy *a) {
  pl_loop_ref loop = pl_loop_for_block(host, LLVMGetInstructionParent(a->store));
  if (!loop)
    return 0;
  iv_offset o = {host, loop, a->store, NULL, 0, 0, 0, 0};
  LLVMValueRef root;
  if (pl_gep_chain(LLVMGetModuleDataLayout(c->module), a->dst, iv_visit, &o, &root) !=
          PL_CHAIN_ROOT ||
      pl_tile_index(c, root) < 0 || !o.p)
    return 0;
  int inc = pl_scev_iv_increases(host, loop, o.p);
  if (!inc || (inc == 1 && !runs_once_or_forever(loop, o.p)))
    return 0;
  const int64_t size = (int64_t)a->bytes;
  if (!o.d)
    return o.kp >= size || o.kp <= -size;
  int64_t alpha, beta;
  if (__builtin_mul_overflow(o.kp, (int64_t)o.d, &alpha) ||
      __builtin_add_overflow(alpha, o.kq, &alpha) || __builtin_add_overflow(o.kp, o.kr, &beta))
    return 0;
  alpha = alpha < 0 ? -alpha : alpha;
  beta = beta < 0 ? -beta : beta;
  uint64_t lo, hi, wmax = UINT64_MAX >> (64 - LLVMGetIntTypeWidth(LLVMTypeOf(o.p)));
  if (!pl_value_range(host, o.p, a->store, &lo, &hi) || hi > wmax)
    lo = 0, hi = wmax;
  uint64_t qspan = hi / o.d - lo / o.d, rspan = qspan ? o.d - 1 : hi - lo;
  int q_high = (qspan == 0 || exceeds(alpha, beta, rspan, size)) && (rspan == 0 || beta >= size);
  int r_high = (rspan == 0 || exceeds(beta, alpha, qspan, size)) && (qspan == 0 || alpha >= size);
  return q_high || r_high;
}

/* Nonzero when `a` is the only copy into its tile in its copy loop. */
static int sole_copy_in_loop(pl_host *host, const pl_candidate *c, const pl_copy *a) {
  pl_loop_ref loop = pl_loop_for_block(host, LLVMGetInstructionParent(a->store));
  for (size_t j = 0; j < c->ncopies; ++j) {
    const pl_copy *b = &c->copies[j];
    if (b != a && b->tile == a->tile && b->in_loop &&
        pl_loop_for_block(host, LLVMGetInstructionParent(b->store)) == loop)
      return 0;
  }
  return 1;
}

int pl_copy_loop_one_to_one(pl_host *host, const pl_candidate *c, const pl_copy *a) {
  return sole_copy_in_loop(host, c, a) && distinct_by_iv(host, c, a);
}
