/*===- lib/compute_unroll.c - the tile loop's compute unrolled as nvcc does -===*/
#include "compute_unroll.h"

#include "access.h"
#include "control.h"
#include "host_diag.h"
#include "host_loops.h"
#include "ir.h"
#include "launch_shapes.h"
#include "nvvm.h"
#include "register_arrays.h"
#include "remarks.h"

/* Most loops a function has that are looked at. */
#define PL_CU_MAX_LOOPS 256

/* What one walk over a loop's blocks finds: its instructions (counted
 * past PL_COMPUTE_UNROLL_MAX_UNROLLED no further), whether one loads from
 * shared memory, holds a barrier, or lies in a loop inside it. */
typedef struct cu_body {
  uint64_t size;
  int shared, barrier, subloop;
} cu_body;

static cu_body scan_body(pl_host *host, LLVMValueRef fn, pl_loop_ref loop) {
  cu_body body = {0, 0, 0, 0};
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn);
       b && body.size <= PL_COMPUTE_UNROLL_MAX_UNROLLED; b = LLVMGetNextBasicBlock(b)) {
    if (!pl_loop_contains(loop, b))
      continue;
    body.subloop |= pl_loop_for_block(host, b) != loop;
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      ++body.size;
      body.shared |= LLVMIsALoadInst(i) && pl_writes_only_shared(i);
      body.barrier |= LLVMIsACallInst(i) && pl_is_any_barrier(i);
    }
  }
  return body;
}

/* Nonzero when some loop around `loop` holds a barrier: `loop` is in a
 * tile loop's body. */
static int in_tile_loop(LLVMValueRef fn, pl_loop_ref loop) {
  for (pl_loop_ref p = pl_loop_parent(loop); p; p = pl_loop_parent(p))
    if (pl_loop_has_barrier(fn, p))
      return 1;
  return 0;
}

/* The trip count of `loop` when it qualifies (lib/compute_unroll.h, but
 * the block size), else 0. */
static unsigned qualifies(pl_host *host, LLVMValueRef fn, pl_loop_ref loop) {
  LLVMBasicBlockRef latch = pl_loop_latch(loop);
  if (!latch || pl_loop_unroll_pragma(LLVMGetBasicBlockTerminator(latch)) != PL_UNROLL_NONE)
    return 0;
  unsigned trip = pl_loop_const_trip_count(host, loop);
  if (trip < 2 || trip > PL_COMPUTE_UNROLL_MAX_TRIP)
    return 0;
  cu_body body = scan_body(host, fn, loop);
  if (!body.shared || body.barrier || body.subloop ||
      body.size * trip > PL_COMPUTE_UNROLL_MAX_UNROLLED)
    return 0;
  return in_tile_loop(fn, loop) ? trip : 0;
}

static void remark_unrolled(pl_host *host, pl_loop_ref loop, unsigned trip) {
  pl_remark *r = pl_remark_begin(host, PL_REMARK_PASSED, "UnrolledCompute", loop, NULL);
  pl_remark_text(r, "loop fully unrolled (");
  pl_remark_u64(r, "Trips", trip);
  pl_remark_text(r, " trips), as nvcc unrolls it: it computes on shared memory inside a tile "
                    "loop, and straight-line code keeps more of its reads and arithmetic in "
                    "flight");
  pl_remark_context(r, host);
  pl_remark_emit(r);
}

/* Nonzero when the kernel's threads have room for the registers the
 * unrolled code takes: with launch bounds, ptxas keeps to the count they
 * allow, 64 K registers per SM (every chip the plugin targets: CUDA C++
 * Programming Guide, "Technical Specifications per Compute Capability")
 * over the block's threads times minctasm, and that count must be at least
 * PL_COMPUTE_UNROLL_MIN_REGS; without them, the block must be known to be
 * small enough for any count (pl_register_block_fits). */
static int block_has_room(LLVMValueRef fn) {
  unsigned threads = 0, min_blocks = 0;
  pl_launch_bounds(fn, &threads, &min_blocks);
  if (!threads)
    return pl_register_block_fits(fn);
  return 65536u / ((uint64_t)threads * (min_blocks ? min_blocks : 1)) >= PL_COMPUTE_UNROLL_MIN_REGS;
}

unsigned pl_unroll_compute(pl_host *host, const pl_options *opts) {
  LLVMValueRef fn = pl_host_function(host);
  if (opts->disabled || !opts->unroll_compute || !pl_is_kernel(fn) || !pl_has_cta_barrier(fn) ||
      pl_kernel_left_out(fn, opts) || !block_has_room(fn))
    return 0;
  pl_loop_ref loops[PL_CU_MAX_LOOPS];
  size_t n = pl_loops_preorder(host, loops, PL_CU_MAX_LOOPS);
  if (n > PL_CU_MAX_LOOPS)
    n = PL_CU_MAX_LOOPS;
  unsigned marked = 0;
  for (size_t k = 0; k < n; ++k) {
    unsigned trip = qualifies(host, fn, loops[k]);
    if (!trip)
      continue;
    remark_unrolled(host, loops[k], trip);
    pl_loop_request_full_unroll(loops[k]);
    ++marked;
  }
  return marked;
}
