/*===- lib/plan_lowering.c - which lowering a ring's copies take ---------===*\
 *
 * Under `lowering=auto`, the plan of plan.c for cp.async where it can
 * serve, weighed against the register lowering's (docs/design.md, "Which
 * lowering"): where cp.async would split the loop's loads, where the model
 * predicts the register lowering gains more than the cp.async ring it
 * takes, and where it declines the cp.async ring but predicts a large gain
 * for the register lowering.
\*===----------------------------------------------------------------------===*/
#include "plan.h"

#include "alloc.h"
#include "cost.h"
#include "plan_cache.h"
#include "plan_copies.h"
#include "plan_declines.h"

#include <stdlib.h>
#include <string.h>

/* Whether the model declined plan `p` because its cp.async copies would
 * split loads the loop issues whole (pl_cost_decide, "split"). */
static int split_by_cp_async(const pl_plan *p) {
  return p->modelled && !p->cost.stages && p->cost.why && strcmp(p->cost.why, "split") == 0;
}

/* The plan of the loop of `x` with the register lowering (`registers`:
 * ptxas's counts to use, or NULL for the estimate) into `alt`, as
 * pl_plan_as_asked. */
static int register_plan(const pl_loop_ctx *x, pl_ptxas *registers, pl_plan *alt, pl_fail *why) {
  pl_options o = *x->opts;
  o.lowering = PL_CHOOSE_REGISTERS;
  const pl_loop_ctx y = {x->host, &o, x->c, x->facts, x->table, registers};
  return pl_plan_as_asked(&y, alt, why);
}

/* Replaces `plan` by the register lowering's plan of the same loop where
 * the model prices it (with ptxas's count where `plan`'s was measured, else
 * the estimate: no ptxas run of its own) and `better` says it is better
 * than `plan`; cp_async_gain keeps `plan`'s prediction (cp_async_declined:
 * the model declined it). Returns 1 when it
 * replaced `plan`, else 0 with `plan` kept. */
static int take_registers(const pl_loop_ctx *x, pl_plan *plan,
                          int (*better)(const pl_cost *registers, const pl_cost *cp_async)) {
  pl_plan alt;
  pl_fail why = {0};
  int take = register_plan(x, plan->cost.regs_measured ? x->registers : NULL, &alt, &why) &&
             alt.modelled && better(&alt.cost, &plan->cost);
  pl_fail_clear(&why);
  unsigned gain = plan->cost.gain_permille;
  int declined = !plan->cost.stages;
  pl_plan_free(take ? plan : &alt);
  if (take)
    *plan = alt, plan->cp_async_gain = gain, plan->cp_async_declined = declined;
  return take;
}

/* Whether most of the register lowering's staged copies run under a
 * predicate few threads meet (pl_copy_few_threads): the halo copies of
 * stencils, which a few threads make
 * in the plain loop and every thread loads in the register lowering (from
 * zeros where its predicate fails: lower_registers.c), with a select of
 * the address and the condition of the later iteration. The model does not
 * price that: measured on an H100 (docs/results/log.md), haloblur's
 * register ring (8 of 9 copies predicated) ran 0.873x plain where its
 * cp.async ring ran 1.357x, conv5's 1.052x against 1.129x; rowdot's and
 * twoloop's (1 of 2) ran 1.138x and 1.325x against 1.085x and 1.294x. */
static int mostly_predicated(const pl_cost *registers) {
  return 2 * registers->staged_predicated > registers->staged_copies;
}

/* A cp.async ring the model takes gives way where the register lowering is
 * predicted to gain PL_COST_TIE_PERMILLE more, its copies not mostly
 * predicated. */
static int gains_more(const pl_cost *registers, const pl_cost *cp_async) {
  return registers->gain_permille > cp_async->gain_permille + PL_COST_TIE_PERMILLE &&
         !mostly_predicated(registers);
}

/* A cp.async ring the model declines gives way where the register lowering
 * is predicted to gain PL_COST_REGISTERS_ALONE_PERMILLE or more on latency
 * alone, not on ptxas batching its staged loads (staged_batch 1:
 * upwindStep, predicted 1.481x so, ran 0.985x on the H100), its copies not
 * mostly predicated. */
static int gains_alone(const pl_cost *registers, const pl_cost *cp_async) {
  (void)cp_async;
  return registers->staged_batch <= 1 && !mostly_predicated(registers) &&
         registers->gain_permille >= PL_COST_REGISTERS_ALONE_PERMILLE;
}

/* The ring plan the loop takes, finished: its alias check's mode and its
 * copies' cache operator. */
static int finish(const pl_loop_ctx *x, pl_plan *plan) {
  pl_plan_cache_operator(x->host, x->c, plan);
  return pl_plan_alias_mode(x, plan);
}

int pl_make_plan(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f) {
  int ring = pl_plan_as_asked(x, plan, f);
  int free_choice = x->opts->lowering == PL_CHOOSE_AUTO && !x->c->region && plan->modelled;
  if (ring && free_choice && (plan->used & (1u << PL_LOWERING_CP_ASYNC)))
    take_registers(x, plan, gains_more); /* under `lowering=auto`, priced beside it */
  if (ring)
    return finish(x, plan);
  if (x->opts->lowering != PL_CHOOSE_AUTO || x->c->region)
    return 0; /* a copy loop's copies are cp.async or nothing */
  if (!split_by_cp_async(plan)) {
    if (!free_choice || f->reason != PL_R_NOT_PROFITABLE || !take_registers(x, plan, gains_alone))
      return 0;
    pl_fail_clear(f);
    return finish(x, plan);
  }
  /* cp.async would split loads the loop issues whole (a float4 stored as
   * four scalars): the register lowering keeps them whole, its lanes
   * merged as the plain loop's are (plan_lanes), and is priced as a plan
   * of its own; the first plan's figures name what cp.async would do */
  unsigned cp_async = plan->cost.ring_copies - plan->cost.staged_copies;
  unsigned loop_loads = plan->cost.loop_loads;
  pl_plan alt;
  pl_fail why = {0};
  if (register_plan(x, x->registers, &alt, &why)) {
    pl_plan_free(plan);
    *plan = alt;
    plan->split_copies = cp_async;
    plan->split_loads = loop_loads;
    pl_fail_clear(f);
    return finish(x, plan);
  }
  pl_plan_fail_split_both(plan, &alt, &why, f);
  pl_plan_free(&alt);
  pl_fail_clear(&why);
  return 0;
}
