/*===- lib/steady_unroll.c - a register ring unrolled where ptxas won't --===*\
 *
 * The steady state of a register ring unrolled by the batch the model
 * priced, where the toolkit's ptxas keeps the loop rolled
 * (steady_unroll.h).
\*===----------------------------------------------------------------------===*/
#include "steady_unroll.h"

#include "control.h"
#include "host_loops.h"

#include <stdio.h>

int pl_steady_unroll_possible(pl_host *host, const pl_candidate *c, unsigned count) {
  LLVMBasicBlockRef latch = pl_loop_latch(c->loop);
  return latch && pl_loop_unroll_pragma(LLVMGetBasicBlockTerminator(latch)) == PL_UNROLL_NONE &&
         pl_loop_unrollable_uniform(host, c->loop, count);
}

unsigned pl_steady_unroll_count(const pl_plan *plan) {
  const pl_cost *k = &plan->cost;
  if (!plan->modelled || !k->ptxas_rolls || plan->used != 1u << PL_LOWERING_REGISTERS ||
      k->staged_batch < 2)
    return 0;
  return k->staged_batch;
}

/* The slot counter `phi` of `loop`'s header replaced by the value it
 * enters the loop with (the one incoming from outside it), where the loop
 * returns to the slot it entered with. */
static void fix_slot(pl_loop_ref loop, LLVMValueRef phi) {
  if (!phi || !loop || LLVMGetInstructionParent(phi) != pl_loop_header(loop))
    return;
  LLVMValueRef entry = NULL;
  for (unsigned i = 0, n = LLVMCountIncoming(phi); i < n; ++i)
    if (!pl_loop_contains(loop, LLVMGetIncomingBlock(phi, i))) {
      if (entry && entry != LLVMGetIncomingValue(phi, i))
        return; /* entered with different slots */
      entry = LLVMGetIncomingValue(phi, i);
    }
  if (!entry)
    return;
  LLVMReplaceAllUsesWith(phi, entry);
  LLVMInstructionEraseFromParent(phi);
}

void pl_unroll_steady_state(pl_host *host, pl_candidate *c, pl_plan *plan, LLVMValueRef slot_phi) {
  plan->steady_unrolled = 0;
  unsigned count = pl_steady_unroll_count(plan);
  if (!count)
    return;
  if (!pl_loop_unroll_uniform(host, &c->loop, count))
    return;
  plan->steady_unrolled = count;
  if (count % plan->stages == 0) /* in place: no slot counter */
    fix_slot(c->loop, slot_phi);
}

void pl_note_steady_unroll(pl_remark *r, const pl_plan *plan) {
  if (plan->copy_loop_trips) {
    if (plan->copy_loops > 1) {
      pl_remark_text(r, "; the ");
      pl_remark_u64(r, "CopyLoops", plan->copy_loops);
      pl_remark_text(r, " copy loops unrolled completely (at most ");
    } else {
      pl_remark_text(r, "; the copy loop unrolled completely (at most ");
    }
    pl_remark_u64(r, "CopyLoopTrips", plan->copy_loop_trips);
    pl_remark_text(r, plan->copy_loop_trips > 1 ? " trips" : " trip");
    pl_remark_text(r, plan->copy_loops > 1 ? " each) for the register lowering"
                                           : ") for the register lowering");
  }
  if (!plan->steady_unrolled)
    return;
  pl_remark_text(r, "; the steady state unrolled ");
  pl_remark_u64(r, "SteadyUnrolled", plan->steady_unrolled);
  pl_remark_text(r, " times, since the ptxas of CUDA ");
  pl_remark_cuda_version(r, &plan->cost);
  pl_remark_text(r, " keeps tile loops rolled");
}

void pl_remark_cuda_version(pl_remark *r, const pl_cost *k) {
  char v[32];
  snprintf(v, sizeof v, "%u.%u", k->sdk_major, k->sdk_minor);
  pl_remark_str(r, "CudaVersion", v);
}
