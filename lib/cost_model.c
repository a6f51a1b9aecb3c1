/*===- lib/cost_model.c - the cost model: stages from the inputs ---------===*\
 *
 * Runs the model of cost.h on the inputs cost.c filled: for each ring
 * depth that fits, the resident blocks, the busy cycles of one iteration
 * and the latency the ring hides, and the depth that gains most
 * (docs/design.md, "Cost model").
\*===----------------------------------------------------------------------===*/
#include "cost.h"

#include "options.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Resident blocks per SM using `smem` static shared bytes and `regs`
 * registers per thread (0: none fits). */
static unsigned resident_blocks(const pl_cost *k, uint64_t smem, unsigned regs) {
  const pl_chip *c = k->chip;
  unsigned warps = k->warps;
  unsigned n = c->max_blocks_per_sm;
  unsigned by_threads = c->max_threads_per_sm / (warps * 32);
  if (by_threads < n)
    n = by_threads;
  uint64_t per = smem + c->smem_reserved;
  unsigned by_smem = smem > c->smem_per_block ? 0 : (unsigned)(c->smem_per_sm / per);
  if (by_smem < n)
    n = by_smem;
  /* registers are allocated per warp in units of 256 */
  unsigned per_warp = (regs * 32 + 255) / 256 * 256;
  unsigned by_regs = c->regs_per_sm / per_warp / warps;
  if (k->min_blocks && by_regs < k->min_blocks)
    by_regs = k->min_blocks; /* ptxas limits registers to fit them */
  if (by_regs < n)
    n = by_regs;
  return n;
}

/* Co-resident blocks do not take turns perfectly: they start together and
 * share one memory system, so a part of the latency, PL_COST_SYNC_PERCENT
 * of L / N, stays exposed however many blocks reside. */
#define PL_COST_SYNC_PERCENT 25u

/* Little's law margin: a ring covers L * PL_COST_MARGIN / 100 cycles, for
 * the latency's spread around its mean. */
#define PL_COST_MARGIN 125u

/* The margin of the register lowering's two slots: none. Plain loads land
 * in registers without commit groups, and the store after the compute
 * waits for them, so the whole iteration covers the latency; measured on
 * the H200 (docs/results/2026-12-01c), the two register slots of the
 * streaming kernel ran 1.68x plain where a 2-stage cp.async ring of 4-byte
 * copies ran 0.98x. */
#define PL_COST_MARGIN_REGISTERS 100u

/* Fewest stages chosen where they do as well as fewer. */
#define PL_COST_MIN_STAGES 3u

/* Registers a ring of PL_COST_MIN_STAGES takes beyond one of 2 (measured
 * with ptxas: the CUDA Samples' matrixMul, 48 registers at S = 2, 55 at
 * S = 3). */
#define PL_COST_STAGE_REGS 8u

/* Most registers per thread the plain kernel can have and still launch
 * with `k->threads` threads per block (and minctasm blocks per SM): ptxas
 * keeps to it where launch bounds say so, and a block cannot start above
 * it. */
static unsigned registers_cap(const pl_cost *k) {
  unsigned warps = (k->threads + 31) / 32;
  unsigned blocks = k->min_blocks ? k->min_blocks : 1;
  unsigned cap = k->chip->regs_per_sm / (warps * 32 * blocks) / 8 * 8;
  return cap < k->chip->max_regs_per_thread ? cap : k->chip->max_regs_per_thread;
}

/* Whether the plain kernel's registers, measured by ptxas, leave a deeper
 * ring no room: within PL_COST_STAGE_REGS of what a thread may have at
 * this block size (the register file over the block's threads, and over
 * minctasm blocks, at most the chip's limit per thread). There ptxas
 * squeezes a ring of 3 stages and issues worse code: measured on the H200
 * (docs/results/log.md), a matrixMul of 1024 threads at 58 of 64 registers
 * ran 1.063x plain with 2 stages, 1.005x with 3, 0.979x with 4. */
static int squeezed(const pl_cost *k) {
  if (!k->regs_measured && !k->regs_any && !k->regs_weighed)
    return 0;
  return k->regs_ring + PL_COST_STAGE_REGS > registers_cap(k);
}

static double maxd(double a, double b) { return a > b ? a : b; }

/* Warps each of the SM's 4 schedulers needs to issue every cycle: the CUDA
 * C++ Programming Guide ("Multiprocessor Level", compute capability 7.x
 * and later) counts 4 cycles of latency for most arithmetic instructions,
 * so 4 warps per scheduler, 16 per SM, hide it without ILP. */
#define PL_COST_WARPS_PER_SCHEDULER 4u

/* Busy cycles of one block's iteration with `blocks` blocks resident and
 * `extra` more instructions per warp: issue (4 schedulers, one instruction
 * each per cycle, slowed where fewer than PL_COST_WARPS_PER_SCHEDULER
 * warps per scheduler reside) or shared memory (one 128-byte wavefront per
 * cycle), whichever bounds the loop's own instructions, plus the issue of
 * the extra ones: the ring's instructions (slot rotation, waits, cp.async
 * issue) run in the copy phase, where the compute's shared-memory
 * wavefronts do not hide them. Measured on the H200 (docs/results/log.md),
 * rings on loops bound by shared memory cost what their added instructions
 * take to issue (sgemm, twoloop, rowdot, mmassert: 1.13x-1.15x the
 * compute-only time for 31 instructions added to about 145), not that
 * share of the wavefront-bound time (1.22x). */
static double busy_cycles(const pl_cost *k, unsigned blocks, unsigned extra) {
  double slow = 1.0;
  double per_scheduler = (double)blocks * k->warps / PL_COST_SCHEDULERS;
  if (per_scheduler < PL_COST_WARPS_PER_SCHEDULER)
    slow = PL_COST_WARPS_PER_SCHEDULER / maxd(per_scheduler, 1.0);
  return k->warps * (maxd(k->compute / 4.0 * slow, (double)k->wavefronts) + extra / 4.0 * slow);
}

/* The S to weigh against plain, given the fastest `best` of k->t_ring:
 * the fewest stages within 1% of it, but at least PL_COST_MIN_STAGES
 * where they fit as well (two stages leave one iteration of slack, and
 * any latency above the mean stalls them). Sets k->why to the reason. */
static unsigned pick_stages(pl_cost *k, unsigned max_stages, unsigned best) {
  unsigned pick = 0, floor = squeezed(k) ? PL_MIN_STAGES : PL_COST_MIN_STAGES;
  for (unsigned s = PL_MIN_STAGES; s <= max_stages && !pick; ++s)
    if (k->t_ring[s] > 0 && k->t_ring[s] <= k->t_ring[best] * 1.01 &&
        (s >= floor || !(k->t_ring[floor] > 0 && k->t_ring[floor] <= k->t_ring[best] * 1.01)))
      pick = s;
  k->why = pick && pick > floor                                  ? "little"
           : floor < PL_COST_MIN_STAGES && pick == PL_MIN_STAGES ? "squeezed"
                                                                 : "floor";
  return pick ? pick : best;
}

/* Whether a ring of `s` stages keeps PL_COST_DRAM_LATENCY cycles of the
 * SM's DRAM bytes in flight: (s-1) tiles per resident block. */
static int dram_covered_at(const pl_cost *k, unsigned s) {
  return (uint64_t)(s - 1) * k->tile_bytes * k->blocks_ring[s] >=
         (uint64_t)k->chip->dram_bytes_per_cycle * PL_COST_DRAM_LATENCY;
}

const char *pl_cost_dram_clause(const pl_cost *k) {
  return k->dram_stop ? k->dram_stop : ", the fewest that keep DRAM busy through its ";
}

/* The remark clause saying why a ring of `t` stages may not replace the
 * `s` chosen on the DRAM floor, or NULL where it may. */
static const char *dram_stop_at(const pl_cost *k, unsigned s, unsigned t) {
  if (k->trip && t > k->trip + 1)
    return ", as many as the loop's trips use, short of DRAM's ";
  if (!k->blocks_ring[t])
    return ", the most the shared-memory budget holds, short of DRAM's ";
  if (k->blocks_ring[t] != k->blocks_ring[s])
    return ", the most without losing a block, short of DRAM's ";
  if (!(k->t_ring[t] <= k->dram))
    return ", the most that stay on the DRAM floor, short of DRAM's ";
  return NULL;
}

/* Where DRAM bandwidth bounds the plain loop and the ring alike
 * (k->dram_bound): from `s` up, the fewest stages that keep
 * PL_COST_DRAM_LATENCY cycles of the SM's DRAM bytes in flight, with as
 * many resident blocks as `s` and still on the floor; else the most that
 * do. Sets k->why to "dram" where it goes deeper or stops short, and
 * k->dram_stop to the clause saying what stopped it short. */
static unsigned deepen_for_dram(pl_cost *k, unsigned max_stages, unsigned s) {
  unsigned pick = s;
  const char *stop = ", the most the model weighs, short of DRAM's ";
  for (unsigned t = s + 1; t <= max_stages && !dram_covered_at(k, pick); ++t) {
    const char *why = dram_stop_at(k, s, t);
    if (why) {
      stop = why;
      break;
    }
    pick = t;
  }
  if (pick != s || !dram_covered_at(k, pick)) {
    k->why = "dram";
    k->dram_stop = dram_covered_at(k, pick) ? NULL : stop;
  }
  return pick;
}

/* Too close to call on latency alone. The rewrite also removes a
 * barrier and may pad rows, which the model does not price: a block
 * waits at each barrier for its slowest warp, and warps share the SM's
 * PL_COST_SCHEDULERS schedulers by warp id, so the warps of a block of
 * more than PL_COST_SCHEDULERS warps take turns and drift apart, where a
 * smaller block's warps each have a scheduler of their own. Measured on
 * the H200 (docs/results/log.md): nbody (8 warps, predicted 0.998x) ran
 * 1.08x plain pipelined, the padded WMMA GEMMs 1.06x-3.5x; attention (2
 * warps, predicted 1.002x, nothing padded) 0.99x. For the barrier alone, a
 * ring with register-staged copies is declined on a tie where the chip has
 * cp.async (below sm_80 every ring is staged, mixed rings aside, and none
 * was measured): it has the register lowering's two slots, holds the next
 * tile in registers across the compute, and its cp.async copies, if any,
 * are waited for with wait_group 0 (no margin: PL_COST_MARGIN_REGISTERS). The bench's
 * dequantizing GEMM (a mixed ring), predicted 0.990x with ptxas's register
 * count, ran 0.931x so, and h16tile (2-byte copies, all staged; written
 * blind), predicted 1.003x, 0.936x on an H100 (docs/results/log.md; both
 * fitted after the fact). Returns `best` where one of those gains
 * applies, else 0 (why: "tie"). */
static unsigned decide_tie(pl_cost *k, unsigned best) {
  int staged = k->staged_copies && (k->staged_copies < k->ring_copies || k->sm >= 80);
  /* Nor where ptxas keeps more than PL_COST_TIE_BATCH iterations of the
   * plain loop's loads in flight (cost.h): its barriers then cost the
   * plain loop little, and a ring of 4-byte copies at 256 threads ran
   * 0.80x-0.98x plain at a batch of 4 (H100, docs/results/log.md); a
   * 16-byte ring at a batch of 2 still gained 1.16x-1.23x. */
  int batched = k->plain_batch > PL_COST_TIE_BATCH;
  if (!k->in_place && (k->padded || (k->warps > PL_COST_SCHEDULERS && !staged && !batched)))
    return best;
  k->why = "tie";
  return 0;
}

unsigned pl_cost_decide(pl_cost *k, unsigned max_stages, uint64_t budget) {
  const pl_chip *c = k->chip;
  k->warps = (k->threads + 31) / 32;
  if (max_stages > PL_COST_MAX_STAGES)
    max_stages = PL_COST_MAX_STAGES;
  k->blocks_plain = resident_blocks(k, k->tile_bytes + k->other_shared, k->regs);
  k->busy = busy_cycles(k, k->blocks_plain ? k->blocks_plain : 1, 0);
  double lat = (double)c->latency;
  double dram = (double)k->tile_bytes / c->dram_bytes_per_cycle;
  unsigned n = k->blocks_plain ? k->blocks_plain : 1;
  /* the plain loop waits k->serial_milli / 1000 latencies per iteration, one after
   * another, shared by the k->plain_batch iterations whose loads ptxas issues
   * together */
  double wait = lat * k->serial_milli / 1000.0 / (k->plain_batch ? k->plain_batch : 1);
  double plain = maxd(k->busy + wait * PL_COST_SYNC_PERCENT / 100.0 / n, (wait + k->busy) / n);
  double ring[PL_COST_MAX_STAGES + 1] = {0}; /* t_ring without the DRAM floor */
  k->dram = dram;
  k->t_plain = maxd(plain, dram);
  k->cover = (n - 1) * k->busy;
  if (k->ring_loads > k->loop_loads && !k->in_place) {
    k->stages = 0;
    k->why = "split";
    return 0;
  }
  unsigned best = 0;
  for (unsigned s = PL_MIN_STAGES; s <= max_stages; ++s) {
    uint64_t smem_s =
        k->in_place ? k->tile_bytes + k->other_shared : s * k->stage_bytes + k->other_shared;
    k->blocks_ring[s] =
        smem_s > budget && !k->in_place ? 0 : resident_blocks(k, smem_s, k->regs_ring);
    if (!k->blocks_ring[s] || (k->trip && s > k->trip + 1))
      continue;
    unsigned margin = k->staged_copies ? PL_COST_MARGIN_REGISTERS : PL_COST_MARGIN;
    double little = lat * margin / 100.0 / ((s - 1) * (double)k->blocks_ring[s]) /
                    (k->staged_batch ? k->staged_batch : 1);
    ring[s] = maxd(busy_cycles(k, k->blocks_ring[s], k->added), little);
    k->t_ring[s] = maxd(ring[s], dram);
    if (!best || k->t_ring[s] < k->t_ring[best])
      best = s;
  }
  if (!best) {
    k->why = "budget";
    return 0;
  }
  /* The floor bounds the plain loop and the best ring alike: a tie on
   * this chip that no latency or issue figure breaks (the remarks say so) */
  k->dram_bound = plain <= dram && ring[best] <= dram;
  best = pick_stages(k, max_stages, best);
  if (k->dram_bound && !k->in_place)
    best = deepen_for_dram(k, max_stages, best);
  k->gain_permille = (unsigned)(1000.0 * k->t_plain / k->t_ring[best] + 0.5);
  k->best = best;
  k->stages = k->gain_permille >= 1000 + PL_COST_TIE_PERMILLE ? best : 0;
  if (!k->stages && k->gain_permille + PL_COST_TIE_PERMILLE >= 1000)
    k->stages = decide_tie(k, best);
  if (!k->stages && strcmp(k->why, "tie") != 0)
    k->why = "covered";
  return k->stages;
}

void pl_cost_register_range(const pl_cost *k, unsigned *lo, unsigned *hi) {
  unsigned cap = registers_cap(k);
  unsigned est = k->regs > k->staged_regs ? k->regs - k->staged_regs : 1;
  unsigned low = est / PL_COST_REGS_SPREAD, high = est * PL_COST_REGS_SPREAD;
  if (!k->regs_measurable) {
    low = est * PL_COST_REGS_LOW_PERMILLE / 1000;
    high = (est * PL_COST_REGS_HIGH_PERMILLE + 999) / 1000;
  }
  if (!cap)
    cap = 1;
  *lo = low < 1 ? 1 : low > cap ? cap : low;
  *hi = high > cap ? cap : high;
}

/* Decides filled inputs `k` at every count of pl_cost_register_range,
 * which it records in k->regs_lo and k->regs_hi; returns nonzero when two
 * counts decide differently (the stages, or the reason for none). With
 * `pays` NULL it stops at the first difference; else it weighs every count
 * and counts those that give a ring in *pays and the others in *declines. */
static int weigh_counts(pl_cost *k, unsigned max_stages, uint64_t budget, unsigned *pays,
                        unsigned *declines) {
  unsigned lo, hi;
  pl_cost_register_range(k, &lo, &hi);
  k->regs_lo = lo;
  k->regs_hi = hi;
  unsigned first = 0;
  const char *why = NULL;
  int differ = 0;
  for (unsigned r = lo; r <= hi; ++r) {
    pl_cost at = *k;
    pl_cost_measured(&at, r);
    unsigned s = pl_cost_decide(&at, max_stages, budget);
    if (r > lo && (s != first || strcmp(at.why, why) != 0)) {
      differ = 1;
      if (!pays)
        return 1;
    }
    if (pays)
      ++*(s ? pays : declines);
    first = s;
    why = at.why;
  }
  return differ;
}

int pl_cost_registers_matter(pl_cost *k, unsigned max_stages, uint64_t budget) {
  return weigh_counts(k, max_stages, budget, NULL, NULL);
}

void pl_cost_any_registers(pl_cost *k) {
  unsigned plain = k->regs > k->staged_regs ? k->regs - k->staged_regs : 1;
  if (plain < k->regs_lo) /* within the counts weighed, whose decisions agree */
    plain = k->regs_lo;
  if (plain > k->regs_hi)
    plain = k->regs_hi;
  pl_cost_measured(k, plain ? plain : 1);
  k->regs_measured = 0;
  k->regs_any = 1;
}

unsigned pl_cost_decide_estimated(pl_cost *k, unsigned max_stages, uint64_t budget) {
  unsigned pays = 0, declines = 0;
  if (!weigh_counts(k, max_stages, budget, &pays, &declines)) {
    pl_cost_any_registers(k);
    return pl_cost_decide(k, max_stages, budget);
  }
  /* the estimate taken as a count: the plain kernel's, the staged
   * registers on top for the ring, as at each count weighed */
  pl_cost_measured(k, k->regs > k->staged_regs ? k->regs - k->staged_regs : 1);
  k->regs_measured = 0;
  k->regs_weighed = 1;
  unsigned stages = pl_cost_decide(k, max_stages, budget);
  if (pays && declines) { /* the figures stay the estimate's */
    k->regs_split = 1;
    k->stages = 0;
    k->why = "registers";
    return 0;
  }
  if (pays && !stages) /* every count pays: so does the estimate's */
    stages = k->stages = k->best;
  if (!pays && stages) /* no count pays */
    stages = k->stages = 0;
  return stages;
}

/* Whether `k`'s decision is the model's verdict on latency alone: a ring,
 * or a decline as covered or too close to call (not a split, a budget or
 * a decision the register count would change). */
static int latency_verdict(const pl_cost *k) {
  if (k->regs_split || !k->why)
    return 0;
  return k->stages || strcmp(k->why, "covered") == 0 || strcmp(k->why, "tie") == 0;
}

unsigned pl_cost_family(pl_cost *k, const pl_cost *others, size_t n) {
  const pl_cost *all[16];
  size_t m = 0;
  if (!latency_verdict(k) || !k->best)
    return k->stages;
  all[m++] = k;
  for (size_t i = 0; i < n && m < sizeof all / sizeof all[0]; ++i) {
    if (!latency_verdict(&others[i]))
      return k->stages; /* a chip decides for a reason of its own */
    all[m++] = &others[i];
  }
  if (m < 2)
    return k->stages;
  /* insertion sort by prediction, then by chip */
  for (size_t i = 1; i < m; ++i)
    for (size_t j = i; j > 0 && (all[j]->gain_permille < all[j - 1]->gain_permille ||
                                 (all[j]->gain_permille == all[j - 1]->gain_permille &&
                                  all[j]->chip->sm < all[j - 1]->chip->sm));
         --j) {
      const pl_cost *t = all[j];
      all[j] = all[j - 1];
      all[j - 1] = t;
    }
  unsigned lo = all[0]->gain_permille, hi = all[m - 1]->gain_permille;
  if (!lo || (uint64_t)hi * 1000 > (uint64_t)lo * (1000 + PL_COST_FAMILY_PERMILLE))
    return k->stages; /* the chips differ by more than the model's error */
  /* A chip that pipelines within the tie band does so for a gain the
   * model does not price (padded rows, the removed barrier), the same on
   * every chip: the family pipelines. Not for a tie on the DRAM floor,
   * which says nothing of latency: there the other chips' figures speak.
   * Else the median chip decides. */
  const pl_cost *by = all[(m - 1) / 2];
  for (size_t i = 0; i < m; ++i)
    if (all[i]->stages && all[i]->gain_permille < 1000 + PL_COST_TIE_PERMILLE &&
        !all[i]->dram_bound)
      by = all[i];
  if (!by->stages == !k->stages)
    return k->stages;
  k->family = 1;
  k->family_unpriced = by->gain_permille < 1000 + PL_COST_TIE_PERMILLE && by->stages;
  k->family_sm = by->chip->sm;
  k->family_gain = by->gain_permille;
  k->family_lo = lo;
  k->family_hi = hi;
  k->family_first = k->family_last = k->chip->sm;
  for (size_t i = 0; i < m; ++i) {
    if (all[i]->chip->sm < k->family_first)
      k->family_first = all[i]->chip->sm;
    if (all[i]->chip->sm > k->family_last)
      k->family_last = all[i]->chip->sm;
  }
  k->stages = by->stages ? k->best : 0;
  if (!k->stages)
    k->why = "family";
  return k->stages;
}

const char *pl_cost_family_text(const pl_cost *k, char *buf, size_t len) {
  const char *unpriced = !k->family_unpriced ? ""
                         : k->padded         ? ", too close to call there, for its padded rows"
                                             : ", too close to call there, for the removed barrier";
  snprintf(buf, len,
           "%s as on sm_%u (%u.%03ux%s): the predictions on sm_%u to sm_%u, %u.%03ux to %u.%03ux, "
           "lie within %u.%u%% of each other",
           k->stages ? "pipelined" : "declined", k->family_sm, k->family_gain / 1000,
           k->family_gain % 1000, unpriced, k->family_first, k->family_last, k->family_lo / 1000,
           k->family_lo % 1000, k->family_hi / 1000, k->family_hi % 1000,
           PL_COST_FAMILY_PERMILLE / 10, PL_COST_FAMILY_PERMILLE % 10);
  return buf;
}

const char *pl_cost_serial_text(const pl_cost *k, char *buf, size_t len) {
  size_t n = 0;
  buf[0] = '\0';
  /* beyond one latency and those of the loads after stores: trips */
  if (k->serial_milli >
      1000 + 1000 * k->serial_generic + PL_COST_BRANCH_ROUND_MILLI * k->serial_rounds)
    n += (size_t)snprintf(buf, len, "copy-loop trips");
  if (k->serial_generic && n < len)
    n += (size_t)snprintf(
        buf + n, len - n, "%s%u generic %s issued after the shared-memory stores before them",
        n ? "; " : "", k->serial_generic, k->serial_generic == 1 ? "load" : "loads");
  if (k->serial_rounds && n < len)
    snprintf(buf + n, len - n,
             "%s%u %s of loads under branches ptxas does not predicate, after the stores "
             "before them",
             n ? "; " : "", k->serial_rounds, k->serial_rounds == 1 ? "round" : "rounds");
  return buf;
}
