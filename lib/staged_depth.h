/*===- lib/staged_depth.h - a register ring's loads several iterations ahead ===*\
 *
 * FILE: lib/staged_depth.h (implemented by lib/staged_depth.c)
 * DESCRIPTION:
 *   A register ring's loads are the plain loop's, moved ahead of the
 *   compute: iteration i loads iteration i+1 into registers and stores
 *   them into the free slot after its compute. ptxas 11.8 to 12.2 unroll
 *   such a small loop and issue the loads of several iterations above the
 *   barriers of the earlier ones, which the cost model prices as
 *   pl_cost.staged_batch (docs/design.md, "The plain loop's batch"). From
 *   CUDA 12.3 on ptxas keeps the loop rolled (cost.h,
 *   PL_COST_ROLLED_SDK_MAJOR), one iteration's loads in flight: the
 *   bench's stream and f2h register rings ran 1.02x plain on an H100
 *   where ptxas 11.8's ran 1.49x. Unrolling the steady state ourselves got
 *   1.35x: ptxas 12.3 and 13.0 sank the last of four loads below two
 *   barriers again, to stay within 32 registers. So where the toolkit
 *   keeps the loop rolled, the rewrite keeps the loads of D iterations in
 *   flight in a rolled loop instead: iteration i loads iteration i+D, and
 *   the registers of iterations i+1 .. i+D-1 are carried by phis, rotated
 *   each iteration (the prologue loads iterations 1 .. D-1; a load of an
 *   iteration that does not exist reads zeros, so nothing is left to
 *   drain). D is the batch the model priced the ring at.
\*===----------------------------------------------------------------------===*/
#ifndef PL_STAGED_DEPTH_H
#define PL_STAGED_DEPTH_H

#include "host_diag.h"
#include "options.h"
#include "plan_types.h"

/** The iterations whose loads `plan`'s register ring keeps in flight: the
 * model's staged_batch where the model chose the plan (plan->modelled),
 * every copy is register-lowered, the loop is batchable and the toolkit's
 * ptxas keeps it rolled (pl_cost.ptxas_rolls); else 1 (the next
 * iteration's only). At most PL_MAX_STAGES, and at most as many as keep
 * the registers of all of them (plan->staged_regs each) within
 * `max_regs` (the max-staged-regs argument, which bounds what a thread
 * stages; the model's prediction is then the batch's). Changes nothing. */
unsigned pl_staged_depth(const pl_plan *plan, unsigned max_regs);

/** The same for a plan the model did not price: where the user forced S
 * stages (opts->stages) on a ring whose copies all go through registers,
 * which has two slots (plan->slots_cut), and module `m`'s toolkit keeps
 * tile loops rolled (pl_cost_toolkit_rolls), S - 1 iterations' loads, as
 * a cp.async ring of S stages keeps S - 1 groups in flight; within
 * opts->max_staged_regs as above. Else 1. Records the toolkit's version
 * in plan->cost (sdk_major, sdk_minor) for the remark; changes no IR. */
unsigned pl_staged_depth_forced(pl_plan *plan, LLVMModuleRef m, const pl_options *opts);

/** The passed remark's note on a deeper register ring: "; 4 iterations'
 * loads in flight in registers, since the ptxas of CUDA 12.3 keeps tile
 * loops rolled"; nothing where plan->staged_depth is 1 or less. */
void pl_note_staged_depth(pl_remark *r, const pl_plan *plan);

/** The in-place remark's clause on its loads (rewrite_in_place.h):
 * " loaded one iteration ahead into 2 registers", or where
 * plan->staged_depth is D > 1 " loaded 4 iterations ahead into 8
 * registers, since the ptxas of CUDA 12.3 keeps tile loops rolled" (the
 * registers of all D iterations: plan->staged_regs each). */
void pl_note_in_place_ahead(pl_remark *r, const pl_plan *plan);

/** The register ring's analysis remark on its schedule, after "the
 * prologue issues 1": " iteration; iteration i loads iteration i+1 into
 * registers before its compute and stores them into the other slot after
 * it", or where plan->staged_depth is D > 1 " iteration and loads 3 more
 * into registers; iteration i loads iteration i+4 into registers before
 * its compute and stores iteration i+1's into the other slot after it". */
void pl_note_staged_schedule(pl_remark *r, const pl_plan *plan);

/** The in-place analysis remark's schedule: "in place: the preheader
 * loads iteration 0; iteration i loads iteration i+1 after its first
 * barrier, from a zero constant where that iteration or a copy's condition
 * does not hold, and its stores write what iteration i-1 loaded, where the
 * loop stored; " (depth D > 1: iterations 0 to D-1, i+D, i-D). */
void pl_note_in_place_schedule(pl_remark *r, const pl_plan *plan);

/** Appends to remark `r` the CUDA version the model read (k->sdk_major
 * and k->sdk_minor, "12.3"), as the field `CudaVersion`. */
void pl_remark_cuda_version(pl_remark *r, const pl_cost *k);

#endif /* PL_STAGED_DEPTH_H */
