/*===- lib/plan_copies.c - how each copy moves: widening and lowering -----===*\
 *
 * The plan's decisions about the copies themselves (plan.h, "lowering",
 * "shape" and "widening"): adjacent copies merged into wider ones, and each
 * copy's lowering -- cp.async where it can copy, registers elsewhere, or
 * what the user forced -- with the registers the register lowering stages.
\*===----------------------------------------------------------------------===*/
#include "plan_copies.h"

#include "align.h"
#include "alloc.h"
#include "cost.h"
#include "classify.h"
#include "host_scev.h"
#include "legality_copies.h"
#include "lowering.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const char *pl_lowering_name(pl_lowering_kind k) {
  switch (k) {
  case PL_LOWERING_CP_ASYNC:
    return "cp.async";
  case PL_LOWERING_REGISTERS:
    return "registers";
  case PL_NUM_LOWERINGS:
    break;
  }
  return "unknown";
}

const char *pl_plan_lowering_name(const pl_plan *plan) {
  if (plan->used == ((1u << PL_LOWERING_CP_ASYNC) | (1u << PL_LOWERING_REGISTERS)))
    return "cp.async+registers";
  return pl_lowering_name(plan->lowering);
}

size_t pl_plan_count(const pl_plan *plan, pl_lowering_kind k) {
  size_t n = 0;
  for (size_t i = 0; i < plan->ncopies; ++i)
    n += plan->copy_lowering && plan->copy_lowering[i] == k;
  return n;
}

/* Byte distance from the first byte `a` loads to the first byte `b`
 * loads, in *d; 0 when unknown. */
static int load_distance(pl_host *host, const pl_copy *a, const pl_copy *b, int64_t *d) {
  int64_t s = 0;
  if (a->src != b->src && !pl_scev_const_distance(host, b->src, a->src, &s))
    return 0;
  *d = s + (int64_t)b->offset - (int64_t)a->offset;
  return 1;
}

/* Byte distance from the first byte `a` copies to the first byte `b`
 * copies, at the source (*ds) and in the tile (*dd); 0 when unknown. */
static int copy_distance(pl_host *host, const pl_copy *a, const pl_copy *b, int64_t *ds,
                         int64_t *dd) {
  return load_distance(host, a, b, ds) && pl_scev_const_distance(host, b->dst, a->dst, dd);
}

/* Whether `b` may join a wider copy that `a` opens: same tile, same guard
 * and predicate, so that one cp.async does what both did. */
static int same_condition(const pl_copy *a, const pl_copy *b) {
  return a->tile == b->tile && pl_copies_same_guards(a, b) && !a->value && !b->value && !a->fill &&
         !b->fill;
}

/* Copy widening: greedily, from each copy not yet taken, the copies that
 * continue it byte for byte in the source and in the tile, up to 16 bytes;
 * the run becomes one copy when it is 8 or 16 bytes and both ends are
 * aligned to that, else the copies stay as they are. */
void pl_plan_widen(pl_host *host, const pl_candidate *c, pl_plan *plan) {
  size_t n = c->ncopies;
  plan->copies = pl_xcalloc(n, sizeof *plan->copies);
  char *taken = pl_xcalloc(n, 1);
  size_t *run = pl_xcalloc(n, sizeof *run);
  /* A copy loop's copies stay one element per iteration: neighbours in the
   * tile are other iterations, which one wider copy cannot take. */
  for (size_t i = 0; i < n && c->region; ++i)
    plan->copies[plan->ncopies++] = c->copies[i];
  for (size_t i = 0; i < n && !c->region; ++i) {
    if (taken[i])
      continue;
    const pl_copy *a = &c->copies[i];
    size_t len = 1;
    unsigned total = a->bytes;
    run[0] = i;
    for (int grew = 1; grew && total < 16;) {
      grew = 0;
      for (size_t j = 0; j < n && !grew; ++j) {
        const pl_copy *b = &c->copies[j];
        int64_t ds, dd;
        int in_run = 0;
        for (size_t r = 0; r < len; ++r)
          in_run |= run[r] == j;
        if (taken[j] || in_run || !same_condition(a, b) || total + b->bytes > 16 ||
            !copy_distance(host, a, b, &ds, &dd) || ds != (int64_t)total || dd != (int64_t)total)
          continue;
        run[len++] = j;
        total += b->bytes;
        grew = 1;
      }
    }
    unsigned sa, da;
    pl_copy_alignment(host, c, a, &sa, &da);
    pl_copy wide = *a;
    if (len > 1 && (total == 8 || total == 16) && sa >= total && da >= total) {
      wide.bytes = total;
      for (size_t r = 0; r < len; ++r)
        taken[run[r]] = 1;
    } else {
      taken[i] = 1;
    }
    plan->copies[plan->ncopies++] = wide;
  }
  free(taken);
  free(run);
}

/* Whether the loads of `a` and `b` may merge into one: both load plain
 * bytes (a conversion loads its own type) under the same guard and
 * predicate. The tiles and fills may differ: those are the stores'. */
static int same_load_condition(const pl_copy *a, const pl_copy *b) {
  return pl_copies_same_guards(a, b) && !a->value && !b->value;
}

/* Groups copies into the global loads the backend issues for them:
 * NVPTX's load-store vectorizer merges loads adjacent in the source, under
 * one guard and predicate, into one of up to 16 bytes when the first (the
 * lowest address, whatever the order of the stores) is aligned to the
 * total. Only copies with `member[i]` nonzero take part (NULL: all). Where
 * `group` is not NULL, group[i] is the lowest-addressed copy of i's group
 * and pos[i] the bytes from its first byte to copy i's; copies that take
 * no part get SIZE_MAX. Returns the number of groups. */
static unsigned load_groups(pl_host *host, const pl_candidate *c, const pl_copy *copies, size_t n,
                            const unsigned char *member, size_t *group, int64_t *pos) {
  char *taken = pl_xcalloc(n ? n : 1, 1);
  unsigned loads = 0;
  for (size_t i = 0; i < n; ++i) {
    if (group)
      group[i] = SIZE_MAX;
    if (member && !member[i])
      taken[i] = 1;
  }
  for (size_t i = 0; i < n; ++i) {
    if (taken[i])
      continue;
    /* the lowest address first: step down while a copy ends where the
     * group begins (at most n steps) */
    size_t lo = i;
    for (size_t step = 0, moved = 1; moved && step < n; ++step) {
      moved = 0;
      for (size_t j = 0; j < n && !moved; ++j) {
        int64_t d;
        if (!taken[j] && j != lo && same_load_condition(&copies[lo], &copies[j]) &&
            load_distance(host, &copies[j], &copies[lo], &d) && d == (int64_t)copies[j].bytes) {
          lo = j;
          moved = 1;
        }
      }
    }
    const pl_copy *a = &copies[lo];
    unsigned total = a->bytes, sa, da;
    pl_copy_alignment(host, c, a, &sa, &da);
    taken[lo] = 1;
    ++loads;
    if (group) {
      group[lo] = lo;
      pos[lo] = 0;
    }
    for (int grew = 1; grew && total < 16;) {
      grew = 0;
      for (size_t j = 0; j < n && !grew; ++j) {
        const pl_copy *b = &copies[j];
        int64_t d = 0;
        if (taken[j] || !same_load_condition(a, b) || total + b->bytes > sa ||
            total + b->bytes > 16 || !load_distance(host, a, b, &d) || d != (int64_t)total)
          continue;
        taken[j] = 1;
        if (group) {
          group[j] = lo;
          pos[j] = total;
        }
        total += b->bytes;
        grew = 1;
      }
    }
    if (!taken[i]) /* i started a walk down to a group that left it out */
      --i;
  }
  free(taken);
  return loads;
}

unsigned pl_plan_source_loads(pl_host *host, const pl_candidate *c) {
  return load_groups(host, c, c->copies, c->ncopies, NULL, NULL, NULL);
}

/* The register-lowered copies that load their own registers, grouped as
 * the backend merges their loads (load_groups). Each lane of a group loads
 * at its constant distance from the address the group's first copy in
 * program order selected (pl_plan.lane_base), so that the lanes stay
 * mergeable where the iteration or the guard may not hold; that copy
 * selects, where they do not hold, the zeros at its own position in the
 * group (lane_lo) of a zero constant covering the group (lane_span).
 * Returns the loads the staged copies issue. */
static unsigned plan_lanes(pl_host *host, const pl_candidate *c, pl_plan *plan) {
  size_t n = plan->ncopies;
  unsigned char *member = pl_xcalloc(n ? n : 1, 1);
  size_t *group = pl_xcalloc(n ? n : 1, sizeof *group);
  int64_t *pos = pl_xcalloc(n ? n : 1, sizeof *pos);
  plan->lane_base = pl_xcalloc(n ? n : 1, sizeof *plan->lane_base);
  plan->lane_dist = pl_xcalloc(n ? n : 1, sizeof *plan->lane_dist);
  plan->lane_span = pl_xcalloc(n ? n : 1, sizeof *plan->lane_span);
  plan->lane_lo = pl_xcalloc(n ? n : 1, sizeof *plan->lane_lo);
  for (size_t i = 0; i < n; ++i)
    member[i] = plan->copy_lowering[i] == PL_LOWERING_REGISTERS && plan->share[i] == SIZE_MAX;
  unsigned loads = load_groups(host, c, plan->copies, n, member, group, pos);
  for (size_t i = 0; i < n; ++i) {
    plan->lane_base[i] = SIZE_MAX;
    if (group[i] == SIZE_MAX)
      continue;
    size_t first = i; /* the group's first copy in program order */
    for (size_t j = 0; j < i && first == i; ++j)
      if (group[j] == group[i])
        first = j;
    plan->lane_base[i] = first;
    plan->lane_dist[i] = pos[i] - pos[first];
    uint64_t end = (uint64_t)pos[i] + plan->copies[i].bytes;
    if (end > plan->lane_span[first])
      plan->lane_span[first] = end;
    plan->lane_lo[first] = (uint64_t)pos[first];
  }
  free(member);
  free(group);
  free(pos);
  return loads;
}

/* The target: cp.async needs sm_80 (PTX ISA, "cp.async": requires sm_80). */
static int cp_async_target(const pl_plan *plan, pl_fail *f) {
  if (plan->sm >= 80)
    return 1;
  return pl_failf(f, PL_R_TARGET, NULL,
                  "cp.async needs sm_80 or newer, and the target is %s; build for sm_80 or "
                  "newer (--cuda-gpu-arch=sm_80), or use the register lowering "
                  "(lowering=registers, the default lowering=auto)",
                  plan->target);
}

/* Whether plan copy `i` can be one cp.async (PTX ISA, "cp.async"): the
 * loaded bytes unchanged, zeros where a guard is false -- or, with `fills`
 * set, a constant fill, copied from a global that holds it
 * (pl_cp_async_fill_ok) -- cp-size 4, 8 or 16, both addresses aligned to
 * it. Else 0 with the reason in `f`. `fills` is set where the register
 * lowering cannot serve (a copy loop) or is not asked for
 * (lowering=cp.async); lowering=auto keeps the register lowering's
 * select for a straight-line copy's fill. */
static int cp_async_can_copy(const pl_candidate *c, const pl_plan *plan, size_t i, int fills,
                             pl_fail *f) {
  const pl_copy *cp = &plan->copies[i];
  const char *tn = c->tiles[cp->tile].name;
  if (cp->value) {
    pl_failf(f, PL_R_CONVERTED_COPY, cp->store,
             "the copy into tile '%s' converts the loaded value; cp.async copies bytes "
             "unchanged; use the register lowering (lowering=registers, the default "
             "lowering=auto), or convert when reading the tile",
             tn);
    if (cp->guard_cut)
      pl_fail_detail(f, PL_GUARD_CUT_FORMAT, PL_MAX_GUARD_TERMS);
    return 0;
  }
  if (cp->fill && !(fills && pl_cp_async_fill_ok(c, cp))) {
    char *text = pl_fill_text(cp->fill);
    pl_failf(f, PL_R_NONZERO_FILL, cp->store,
             "the copy into tile '%s' writes %s where its guard fails; cp.async writes zeros, "
             "or a constant of plain bytes (integers and floats, not addresses) copied from a "
             "global; write 0 in the other branch, or apply the fill value when reading the "
             "tile, or use the register lowering (lowering=registers, the default lowering=auto)",
             tn, text ? text : "a constant");
    free(text);
    return 0;
  }
  if (cp->bytes != 4 && cp->bytes != 8 && cp->bytes != 16)
    return pl_failf(f, PL_R_COPY_SIZE, cp->store,
                    "a copy into tile '%s' moves %u bytes; cp.async copies 4, 8 or 16 bytes", tn,
                    cp->bytes);
  unsigned sa = plan->src_align[i], da = plan->dst_align[i];
  if (sa < cp->bytes) {
    pl_failf(f, PL_R_COPY_ALIGN, cp->load ? cp->load : cp->store,
             "the source of a %u-byte copy into tile '%s' is only %u-byte aligned", cp->bytes, tn,
             sa);
    pl_fail_detail(f, "cp.async needs both addresses aligned to the copy size; "
                      "neither the IR nor known bits prove more");
    return 0;
  }
  if (da < cp->bytes)
    return pl_failf(f, PL_R_COPY_ALIGN, cp->store,
                    "the destination of a %u-byte copy into tile '%s' is only "
                    "%u-byte aligned within the tile",
                    cp->bytes, tn, da);
  return 1;
}

/* 32-bit registers a thread holds for the register-lowered copies from
 * their loads to their stores: each staged load rounded up to 4 bytes (a
 * 1- or 2-byte value still takes a register). Converting copies of one
 * load under one guard and predicate (a char4 unpacked into four halves)
 * share one staged load (plan->share) and count it once. */
static unsigned staged_registers(const pl_candidate *c, pl_plan *plan) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  unsigned regs = 0;
  for (size_t i = 0; i < plan->ncopies; ++i) {
    const pl_copy *cp = &plan->copies[i];
    plan->share[i] = SIZE_MAX;
    if (plan->copy_lowering[i] != PL_LOWERING_REGISTERS)
      continue;
    for (size_t j = 0; j < i && cp->value && plan->share[i] == SIZE_MAX; ++j) {
      const pl_copy *o = &plan->copies[j];
      if (plan->copy_lowering[j] == PL_LOWERING_REGISTERS && o->value && o->load == cp->load &&
          pl_copies_same_guards(o, cp))
        plan->share[i] = plan->share[j] == SIZE_MAX ? j : plan->share[j];
    }
    if (plan->share[i] != SIZE_MAX)
      continue;
    uint64_t bytes = cp->value ? LLVMStoreSizeOfType(td, LLVMTypeOf(cp->load)) : cp->bytes;
    regs += (unsigned)((bytes + 3) / 4);
  }
  return regs;
}

/* Copy loops are issued as loops of cp.async: the
 * register lowering stages a fixed set of registers per copy, and a copy
 * loop moves a number of elements known only at run time. So every copy
 * of such a loop must be a cp.async; else the loop is declined with the
 * reason cp.async cannot serve. */
static int plan_copy_loop_lowering(const pl_candidate *c, const pl_options *opts, pl_plan *plan,
                                   pl_fail *f) {
  if (opts->lowering == PL_CHOOSE_REGISTERS)
    return pl_failf(f, PL_R_COPY_LOOP_LOWERING, NULL,
                    "the copy stage is a loop, which only cp.async can issue, and "
                    "lowering=registers was asked for; the register lowering stages a fixed "
                    "number of values per thread");
  pl_fail why = {0};
  if (!cp_async_target(plan, &why)) {
    pl_failf(f, PL_R_COPY_LOOP_LOWERING, NULL,
             "the copy stage is a loop, which only cp.async can issue, and cp.async needs sm_80 "
             "or newer (the target is %s); the register lowering stages a fixed number of "
             "values per thread",
             plan->target);
    pl_fail_clear(&why);
    return 0;
  }
  for (size_t i = 0; i < plan->ncopies; ++i) {
    if (cp_async_can_copy(c, plan, i, 1, &why)) {
      plan->copy_lowering[i] = PL_LOWERING_CP_ASYNC;
      continue;
    }
    /* cp.async's reason without its advice to use the register lowering,
     * which cannot serve here */
    char *advice = why.message ? strstr(why.message, "use the register lowering") : NULL;
    while (advice && advice > why.message && strchr(",; ", advice[-1]))
      --advice;
    if (advice && advice - why.message >= 4 && strncmp(advice - 3, " or", 3) == 0)
      advice -= 3;
    while (advice && advice > why.message && strchr(",; ", advice[-1]))
      --advice;
    pl_failf(f, PL_R_COPY_LOOP_LOWERING, why.inst,
             "the copy stage is a loop, which only cp.async can issue, and %.*s",
             advice ? (int)(advice - why.message) : (int)strlen(why.message ? why.message : ""),
             why.message ? why.message : "");
    pl_fail_clear(&why);
    return 0;
  }
  plan->used = plan->ncopies ? 1u << PL_LOWERING_CP_ASYNC : 0;
  plan->lowering = PL_LOWERING_CP_ASYNC;
  return 1;
}

/* The lowering of every copy, and the shape it asks for. */
int pl_plan_lowering(pl_host *host, const pl_candidate *c, const pl_options *opts, pl_plan *plan,
                     pl_fail *f) {
  size_t n = plan->ncopies;
  plan->copy_lowering = pl_xcalloc(n, sizeof *plan->copy_lowering);
  plan->src_align = pl_xcalloc(n, sizeof *plan->src_align);
  plan->dst_align = pl_xcalloc(n, sizeof *plan->dst_align);
  plan->share = pl_xcalloc(n, sizeof *plan->share);
  for (size_t i = 0; i < plan->ncopies; ++i)
    plan->share[i] = SIZE_MAX;
  plan->sm = pl_target_sm(c->function, plan->target, sizeof plan->target);
  plan->predicated_loads = opts->predicated_loads;
  for (size_t i = 0; i < plan->ncopies; ++i) {
    pl_copy_alignment(host, c, &plan->copies[i], &plan->src_align[i], &plan->dst_align[i]);
    /* a ring in dynamic shared memory starts as aligned as it declares */
    const pl_ring_layout *r = plan->rings ? &plan->rings[plan->copies[i].tile] : NULL;
    if (r && r->dynamic && r->base_align && plan->dst_align[i] > r->base_align)
      plan->dst_align[i] = r->base_align;
  }
  if (c->region) {
    free(plan->fixups);
    plan->nfixups = pl_skip_blocks(host, c, &plan->fixups);
    plan->skipped_copies = 0;
    for (size_t i = 0; i < plan->ncopies; ++i)
      for (size_t a = 0; a < plan->nfixups; ++a)
        plan->skipped_copies += LLVMGetInstructionParent(plan->copies[i].store) == plan->fixups[a];
    return plan_copy_loop_lowering(c, opts, plan, f);
  }
  if (opts->lowering == PL_CHOOSE_CP_ASYNC && !cp_async_target(plan, f))
    return 0;
  for (size_t i = 0; i < plan->ncopies; ++i) {
    pl_lowering_kind k = PL_LOWERING_REGISTERS;
    if (opts->lowering == PL_CHOOSE_CP_ASYNC) {
      if (!cp_async_can_copy(c, plan, i, 1, f))
        return 0;
      k = PL_LOWERING_CP_ASYNC;
    } else if (opts->lowering == PL_CHOOSE_AUTO && plan->sm >= 80) {
      pl_fail why = {0};
      if (cp_async_can_copy(c, plan, i, 0, &why))
        k = PL_LOWERING_CP_ASYNC;
      pl_fail_clear(&why);
    }
    plan->copy_lowering[i] = k;
    plan->used |= 1u << k;
    plan->stores_after_compute |= k == PL_LOWERING_REGISTERS;
  }
  plan->lowering = plan->ncopies ? plan->copy_lowering[0] : PL_LOWERING_CP_ASYNC;
  if (!plan->stores_after_compute)
    return 1;
  plan->staged_regs = staged_registers(c, plan);
  plan->staged_loads = plan_lanes(host, c, plan);
  if (plan->staged_regs <= opts->max_staged_regs)
    return 1;
  pl_failf(f, PL_R_STAGED_REGISTERS, NULL,
           "the register lowering would stage %u registers per thread, over the limit of %u; "
           "raise max-staged-regs or copy less per thread",
           plan->staged_regs, opts->max_staged_regs);
  pl_fail_detail(f,
                 "%zu of the %zu copies go through registers (%s on %s); each thread holds "
                 "what it loads for the next iteration across the whole compute",
                 pl_plan_count(plan, PL_LOWERING_REGISTERS), plan->ncopies,
                 opts->lowering == PL_CHOOSE_REGISTERS ? "lowering=registers"
                 : plan->sm < 80                       ? "no cp.async before sm_80"
                                                       : "copies cp.async cannot do",
                 plan->target);
  return 0;
}

int pl_plan_straight_skips(const pl_candidate *c, pl_plan *plan, pl_fail *f) {
  if (c->region)
    return 1;
  plan->straight_skips = 0;
  for (size_t i = 0; i < plan->ncopies; ++i) {
    const pl_copy *cp = &plan->copies[i];
    if (!pl_copy_pred_varies(c, cp))
      continue;
    const pl_ring_layout *r = &plan->rings[cp->tile];
    const char *why = plan->copy_lowering[i] != PL_LOWERING_CP_ASYNC
                          ? "it is staged through registers, which store it after the compute"
                      : r->pad || r->dynamic || r->symbolic
                          ? "its ring is padded or in dynamic shared memory"
                          : NULL;
    if (why)
      return pl_failf(f, PL_R_CONDITIONAL_COPY, cp->store,
                      "the copy into tile '%s' runs under a condition that changes from "
                      "iteration to iteration and writes no zeros otherwise, and the rewrite "
                      "moves the slot before's bytes into a skipped copy's only where cp.async "
                      "issues it into an unpadded static ring: %s; write zeros in the other "
                      "branch (x = c ? A[i] : 0)",
                      c->tiles[cp->tile].name, why);
    ++plan->straight_skips;
  }
  plan->skipped_copies = plan->straight_skips;
  return 1;
}
