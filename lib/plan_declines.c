/*===- lib/plan_declines.c - the words of the cost model's declines ------===*/
#include "plan_declines.h"

#include "limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* How a register-split decline's remark ends: what would measure the
 * count. */
static const char *count_advice(const pl_plan *plan) {
  return plan->registers_unknown ? "ptxas, which would measure the count, gave none"
                                 : "`ptxas=on` measures the count";
}

/* The model's predicted speedup as a decline says it: "0.946x", or, where
 * the DRAM floor bounds the plain loop and the ring alike
 * (pl_cost.dram_bound), "1.000x, DRAM bandwidth bounding the loop either
 * way". */
static const char *gain_text(const pl_cost *k, char *buf, size_t size) {
  snprintf(buf, size, "%u.%03ux%s", k->gain_permille / 1000, k->gain_permille % 1000,
           k->dram_bound ? ", DRAM bandwidth bounding the loop either way" : "");
  return buf;
}

/* The decline of a ring whose cp.async copies (and, in a mixed ring, its
 * register loads) outnumber the loads the loop issues. */
static int fail_split(const pl_plan *plan, pl_fail *f) {
  const pl_cost *k = &plan->cost;
  unsigned cp_async = k->ring_copies - k->staged_copies;
  char staged[64] = "";
  if (k->ring_loads > cp_async)
    snprintf(staged, sizeof staged, " and %u register load%s", k->ring_loads - cp_async,
             k->ring_loads - cp_async == 1 ? "" : "s");
  return pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
                  "on %s the ring would issue %u cp.async%s per thread where the loop issues %u "
                  "global load%s: the loads would split into narrower copies",
                  plan->arch, cp_async, staged, k->loop_loads, k->loop_loads == 1 ? "" : "s");
}

/* The clause a decline ends with where ptxas already keeps several
 * iterations' loads of the plain loop in flight (pl_cost.plain_batch),
 * appended to f's message. */
static void add_batch(const pl_cost *k, pl_fail *f) {
  if (k->plain_batch <= 1 || !f->message)
    return;
  char *m = pl_strdupf("%s; ptxas already keeps the plain loop's read-only loads of %u "
                       "iterations in flight (it unrolls the small loop and issues them above "
                       "its barriers)",
                       f->message, k->plain_batch);
  free(f->message);
  f->message = m;
}

/* The one clause of a tie's decline that differs: why the gains the
 * model does not price (pl_cost_decide) do not apply, into `buf`. */
static void tie_clause(const pl_cost *k, char *buf, size_t len) {
  if (k->staged_copies && k->staged_copies < k->ring_copies)
    snprintf(buf, len,
             ", the ring would pad no rows, and with %u of its copies staged through registers "
             "its cp.async copies would get two slots and no margin",
             k->staged_copies);
  else if (k->warps > PL_COST_SCHEDULERS) /* batched (pl_cost_decide): said after */
    snprintf(buf, len,
             ", and the ring would pad no rows and remove a barrier that costs the plain loop "
             "little");
  else
    snprintf(buf, len,
             ", and the ring would pad no rows and remove only a barrier that a block of %u "
             "warps, each on a scheduler of its own, barely waits at",
             k->warps);
}

/* The missed remark of a loop the model declines, with its figures. */
int pl_plan_fail_not_profitable(const pl_plan *plan, pl_fail *f) {
  const pl_cost *k = &plan->cost;
  char gain[128];
  if (k->why && strcmp(k->why, "split") == 0)
    return fail_split(plan, f);
  if (k->regs_split) {
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
             "on %s a ring pays at some of the plain kernel's register counts from %u to %u that "
             "the estimate allows and not at others (predicted %s at the estimate); %s",
             plan->arch, k->regs_lo, k->regs_hi, gain_text(k, gain, sizeof gain),
             count_advice(plan));
  } else if (k->family) {
    char family[192];
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL, "on %s the model predicts %s, but %s", plan->arch,
             gain_text(k, gain, sizeof gain), pl_cost_family_text(k, family, sizeof family));
  } else if (k->why && strcmp(k->why, "tie") == 0) {
    char why[192];
    tie_clause(k, why, sizeof why);
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
             "on %s the model predicts %s, within %u.%u%% of plain, too close to call: %u "
             "resident blocks of %u warps and %u instructions per iteration hide most of an "
             "estimated %u-cycle load latency%s",
             plan->arch, gain_text(k, gain, sizeof gain), PL_COST_TIE_PERMILLE / 10,
             PL_COST_TIE_PERMILLE % 10, k->blocks_plain, k->warps, k->compute, k->chip->latency,
             why);
  } else {
    char occupancy[160] = "";
    unsigned nb = k->best ? k->blocks_ring[k->best] : 0;
    if (nb && nb < k->blocks_plain)
      snprintf(occupancy, sizeof occupancy,
               "; its %u stages would leave %u resident blocks (%u warps per scheduler) where %u "
               "reside without it",
               k->best, nb, (nb * k->warps + 3) / 4, k->blocks_plain);
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
             "on %s %u resident blocks of %u warps and %u instructions per iteration already "
             "cover an estimated %u-cycle load latency; a ring would add %u instructions%s "
             "(predicted %s)",
             plan->arch, k->blocks_plain, k->warps, k->compute, k->chip->latency, k->added,
             occupancy, gain_text(k, gain, sizeof gain));
  }
  add_batch(k, f);
  char serial[192] = "", why[128];
  if (k->serial_milli > 1000)
    snprintf(serial, sizeof serial,
             "; the plain loop waits for %u.%02u load latencies one after another (%s)",
             k->serial_milli / 1000, k->serial_milli % 1000 / 10,
             pl_cost_serial_text(k, why, sizeof why));
  char regs[288], any[80], threads[160];
  snprintf(any, sizeof any, PL_REGISTERS_DO_NOT_MATTER, k->regs_lo, k->regs_hi);
  if (k->regs_measured)
    snprintf(regs, sizeof regs, "%u registers (ptxas)", k->regs);
  else
    snprintf(regs, sizeof regs, "about %u registers (estimated from %u words live at once%s%s)",
             k->regs, k->pressure_words,
             plan->registers_unknown ? "; ptxas: "
             : k->regs_any           ? (k->regs_measurable ? "; ptxas not asked: " : "; ")
                                     : "",
             plan->registers_unknown ? plan->registers_unknown
             : k->regs_any           ? any
                                     : "");
  const char *guess = "";
  for (size_t t = 0; t < plan->nrings; ++t)
    if (plan->rings[t].symbolic)
      guess = " (a guess: the kernel's arguments set the size of its tile in dynamic shared "
              "memory)";
  pl_fail_detail(f,
                 "cost model on %s: %u threads per block%s, %s, %llu bytes of tiles%s and %llu of "
                 "other __shared__ arrays; per warp and iteration %u instructions (%u tile loads, "
                 "%u math); %.0f busy cycles per block-iteration, %.0f more covered by the other "
                 "blocks%s",
                 plan->arch, k->threads, pl_cost_threads_note(k, threads, sizeof threads), regs,
                 (unsigned long long)k->tile_bytes, guess, (unsigned long long)k->other_shared,
                 k->compute, k->tile_loads, k->math, k->busy, k->cover, serial);
  return 0;
}

/* The missed remark of an in-place loop the model declines: the ring's
 * reason, then the model's figures for loading ahead in place. */
int pl_plan_fail_in_place(const pl_plan *plan, pl_fail *f) {
  const pl_cost *k = &plan->cost;
  char gain[128];
  const char *why = plan->no_ring.message ? plan->no_ring.message : "";
  char *detail = f->detail; /* the model's figures (pl_plan_fail_not_profitable) stay */
  f->detail = NULL;
  pl_fail_clear(f);
  if (strcmp(k->why, "budget") == 0) /* in place adds no shared memory: registers */
    pl_failf(f, PL_R_STAGED_REGISTERS, NULL,
             "no ring (%s), and loading each next tile into registers in place would need "
             "%u registers per thread (%u and %u staged), more than a block of %u threads can "
             "have on %s; copy less per thread or use smaller blocks",
             why, k->regs_ring, k->regs, k->staged_regs, k->threads, plan->arch);
  else if (k->regs_split)
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
             "no ring (%s), and on %s loading each next tile into registers in place pays at "
             "some of the plain kernel's register counts from %u to %u that the estimate allows "
             "and not at others (predicted %s at the estimate); %s",
             why, plan->arch, k->regs_lo, k->regs_hi, gain_text(k, gain, sizeof gain),
             count_advice(plan));
  else if (k->family) {
    char family[192];
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
             "no ring (%s), and on %s loading each next tile into registers in place is "
             "predicted %s, but %s",
             why, plan->arch, gain_text(k, gain, sizeof gain),
             pl_cost_family_text(k, family, sizeof family));
  } else if (strcmp(k->why, "tie") == 0)
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
             "no ring (%s), and on %s loading each next tile into registers in place is "
             "predicted %s, within %u.%u%% of plain, too close to call: it keeps both "
             "barriers",
             why, plan->arch, gain_text(k, gain, sizeof gain), PL_COST_TIE_PERMILLE / 10,
             PL_COST_TIE_PERMILLE % 10);
  else
    pl_failf(f, PL_R_NOT_PROFITABLE, NULL,
             "no ring (%s), and on %s %u resident blocks of %u warps and %u instructions per "
             "iteration already cover an estimated %u-cycle load latency; loading each next "
             "tile into registers in place would add %u instructions (predicted %s)",
             why, plan->arch, k->blocks_plain, k->warps, k->compute, k->chip->latency, k->added,
             gain_text(k, gain, sizeof gain));
  add_batch(k, f);
  if (detail)
    pl_fail_detail(f, "%s", detail);
  free(detail);
  return 0;
}

void pl_plan_fail_split_both(const pl_plan *plan, const pl_plan *alt, pl_fail *why, pl_fail *f) {
  const char *alt_why = why->message ? why->message : "";
  size_t on = strlen(plan->arch) + 4; /* "on sm_90 ", said once */
  if (strncmp(alt_why, "on ", 3) == 0 && strncmp(alt_why + 3, plan->arch, on - 4) == 0 &&
      alt_why[on - 1] == ' ')
    alt_why += on;
  char *m = pl_strdupf("%s; nor does the register lowering, which keeps them whole: %s",
                       f->message ? f->message : "", alt_why);
  free(f->message);
  f->message = m;
  if (why->reason == PL_R_STAGED_REGISTERS) /* its own detail names lowering=registers */
    pl_fail_detail(f,
                   "all %zu copies would go through registers, tried because cp.async would "
                   "split their loads; each thread holds what it loads for the next iteration "
                   "across the whole compute",
                   alt->ncopies);
  else if (!f->detail && why->detail) {
    f->detail = why->detail;
    why->detail = NULL;
  }
}
