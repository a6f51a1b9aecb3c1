/*===- lib/rewrite_in_place.c - loads one iteration ahead, tiles kept ----===*/
#include "rewrite_in_place.h"

#include "host_loops.h"
#include "host_scev.h"
#include "ir.h"
#include "skeleton.h"
#include "uses.h"

#include <assert.h>
#include <stdint.h>
#include <stdlib.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

/* The i1 under which the load of `cp` reads its source at the iteration
 * `e` describes: that iteration exists (`exists`, NULL: surely), every
 * guard term holds and the predicate holds; NULL when always. */
static LLVMValueRef load_condition(pl_emitter *e, const pl_copy *cp, LLVMValueRef exists) {
  LLVMValueRef cond = exists;
  if (cp->guard)
    cond = pl_emit_and_term(e, cond, cp->guard, cp->guard_negated, "pl.ahead.not", "pl.ahead.cond");
  for (unsigned t = 0; t < cp->nmore_guards; ++t)
    cond = pl_emit_and_term(e, cond, cp->more_guards[t], cp->more_negated[t], "pl.ahead.not",
                            "pl.ahead.cond");
  for (unsigned t = 0; t < pl_pred_terms(cp); ++t) {
    int neg;
    LLVMValueRef term = pl_pred_term(cp, t, &neg);
    cond = pl_emit_and_term(e, cond, term, neg, "pl.ahead.not", "pl.ahead.cond");
  }
  return cond;
}

/* What a copy loads: its load's type, or for an llvm.memcpy copy its
 * bytes (i32 or <n x i32>, else <n x i8>). */
static LLVMTypeRef loaded_type(const pl_candidate *c, const pl_copy *cp) {
  LLVMContextRef ctx = ctx_of(c);
  if (cp->load)
    return LLVMTypeOf(cp->load);
  if (cp->bytes % 4)
    return LLVMVectorType(LLVMInt8TypeInContext(ctx), cp->bytes);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  return cp->bytes == 4 ? i32 : LLVMVectorType(i32, cp->bytes / 4);
}

/* What `cp` loads (cp->load whole, or a memcpy's source bytes) at the
 * iteration `e` describes, as a global-space load aligned as the original
 * load (a memcpy: to `align`), from our zeros where `load_condition` is
 * false; an __ldg's stays read-only (pl_lowering_keep_read_only). */
static LLVMValueRef load_ahead(pl_emitter *e, const pl_copy *cp, LLVMValueRef exists,
                               unsigned align) {
  if (cp->load) /* its own: the whole load's, not a lane's */
    align = pl_load_alignment(cp->load);
  const pl_candidate *c = e->c;
  LLVMContextRef ctx = ctx_of(c);
  LLVMValueRef cond = load_condition(e, cp, exists);
  LLVMTypeRef ty = loaded_type(c, cp);
  LLVMValueRef src = pl_emit_remap(e, cp->load ? LLVMGetOperand(cp->load, 0) : cp->src);
  if (pl_addrspace(src) != PL_AS_GLOBAL)
    src = LLVMBuildAddrSpaceCast(e->b, src, LLVMPointerTypeInContext(ctx, PL_AS_GLOBAL),
                                 "pl.ahead.src");
  if (cond) {
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
    src = LLVMBuildSelect(e->b, cond, src, pl_lowering_zeros(c, LLVMStoreSizeOfType(td, ty)),
                          "pl.ahead.src");
  }
  LLVMValueRef ld = LLVMBuildLoad2(e->b, ty, src, "pl.ahead");
  LLVMSetAlignment(ld, align ? align : 1);
  pl_lowering_keep_read_only(c, cp, ld);
  return ld;
}

/* The original copy goes: a load's uses read `carried`, iteration i's
 * value, instead; a memcpy becomes a store of it, where it was. */
static void replace_copy(const pl_candidate *c, const pl_copy *cp, LLVMValueRef carried,
                         unsigned dst_align) {
  if (cp->load) {
    LLVMValueRef addr = LLVMGetOperand(cp->load, 0);
    LLVMReplaceAllUsesWith(cp->load, carried);
    LLVMInstructionEraseFromParent(cp->load);
    pl_erase_dead(&addr, 1);
    return;
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx_of(c));
  LLVMPositionBuilderBefore(b, cp->store);
  LLVMValueRef st = LLVMBuildStore(b, carried, cp->dst);
  LLVMSetAlignment(st, dst_align ? dst_align : 1);
  LLVMDisposeBuilder(b);
  LLVMValueRef ops[3] = {LLVMGetOperand(cp->store, 0), LLVMGetOperand(cp->store, 1),
                         LLVMGetOperand(cp->store, 2)};
  LLVMInstructionEraseFromParent(cp->store);
  pl_erase_dead(ops, 3);
}

/* An emitter of iteration `k` after the base (iteration 0 when
 * `from_start`, else the current one) at `b`: it clones the loop's address
 * arithmetic without poison-generating flags; tiles stay themselves. */
static void init_ahead(pl_emitter *e, const pl_candidate *c, LLVMBuilderRef b,
                       LLVMValueRef *iv_steps, int from_start, unsigned k) {
  pl_emitter_init(e, c, b);
  e->clone_loop = 1;
  e->drop_flags = 1;
  e->iv_steps = iv_steps;
  for (size_t t = 0; t < c->ntiles; ++t)
    e->tile_base[t] = c->tiles[t].global;
  pl_emit_map_ivs(e, from_start, k);
}

unsigned pl_rewrite_in_place(pl_host *host, const pl_candidate *c, const pl_plan *plan) {
  assert(plan->in_place && c->preheader && !c->region && "an in-place plan for this loop");
  LLVMContextRef ctx = ctx_of(c);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  /* the copies that load something of their own (pl_plan.share) */
  size_t *first = pl_xcalloc(plan->ncopies ? plan->ncopies : 1, sizeof *first);
  size_t nloads = 0;
  for (size_t i = 0; i < plan->ncopies; ++i)
    if (plan->share[i] == SIZE_MAX)
      first[nloads++] = i;
  LLVMValueRef *phis = pl_xcalloc(nloads ? nloads : 1, sizeof *phis);
  LLVMValueRef *iv_steps = pl_xcalloc(c->nivs ? c->nivs : 1, sizeof *iv_steps);

  /* prologue: the trip count and the IVs' runtime steps, then iteration 0 */
  LLVMValueRef ph_term = LLVMGetBasicBlockTerminator(c->preheader);
  LLVMValueRef btc =
      plan->trip.use_scev ? pl_loop_expand_backedge_count(host, c->loop, ph_term) : NULL;
  for (size_t i = 0; i < c->nivs; ++i)
    if (c->ivs[i].runtime_step)
      iv_steps[i] = pl_scev_expand_iv_step(host, c->loop, c->ivs[i].phi, ph_term);
  LLVMPositionBuilderBefore(b, ph_term);
  pl_emitter e0;
  init_ahead(&e0, c, b, iv_steps, 1, 0);
  LLVMValueRef *start = pl_xcalloc(nloads ? nloads : 1, sizeof *start);
  for (size_t l = 0; l < nloads; ++l)
    start[l] = load_ahead(&e0, &plan->copies[first[l]], NULL, plan->src_align[first[l]]);
  pl_emitter_free(&e0);

  /* header: the carried loads and, with ScalarEvolution's count, the
   * iteration counter */
  LLVMBasicBlockRef ph = c->preheader, latch = c->latch;
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(c->header));
  LLVMValueRef n_phi = btc ? LLVMBuildPhi(b, LLVMTypeOf(btc), "pl.iter") : NULL;
  for (size_t l = 0; l < nloads; ++l) {
    phis[l] = LLVMBuildPhi(b, loaded_type(c, &plan->copies[first[l]]), "pl.ahead.cur");
    LLVMAddIncoming(phis[l], &start[l], &ph, 1);
  }
  if (n_phi) {
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(latch));
    LLVMTypeRef ty = LLVMTypeOf(btc);
    LLVMValueRef next = LLVMBuildAdd(b, n_phi, LLVMConstInt(ty, 1, 0), "pl.iter.next");
    LLVMValueRef zero = LLVMConstInt(ty, 0, 0);
    LLVMAddIncoming(n_phi, &zero, &ph, 1);
    LLVMAddIncoming(n_phi, &next, &latch, 1);
  }

  /* steady state: after the kept barrier, iteration i+1 */
  LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(c->first_barrier));
  pl_emitter e1;
  init_ahead(&e1, c, b, iv_steps, 0, 1);
  LLVMValueRef exists = pl_rw_emit_exists(c, &plan->trip, &e1, 0, 1, btc, n_phi);
  for (size_t l = 0; l < nloads; ++l) {
    LLVMValueRef v = load_ahead(&e1, &plan->copies[first[l]], exists, plan->src_align[first[l]]);
    LLVMAddIncoming(phis[l], &v, &latch, 1);
  }
  pl_emitter_free(&e1);

  /* the original copies go: their uses read the carried values */
  for (size_t l = 0; l < nloads; ++l)
    replace_copy(c, &plan->copies[first[l]], phis[l], plan->dst_align[first[l]]);
  LLVMDisposeBuilder(b);
  free(first);
  free(phis);
  free(start);
  free(iv_steps);
  return (unsigned)nloads * 2;
}
