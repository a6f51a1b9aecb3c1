/*===- lib/remarks.c - what the user is told about each loop ------------===*/
#include "remarks.h"

#include <stdlib.h>

static const char prefix[] = "loop not pipelined: ";

void pl_remark_declined(pl_host *host, pl_loop_ref loop, const pl_fail *f) {
  const char *name = pl_reason_name(f->reason);
  const char *message = f->message ? f->message : pl_reason_description(f->reason);
  char *text = pl_strdupf("%s%s", prefix, message);
  pl_remark *r = pl_remark_begin(host, PL_REMARK_MISSED, name, loop, NULL);
  pl_remark_text(r, text);
  pl_remark_emit(r);
  free(text);
  if (f->detail || f->inst) {
    text = pl_strdupf("%s%s", prefix, f->detail ? f->detail : message);
    r = pl_remark_begin(host, PL_REMARK_ANALYSIS, name, loop, f->inst);
    pl_remark_text(r, text);
    pl_remark_emit(r);
    free(text);
  }
}

void pl_remark_pipelined(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                         unsigned copies) {
  const char *lowering = pl_plan_lowering_name(plan);
  size_t staged = pl_plan_count(plan, PL_LOWERING_REGISTERS);
  pl_remark *r = pl_remark_begin(host, PL_REMARK_PASSED, "Pipelined", c->loop, NULL);
  pl_remark_text(r, "pipelined loop with ");
  pl_remark_u64(r, "Stages", plan->stages);
  pl_remark_text(r, " stages:");
  for (size_t t = 0; t < c->ntiles; ++t) {
    pl_remark_text(r, t ? ", tile '" : " tile '");
    pl_remark_str(r, "Tile", c->tiles[t].name);
    pl_remark_text(r, "' ");
    pl_remark_u64(r, "Bytes", c->tiles[t].bytes);
    pl_remark_text(r, " -> ");
    pl_remark_u64(r, "RingBytes", plan->rings[t].stride * plan->stages);
    pl_remark_text(r, " bytes");
  }
  pl_remark_text(r, "; ");
  pl_remark_u64(r, "Copies", plan->ncopies);
  pl_remark_text(r, " ");
  if (!staged)
    pl_remark_str(r, "Lowering", lowering);
  else
    pl_remark_text(r, plan->ncopies == 1 ? "copy" : "copies");
  if (plan->min_bytes == plan->max_bytes) {
    pl_remark_text(r, staged ? " of " : plan->ncopies == 1 ? " copy of " : " copies of ");
    pl_remark_u64(r, "CopyBytes", plan->min_bytes);
  } else {
    pl_remark_text(r, staged ? " of " : " copies of ");
    pl_remark_u64(r, "MinCopyBytes", plan->min_bytes);
    pl_remark_text(r, " to ");
    pl_remark_u64(r, "MaxCopyBytes", plan->max_bytes);
  }
  if (staged) {
    pl_remark_text(r, " bytes, ");
    pl_remark_u64(r, "StagedCopies", staged);
    pl_remark_text(r, " staged through ");
    pl_remark_u64(r, "StagedRegisters", plan->staged_regs);
    pl_remark_text(r, plan->staged_regs == 1 ? " register" : " registers");
    pl_remark_text(r, c->sync_first ? "; removed the top barrier" : "; removed the second barrier");
  } else {
    pl_remark_text(r, c->sync_first ? " bytes; removed the top barrier"
                                    : " bytes; removed the second barrier");
  }
  if (plan->stages != plan->requested) {
    pl_remark_text(r, " (");
    pl_remark_u64(r, "Requested", plan->requested);
    pl_remark_text(r, " stages requested; ");
    pl_remark_u64(r, "Fit", plan->stages);
    pl_remark_text(r, " fit the ");
    pl_remark_u64(r, "Budget", plan->budget);
    pl_remark_text(r, "-byte budget)");
  }
  pl_remark_text(r, "; ");
  if (staged)
    pl_remark_str(r, "Lowering", lowering);
  else
    pl_remark_text(r, lowering);
  pl_remark_text(r, " on ");
  pl_remark_str(r, "Target", plan->target);
  pl_remark_emit(r);

  r = pl_remark_begin(host, PL_REMARK_ANALYSIS, "Pipelined", c->loop, NULL);
  pl_remark_text(r, "ring of ");
  pl_remark_u64(r, "Stages", plan->stages);
  pl_remark_text(r, " stages takes ");
  pl_remark_u64(r, "RingBytes", plan->ring_bytes);
  pl_remark_text(r, " bytes of shared memory (");
  pl_remark_u64(r, "OtherSharedBytes", plan->other_shared);
  pl_remark_text(r, " more in other __shared__ arrays); the prologue issues ");
  pl_remark_u64(r, "PrologueIterations", plan->stages - 1);
  if (plan->stores_after_compute) {
    pl_remark_text(r, " iteration; iteration i loads iteration i+1 into registers before its "
                      "compute and stores them into the other slot after it");
    if (staged != plan->ncopies)
      pl_remark_text(r, ", and issues the other copies with cp.async, waiting with "
                        "cp.async.wait_group 0");
    pl_remark_text(r, "; one barrier per iteration; ");
    pl_remark_u64(r, "Emitted", copies);
    pl_remark_text(r, " copy instructions emitted");
    pl_remark_emit(r);
    return;
  }
  pl_remark_text(r, plan->stages - 1 == 1 ? " iteration; steady state waits with "
                                          : " iterations; steady state waits with ");
  pl_remark_text(r, lowering);
  pl_remark_text(r, ".wait_group ");
  pl_remark_u64(r, "WaitGroup", plan->stages - 2);
  pl_remark_text(r, "; ");
  pl_remark_u64(r, "Emitted", copies);
  pl_remark_text(r, " ");
  pl_remark_text(r, lowering);
  pl_remark_text(r, " emitted");
  pl_remark_emit(r);
}
