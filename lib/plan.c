/*===- lib/plan.c - every decision the rewrite needs ---------------------===*/
#include "plan.h"

#include "access.h"
#include "alias_check.h"
#include "align.h"
#include "cost.h"
#include "dynamic_tile.h"
#include "host_cfg.h"
#include "layout.h"
#include "limits.h"
#include "plan_copies.h"
#include "plan_declines.h"
#include "plan_tiles.h"
#include "ptxas.h"
#include "ring_query.h"
#include "uses.h"

#include <llvm-c/DebugInfo.h>

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Whether the exit needs a barrier. The removed second barrier ordered the
 * last iteration's compute (everything after the first barrier) before
 * everything after the loop, among all threads: without it a fast thread
 * could write what a slow thread's compute still reads, or read what it
 * still writes. Accesses before the first barrier stay ordered by it, and
 * so do the copies: at the last first barrier every thread has waited for
 * its real copies; what is still in flight is zero-fill, which reads
 * nothing, into the ring, which is private to the loop. Re-entering the
 * loop refills the ring, so that needs the barrier too. */
static int exit_needs_barrier(pl_host *host, const pl_candidate *c) {
  pl_vec in_loop = {0};
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i))
      if (pl_touches_memory(i) && !pl_is_any_barrier(i) && !pl_in_copy_stage(host, c, i))
        pl_vec_push(&in_loop, i);
  int found = 0;
  size_t seen = 0;
  size_t n = pl_blocks_reachable(c->exit, NULL, 0);
  LLVMBasicBlockRef *after = pl_xcalloc(n, sizeof *after);
  pl_blocks_reachable(c->exit, after, n);
  for (size_t k = 0; k < n && !found; ++k) {
    LLVMBasicBlockRef bb = after[k];
    if (pl_candidate_has_block(c, bb)) {
      found = 1; /* the loop runs again: its prologue refills the ring */
      break;
    }
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !found; i = LLVMGetNextInstruction(i)) {
      if (!pl_touches_memory(i) || pl_is_any_barrier(i))
        continue;
      if (++seen > PL_MAX_EXIT_SCAN) {
        found = 1; /* too much to look at: keep the barrier */
        break;
      }
      for (size_t j = 0; j < in_loop.len && !found; ++j)
        found = pl_accesses_conflict(host, c, in_loop.v[j], i);
    }
  }
  pl_vec_free(&in_loop);
  free(after);
  return found;
}

/* Bytes of tile `t` with its rows of `row` bytes padded by `pad` (none:
 * its own). */
static uint64_t padded_bytes(uint64_t bytes, uint64_t row, unsigned pad) {
  return pad && row ? bytes / row * (row + pad) : bytes;
}

/* The bytes of tile `t` the plan lays a slot out for: its size, or for a
 * footprint known only at run time (pl_tile.symbolic; the rewrite sizes
 * the slots then) a guess to price the ring with: the larger of the bytes
 * bounded at compile time and those one iteration's copies move for the
 * block the cost model assumes. */
static uint64_t slot_bytes(pl_host *host, const pl_candidate *c, size_t t) {
  uint64_t bytes = c->tiles[t].bytes;
  if (!c->tiles[t].symbolic)
    return bytes;
  uint64_t moved = 0, threads = pl_cost_threads(host, c);
  for (size_t k = 0; k < c->ncopies; ++k)
    if (c->copies[k].tile == t)
      moved += (uint64_t)c->copies[k].bytes * threads;
  return moved > bytes ? moved : bytes;
}

/* The slot of tile `i` of `bytes` bytes with rows padded by `pad` bytes. */
static void ring_slot(const pl_candidate *c, size_t i, uint64_t bytes, unsigned pad,
                      pl_ring_layout *r) {
  /* Keep a tile's own alignment when it is above 16 (wmma.load wants
   * 32-byte aligned pointers, say): every slot starts on it. A padded tile
   * with WMMA loads gets 32: its moved addresses are proven 32-byte
   * aligned from the slot's start (layout.c). */
  unsigned a = LLVMGetAlignment(c->tiles[i].global);
  r->align = a > 16 ? a : 16;
  /* A dynamic tile's accesses may rely on the alignment of the dynamic
   * memory's start, whatever the array declares (`extern __shared__ half
   * t[]` read by wmma.load, which wants 32 bytes): every slot keeps that
   * of PL_DYNAMIC_RING_ALIGN. */
  if (c->tiles[i].dynamic && r->align < PL_DYNAMIC_RING_ALIGN)
    r->align = PL_DYNAMIC_RING_ALIGN;
  if (pad && r->elem && r->align < 32)
    r->align = 32;
  bytes = padded_bytes(bytes, r->row, pad);
  r->pad = pad;
  r->stride = (bytes + r->align - 1) / r->align * r->align;
  r->dynamic = c->tiles[i].dynamic;
  r->symbolic = c->tiles[i].symbolic;
}

/* Whether tile `i` gets padded rows under `opts` (before the budget). */
static int wants_padding(const pl_options *opts, const pl_tile_layout *l) {
  if (opts->layout == PL_LAYOUT_UNPADDED || !l->rewritable)
    return 0;
  return opts->layout == PL_LAYOUT_PADDED || l->conflicted;
}

/* Whether the ring's rows may differ from the tile's. Not yet for a loop
 * whose rings meet the tile's own layout elsewhere: a runtime alias check
 * (its other version uses slot 0 of the ring as the tile), a tile another
 * loop keeps or a ring shared with one, a copy-back, a ring whose slot 0
 * takes the tile's place (the uses outside the loop keep the tile's rows),
 * a ring in dynamic shared memory, or copies in an inner loop -- these
 * combinations are not tested with padded rows. */
static int layout_may_change(const pl_candidate *c, const pl_plan *plan) {
  if (plan->alias_check)
    return 0;
  for (size_t t = 0; t < c->ntiles; ++t)
    if (c->tiles[t].dynamic || (plan->tile_kept && plan->tile_kept[t]) ||
        (plan->share_ring && plan->share_ring[t]) || (plan->copy_back && plan->copy_back[t]) ||
        (plan->last_slot && plan->last_slot[t]))
      return 0;
  for (size_t i = 0; i < c->ncopies; ++i)
    if (c->copies[i].in_loop)
      return 0;
  return 1;
}

/* The ring layout of every tile; returns the bytes of one stage. Pads the
 * tiles wants_padding() picks when a padded ring of 2 stages fits the
 * budget, else none (plan.h, "layout"). */
static uint64_t plan_layout(pl_host *host, const pl_candidate *c, const pl_options *opts,
                            pl_plan *plan) {
  plan->rings = pl_xcalloc(c->ntiles, sizeof *plan->rings);
  plan->nrings = c->ntiles;
  uint64_t padded = 0, plain = 0;
  int any = 0;
  for (size_t i = 0; i < c->ntiles; ++i) {
    pl_ring_layout *r = &plan->rings[i];
    pl_tile_layout l;
    pl_layout_analyze(host, c, i, &l);
    r->row = l.row;
    r->elem = l.elem;
    r->conflicted = l.conflicted;
    if (l.why && ((l.conflicted && opts->layout != PL_LAYOUT_UNPADDED) ||
                  opts->layout == PL_LAYOUT_PADDED)) {
      r->why = l.why;
      r->why_at = l.why_at;
      l.why = NULL;
    }
    int pad = layout_may_change(c, plan) && wants_padding(opts, &l);
    pl_tile_layout_free(&l);
    uint64_t bytes = slot_bytes(host, c, i);
    ring_slot(c, i, bytes, pad ? PL_ROW_PAD : 0, r);
    padded += r->stride;
    any |= pad;
    pl_ring_layout u = *r;
    ring_slot(c, i, bytes, 0, &u);
    plain += u.stride;
  }
  if (!any)
    return plain;
  if (PL_MIN_STAGES * padded + plan->other_shared <= opts->max_shared)
    return padded;
  for (size_t i = 0; i < c->ntiles; ++i) {
    pl_ring_layout *r = &plan->rings[i];
    if (r->pad && !r->why)
      r->why = pl_strdupf("a padded ring of 2 stages needs %llu bytes of shared memory, over the "
                          "budget of %llu bytes",
                          (unsigned long long)(PL_MIN_STAGES * padded + plan->other_shared),
                          (unsigned long long)opts->max_shared);
    ring_slot(c, i, slot_bytes(host, c, i), 0, r);
  }
  return plain;
}

/* The alignment each ring in dynamic shared memory declares
 * (pl_ring_layout.base_align): its slot alignment where the kernel has no
 * static shared memory (nothing before the dynamic memory to pad), else the
 * tile's own, which the launch's layout already gives its start. */
static void dynamic_base_alignment(const pl_candidate *c, pl_plan *plan) {
  for (size_t t = 0; t < plan->nrings; ++t) {
    pl_ring_layout *r = &plan->rings[t];
    unsigned own = LLVMGetAlignment(c->tiles[t].global);
    r->base_align = r->align;
    if (c->tiles[t].dynamic && plan->other_shared && own < r->align)
      r->base_align = own ? own : 1;
  }
}

static uint64_t ring_need(const pl_plan *plan, unsigned s);
static uint64_t dynamic_need(const pl_plan *plan, unsigned s);
static int rings_fit(const pl_plan *plan, unsigned s);
static uint64_t model_budget(const pl_plan *plan);

/* Whether the loop's static tiles may have their rings in dynamic shared
 * memory, past the 48 KiB of static arrays (docs/design.md, "Rings in
 * dynamic shared memory"): the host code of the translation unit asks how
 * many bytes to launch the kernel with (ring_query.h), so its launches can
 * give them; rings in dynamic shared memory are on (dynamic-ring); the
 * kernel calls nothing that could reach dynamic shared memory unseen; and
 * the loop as written, which runs on a short launch, can keep the tiles:
 * no runtime alias check (its other version uses slot 0 of each ring), no
 * tile another loop keeps or shares a ring with, no copy-back, no slot 0
 * that takes a tile's place (it would not lie where the tile does). Legality
 * already ruled out any other dynamic shared memory in the kernel. */
static int may_move_rings(const pl_candidate *c, const pl_options *opts, const pl_plan *plan) {
  if (!opts->dynamic_ring || plan->alias_check || plan->stores_after_compute || !c->ntiles)
    return 0;
  for (size_t t = 0; t < c->ntiles; ++t)
    if (c->tiles[t].dynamic || plan->tile_kept[t] || plan->share_ring[t] || plan->copy_back[t] ||
        plan->last_slot[t])
      return 0;
  LLVMValueRef at = NULL;
  if (pl_dynamic_calls_obstacle(c->function, &at))
    return 0;
  return pl_ring_query_asked(c->module, c->function);
}

uint64_t pl_plan_kept_tile_bytes(const pl_candidate *c, const pl_plan *plan, size_t t) {
  return padded_bytes(c->tiles[t].bytes, plan->rings[t].row, plan->rings[t].pad);
}

/* Moves every ring of the loop into dynamic shared memory (on), with the
 * tiles kept as static arrays beside them, or back (off). */
static void move_rings(const pl_candidate *c, pl_plan *plan, int on) {
  plan->other_shared -= plan->moved_tile_bytes;
  plan->moved_tile_bytes = 0;
  for (size_t t = 0; t < plan->nrings; ++t) {
    plan->rings[t].dynamic = on;
    if (on)
      plan->moved_tile_bytes += pl_plan_kept_tile_bytes(c, plan, t);
  }
  plan->other_shared += plan->moved_tile_bytes;
}

/* (e) The stage count: the requested one, lowered until the rings fit. A
 * lowering that stores after the compute has two slots, no more. */
static int plan_stages(const pl_candidate *c, const pl_options *opts, uint64_t per_stage,
                       pl_plan *plan, pl_fail *f) {
  plan->requested = opts->stages ? opts->stages : PL_DEFAULT_STAGES;
  if (plan->stores_after_compute) {
    plan->slots_cut = opts->stages > PL_MIN_STAGES ? opts->stages : 0;
    plan->requested = PL_MIN_STAGES;
  }
  plan->budget = opts->max_shared;
  const pl_chip *chip = pl_chip_for_sm(pl_target_sm(c->function, NULL, 0));
  plan->dynamic_budget = chip ? chip->smem_per_block : PL_DEFAULT_MAX_SHARED;
  unsigned s = plan->requested;
  while (s >= PL_MIN_STAGES && !rings_fit(plan, s))
    --s;
  if (s < plan->requested && may_move_rings(c, opts, plan)) {
    move_rings(c, plan, 1);
    unsigned d = plan->requested;
    while (d > s && !rings_fit(plan, d))
      --d;
    if (d > s)
      s = d;
    else if (s >= PL_MIN_STAGES)
      move_rings(c, plan, 0); /* the static ring of fewer stages serves */
  }
  if (s < PL_MIN_STAGES && dynamic_need(plan, 1) && ring_need(plan, 2) <= plan->budget) {
    pl_failf(f, PL_R_BUDGET, NULL,
             "a ring of 2 stages needs %llu bytes of dynamic shared memory beside %llu static, "
             "over the %llu bytes a block may have; use smaller tiles",
             (unsigned long long)dynamic_need(plan, 2), (unsigned long long)ring_need(plan, 2),
             (unsigned long long)plan->dynamic_budget);
    return 0;
  }
  if (s < PL_MIN_STAGES) {
    /* At the maximum the advice is the tiles: ptxas takes no more static
     * shared memory (options.def, max-shared). */
    const char *fix = opts->max_shared < PL_DEFAULT_MAX_SHARED
                          ? "raise max-shared or use smaller tiles"
                          : "use smaller tiles (max-shared is at its maximum, the 48 KiB of "
                            "static shared memory ptxas accepts)";
    uint64_t static_stage = per_stage - dynamic_need(plan, 1);
    pl_failf(f, PL_R_BUDGET, NULL,
             "a ring of 2 stages needs %llu bytes of shared memory, over the budget "
             "of %llu bytes; %s",
             (unsigned long long)(2 * static_stage + plan->other_shared),
             (unsigned long long)opts->max_shared, fix);
    pl_fail_detail(f,
                   "each stage holds %llu bytes of tiles; the kernel's other "
                   "__shared__ arrays take %llu bytes; %s",
                   (unsigned long long)static_stage, (unsigned long long)plan->other_shared, fix);
    return 0;
  }
  plan->stages = s;
  plan->ring_bytes = s * per_stage;
  plan->dynamic_bytes = dynamic_need(plan, s);
  return 1;
}

/* Runs the model on inputs `k` (registers measured, or any count alike,
 * or weighed over the estimate's error) for rings of up to `most` stages
 * in `budget` bytes. */
static unsigned model_decide(pl_cost *k, unsigned most, uint64_t budget) {
  if (k->regs_measured || k->regs_any)
    return pl_cost_decide(k, most, budget);
  return pl_cost_decide_estimated(k, most, budget);
}

/* The family rule (pl_cost_family): the model's `inputs` decided again for
 * each other chip of the target's family, a dynamic ring within that
 * chip's shared memory per block; returns the stages plan->cost then
 * has. */
static unsigned decide_in_family(pl_plan *plan, const pl_cost *inputs, unsigned most) {
  const pl_chip *chips[16];
  pl_cost others[16];
  size_t n = 0, m = pl_chip_family(plan->cost.chip->sm, chips, 16);
  for (size_t i = 0; i < m; ++i) {
    if (pl_chip_same_figures(chips[i], plan->cost.chip))
      continue; /* the target stands for its own figures */
    others[n] = *inputs;
    others[n].chip = chips[i];
    others[n].sm = chips[i]->sm;
    model_decide(&others[n], most, dynamic_need(plan, 1) ? chips[i]->smem_per_block : plan->budget);
    ++n;
  }
  return pl_cost_family(&plan->cost, others, n);
}

/* Profitability: unless stages are forced or profitability is off, the
 * cost model decides whether to pipeline and with how many of the stages
 * that fit the budget (up to PL_MAX_STAGES); a loop with a register-staged
 * copy has two slots (plan_stages), with the registers its copies stage. */
static int plan_profit(const pl_loop_ctx *x, uint64_t per_stage, pl_plan *plan, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  const pl_options *opts = x->opts;
  unsigned sm = pl_target_sm(c->function, plan->arch, sizeof plan->arch);
  if (opts->stages || !opts->profitability || !pl_chip_for_sm(sm))
    return 1;
  unsigned char *staged = pl_xcalloc(plan->ncopies ? plan->ncopies : 1, 1);
  for (size_t i = 0; i < plan->ncopies; ++i)
    staged[i] = plan->copy_lowering[i] == PL_LOWERING_REGISTERS;
  const pl_cost_ring ring = {per_stage,
                             plan->copies,
                             (unsigned)plan->ncopies,
                             staged,
                             plan->staged_regs,
                             plan->staged_loads,
                             pl_plan_source_loads(host, c),
                             plan->other_shared - plan->shared_reuse,
                             pl_facts_const_trip(x->facts),
                             pl_facts_pressure(x->facts),
                             pl_facts_unrollable(x->facts),
                             plan->fixups,
                             plan->nfixups};
  pl_cost_inputs(host, c, sm, &ring, &plan->cost);
  plan->cost.in_place = plan->in_place;
  free(staged);
  for (size_t t = 0; t < c->ntiles; ++t)
    plan->cost.padded |= plan->rings[t].pad;
  plan->modelled = 1;
  unsigned most = plan->stores_after_compute || plan->in_place ? PL_MIN_STAGES : PL_MAX_STAGES;
  /* ptxas's count of the plain kernel where it can be had and matters
   * (lib/ptxas.h); else the estimate, weighed over its error */
  plan->cost.regs_measurable = x->registers != NULL;
  uint64_t budget = model_budget(plan);
  if (x->registers && !pl_cost_registers_matter(&plan->cost, most, budget))
    pl_cost_any_registers(&plan->cost);
  else if (x->registers)
    pl_cost_measured(&plan->cost, pl_ptxas_registers(x->registers, c->function, opts->rdc));
  plan->registers_unknown = x->registers && !plan->cost.regs_measured && !plan->cost.regs_any
                                ? pl_ptxas_failure(x->registers)
                                : NULL;
  if (!plan->cost.regs_measured && !plan->cost.regs_any)
    plan->cost.regs_measurable = 0; /* no count: weighed over the estimate's error */
  const pl_cost inputs = plan->cost;
  model_decide(&plan->cost, most, budget);
  unsigned stages = decide_in_family(plan, &inputs, most);
  if (!stages)
    return pl_plan_fail_not_profitable(plan, f);
  plan->stages = plan->cost.stages;
  /* the model counts the rings a shared one replaces as gone; the larger
   * of the two is what the kernel holds */
  while (plan->stages > PL_MIN_STAGES && !rings_fit(plan, plan->stages))
    --plan->stages;
  /* rings moved into dynamic shared memory go back where the stages the
   * model chose fit the static budget: no launch size to depend on */
  if (plan->moved_tile_bytes) {
    move_rings(c, plan, 0);
    if (!rings_fit(plan, plan->stages))
      move_rings(c, plan, 1);
  }
  plan->requested = plan->stages;
  plan->ring_bytes = plan->stages * per_stage;
  plan->dynamic_bytes = dynamic_need(plan, plan->stages);
  return 1;
}

/* Static shared bytes of the kernel with S = s: the other arrays, and each
 * static tile's ring, or the larger of it and the ring it shares. */
static uint64_t ring_need(const pl_plan *plan, unsigned s) {
  uint64_t n = plan->other_shared - plan->shared_reuse;
  for (size_t t = 0; t < plan->nrings; ++t) {
    if (plan->rings[t].dynamic)
      continue;
    uint64_t r = s * plan->rings[t].stride;
    uint64_t have =
        plan->share_ring && plan->share_ring[t] ? pl_global_bytes(plan->share_ring[t]) : 0;
    n += r > have ? r : have;
  }
  return n;
}

/* The byte offset of ring `t` in dynamic shared memory with S = s: the
 * rings there lie one after another in tile order, each at its alignment;
 * with t = nrings, the end of the last. */
static uint64_t dynamic_offset(const pl_plan *plan, size_t t, unsigned s) {
  uint64_t at = 0;
  for (size_t u = 0; u <= t && u < plan->nrings; ++u) {
    if (!plan->rings[u].dynamic)
      continue;
    unsigned a = plan->rings[u].align;
    at = (at + a - 1) / a * a;
    if (u < t)
      at += s * plan->rings[u].stride;
  }
  return at;
}

uint64_t pl_plan_dynamic_offset(const pl_plan *plan, size_t t) {
  return dynamic_offset(plan, t, plan->stages);
}

/* Dynamic shared bytes the rings in dynamic shared memory take with S = s. */
static uint64_t dynamic_need(const pl_plan *plan, unsigned s) {
  return dynamic_offset(plan, plan->nrings, s);
}

/* Whether the rings with S = s fit: the static ones the static budget, and
 * with rings in dynamic shared memory everything the block's limit. */
static int rings_fit(const pl_plan *plan, unsigned s) {
  uint64_t st = ring_need(plan, s), dyn = dynamic_need(plan, s);
  return st <= plan->budget && (!dyn || st + dyn <= plan->dynamic_budget);
}

/* The shared bytes the cost model may give a block: the static budget, or
 * with rings in dynamic shared memory the block's limit. */
static uint64_t model_budget(const pl_plan *plan) {
  return dynamic_need(plan, 1) ? plan->dynamic_budget : plan->budget;
}

/* The runtime check legality rested on (alias_check.h), for either shape:
 * the writes in the loop it compares with the copies, and the source
 * pointers it tests for the global space. */
static void plan_runtime_check(const pl_loop_ctx *x, pl_plan *plan) {
  plan->alias_writes = (unsigned)pl_facts_writes(x->facts, NULL, NULL);
  plan->space_checks = (unsigned)pl_facts_space_checks(x->facts, NULL);
  plan->alias_check = plan->alias_writes > 0 || plan->space_checks > 0;
}

int pl_plan_alias_mode(const pl_loop_ctx *x, pl_plan *plan) {
  plan->alias_windows = plan->alias_writes && pl_facts_alias_windows(x->facts);
  plan->alias_nearest = plan->alias_windows ? pl_alias_check_nearest(x->host, x->c, x->facts) : 0;
  return 1;
}

unsigned pl_plan_issue_ahead(const pl_plan *plan) { return plan->in_place ? 1 : plan->stages - 1; }

const char *pl_plan_runtime_check(const pl_plan *plan) {
  if (!plan->alias_check)
    return NULL;
  if (!plan->alias_writes)
    return " test that its sources are global";
  return plan->space_checks ? " alias check and a test that its sources are global"
                            : " alias check";
}

int pl_plan_as_asked(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  const pl_options *opts = x->opts;
  assert(x->facts && x->facts->c == c && "the plan reads the facts legality read");
  memset(plan, 0, sizeof *plan);
  LLVMValueRef dynamic; /* ruled out by legality */
  pl_plan_reads_after(x, plan);
  pl_plan_outliving_tiles(c, plan);
  plan->other_shared = pl_other_shared_bytes(c, &dynamic) + plan->kept_tile_bytes;
  plan_runtime_check(x, plan);
  if (plan->alias_writes)
    plan->other_shared += PL_ALIAS_CHECK_SHARED_BYTES;
  if (!pl_plan_sharing(x, plan, f))
    return 0;
  uint64_t per_stage = plan_layout(host, c, opts, plan);
  dynamic_base_alignment(c, plan);
  pl_plan_widen(host, c, plan);
  if (!pl_plan_lowering(host, c, opts, plan, f) || !pl_plan_straight_skips(c, plan, f))
    return 0;
  plan->min_bytes = 16;
  for (size_t i = 0; i < plan->ncopies; ++i) {
    if (plan->copies[i].bytes < plan->min_bytes)
      plan->min_bytes = plan->copies[i].bytes;
    if (plan->copies[i].bytes > plan->max_bytes)
      plan->max_bytes = plan->copies[i].bytes;
  }
  for (size_t i = 0; i < plan->ncopies; ++i)
    if (plan->rings[plan->copies[i].tile].pad && plan->dst_align[i] > 16)
      plan->dst_align[i] = 16; /* rows of row + 16 bytes keep 16 */
  if (!plan_stages(c, opts, per_stage, plan, f) || !plan_profit(x, per_stage, plan, f))
    return 0;
  const pl_trip *trip = pl_facts_trip(x->facts, f);
  assert(trip && "legality checked the trip count");
  plan->trip = *trip;
  plan->exit_barrier = exit_needs_barrier(host, c);
  /* a tile another loop still uses, or a ring shared with another loop:
   * drain and barrier, so that the other loop's ring writes wait for this
   * loop's last reads (plan_sharing) */
  for (size_t t = 0; t < c->ntiles; ++t)
    if (plan->tile_kept[t] || plan->share_ring[t] || plan->copy_back[t] || plan->last_slot[t])
      plan->exit_barrier = 1;
  /* In a sync-first loop, iteration 0's top barrier also ordered everything
   * before the loop, among all threads, against iteration 0's copy stage.
   * The prologue moves copies ahead of it, so a barrier before the
   * prologue takes its place: one barrier per entry into the loop, where
   * proving it unneeded would mean checking every access before the loop
   * against the copy stage. (The exit stays as exit_needs_barrier says:
   * the original had no barrier after the last compute either.) The same
   * barrier orders a write before the loop that may change what the
   * prologue copies (pl_facts_write_before): another thread's write, which
   * the loop's barriers ordered before its iterations 1..S-2 (a batch
   * loop's store of the previous batch entry). */
  plan->entry_barrier =
      c->sync_first || pl_facts_write_before(x->facts) != NULL || plan->slot0_barrier;
  return 1;
}

/* The in-place shape's loads: a copy that reads the load of an earlier
 * copy (the lanes of one float4) shares it (pl_plan.share); the others load
 * their own. Returns the registers those hold across the compute, in 32-bit
 * words: each load's, or a memcpy copy's bytes. */
static unsigned in_place_loads(const pl_candidate *c, pl_plan *plan) {
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  unsigned regs = 0;
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    plan->share[i] = SIZE_MAX;
    for (size_t j = 0; j < i && cp->load && plan->share[i] == SIZE_MAX; ++j)
      if (c->copies[j].load == cp->load)
        plan->share[i] = j;
    if (plan->share[i] != SIZE_MAX)
      continue;
    uint64_t bytes = cp->load ? LLVMStoreSizeOfType(td, LLVMTypeOf(cp->load)) : cp->bytes;
    regs += (unsigned)((bytes + 3) / 4);
  }
  return regs;
}

int pl_make_in_place_plan(const pl_loop_ctx *x, const pl_fail *no_ring, pl_plan *plan, pl_fail *f) {
  const pl_candidate *c = x->c;
  assert(x->facts && x->facts->c == c && "the plan reads the facts legality read");
  memset(plan, 0, sizeof *plan);
  plan->in_place = 1;
  pl_fail_copy(&plan->no_ring, no_ring);
  plan->no_ring_at = no_ring->inst && LLVMIsAInstruction(no_ring->inst)
                         ? LLVMInstructionGetDebugLoc(no_ring->inst)
                         : NULL;
  plan->stages = plan->requested = 1;
  plan->nrings = c->ntiles;
  plan->rings = pl_xcalloc(c->ntiles ? c->ntiles : 1, sizeof *plan->rings);
  plan->tile_kept = pl_xcalloc(c->ntiles ? c->ntiles : 1, 1);
  plan->share_ring = pl_xcalloc(c->ntiles ? c->ntiles : 1, sizeof *plan->share_ring);
  plan->copy_back = pl_xcalloc(c->ntiles ? c->ntiles : 1, 1);
  plan->last_slot = pl_xcalloc(c->ntiles ? c->ntiles : 1, 1);
  plan->ncopies = c->ncopies;
  plan->copies = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *plan->copies);
  memcpy(plan->copies, c->copies, c->ncopies * sizeof *c->copies);
  plan->copy_lowering = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *plan->copy_lowering);
  plan->src_align = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *plan->src_align);
  plan->dst_align = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *plan->dst_align);
  plan->share = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *plan->share);
  plan->min_bytes = 16;
  for (size_t i = 0; i < c->ncopies; ++i) {
    plan->copy_lowering[i] = PL_LOWERING_REGISTERS;
    pl_copy_alignment(x->host, c, &plan->copies[i], &plan->src_align[i], &plan->dst_align[i]);
    if (c->copies[i].bytes < plan->min_bytes)
      plan->min_bytes = c->copies[i].bytes;
    if (c->copies[i].bytes > plan->max_bytes)
      plan->max_bytes = c->copies[i].bytes;
  }
  plan->lowering = PL_LOWERING_REGISTERS;
  plan->used = 1u << PL_LOWERING_REGISTERS;
  plan->sm = pl_target_sm(c->function, plan->target, sizeof plan->target);
  LLVMValueRef dynamic;
  plan->other_shared = pl_other_shared_bytes(c, &dynamic);
  plan_runtime_check(x, plan);
  plan->budget = x->opts->max_shared;
  uint64_t statics = plan->other_shared;
  for (size_t t = 0; t < c->ntiles; ++t)
    statics += pl_tile_static_bytes(&c->tiles[t]);
  if (plan->alias_writes && statics + PL_ALIAS_CHECK_SHARED_BYTES > plan->budget)
    return pl_failf(f, PL_R_BUDGET, NULL,
                    "no ring (%s), and the runtime alias check's %u bytes of shared memory do "
                    "not fit the budget of %llu bytes beside the kernel's %llu",
                    no_ring->message ? no_ring->message : "", PL_ALIAS_CHECK_SHARED_BYTES,
                    (unsigned long long)plan->budget, (unsigned long long)statics);
  plan->staged_regs = in_place_loads(c, plan);
  if (plan->staged_regs > x->opts->max_staged_regs)
    return pl_failf(f, PL_R_STAGED_REGISTERS, NULL,
                    "no ring (%s), and loading the next tile in place would hold %u registers "
                    "per thread across the compute, over the limit of %u; raise max-staged-regs "
                    "or copy less per thread",
                    no_ring->message ? no_ring->message : "", plan->staged_regs,
                    x->opts->max_staged_regs);
  if (!plan_profit(x, 0, plan, f))
    return pl_plan_fail_in_place(plan, f);
  plan->stages = plan->requested = 1;
  plan->ring_bytes = 0;
  const pl_trip *trip = pl_facts_trip(x->facts, f);
  assert(trip && "legality checked the trip count");
  plan->trip = *trip;
  return pl_plan_alias_mode(x, plan);
}

void pl_plan_free(pl_plan *plan) {
  pl_fail_clear(&plan->no_ring);
  for (size_t i = 0; i < plan->nrings; ++i)
    free(plan->rings[i].why);
  free(plan->rings);
  free(plan->copies);
  free(plan->copy_lowering);
  free(plan->l1_copies);
  free(plan->src_align);
  free(plan->dst_align);
  free(plan->share);
  free(plan->lane_base);
  free(plan->lane_dist);
  free(plan->lane_span);
  free(plan->lane_lo);
  free(plan->dead_stores);
  free(plan->tile_kept);
  free(plan->share_ring);
  free(plan->copy_back);
  free(plan->last_slot);
  free(plan->fixups);
  memset(plan, 0, sizeof *plan);
}
