/*===- lib/staged_depth.c - a register ring's loads several iterations ahead ===*\
 *
 * How many iterations of loads a register ring keeps in flight, and its
 * remark (staged_depth.h). The skeleton (rewrite.c, rewrite_in_place.c)
 * emits the loads and the phis that carry them.
\*===----------------------------------------------------------------------===*/
#include "staged_depth.h"

#include "alloc.h"
#include "cost.h"
#include "ir.h"
#include "options.h"
#include "skeleton.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

/* `depth`, at most PL_MAX_STAGES and as many as keep `plan`'s staged
 * registers of all of them within `max_regs`; at least 1. */
static unsigned within(const pl_plan *plan, unsigned depth, unsigned max_regs) {
  if (depth > PL_MAX_STAGES)
    depth = PL_MAX_STAGES;
  if (plan->staged_regs && depth * plan->staged_regs > max_regs)
    depth = max_regs / plan->staged_regs;
  return depth ? depth : 1;
}

unsigned pl_staged_depth(const pl_plan *plan, unsigned max_regs) {
  const pl_cost *k = &plan->cost;
  if (!plan->modelled || !k->ptxas_rolls || plan->used != 1u << PL_LOWERING_REGISTERS ||
      k->staged_batch < 2)
    return 1;
  return within(plan, k->staged_batch, max_regs);
}

unsigned pl_staged_depth_forced(pl_plan *plan, LLVMModuleRef m, const pl_options *opts) {
  if (!opts->stages || !plan->slots_cut || plan->used != 1u << PL_LOWERING_REGISTERS ||
      !pl_cost_toolkit_rolls(m, &plan->cost.sdk_major, &plan->cost.sdk_minor))
    return 1;
  return within(plan, opts->stages - 1, opts->max_staged_regs);
}

void pl_note_staged_depth(pl_remark *r, const pl_plan *plan) {
  if (plan->staged_depth <= 1)
    return;
  pl_remark_text(r, "; ");
  pl_remark_u64(r, "StagedDepth", plan->staged_depth);
  pl_remark_text(r, " iterations' loads in flight in registers, since the ptxas of CUDA ");
  pl_remark_cuda_version(r, &plan->cost);
  pl_remark_text(r, " keeps tile loops rolled");
}

void pl_note_in_place_ahead(pl_remark *r, const pl_plan *plan) {
  unsigned depth = plan->staged_depth > 1 ? plan->staged_depth : 1;
  uint64_t regs = (uint64_t)plan->staged_regs * depth;
  if (depth == 1) {
    pl_remark_text(r, " loaded one iteration ahead into ");
  } else {
    pl_remark_text(r, " loaded ");
    pl_remark_u64(r, "StagedDepth", depth);
    pl_remark_text(r, " iterations ahead into ");
  }
  pl_remark_u64(r, "StagedRegisters", regs);
  pl_remark_text(r, regs == 1 ? " register" : " registers");
  if (depth == 1)
    return;
  pl_remark_text(r, ", since the ptxas of CUDA ");
  pl_remark_cuda_version(r, &plan->cost);
  pl_remark_text(r, " keeps tile loops rolled");
}

void pl_note_staged_schedule(pl_remark *r, const pl_plan *plan) {
  unsigned depth = plan->staged_depth > 1 ? plan->staged_depth : 1;
  if (depth == 1) {
    pl_remark_text(r, " iteration; iteration i loads iteration i+1 into registers before its "
                      "compute and stores them into the other slot after it");
    return;
  }
  char text[192];
  snprintf(text, sizeof text,
           " iteration and loads %u more into registers; iteration i loads iteration i+%u into "
           "registers before its compute and stores iteration i+1's into the other slot after it",
           depth - 1, depth);
  pl_remark_text(r, text);
}

void pl_note_in_place_schedule(pl_remark *r, const pl_plan *plan) {
  unsigned depth = plan->staged_depth > 1 ? plan->staged_depth : 1;
  char first[32] = "iteration 0";
  if (depth > 1)
    snprintf(first, sizeof first, "iterations 0 to %u", depth - 1);
  char text[320];
  snprintf(text, sizeof text,
           "in place: the preheader loads %s; iteration i loads iteration i+%u after its first "
           "barrier, from a zero constant where that iteration or a copy's condition does not "
           "hold, and its stores write what iteration i-%u loaded, where the loop stored; ",
           first, depth, depth);
  pl_remark_text(r, text);
}

void pl_remark_cuda_version(pl_remark *r, const pl_cost *k) {
  char v[32];
  snprintf(v, sizeof v, "%u.%u", k->sdk_major, k->sdk_minor);
  pl_remark_str(r, "CudaVersion", v);
}

/* The phis of one staged value (or condition) of one copy: phi[d] holds
 * iteration i+1+d's, from `first[d]` on entry and from phi[d+1] (the last:
 * `last`) at the latch. A NULL among them stands for `dflt`. */
static void carry(pl_skeleton *k, LLVMTypeRef ty, const LLVMValueRef *first, LLVMValueRef last,
                  LLVMValueRef dflt, LLVMValueRef *phi, const char *name) {
  const unsigned n = k->depth - 1;
  LLVMBasicBlockRef ph = k->c->preheader, latch = k->c->latch;
  for (unsigned d = 0; d < n; ++d)
    phi[d] = LLVMBuildPhi(k->b, ty, name);
  for (unsigned d = 0; d < n; ++d) {
    LLVMValueRef in = first[d] ? first[d] : dflt;
    LLVMValueRef next = d + 1 < n ? phi[d + 1] : last ? last : dflt;
    LLVMAddIncoming(phi[d], &in, &ph, 1);
    LLVMAddIncoming(phi[d], &next, &latch, 1);
  }
}

void pl_rw_carry_staged(pl_skeleton *k) {
  if (k->depth <= 1)
    return;
  const unsigned n = k->depth - 1;
  const size_t ncopies = k->plan->ncopies;
  LLVMContextRef ctx = LLVMGetModuleContext(k->c->module);
  LLVMValueRef *first = pl_xcalloc(n, sizeof *first), *phi = pl_xcalloc(n, sizeof *phi);
  LLVMPositionBuilderBefore(k->b, pl_first_non_phi(k->c->header));
  for (size_t i = 0; i < ncopies; ++i) {
    pl_copy_state *now = &k->staged[i];
    if (!pl_rw_lowering_of(k, i)->store || !now->value)
      continue;
    size_t same = k->plan->share[i];
    if (same != SIZE_MAX) { /* an earlier copy's load, carried already */
      now->value = k->staged[same].value;
      now->cond = k->staged[same].cond;
      continue;
    }
    int conditional = now->cond != NULL;
    for (unsigned d = 0; d < n; ++d) {
      first[d] = k->ahead[d * ncopies + i].value;
      assert(first[d] && LLVMTypeOf(first[d]) == LLVMTypeOf(now->value) && "the same issue");
      conditional |= k->ahead[d * ncopies + i].cond != NULL;
    }
    carry(k, LLVMTypeOf(now->value), first, now->value, NULL, phi, "pl.staged.ahead");
    now->value = phi[0];
    if (!conditional)
      continue;
    LLVMTypeRef i1 = LLVMInt1TypeInContext(ctx);
    for (unsigned d = 0; d < n; ++d)
      first[d] = k->ahead[d * ncopies + i].cond;
    carry(k, i1, first, now->cond, LLVMConstInt(i1, 1, 0), phi, "pl.staged.cond");
    now->cond = phi[0];
  }
  free(first);
  free(phi);
}
