/*===- lib/compute_unroll.h - the tile loop's compute unrolled as nvcc does -===*\
 *
 * FILE: lib/compute_unroll.h
 * DESCRIPTION:
 *   A register-blocked tile loop computes on its tile in small loops of a
 *   known trip count (`for (dotIdx = 0; dotIdx < BK; ++dotIdx)` around the
 *   unrolled `resIdx` loop of a 1-D block-tiled SGEMM). clang's full
 *   unroller leaves such a loop rolled where its body is past its size
 *   threshold; nvcc unrolls it, and its straight-line code keeps more
 *   shared loads and multiply-adds in flight (the bench's sgemm1d and
 *   sgemmvec: nvcc 13's plain builds ran 1.27x and 1.15x clang's on an
 *   H100, whose SASS differs in that loop alone: 64 and 512 FFMA against
 *   16 and 64; docs/performance.md, "Against nvcc").
 *
 *   pl_unroll_compute finds, in a kernel with a CTA barrier, each loop that
 *   lies inside a loop holding a barrier (a tile loop's body), holds no
 *   barrier and no loop itself, reads shared memory, has a known trip count
 *   of at most PL_COMPUTE_UNROLL_MAX_TRIP and no unroll pragma of the
 *   user's, and comes to at most PL_COMPUTE_UNROLL_MAX_UNROLLED
 *   instructions unrolled, in a kernel whose threads have room for more
 *   registers (launch bounds that allow PL_COMPUTE_UNROLL_MIN_REGS, or,
 *   without, blocks known to have at most PL_REGISTER_ARRAY_MAX_THREADS
 *   threads: the registers the unrolled code takes must neither stop a
 *   block from launching nor be spilled; lib/register_arrays.h); it asks for each to be fully
unrolled
 *   (llvm.loop.unroll.full, what `#pragma unroll` asks), with a passed
 *   remark `UnrolledCompute`. `unroll-compute=off` leaves them as clang
 *   leaves them.
 *
 *   The companion function pass (plugin/pass.cpp, `cuda-pipeline-registers`)
 *   calls it at VectorizerStart, after pl_register_arrays: before
 *   LoopUnrollPass, which does the unrolling.
 * USAGE:
 *   pl_unroll_compute(host, opts); // in a function pass, per function
\*===----------------------------------------------------------------------===*/
#ifndef PL_COMPUTE_UNROLL_H
#define PL_COMPUTE_UNROLL_H

#include "host.h"
#include "options.h"

/** Most trips of a compute loop unrolled: the BK of register-blocked
 * GEMMs is 8 to 32. */
#define PL_COMPUTE_UNROLL_MAX_TRIP 32u

/** Fewest registers a thread must be allowed, under launch bounds, for
 * its compute to be unrolled: half of the 255 a thread may have, where
 * register-blocked GEMMs keep their results and a few operands. */
#define PL_COMPUTE_UNROLL_MIN_REGS 128u

/** Most instructions a compute loop comes to once unrolled, its
 * instructions times its trips. Measured on an H100 (docs/results/log.md):
 * sgemm1d's BK loop (8 trips of 65 instructions) ran 1.435x plain
 * unrolled; of the larger bodies a limit of 4096 let through, the 8 x 8
 * register-blocked SGEMMs' (8 trips of 261) ran 1.083x (sgemmvec) and
 * 0.832x (sgemm2d, 149 registers: one block of 256 threads per SM), the
 * 8 x 4 one's (8 trips of 149) 0.935x of its default. The registers are
 * not priced, so only the small bodies are unrolled. */
#define PL_COMPUTE_UNROLL_MAX_UNROLLED 1024u

/** In the function of `host`, a kernel, asks for each compute loop of its
 * tile loops that qualifies (above) to be fully unrolled, with a passed
 * remark `UnrolledCompute` at each. Does nothing under
 * `unroll-compute=off` or `disable`, nor for kernels the user left out
 * (PL_NO_PIPELINE, only=, exclude=). Changes loop metadata only. Returns
 * how many loops it marked. */
unsigned pl_unroll_compute(pl_host *host, const pl_options *opts);

#endif /* PL_COMPUTE_UNROLL_H */
