/*===- lib/cost.h - is a ring worth it, and how many stages? -------------===*\
 *
 * The profitability model of the plan stage (docs/design.md, "Cost
 * model"). From what the IR says about one legal tile loop -- threads per
 * block (launch bounds), tile and other static shared bytes, the compute
 * region's instruction mix, the copies, the trip count -- and a table of
 * the target chip's limits, it estimates the SM time of one iteration of
 * one block with and without a ring of S stages:
 *
 *   plain   max(B + a L / N, (L + B) / N, D)  B  busy cycles of one block's
 *   ring    max(B (1 + o), m L / ((S-1) N'), D)  iteration on the SM
 *                                          L  loaded global latency
 *                                          N  resident blocks per SM,
 *                                             N' with the ring
 *                                          D  tile bytes / DRAM bytes
 *                                             per cycle per SM
 *                                          o  the ring's added
 *                                             instructions / iteration's
 *
 * The first terms are issue (or shared-memory) throughput, the second
 * Little's law for the bytes in flight (one stage per block without the
 * ring, S-1 with it), the third DRAM bandwidth. Registers are unknown
 * before ptxas: the plan asks ptxas for the plain kernel's count
 * (lib/ptxas.h, pl_cost_measured); where it cannot, the model takes a
 * lower bound (the loop-carried words plus a base), so N is an upper bound
 * and the plain kernel is credited with at least the occupancy it really
 * has: the model errs towards declining.
\*===----------------------------------------------------------------------===*/
#ifndef PL_COST_H
#define PL_COST_H

#include "candidate.h"

#include <stdint.h>

/** One chip generation's limits (CUDA C++ Programming Guide, "Features
 * and Technical Specifications", table "Technical Specifications per
 * Compute Capability"), and two figures the guide does not give: the
 * global load latency under load and the DRAM bytes per cycle per SM
 * (docs/design.md says where they come from). */
typedef struct pl_chip {
  unsigned sm;                   /**< compute capability, 80 for sm_80 */
  unsigned smem_per_sm;          /**< shared memory per SM, bytes */
  unsigned smem_per_block;       /**< most shared memory per block, bytes */
  unsigned smem_reserved;        /**< shared memory the system reserves per
                                      block, bytes (1 KiB since sm_80) */
  unsigned max_threads_per_sm;   /**< resident threads per SM */
  unsigned max_blocks_per_sm;    /**< resident blocks per SM */
  unsigned regs_per_sm;          /**< 32-bit registers per SM */
  unsigned max_regs_per_thread;  /**< 255 */
  unsigned latency;              /**< global load latency under load, cycles */
  unsigned dram_bytes_per_cycle; /**< DRAM bytes per cycle per SM */
} pl_chip;

/** The chip table entry of compute capability `sm`: the exact entry, else
 * the newest entry older than it; NULL below sm_60 (the oldest entry).
 * Entries below sm_80 price the register lowering only (no cp.async). */
const pl_chip *pl_chip_for_sm(unsigned sm);

/** Whether chip rows `a` and `b` have the same figures (their sm aside). */
int pl_chip_same_figures(const pl_chip *a, const pl_chip *b);

/** The chips of the table a decision for `sm` is kept consistent with
 * (docs/design.md, "Decisions"): those with the same lowerings, sm_80 and
 * newer where `sm` >= 80 (cp.async), sm_60 to sm_75 below, each set of
 * figures once (sm_87's are sm_80's). Fills `out` with at most `max` rows
 * in ascending order; returns how many. */
size_t pl_chip_family(unsigned sm, const pl_chip **out, size_t max);

/** Predictions of one loop on the chips of its target's family that lie
 * within this many thousandths of each other (max / min - 1) are one
 * decision: the model's figures differ by less than its own error
 * between chips (its absolute error is larger; docs/performance.md), and
 * a decision that flips with the target there has no reason a user could
 * see. Three times PL_COST_TIE_PERMILLE. */
#define PL_COST_FAMILY_PERMILLE 30u

/** Cycles of the SM's DRAM bandwidth that a ring on the DRAM floor keeps
 * in flight: the latency of a load while DRAM runs at its bandwidth, far
 * above the unloaded latency the chip table gives. The figures tie at
 * every S there (both bounded by D), but the bandwidth is reached only
 * with the bytes of this latency in flight (Little's law). Measured on an
 * H100 (docs/results/log.md): colGemv at the floor ran 15% faster with 4
 * stages (104,448 bytes in flight per SM) than with 3 (69,632), which the
 * unloaded latency's 16,000 bytes cannot explain; the WMMA GEMMs, maxPool3
 * and batchTranspose, also at the floor, ran within 1% from 3 stages to
 * 4. Fitted after the fact on colGemv: 6000 cycles lies between. */
#define PL_COST_DRAM_LATENCY 6000u

/** Most stages the model weighs. */
#define PL_COST_MAX_STAGES 8u

/** The model's inputs, from the IR, and its figures. All counts are per
 * warp and per iteration of the tile loop unless said otherwise. */
typedef struct pl_cost {
  /* inputs */
  unsigned sm;                   /**< target compute capability */
  const pl_chip *chip;           /**< its table entry (never NULL once filled) */
  unsigned threads;              /**< threads per block */
  int threads_assumed;           /**< no launch bounds: `threads` is assumed */
  int threads_asserted;          /**< no launch bounds: `threads` is the block
                                      shape the kernel asserts (blockDim) */
  unsigned threads_launched;     /**< no launch bounds or assertion: `threads`
                                      is the largest block of this many
                                      launches in the translation unit
                                      (lib/launch_shapes.h), 0 otherwise */
  unsigned threads_launched_min; /**< the smallest block of those launches */
  unsigned launches_unknown;     /**< launches in the translation unit whose
                                      block shape is not a constant */
  unsigned min_blocks;           /**< minctasm of __launch_bounds__, else 0 */
  uint64_t tile_bytes;           /**< one stage: the tiles' bytes; for a tile of
                                      dynamic shared memory (no size), the bytes
                                      the block's copies write per iteration */
  uint64_t stage_bytes;          /**< one stage of the ring: slots, aligned */
  uint64_t other_shared;         /**< other static __shared__ bytes */
  unsigned pressure_words;       /**< the most 32-bit words of values live at
                                      once in the kernel (pl_register_pressure) */
  unsigned regs;                 /**< registers per thread of the plain kernel:
                                      ptxas's count (regs_measured), else the
                                      estimate (PL_COST_REGS_SCALE_PERMILLE of
                                      pressure_words plus PL_COST_REGS_BASE),
                                      which counts the staged ones too */
  unsigned regs_ring;            /**< the same with the ring: ptxas's count plus
                                      the staged registers, else the estimate */
  int regs_measured;             /**< regs is ptxas's count (pl_cost_measured) */
  int regs_measurable;           /**< ptxas can be asked (`ptxas=`): the counts
                                      weighed are those it could plausibly give,
                                      else those the estimate's error allows */
  int regs_any;                  /**< the decision is the same at every count of
                                      regs_lo..regs_hi, and ptxas was not asked
                                      (pl_cost_any_registers) */
  int regs_weighed;              /**< not measured: decided at the estimate
                                      taken as a count after weighing
                                      regs_lo..regs_hi (pl_cost_decide_estimated) */
  int regs_split;                /**< not measured, and a ring pays at some
                                      counts of regs_lo..regs_hi and not at
                                      others (pl_cost_decide_estimated) */
  unsigned regs_lo;              /**< the counts pl_cost_registers_matter weighed, */
  unsigned regs_hi;              /**< from regs_lo to regs_hi (0 until then) */
  unsigned compute;              /**< compute instructions issued */
  unsigned tile_loads;           /**< of which loads from the tiles */
  unsigned math;                 /**< of which FMA/FP or MMA instructions */
  unsigned wavefronts;           /**< shared-memory wavefronts of tile loads */
  unsigned loop_loads;           /**< global loads the copy stage issued */
  unsigned serial_milli;         /**< load latencies the plain loop waits one after
                                      another per iteration, in thousandths: 1000
                                      for straight-line copies, more for the
                                      loads ptxas issues after the stores of the
                                      copies before them (serial_generic,
                                      serial_rounds), plus each copy loop's trips
                                      (cost.c) */
  unsigned serial_generic;       /**< of those loads, generic ones: one latency
                                      each */
  unsigned serial_rounds;        /**< rounds of those loads under two or more
                                      branches, one round a predicate: a part of
                                      a latency each (halos hit in cache) */
  unsigned plain_batch;          /**< iterations of the plain loop whose copy loads
                                      are in flight together: ptxas unrolls a small
                                      loop of read-only loads and issues them above
                                      the barriers (pl_cost_inputs); 1 otherwise */
  unsigned staged_batch;         /**< the same for a ring whose copies are all
                                      staged through registers (the register
                                      lowering, in place): their loads are the
                                      plain ones, moved ahead of the compute */
  unsigned sdk_major, sdk_minor; /**< the CUDA toolkit the module was compiled
                                      against (pl_module_sdk_version), whose
                                      ptxas assembles it; 0 where not recorded */
  int ptxas_rolls;               /**< the loop is batchable but that toolkit's
                                      ptxas keeps tile loops rolled
                                      (PL_COST_ROLLED_SDK_MAJOR): plain_batch
                                      is 1, and staged_batch the rewrite's own
                                      unroll (steady_unroll.h) */
  unsigned ring_copies;          /**< copies the ring issues per thread (after
                                      widening): cp.async and register-staged */
  unsigned ring_loads;           /**< reads of global memory the ring issues per
                                      thread: its cp.async copies and the loads of
                                      its register-staged copies, merged as the
                                      backend merges them */
  unsigned staged_copies;        /**< of which staged through registers */
  unsigned staged_predicated;    /**< of the staged copies, those under a thread
                                      predicate that holds for at most a quarter
                                      of the threads (`if (ty == 0)`,
                                      pl_copy_few_threads): every thread of the
                                      register lowering loads them */
  unsigned staged_regs;          /**< 32-bit registers those hold across the
                                      compute (plan.c, staged_registers) */
  unsigned added;                /**< instructions the ring adds */
  uint64_t trip;                 /**< constant trip count, 0 when unknown */
  /** The in-place shape (rewrite_in_place.h): loads one iteration ahead
   * in registers with the loop's own shared memory and both barriers; the
   * model weighs S = 2 at the plain kernel's shared memory, and a tie
   * declines (no barrier goes, no row is padded). */
  int in_place;
  int padded; /**< the plan pads a tile's rows (lib/layout.h):
                   tile reads the model does not price get
                   cheaper */
  /* figures */
  unsigned warps;                               /**< warps per block */
  unsigned blocks_plain;                        /**< resident blocks per SM without the ring */
  unsigned blocks_ring[PL_COST_MAX_STAGES + 1]; /**< with S stages (0: does
                                                   not fit one block) */
  double busy;                                  /**< B: SM cycles of one block's iteration */
  double t_plain;                               /**< SM cycles per block-iteration, plain */
  double t_ring[PL_COST_MAX_STAGES + 1];        /**< the same with S stages */
  double cover;                                 /**< (N-1) B: cycles other blocks can cover */
  unsigned stages;                              /**< chosen S (0: not profitable) */
  unsigned best;          /**< the S weighed last: chosen, or the best declined */
  unsigned gain_permille; /**< t_plain / t_ring(S), in 1/1000 */
  double dram;            /**< D: SM cycles the tiles take at the chip's
                               DRAM bandwidth, the floor of both */
  int dram_bound;         /**< D bounds the plain loop and the best ring
                               alike: a gain of 1.000x */
  const char *why;        /**< short clause: why S, or why declined */
  const char *dram_stop;  /**< why "dram": what kept the ring short of the
                               bytes DRAM needs in flight (a remark
                               clause), or NULL where it keeps them */
  /* the family rule (pl_cost_family): set where it decided */
  unsigned family;          /**< nonzero: the decision is the family's median
                                 chip's, not this chip's own */
  unsigned family_sm;       /**< that chip, 86 for sm_86 */
  unsigned family_unpriced; /**< it pipelines within the tie band, for a
                                 gain the model does not price */
  unsigned family_gain;     /**< its predicted gain, in 1/1000 */
  unsigned family_lo;       /**< lowest prediction of the family, 1/1000 */
  unsigned family_hi;       /**< highest */
  unsigned family_first;    /**< first and last chip weighed, as sm */
  unsigned family_last;
} pl_cost;

/** What the plan proposes for the cost model to price: the ring's
 * `stage_bytes` per stage (aligned slots), its `ncopies` copies after
 * widening (`staged[k]` nonzero: copy k is staged through registers; NULL:
 * none is; `staged_regs` the 32-bit registers those hold, `staged_loads`
 * the loads they issue, adjacent ones merged), `loop_loads`
 * global loads per thread in the loop as the backend will issue them
 * (adjacent loads merged), `other_shared` other static shared bytes, and
 * the loop's constant trip count `trip`, the kernel's register pressure
 * `pressure_words` (pl_register_pressure) and whether ptxas may unroll the
 * loop (`unrollable`, pl_facts_unrollable), all from its facts. */
typedef struct pl_cost_ring {
  uint64_t stage_bytes;
  const pl_copy *copies;
  unsigned ncopies;
  const unsigned char *staged;
  unsigned staged_regs;
  unsigned staged_loads;
  unsigned loop_loads;
  uint64_t other_shared;
  unsigned trip;
  unsigned pressure_words;
  int unrollable;
  const LLVMBasicBlockRef *skip_blocks; /**< pl_plan.fixups: copies fixed up each iteration */
  size_t nskip_blocks;
} pl_cost_ring;

/** The threads per block the cost model prices the kernel of `c` with:
 * its launch bounds, the size it asserts, its launches in the translation
 * unit (the most threads of any), else PL_COST_ASSUMED_THREADS. */
unsigned pl_cost_threads(pl_host *host, const pl_candidate *c);

/** The shape of a block of the kernel of `c` into shape[0..2] (x, y, z):
 * the one every launch in the translation unit gives, where each has a
 * constant shape and all agree; else, where it has no launch there, for a
 * kernel that reads no threadIdx or blockDim but x and calls nothing that
 * could, its launch bounds or asserted size in x; else the extents it
 * asserts on blockDim for the axes it reads. Returns 1, or 0 where none of
 * these gives it (the model's 256 threads are not assumed here). */
int pl_cost_block_shape(pl_host *host, const pl_candidate *c, unsigned shape[3]);

/** Fills the inputs of `cost` for the legal candidate `c` and the ring
 * `ring`, on target `sm` (>= 80). Reads the kernel's launch bounds from
 * !nvvm.annotations (maxntid{x,y,z}, reqntid{x,y,z}, minctasm); without
 * them takes the block shape the kernel asserts on blockDim where the loop
 * is entered, else the largest block of its launches in the translation
 * unit when all of them are constant (lib/launch_shapes.h), else assumes
 * PL_COST_ASSUMED_THREADS threads. Changes no IR. */
void pl_cost_inputs(pl_host *host, const pl_candidate *c, unsigned sm, const pl_cost_ring *ring,
                    pl_cost *cost);

/** Where the block size of filled inputs `cost` comes from, as a remark's
 * parenthetical (" (the kernel checks blockDim)", " (its launches in this
 * file)", " (assumed: no launch bounds; add __launch_bounds__)", or "" for
 * launch bounds), written into `buf` of `len` bytes; returns `buf`. */
const char *pl_cost_threads_note(const pl_cost *cost, char *buf, size_t len);

/** Replaces the register estimate of filled inputs `cost` by `plain`,
 * the registers per thread that ptxas allocates to the kernel without the
 * ring (pl_ptxas_registers): the plain kernel's occupancy is then known,
 * not bounded. The ring's count is `plain` plus the registers the copies
 * stage across the compute (staged_regs), at most the chip's limit per
 * thread. `plain` 0 (unknown) keeps the estimate. */
void pl_cost_measured(pl_cost *cost, unsigned plain);

/** The register counts per thread ptxas could plausibly give the plain
 * kernel of filled inputs `cost`, into *lo and *hi (1 <= *lo <= *hi): from
 * the model's estimate (regs less the staged registers) divided by
 * PL_COST_REGS_SPREAD to the estimate times it where ptxas can be asked
 * (regs_measurable), else from PL_COST_REGS_LOW_PERMILLE to
 * PL_COST_REGS_HIGH_PERMILLE of it; within 1 and the most a thread can
 * have with the block's threads and minctasm blocks resident (the register
 * file over them, in units of 8, at most the chip's limit per thread; CUDA
 * C++ Programming Guide, "Technical Specifications per Compute
 * Capability"). Changes nothing. */
void pl_cost_register_range(const pl_cost *cost, unsigned *lo, unsigned *hi);

/** The clause of the passed remark saying why a loop on the DRAM floor
 * has cost->best stages (cost->why "dram"): ", the fewest that keep DRAM
 * busy through its " where they keep PL_COST_DRAM_LATENCY cycles of the
 * SM's DRAM bytes in flight, else what stopped a deeper ring (the loop's
 * trips, the shared-memory budget, a resident block, the floor, the most
 * stages weighed) ending "short of DRAM's ". The caller appends the
 * latency. Reads the figures pl_cost_decide filled. */
const char *pl_cost_dram_clause(const pl_cost *cost);

/** Nonzero when the decision of pl_cost_decide(cost, max_stages, budget)
 * on filled inputs `cost` -- the stages chosen, or the reason none is --
 * depends on the plain kernel's registers: when it differs between two
 * counts of pl_cost_register_range, which it records in cost->regs_lo and
 * cost->regs_hi. Where it does not, ptxas need not be asked (lib/ptxas.h).
 * Changes nothing else. */
int pl_cost_registers_matter(pl_cost *cost, unsigned max_stages, uint64_t budget);

/** Marks filled inputs `cost` as decided without ptxas because the
 * registers do not matter (pl_cost_registers_matter returned 0): the model
 * then weighs the estimate, brought within the counts weighed there, as it
 * would a count (the staged registers on top for the ring), so that it
 * decides as at each of them. */
void pl_cost_any_registers(pl_cost *cost);

/** The decision of pl_cost_decide for filled inputs `cost` whose plain
 * registers were not measured (no ptxas, or it failed): the stages chosen,
 * or 0. The model weighs every count of pl_cost_register_range. Where they
 * all decide alike, it is pl_cost_any_registers's decision; where each
 * gives a ring, the estimate's; where some give a ring and some none, 0,
 * with cost->regs_split set and the figures at the estimate: a ring that
 * pays only at some of the counts the estimate allows is not taken (a
 * decline costs what the ring would gain; a ring at the wrong count can
 * cost more, docs/design.md "Registers"). Fills cost's figures as
 * pl_cost_decide does. */
unsigned pl_cost_decide_estimated(pl_cost *cost, unsigned max_stages, uint64_t budget);

/** Why the cost model's remarks give an estimate where ptxas was not
 * asked (pl_cost_any_registers): a printf format of the range weighed
 * (cost->regs_lo, cost->regs_hi). */
#define PL_REGISTERS_DO_NOT_MATTER "every count from %u to %u gives the same decision"

/** How far ptxas's count of a plain kernel is taken to lie from the
 * model's estimate (pl_cost_register_range): a factor of 2 either way.
 * Calibrated, not proven: over 388 tile loops (bench/variant.cu, the
 * examples, test/realworld/ and 200 generated kernels, sm_90 and sm_80),
 * ptxas gave 0.72x to 1.53x the estimate for 90% of them and 0.27x to
 * 2.69x at the extremes, and no count outside the range would have changed
 * a decision the range agreed on (docs/design.md, "Registers from
 * ptxas"). */
#define PL_COST_REGS_SPREAD 2u

/** The registers per thread the model estimates without ptxas: 850 per
 * mille of the kernel's register pressure (pl_register_pressure) plus 16.
 * Fitted (least mean |log| error) to ptxas's counts of 412 tile loops'
 * kernels (bench/variant.cu, the examples, test/realworld/, 200 generated
 * kernels; sm_90 and sm_80): ptxas gave 0.72x to 1.31x of it for 80% of
 * them (docs/design.md, "Registers"). */
#define PL_COST_REGS_SCALE_PERMILLE 850u
#define PL_COST_REGS_BASE 16u

/** The counts the model weighs where ptxas is not asked: from 800 to 1250
 * per mille of the estimate, about the middle 70% of ptxas's counts over
 * the loops PL_COST_REGS_SCALE_PERMILLE was fitted to. */
#define PL_COST_REGS_LOW_PERMILLE 800u
#define PL_COST_REGS_HIGH_PERMILLE 1250u

/** Issue slots a cp.async narrower than 16 bytes costs beyond one
 * instruction: calibrated (docs/design.md), not from a manual. */
#define PL_COST_NARROW 8u

/** Instructions per trip of a copy loop that the fix-up of a skipped copy
 * adds (rewrite.h, "skipped copies"): the counter's step, the exit test,
 * the skip's condition, and the move, counted once (a skip is the rare
 * way). Counted from the clone's IR, not calibrated. */
#define PL_COST_FIXUP 4u

/** The plain loop's batch (pl_cost.plain_batch): the most iterations
 * whose loads ptxas issues together, and the instructions per warp and
 * iteration (pl_cost.compute, plus PL_COST_BATCH_WIDE_WORDS per 32-bit
 * word a copy loads beyond its first) up to which the batch is 4, 3 and
 * 2 iterations. Calibrated on ptxas 11.8 for sm_90 (docs/design.md, "The plain
 * loop's batch"): over generated thin loops of 1 to 4 copies, ptxas
 * unrolls the loop 4 times and moves the loads of 4 iterations above the
 * first barrier up to about 26 SASS instructions per iteration, 2 or 3
 * to 34, none from 38; the model's count is about 1.45 times ptxas's. */
#define PL_COST_BATCH_MAX 4u
#define PL_COST_BATCH_4 40u
#define PL_COST_BATCH_3 46u
#define PL_COST_BATCH_2 52u
#define PL_COST_BATCH_WIDE_WORDS 6u

/** The first CUDA toolkit whose ptxas keeps tile loops rolled: from 12.3
 * on, ptxas no longer unrolls a loop with a barrier, so the plain loop
 * forms no batch (pl_cost.plain_batch is 1), and a register ring's batch
 * is the one the rewrite unrolls itself (steady_unroll.h). Read from the SASS of
 * bench/variant.cu's plain and default PTX through ptxas 11.8, 12.0, 12.1,
 * 12.2, 12.3 and 13.0 (docs/design.md, "The plain loop's batch"): the
 * plain tailRead, aliasRows, sgemmTiled and smallKSgemm loops and the
 * register-staged rings of streamSum and f2hStream are unrolled 2 to 8
 * times by 11.8 to 12.2, and by neither 12.3 nor 13.0. A module without
 * the toolkit's version keeps the 11.8 calibration. */
#define PL_COST_ROLLED_SDK_MAJOR 12u
#define PL_COST_ROLLED_SDK_MINOR 3u

/** Warp schedulers per SM on sm_70 and later (CUDA C++ Programming Guide,
 * "Compute Capability 7.x" onwards: "4 warp schedulers"). */
#define PL_COST_SCHEDULERS 4u

/** The largest plain-loop batch at which a tie is still pipelined for the
 * barrier it removes from a block of more than 4 warps (pl_cost_decide):
 * measured on the H100, rings at a batch of 4 ran 0.80x-1.02x plain, a
 * 16-byte ring at a batch of 2 1.16x-1.23x (docs/results/log.md). */
#define PL_COST_TIE_BATCH 2u

/** Threads per block assumed without launch bounds: 256, the commonest
 * block size, which lets 8 blocks (64 warps) reside on sm_80 and sm_90 --
 * the plain kernel is credited with high occupancy, so the model errs
 * towards declining. */
#define PL_COST_ASSUMED_THREADS 256u

/** Thousandths of the load latency that a round of copies under two or
 * more branches (cost.c, load_waits_for_stores) adds to the plain loop's
 * wait: such copies are the halos of stencils, whose bytes neighbouring
 * threads and blocks load too, so that most hit in cache. Calibrated on an
 * H100 (docs/results/log.md): haloblur's plain loop, 8 such rounds, ran at
 * 0.36x of its compute-only speed (`limit` 2.81x), where a full latency a
 * round would predict less; heat2d's ring, its plain loop 2 rounds, ran
 * only 1.135x. */
#define PL_COST_BRANCH_ROUND_MILLI 300u

/** Predicted gains within this many thousandths of 1.000 are too close to
 * call (the noise of one H200 timing, docs/results/log.md); there the loop
 * is pipelined only for what the model does not price (pl_cost_decide). */
#define PL_COST_TIE_PERMILLE 10u

/** The register lowering's predicted gain, in 1/1000, above which it is
 * taken for a loop whose cp.async ring the model declines (plan.c,
 * pl_make_plan). Calibrated on the bench (H100, docs/results/log.md, the
 * sixth 2026-12-05 session): of ten such loops whose register ring the
 * model predicts to pay, the three predicted 1.416x (matrixMuls of 1024
 * threads) ran 1.012x-1.145x, the seven predicted 1.010x-1.056x ran
 * 0.967x-1.018x: below it, the register ring's gain is within the model's
 * error. */
#define PL_COST_REGISTERS_ALONE_PERMILLE 1100u

/** Runs the model on filled inputs, for rings of 2 .. `max_stages` stages
 * that fit `budget` static shared bytes. Sets cost->stages to the chosen S
 * (or 0 when no S is predicted to gain), cost->gain_permille and cost->why.
 * Returns cost->stages. */
unsigned pl_cost_decide(pl_cost *cost, unsigned max_stages, uint64_t budget);

/** The family rule: `k` decided for its own chip by pl_cost_decide or
 * pl_cost_decide_estimated; `others[i]` the same inputs decided for the
 * other chips of its family (pl_chip_family), `n` of them. Where every
 * chip's decision is the model's latency verdict (a ring, or a decline
 * as covered or too close to call) and the predictions lie within
 * PL_COST_FAMILY_PERMILLE of each other, every chip takes one decision: a
 * ring where a chip pipelines within the tie band (for a gain the model
 * does not price and that every chip has: padded rows, the removed
 * barrier) off the DRAM floor, else the decision of the chip with the median prediction (the
 * lower middle of an even count). A chip that takes a ring takes it at its
 * own best S. Sets k->family and its figures where that changed k's
 * decision; returns k->stages. */
unsigned pl_cost_family(pl_cost *k, const pl_cost *others, size_t n);

/** The clause a remark gives for a decision the family rule took, in
 * `buf` of `len` bytes: "pipelined as on sm_86 (1.012x): the predictions
 * on sm_80 to sm_90, 0.995x to 1.012x, lie within 3.0% of each other"
 * (or "declined as on ..."). Returns buf. */
const char *pl_cost_family_text(const pl_cost *k, char *buf, size_t len);

/** Why the plain loop of `k` waits for k->serial_milli / 1000 load
 * latencies one after another, in `buf` of `len` bytes, the parts that
 * apply joined by "; ": "copy-loop trips", "8 generic loads issued after
 * the shared-memory stores before them", "3 rounds of loads under
 * branches ptxas does not predicate, after the stores before them".
 * Returns buf ("" where it waits once). */
const char *pl_cost_serial_text(const pl_cost *k, char *buf, size_t len);

#endif /* PL_COST_H */
