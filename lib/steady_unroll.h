/*===- lib/steady_unroll.h - a register ring unrolled where ptxas won't --===*\
 *
 * FILE: lib/steady_unroll.h
 * DESCRIPTION:
 *   A register ring's loads are the plain loop's, moved ahead of the
 *   compute. ptxas 11.8 to 12.2 unroll such a small loop and issue the
 *   loads of several iterations above the barriers of the earlier ones,
 *   which the cost model prices as pl_cost.staged_batch (docs/design.md,
 *   "The plain loop's batch"). From CUDA 12.3 on ptxas keeps the loop
 *   rolled (cost.h, PL_COST_ROLLED_SDK_MAJOR), one iteration's loads in
 *   flight: the bench's stream and f2h register rings ran 1.02x plain on an
 *   H100 where ptxas 11.8's ran 1.49x. Unrolled before ptxas sees it -- a
 *   main loop of that many iterations without exit tests between them and
 *   a rolled remainder -- ptxas 12.3 and 13.0 issue the loads together
 *   again: a hand-unrolled f2hStream's SASS has 4 LDG above the first of
 *   its 4 barriers. So where the toolkit keeps the loop rolled, the
 *   rewrite unrolls the steady state of a ring whose copies all go through
 *   registers by the batch the model priced it at.
\*===----------------------------------------------------------------------===*/
#ifndef PL_STEADY_UNROLL_H
#define PL_STEADY_UNROLL_H

#include "host.h"
#include "host_diag.h"
#include "candidate.h"
#include "plan_types.h"

/** Nonzero when the steady state of candidate `c`'s loop may be unrolled
 * `count` times: no unroll pragma of the user's on it
 * (pl_loop_unroll_pragma: `#pragma unroll 2` asks for something else) and
 * LLVM can (pl_loop_unrollable_uniform). The cost model asks before it
 * prices the batch. Changes nothing. */
int pl_steady_unroll_possible(pl_host *host, const pl_candidate *c, unsigned count);

/** The times the steady state of `plan`'s loop is to be unrolled: the
 * model's staged_batch where the model chose the plan (plan->modelled),
 * every copy is register-lowered, the loop is batchable and the toolkit's
 * ptxas keeps it rolled (pl_cost.ptxas_rolls), and that batch is 2 or
 * more; else 0. Changes nothing. */
unsigned pl_steady_unroll_count(const pl_plan *plan);

/** After the rewrite of candidate `c`, whose loop keeps its header:
 * unrolls the steady state pl_steady_unroll_count(plan) times with a
 * rolled remainder (pl_loop_unroll_uniform: a tile loop runs alike in
 * every thread of a block) and records the count in
 * plan->steady_unrolled (0 where it is not unrolled or LLVM could not).
 * Where it unrolls, the function's analyses are recomputed and c->loop is
 * the loop found again by its header, for the remarks. `slot_phi` is the
 * ring's slot counter in the header (NULL in place): where the count is a
 * multiple of the stages, the unrolled loop returns to the slot it entered
 * with, so the counter is replaced by that entry value and each unrolled
 * iteration's slot arithmetic has a value known on entry (measured in the
 * SASS of ptxas 12.3: without it, stream's and f2hStream's fourth load
 * sank below two barriers at 32 registers; with it all four issue
 * together, stream at 31). */
void pl_unroll_steady_state(pl_host *host, pl_candidate *c, pl_plan *plan, LLVMValueRef slot_phi);

/** The passed remark's note on an unrolled steady state: "; the steady
 * state unrolled 4 times, since the ptxas of CUDA 12.3 keeps tile loops
 * rolled"; nothing where it was not. */
void pl_note_steady_unroll(pl_remark *r, const pl_plan *plan);

/** Appends to remark `r` the CUDA version the model read (k->sdk_major
 * and k->sdk_minor, "12.3"), as the field `CudaVersion`. */
void pl_remark_cuda_version(pl_remark *r, const pl_cost *k);

#endif /* PL_STEADY_UNROLL_H */
