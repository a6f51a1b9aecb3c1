/*===- lib/cost.c - the cost model's inputs, read from the loop -----------===*\
 *
 * What the model of cost.h reads from a legal loop and its ring: the
 * chip, the block size (launch bounds, asserted blockDim, or assumed), the
 * weighted instructions of one iteration and what the ring adds to them,
 * the global-load latencies in series, and the registers. The model itself
 * is cost_model.c.
\*===----------------------------------------------------------------------===*/
#include "cost.h"

#include "launch_shapes.h"

#include <stdio.h>

#include "access.h"
#include "alloc.h"
#include "host_cfg.h"
#include "host_diag.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "limits.h"
#include "nvvm.h"
#include "steady_unroll.h"

#include <stdlib.h>
#include <string.h>

/* The table. Shared memory, threads, blocks and registers: CUDA C++
 * Programming Guide, "Technical Specifications per Compute Capability"
 * (8.0, 8.6, 8.7, 8.9, 9.0). Latency and DRAM bytes per cycle per SM are
 * not in the guide: docs/design.md gives their sources (the latency is the
 * model's one calibrated constant). */
static const pl_chip chips[] = {
    /* sm  smem/SM  smem/block  rsv  thr/SM blk/SM regs   r/t  lat  B/clk */
    {60, 65536, 49152, 0, 2048, 32, 65536, 255, 1000, 9},
    {70, 98304, 98304, 0, 2048, 32, 65536, 255, 1000, 8},
    {75, 65536, 65536, 0, 1024, 16, 65536, 255, 1000, 5},
    {80, 167936, 166912, 1024, 2048, 32, 65536, 255, 1000, 10},
    {86, 102400, 101376, 1024, 1536, 16, 65536, 255, 1000, 7},
    {87, 167936, 166912, 1024, 2048, 32, 65536, 255, 1000, 10},
    {89, 102400, 101376, 1024, 1536, 24, 65536, 255, 1000, 3},
    {90, 233472, 232448, 1024, 2048, 32, 65536, 255, 1000, 16},
};

const pl_chip *pl_chip_for_sm(unsigned sm) {
  const pl_chip *best = NULL;
  for (size_t i = 0; i < sizeof chips / sizeof chips[0]; ++i)
    if (chips[i].sm <= sm)
      best = &chips[i];
  return best;
}

int pl_chip_same_figures(const pl_chip *a, const pl_chip *b) {
  pl_chip x = *a;
  x.sm = b->sm;
  return memcmp(&x, b, sizeof x) == 0;
}

size_t pl_chip_family(unsigned sm, const pl_chip **out, size_t max) {
  size_t n = 0;
  for (size_t i = 0; i < sizeof chips / sizeof chips[0] && n < max; ++i) {
    int seen = 0;
    for (size_t j = 0; j < n && !seen; ++j)
      seen = pl_chip_same_figures(out[j], &chips[i]);
    if ((chips[i].sm >= 80) == (sm >= 80) && !seen)
      out[n++] = &chips[i];
  }
  return n;
}

/* Whether block `bb` stops the threads that reach it: it calls CUDA's
 * __assertfail (the failing side of an assert(); CUDA C++ Programming
 * Guide, "Assertion": "If expression is equal to zero, the kernel
 * execution is halted"), runs PTX `trap` (CUDA's __trap() is inline asm
 * "trap;"; PTX ISA, "trap": "Abort execution"), or calls llvm.trap. Such a
 * block may branch on in the IR, but no thread goes on past it. */
static int halting_call(LLVMValueRef i) {
  const char *callee = pl_callee_name(i);
  LLVMValueRef called = LLVMGetCalledValue(i);
  size_t len = 0;
  const char *text =
      called && LLVMIsAInlineAsm(called) ? LLVMGetInlineAsmAsmString(called, &len) : NULL;
  return strcmp(callee, "__assertfail") == 0 || strcmp(callee, "__assert_fail") == 0 ||
         pl_is_intrinsic(i, "llvm.trap") || (text && len == 5 && memcmp(text, "trap;", 5) == 0);
}

static int halts(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (LLVMIsACallInst(i) && halting_call(i))
      return 1;
  return 0;
}

/* Whether `cond` being `holds` (1: true) implies `v == k` for a constant
 * k, through `and` (true) and `or` (false) chains; sets *k. */
static int implies_equal(LLVMValueRef cond, int holds, LLVMValueRef v, uint64_t *k, int depth) {
  if (depth > PL_MAX_INDEX_DEPTH || !LLVMIsAInstruction(cond))
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(cond);
  if ((op == LLVMAnd && holds) || (op == LLVMOr && !holds))
    return implies_equal(LLVMGetOperand(cond, 0), holds, v, k, depth + 1) ||
           implies_equal(LLVMGetOperand(cond, 1), holds, v, k, depth + 1);
  if (op != LLVMICmp || LLVMGetOperand(cond, 0) != v ||
      !LLVMIsAConstantInt(LLVMGetOperand(cond, 1)))
    return 0;
  LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
  if (!((p == LLVMIntEQ && holds) || (p == LLVMIntNE && !holds)))
    return 0;
  *k = LLVMConstIntGetZExtValue(LLVMGetOperand(cond, 1));
  return 1;
}

/* The value that special register read `v` has at `ctx`, or 0 when not
 * known. First what llvm::LazyValueInfo proves (range metadata, assumes,
 * branches around unreachable code); then checks that stop the kernel:
 * where a branch that dominates `ctx` leads on one side to a block that
 * halts (an assert's failure, a trap), its condition holds on the other. */
static uint64_t value_at(pl_host *host, LLVMValueRef v, LLVMValueRef ctx) {
  uint64_t lo, hi, k;
  if (pl_value_range(host, v, ctx, &lo, &hi) && lo == hi)
    return lo;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef cmp = LLVMGetUser(u);
    if (!LLVMIsAICmpInst(cmp))
      continue;
    /* the branches on `cmp`, or on an and/or built from it */
    LLVMValueRef work[PL_MAX_HALT_TERMS];
    size_t n = 0;
    work[n++] = cmp;
    for (size_t w = 0; w < n; ++w)
      for (LLVMUseRef u2 = LLVMGetFirstUse(work[w]); u2; u2 = LLVMGetNextUse(u2)) {
        LLVMValueRef user = LLVMGetUser(u2);
        if (LLVMIsABranchInst(user) && LLVMIsConditional(user)) {
          if (!pl_dominates(host, LLVMGetInstructionParent(user), LLVMGetInstructionParent(ctx)))
            continue;
          for (unsigned side = 0; side < 2; ++side)
            if (halts(LLVMGetSuccessor(user, side)) &&
                implies_equal(LLVMGetCondition(user), side == 1, v, &k, 0))
              return k;
        } else if (n < PL_MAX_HALT_TERMS && LLVMIsAInstruction(user) &&
                   (LLVMGetInstructionOpcode(user) == LLVMAnd ||
                    LLVMGetInstructionOpcode(user) == LLVMOr))
          work[n++] = user;
      }
  }
  return 0;
}

/* Which axes of the block kernel `c->function` reads (threadIdx or
 * blockDim: read[a]), the extent of each that its blockDim has as a single
 * value where the loop is entered (value_at; extent[a], 0 where unknown),
 * and whether it calls a function or inline asm that could read one
 * (anything but an intrinsic or a call that halts: *opaque). */
static void block_axes(pl_host *host, const pl_candidate *c, unsigned extent[3], int read[3],
                       int *opaque) {
  static const char *const ntid[3] = {"llvm.nvvm.read.ptx.sreg.ntid.x",
                                      "llvm.nvvm.read.ptx.sreg.ntid.y",
                                      "llvm.nvvm.read.ptx.sreg.ntid.z"};
  static const char *const tid[3] = {"llvm.nvvm.read.ptx.sreg.tid.x",
                                     "llvm.nvvm.read.ptx.sreg.tid.y",
                                     "llvm.nvvm.read.ptx.sreg.tid.z"};
  LLVMValueRef ctx = c->preheader ? LLVMGetBasicBlockTerminator(c->preheader) : NULL;
  for (unsigned a = 0; a < 3; ++a)
    extent[a] = 0, read[a] = 0;
  *opaque = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(c->function); bb;
       bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsACallInst(i))
        continue;
      if (!pl_intrinsic_id(i) && !halting_call(i))
        *opaque = 1;
      for (unsigned a = 0; a < 3; ++a) {
        if (pl_is_intrinsic(i, tid[a]))
          read[a] = 1;
        if (!pl_is_intrinsic(i, ntid[a]))
          continue;
        read[a] = 1;
        uint64_t k = ctx && pl_inst_dominates(host, i, ctx) ? value_at(host, i, ctx) : 0;
        if (k >= 1 && k <= 1024)
          extent[a] = (unsigned)k;
      }
    }
}

/* Threads per block that kernel `c->function` asserts, or 0. Each axis it
 * reads (threadIdx or blockDim) must have its blockDim known as a single
 * value where the loop is entered (block_axes), so
 * `assert(blockDim.x == 32 && blockDim.y == 32)` (CUDA Samples' matrixMul)
 * gives 32 x 32. An axis the kernel never reads
 * counts 1, unless it calls a function or inline asm that could read it. */
static unsigned asserted_threads(pl_host *host, const pl_candidate *c) {
  if (!c->preheader)
    return 0;
  unsigned extent[3];
  int read[3], opaque_call;
  block_axes(host, c, extent, read, &opaque_call);
  unsigned threads = 1;
  for (unsigned a = 0; a < 3; ++a) {
    if (read[a] && !extent[a])
      return 0;
    if (!read[a] && opaque_call)
      return 0;
    threads *= read[a] ? extent[a] : 1;
  }
  return read[0] && extent[0] && threads <= 1024 ? threads : 0;
}

/* 32-bit registers a value of type `t` takes. */
static unsigned words_of(LLVMModuleRef m, LLVMTypeRef t) {
  uint64_t b = pl_type_store_size(m, t);
  return (unsigned)((b + 3) / 4);
}

static int issues_nothing(LLVMValueRef i);

/* Whether `p` points into one of the candidate's tiles. */
static int points_to_tile(const pl_candidate *c, LLVMValueRef p) {
  if (LLVMGetTypeKind(LLVMTypeOf(p)) != LLVMPointerTypeKind)
    return 0;
  return pl_tile_index(c, pl_underlying_object(p)) >= 0;
}

/* Whether `i` becomes no machine instruction of its own: phis, casts and
 * constant-offset GEPs fold into their users, unconditional branches into
 * layout, debug and lifetime markers vanish. */
static int issues_nothing(LLVMValueRef i) {
  if (pl_folds_into_users(i))
    return 1;
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMPHI:
    return 1;
  case LLVMBr:
    return !LLVMIsConditional(i);
  case LLVMCall: {
    const char *n = pl_callee_name(i);
    return n && (strncmp(n, "llvm.dbg.", 9) == 0 || strncmp(n, "llvm.lifetime.", 14) == 0 ||
                 strncmp(n, "llvm.assume", 11) == 0);
  }
  default:
    return 0;
  }
}

/* Whether `i` is arithmetic the kernel exists for: floating point, FMA,
 * a matrix multiply-accumulate. */
static int is_math(LLVMValueRef i) {
  switch (LLVMGetInstructionOpcode(i)) {
  case LLVMFAdd:
  case LLVMFSub:
  case LLVMFMul:
  case LLVMFDiv:
  case LLVMFNeg:
    return 1;
  case LLVMCall: {
    const char *n = pl_callee_name(i);
    return n && (strncmp(n, "llvm.fma", 8) == 0 || strncmp(n, "llvm.fmuladd", 12) == 0 ||
                 strstr(n, ".mma") != NULL || strncmp(n, "llvm.nvvm.rsqrt", 15) == 0);
  }
  default:
    return 0;
  }
}

/* The trips a copy loop of the copy stage makes per iteration of the tile
 * loop, when its count is not a constant (`for (i = tid; i < N; i +=
 * blockDim.x)`), in thousandths: the block's threads together fill each
 * tile once per iteration, so a thread runs on average tile bytes / (bytes
 * its trip copies into that tile * threads) trips -- the most over the
 * tiles the loop fills, at least one. 0 when the loop holds no copy. */
static unsigned copy_loop_trips_milli(const pl_candidate *c, pl_loop_ref l, unsigned threads) {
  uint64_t trips = 0;
  for (size_t t = 0; t < c->ntiles; ++t) {
    uint64_t per_trip = 0;
    for (size_t k = 0; k < c->ncopies; ++k)
      if (c->copies[k].tile == t &&
          pl_loop_contains(l, LLVMGetInstructionParent(c->copies[k].store)))
        per_trip += c->copies[k].bytes;
    if (!per_trip)
      continue;
    uint64_t n = pl_tile_static_bytes(&c->tiles[t]) * 1000 / (per_trip * threads);
    if (n < 1000)
      n = 1000;
    if (n > trips)
      trips = n;
  }
  return trips > 1000u << 16 ? 1000u << 16 : (unsigned)trips;
}

/* The same, rounded up to whole trips: what the thread that runs the most
 * issues. */
static unsigned copy_loop_trips(const pl_candidate *c, pl_loop_ref l, unsigned threads) {
  return (copy_loop_trips_milli(c, l, threads) + 999) / 1000;
}

/* How many times a block of the tile loop runs per iteration: the product
 * of the trip counts of the inner loops around it -- constant, or a copy
 * loop's estimate (copy_loop_trips); another unknown count counts
 * PL_COST_INNER_TRIPS. */
#define PL_COST_INNER_TRIPS 16u
static unsigned block_weight(pl_host *host, const pl_candidate *c, unsigned threads,
                             LLVMBasicBlockRef bb) {
  unsigned w = 1;
  for (pl_loop_ref l = pl_loop_for_block(host, bb); l && l != c->loop; l = pl_loop_parent(l)) {
    unsigned t = pl_loop_const_trip_count(host, l);
    if (!t && c->region && pl_in_region(c, pl_loop_header(l)))
      t = copy_loop_trips(c, l, threads);
    w *= t ? t : PL_COST_INNER_TRIPS;
    if (w > 1u << 16)
      return 1u << 16;
  }
  return w;
}

/* Nonzero when instruction `a` runs before `b` on every path through an
 * iteration: `a` earlier in the same block, or in a block dominating
 * `b`'s. */
static int runs_before(pl_host *host, LLVMValueRef a, LLVMValueRef b) {
  LLVMBasicBlockRef ba = LLVMGetInstructionParent(a), bb = LLVMGetInstructionParent(b);
  if (ba != bb)
    return pl_dominates(host, ba, bb);
  for (LLVMValueRef i = LLVMGetNextInstruction(a); i; i = LLVMGetNextInstruction(i))
    if (i == b)
      return 1;
  return 0;
}

/* How the load of the straight-line copy `cp` waits for the
 * shared-memory stores of the copies before it, so that the plain loop
 * waits once more: PL_WAIT_GENERIC for a generic load (its source not
 * proven global, pl_is_global_object: a pointer loaded from an array of
 * pointers), which may read the bytes those stores write, so that ptxas
 * issues it after them; PL_WAIT_BRANCHES for a load under two or more
 * branches of its own (a thread predicate such as `ty == 0` and a
 * zero-fill guard, `if (ty == 0) t[0][x] = ok ? a[i] : 0`), which ptxas
 * does not if-convert: it issues the loads under one predicate together,
 * after the stores before. PL_WAIT_NONE otherwise. Read from the SASS of
 * ptxas 11.8 (docs/design.md, "Serial latencies"): a predicate alone, or a
 * zero-fill guard alone over an `ld.global` load, is predicated and its
 * load issued with the others. */
enum { PL_WAIT_NONE, PL_WAIT_GENERIC, PL_WAIT_BRANCHES };
static int load_waits_for_stores(const pl_candidate *c, const pl_copy *cp) {
  if (!cp->load)
    return PL_WAIT_NONE; /* an llvm.memcpy: its own loop */
  if (!pl_is_global_object(pl_source_object(c, cp->src)))
    return PL_WAIT_GENERIC;
  unsigned branches = pl_pred_terms(cp);
  if (cp->guard && LLVMGetInstructionParent(cp->load) != LLVMGetInstructionParent(cp->store))
    ++branches;
  return branches >= 2 ? PL_WAIT_BRANCHES : PL_WAIT_NONE;
}

/* Nonzero when the straight-line copy `k` of `c` loads after the store of
 * another straight-line copy on every path. */
static int after_a_store(pl_host *host, const pl_candidate *c, size_t k) {
  for (size_t j = 0; j < c->ncopies; ++j)
    if (j != k &&
        pl_loop_for_block(host, LLVMGetInstructionParent(c->copies[j].store)) == c->loop &&
        runs_before(host, c->copies[j].store, c->copies[k].load))
      return 1;
  return 0;
}

/* Global-load latencies the plain loop waits for one after another in an
 * iteration, in thousandths: its straight-line copies issue their loads
 * together (one), except those that wait for the stores of the copies
 * before them (load_waits_for_stores): a generic load waits once more, a
 * round of copies under the same branches PL_COST_BRANCH_ROUND_MILLI
 * more; each trip of a copy loop stores what it loaded before the next
 * trip loads (the loop's runtime count keeps it rolled), so every trip
 * waits once more. A last trip that only some threads run counts its
 * share of the block's copies (1.0625 for 272 floats over 256 threads):
 * measured on the H200, such a trip exposes little. The ring issues every
 * trip's cp.async without waiting. Sets *generic and *rounds to the
 * generic loads and the rounds counted. */
static unsigned serial_latencies_milli(pl_host *host, const pl_candidate *c, unsigned threads,
                                       unsigned *generic, unsigned *rounds) {
  unsigned n = 0, straight = 0;
  /* how each straight-line copy's load waits after another's store */
  int *wait = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *wait);
  *generic = *rounds = 0;
  for (size_t k = 0; k < c->ncopies; ++k) {
    const pl_copy *cp = &c->copies[k];
    if (pl_loop_for_block(host, LLVMGetInstructionParent(cp->store)) != c->loop)
      continue;
    straight = 1000;
    wait[k] = load_waits_for_stores(c, cp);
    if (wait[k] != PL_WAIT_NONE && !after_a_store(host, c, k))
      wait[k] = PL_WAIT_NONE;
    if (wait[k] == PL_WAIT_GENERIC)
      ++*generic;
    if (wait[k] != PL_WAIT_BRANCHES)
      continue;
    size_t j = 0; /* a round is counted at its first copy */
    while (j < k && !(wait[j] == PL_WAIT_BRANCHES && pl_copies_same_predicate(&c->copies[j], cp)))
      ++j;
    *rounds += j == k;
  }
  free(wait);
  for (size_t r = 0; c->region && r < c->nregion; ++r) {
    pl_loop_ref l = pl_loop_for_block(host, c->region[r]);
    if (!l || l == c->loop || pl_loop_header(l) != c->region[r] || pl_loop_parent(l) != c->loop)
      continue;
    unsigned t = pl_loop_const_trip_count(host, l);
    n += t ? 1000 * t : copy_loop_trips_milli(c, l, threads);
  }
  n += straight + 1000 * *generic + PL_COST_BRANCH_ROUND_MILLI * *rounds;
  return n ? n : 1000;
}

/* Whether ptxas may issue the copy loads of several iterations of the
 * loop together (cost.h, PL_COST_BATCH_MAX): it unrolls a small loop and
 * moves its read-only loads (ld.global.nc, pl_reads_non_coherent) above
 * the barriers of the iterations before, which it does not do for a
 * coherent load, a load under a branch, a copy loop's, or in a loop ptxas
 * does not unroll (`unrollable` 0, pl_facts_unrollable). A memcpy copy counts as not
 * batched: LLVM 22 expands one from a `const __restrict__` source into
 * coherent loads, LLVM 19 a byte-aligned one into byte loads ptxas does not
 * unroll. Read from the SASS of ptxas 11.8 (docs/design.md, "The plain
 * loop's batch"). With `staged` 0 the plain loop's copies, which must run
 * on every iteration; else the register lowering's loads, which do (a guard
 * selects their address, lower_registers.c). Sets *wide to the 32-bit
 * words the copies load beyond one each (a vector load's lanes count
 * once). */
static int batchable(pl_host *host, const pl_candidate *c, int unrollable, int staged,
                     unsigned *wide) {
  *wide = 0;
  LLVMBasicBlockRef latch = pl_loop_latch(c->loop);
  if (c->region || !c->ncopies || !latch || !unrollable)
    return 0;
  for (size_t k = 0; k < c->ncopies; ++k) {
    const pl_copy *cp = &c->copies[k];
    if (!cp->load || !pl_reads_non_coherent(cp->load) ||
        (!staged && !pl_dominates(host, LLVMGetInstructionParent(cp->load), latch)))
      return 0;
    int first = 1;
    for (size_t j = 0; j < k && first; ++j)
      first = c->copies[j].load != cp->load;
    if (first)
      *wide += words_of(c->module, LLVMTypeOf(cp->load)) - 1;
  }
  return 1;
}

/* The iterations whose loads ptxas issues together in a batchable loop of
 * `n` instructions per warp and iteration (cost.h), at most the trip
 * count. */
static unsigned batch_of(unsigned n, uint64_t trip) {
  unsigned batch = n <= PL_COST_BATCH_4   ? PL_COST_BATCH_MAX
                   : n <= PL_COST_BATCH_3 ? 3
                   : n <= PL_COST_BATCH_2 ? 2
                                          : 1;
  if (trip && trip < batch)
    batch = (unsigned)trip;
  return batch ? batch : 1;
}

/* The block size the model assumes: the launch bounds, else what the
 * kernel asserts, else the launches in its translation unit when every one
 * has a constant shape (the largest block of them where they differ: the
 * fewest resident blocks, where the ring gains most and a ring's shared
 * memory costs most occupancy), else PL_COST_ASSUMED_THREADS. */
static void block_size(pl_host *host, const pl_candidate *c, pl_cost *cost) {
  pl_launch_bounds(c->function, &cost->threads, &cost->min_blocks);
  if (!cost->threads) {
    cost->threads = asserted_threads(host, c);
    cost->threads_asserted = cost->threads != 0;
  }
  if (!cost->threads) {
    pl_launches l;
    pl_launches_of(c->function, &l);
    cost->launches_unknown = l.unknown;
    if (l.n && !l.unknown) {
      cost->threads = l.max_threads;
      cost->threads_launched = l.n;
      cost->threads_launched_min = l.min_threads;
    }
  }
  if (!cost->threads) {
    cost->threads = PL_COST_ASSUMED_THREADS;
    cost->threads_assumed = 1;
  }
}

unsigned pl_cost_threads(pl_host *host, const pl_candidate *c) {
  pl_cost cost = {0};
  block_size(host, c, &cost);
  return cost.threads;
}

int pl_cost_block_shape(pl_host *host, const pl_candidate *c, unsigned shape[3]) {
  pl_launches l;
  pl_launches_of(c->function, &l);
  if (l.n && !l.unknown && !l.differ) {
    memcpy(shape, l.shape, sizeof l.shape);
    return 1;
  }
  unsigned extent[3], bounds, min_blocks;
  int read[3], opaque;
  block_axes(host, c, extent, read, &opaque);
  if (opaque)
    return 0;
  pl_launch_bounds(c->function, &bounds, &min_blocks);
  if (!read[1] && !read[2] && !l.n && bounds) {
    shape[0] = bounds, shape[1] = 1, shape[2] = 1; /* one-dimensional */
    return 1;
  }
  for (unsigned a = 0; a < 3; ++a) {
    if (read[a] && !extent[a])
      return 0;
    shape[a] = read[a] ? extent[a] : 1;
  }
  return 1;
}

/* The iteration's weighted instructions: all of them (cost->compute), the
 * compute's math, and its tile loads with the wavefronts they take. */
static void count_iteration(pl_host *host, const pl_candidate *c, pl_cost *cost) {
  unsigned instrs = 0;
  for (size_t k = 0; k < c->nblocks; ++k) {
    unsigned w = block_weight(host, c, cost->threads, c->blocks[k]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      if (issues_nothing(i) || pl_is_any_barrier(i))
        continue;
      instrs += w;
      if (pl_in_copy_stage(host, c, i))
        continue;
      if (is_math(i))
        cost->math += w;
      int tile = 0;
      if (LLVMIsALoadInst(i))
        tile = points_to_tile(c, LLVMGetOperand(i, 0));
      else if (LLVMIsACallInst(i))
        for (int a = 0; a + 1 < LLVMGetNumOperands(i) && !tile; ++a)
          tile = points_to_tile(c, LLVMGetOperand(i, (unsigned)a));
      if (!tile)
        continue;
      cost->tile_loads += w;
      /* 32 lanes of the value's bytes, 128 bytes per wavefront */
      LLVMTypeRef t = LLVMTypeOf(i);
      unsigned b = LLVMGetTypeKind(t) == LLVMVoidTypeKind ? 4 : words_of(c->module, t) * 4;
      /* a wmma fragment is held twice by the warp's 32 threads (a 16x16
       * f16 fragment: 512 bytes, 32 per thread) */
      const char *n = LLVMIsACallInst(i) ? pl_callee_name(i) : NULL;
      if (n && strncmp(n, "llvm.nvvm.wmma.", 15) == 0)
        b /= 2;
      cost->wavefronts += w * ((b + 3) / 4);
    }
  }
  /* The iteration's instructions: the compute and the copy stage. */
  cost->compute = instrs;
}

/* What the ring adds per iteration (docs/design.md): rotating the slot
 * (3), the wait and the commit (2), the trip test of iteration i+S-1 (2),
 * the slot's base per tile for the compute and for the issue (2 each), a
 * zero-fill source size and a later iteration's address per copy (2
 * each), and per copy fixed up where it skips (design.md, "Skipped
 * copies") the copy loop run again: its step, exit test and the skip's
 * condition, and the move where it skips (PL_COST_FIXUP per trip). */
static void count_added(pl_host *host, const pl_candidate *c, const pl_cost_ring *ring,
                        pl_cost *cost) {
  cost->added = 7 + 2 * (unsigned)c->ntiles;
  for (unsigned k = 0; k < ring->ncopies; ++k) {
    /* a copy in a copy loop is issued once per trip */
    const pl_copy *cp = &ring->copies[k];
    unsigned w =
        cp->store ? block_weight(host, c, cost->threads, LLVMGetInstructionParent(cp->store)) : 1;
    if (ring->staged && ring->staged[k]) {
      /* a register-staged copy is the plain load and store, moved: only
       * the later iteration's address is new (and no source size) */
      ++cost->staged_copies;
      cost->staged_predicated += pl_copy_few_threads(cp, cost->threads);
      cost->added += w;
    } else {
      cost->added += w * (2 + (cp->bytes < 16 ? PL_COST_NARROW : 0));
    }
    for (size_t a = 0; cp->store && a < ring->nskip_blocks; ++a)
      if (LLVMGetInstructionParent(cp->store) == ring->skip_blocks[a])
        cost->added += w * PL_COST_FIXUP;
  }
}

void pl_cost_inputs(pl_host *host, const pl_candidate *c, unsigned sm, const pl_cost_ring *ring,
                    pl_cost *cost) {
  memset(cost, 0, sizeof *cost);
  cost->sm = sm;
  cost->chip = pl_chip_for_sm(sm);
  if (!cost->chip)
    cost->chip = &chips[0];
  block_size(host, c, cost);
  cost->stage_bytes = ring->stage_bytes;
  cost->other_shared = ring->other_shared;
  /* A dynamic tile's footprint bounds what the kernel may touch (over
   * every thread index the target allows); what the launch gives is
   * estimated from the bytes the block copies */
  for (size_t t = 0; t < c->ntiles; ++t)
    cost->tile_bytes += pl_tile_static_bytes(&c->tiles[t]);
  for (unsigned k = 0; k < ring->ncopies; ++k)
    if (c->tiles[ring->copies[k].tile].dynamic)
      cost->tile_bytes += (uint64_t)ring->copies[k].bytes * cost->threads;
  cost->ring_copies = ring->ncopies;
  cost->ring_loads = ring->staged_loads;
  for (unsigned k = 0; k < ring->ncopies; ++k)
    cost->ring_loads += !(ring->staged && ring->staged[k]);
  cost->serial_milli =
      serial_latencies_milli(host, c, cost->threads, &cost->serial_generic, &cost->serial_rounds);
  cost->loop_loads = ring->loop_loads;
  count_iteration(host, c, cost);
  count_added(host, c, ring, cost);
  cost->staged_regs = ring->staged_regs;
  cost->trip = ring->trip;
  /* The plain loop's batch, and the register lowering's, whose loads are
   * the plain ones moved ahead of the compute: batched alike, in a body
   * longer by what the rewrite adds */
  unsigned wide;
  cost->plain_batch = cost->staged_batch = 1;
  pl_module_sdk_version(c->module, &cost->sdk_major, &cost->sdk_minor);
  int rolled =
      cost->sdk_major > PL_COST_ROLLED_SDK_MAJOR ||
      (cost->sdk_major == PL_COST_ROLLED_SDK_MAJOR && cost->sdk_minor >= PL_COST_ROLLED_SDK_MINOR);
  if (batchable(host, c, ring->unrollable, 0, &wide))
    cost->plain_batch = batch_of(cost->compute + PL_COST_BATCH_WIDE_WORDS * wide, cost->trip);
  if (cost->staged_copies == cost->ring_copies && batchable(host, c, ring->unrollable, 1, &wide))
    cost->staged_batch =
        batch_of(cost->compute + cost->added + PL_COST_BATCH_WIDE_WORDS * wide, cost->trip);
  /* rolled: no plain batch; a register ring's batch is the rewrite's own
   * unroll (steady_unroll.h), where LLVM can make it */
  cost->ptxas_rolls = rolled && (cost->plain_batch > 1 || cost->staged_batch > 1);
  if (rolled)
    cost->plain_batch = 1;
  if (rolled && cost->staged_batch > 1 && !pl_steady_unroll_possible(host, c, cost->staged_batch))
    cost->staged_batch = 1;
  /* Registers: the estimate from the kernel's register pressure (cost.h,
   * PL_COST_REGS_SCALE_PERMILLE), plus what the register lowering holds
   * across the compute. */
  cost->pressure_words = ring->pressure_words;
  uint64_t est = (uint64_t)cost->pressure_words * PL_COST_REGS_SCALE_PERMILLE / 1000 +
                 PL_COST_REGS_BASE + ring->staged_regs;
  cost->regs =
      est > cost->chip->max_regs_per_thread ? cost->chip->max_regs_per_thread : (unsigned)est;
  cost->regs_ring = cost->regs;
}

void pl_cost_measured(pl_cost *cost, unsigned plain) {
  if (!plain)
    return;
  unsigned most = cost->chip->max_regs_per_thread;
  cost->regs = plain < most ? plain : most;
  cost->regs_ring = plain + cost->staged_regs < most ? plain + cost->staged_regs : most;
  cost->regs_measured = 1;
}

const char *pl_cost_threads_note(const pl_cost *k, char *buf, size_t len) {
  if (k->threads_asserted)
    snprintf(buf, len, " (the kernel checks blockDim)");
  else if (k->threads_launched && k->threads_launched_min != k->threads)
    snprintf(buf, len, " (the largest of its launches in this file, of %u to %u threads)",
             k->threads_launched_min, k->threads);
  else if (k->threads_launched)
    snprintf(buf, len, " (its launch%s in this file)", k->threads_launched > 1 ? "es" : "");
  else if (k->threads_assumed && k->launches_unknown)
    snprintf(buf, len,
             " (assumed: no launch bounds, and a launch in this file whose block is not a "
             "constant, or through a pointer; add __launch_bounds__)");
  else if (k->threads_assumed)
    snprintf(buf, len, " (assumed: no launch bounds; add __launch_bounds__)");
  else
    snprintf(buf, len, "%s", "");
  return buf;
}
