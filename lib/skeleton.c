/*===- lib/skeleton.c - the issue of one plan copy ------------------------===*/
#include "skeleton.h"

#include <assert.h>
#include <stdint.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

const pl_lowering *pl_rw_lowering_of(const pl_skeleton *k, size_t copy) {
  return pl_lowering_for(k->plan->copy_lowering[copy]);
}

size_t pl_rw_plan_copy_of(const pl_plan *plan, LLVMValueRef store) {
  for (size_t i = 0; i < plan->ncopies; ++i)
    if (plan->copies[i].store == store)
      return i;
  return SIZE_MAX;
}

LLVMTypeRef pl_rw_chunk_type(const pl_candidate *c, unsigned bytes) {
  LLVMContextRef ctx = ctx_of(c);
  if (bytes % 4)
    return LLVMVectorType(LLVMInt8TypeInContext(ctx), bytes);
  if (bytes == 4)
    return LLVMInt32TypeInContext(ctx);
  return LLVMVectorType(LLVMInt32TypeInContext(ctx), bytes / 4);
}

void pl_rw_copy_state(const pl_plan *plan, size_t i, pl_copy_state *st) {
  st->src_align = plan->src_align[i];
  st->dst_align = plan->dst_align[i];
  st->through_l1 = plan->l1_copies && plan->l1_copies[i];
  st->predicated = plan->predicated_loads;
}

LLVMValueRef pl_rw_copy_pred(pl_emitter *e, const pl_copy *cp) {
  LLVMValueRef pred = NULL;
  for (unsigned t = 0; t < pl_pred_terms(cp); ++t) {
    int neg;
    LLVMValueRef term = pl_pred_term(cp, t, &neg);
    pred = pl_emit_and_term(e, pred, term, neg, "pl.pred", "pl.pred");
  }
  return pred;
}

void pl_rw_issue_one(pl_skeleton *k, pl_emitter *e, size_t i, LLVMValueRef exists,
                     pl_copy_state *st) {
  const pl_copy *cp = &k->plan->copies[i];
  pl_vec moves = {0};
  pl_rw_copy_state(k->plan, i, st);
  k->issued += pl_rw_lowering_of(k, i)->issue(e, cp, exists, &moves, st);
  pl_vec_free(&moves);
}

/* `v` extended to `wide` as the latch compare of `trip` reads it. */
static LLVMValueRef widen(LLVMBuilderRef b, const pl_trip *trip, LLVMValueRef v, LLVMTypeRef wide) {
  return trip->is_signed ? LLVMBuildSExt(b, v, wide, "") : LLVMBuildZExt(b, v, wide, "");
}

LLVMValueRef pl_rw_emit_exists(const pl_candidate *c, const pl_trip *trip, pl_emitter *e,
                               int from_start, unsigned k, LLVMValueRef btc, LLVMValueRef iter) {
  LLVMBuilderRef b = e->b;
  if (from_start && k == 0)
    return NULL;
  if (trip->chain) {
    /* Iteration j+1 exists when j does and the latch compare holds at the
     * end of j, on iv(j + 1 - lag): from the base (which exists), the AND
     * of the k compares of j = base .. base+k-1, in the IV's width. */
    LLVMValueRef all = NULL;
    for (unsigned j = 0; j < k; ++j) {
      int64_t off = (int64_t)j + 1 - (int64_t)trip->lag;
      /* the issue's own IV value where the offsets meet */
      LLVMValueRef x = e->ivs_mapped && e->iv_from_start == from_start && e->iv_k == off
                           ? pl_emit_remap(e, c->ivs[trip->iv].phi)
                           : pl_emit_iv(e, trip->iv, from_start, off);
      LLVMValueRef cont = LLVMBuildICmp(b, trip->pred, x, trip->bound, "pl.cont");
      all = all ? LLVMBuildAnd(b, all, cont, "pl.exists") : cont;
    }
    return all;
  }
  if (trip->use_scev) {
    LLVMTypeRef ty = LLVMTypeOf(btc);
    if (from_start)
      return LLVMBuildICmp(b, LLVMIntULE, LLVMConstInt(ty, k, 0), btc, "pl.exists");
    LLVMValueRef left = LLVMBuildSub(b, btc, iter, "pl.left");
    return LLVMBuildICmp(b, LLVMIntUGE, left, LLVMConstInt(ty, k, 0), "pl.exists");
  }
  /* Latch compare in twice the width: ext(iv) + (k - lag) * step. */
  const pl_iv *iv = &c->ivs[trip->iv];
  LLVMTypeRef ty = LLVMTypeOf(iv->phi);
  unsigned w = LLVMGetIntTypeWidth(ty);
  LLVMTypeRef wide = LLVMIntTypeInContext(ctx_of(c), w * 2 > 128 ? 128 : w * 2);
  LLVMValueRef base = widen(b, trip, from_start ? iv->start : iv->phi, wide);
  LLVMValueRef bound = widen(b, trip, trip->bound, wide);
  int64_t off = ((int64_t)k - (int64_t)trip->lag) * iv->step;
  LLVMValueRef v = LLVMBuildAdd(b, base, LLVMConstInt(wide, (uint64_t)off, 1), "");
  return LLVMBuildICmp(b, trip->pred, v, bound, "pl.exists");
}

LLVMValueRef pl_rw_emit_btc(const pl_candidate *c, const pl_trip *trip, LLVMBuilderRef b) {
  assert(pl_trip_count_known(c, trip) && !trip->use_scev && "a monotone latch compare");
  const pl_iv *iv = &c->ivs[trip->iv];
  unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(iv->phi));
  LLVMTypeRef wide = LLVMIntTypeInContext(ctx_of(c), w * 2);
  LLVMValueRef start = widen(b, trip, iv->start, wide), bound = widen(b, trip, trip->bound, wide);
  LLVMIntPredicate p = trip->pred;
  int up = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntULT || p == LLVMIntULE;
  int strict = p == LLVMIntSLT || p == LLVMIntULT || p == LLVMIntSGT || p == LLVMIntUGT;
  uint64_t step = (uint64_t)(up ? iv->step : -iv->step);
  /* iteration k exists when a + k * step', a = start - lag * step, is before
   * the bound: k * |step| < x (or <= x), x the distance from a to it */
  LLVMValueRef a =
      LLVMBuildAdd(b, start, LLVMConstInt(wide, (uint64_t)(-(int64_t)trip->lag * iv->step), 1), "");
  LLVMValueRef x = up ? LLVMBuildSub(b, bound, a, "") : LLVMBuildSub(b, a, bound, "");
  if (strict)
    x = LLVMBuildSub(b, x, LLVMConstInt(wide, 1, 0), "");
  LLVMValueRef none = LLVMBuildICmp(b, LLVMIntSLT, x, LLVMConstInt(wide, 0, 0), "");
  LLVMValueRef n = LLVMBuildUDiv(b, x, LLVMConstInt(wide, step, 0), "");
  return LLVMBuildSelect(b, none, LLVMConstInt(wide, 0, 0), n, "pl.btc");
}
