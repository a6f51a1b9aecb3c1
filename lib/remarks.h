/*===- lib/remarks.h - what the user is told about each loop ------------===*\
 *
 * The last stage. Every loop the driver looks at gets exactly one passed or
 * missed remark, through one helper each (LoopDistribute's `fail`):
 *   declined   missed "loop not pipelined: <message>" named after the
 *              reason (reasons.def), and an analysis remark with the detail
 *              at the instruction concerned, when there is one
 *   pipelined  passed "pipelined loop with S stages: ..." and an analysis
 *              remark with the ring's size and the schedule
 * Numbers and names are remark fields (ore::NV), so optimization records
 * carry Stages, Tile, Bytes, RingBytes, Copies, CopyBytes, Lowering, ... as
 * YAML Args beside the text.
\*===----------------------------------------------------------------------===*/
#ifndef PL_REMARKS_H
#define PL_REMARKS_H

#include "candidate.h"
#include "facts.h"
#include "plan_types.h"
#include "reasons.h"
#include "shared_space.h"
#include "host_diag.h"

/** Ends the remark `r` with its context, " [sm_90, kernel 'k(float*)']"
 * (or "function" outside kernels; the architecture left out when the
 * function of `host` names none): in a multi-architecture build the same
 * line is reported once per architecture, and a line of an inlined helper
 * once per kernel. Arch and Kernel are fields of the record as well. Every
 * remark of the plugin ends so. */
void pl_remark_context(pl_remark *r, pl_host *host);

/** Emits the remarks of a declined loop. */
void pl_remark_declined(pl_host *host, pl_loop_ref loop, const pl_fail *f);

/** Emits the remarks of a pipelined loop: `c` as recognized, `plan` as
 * carried out, `copies` the number of copy instructions emitted. */
void pl_remark_pipelined(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                         unsigned copies);

/** Emits the remarks of a declined loop as analysis remarks only
 * (-Rpass-analysis): for a loop that is no tile loop, or the leftover copy
 * of a function whose tile loops are reported where they were inlined.
 * Same text and name as pl_remark_declined. */
void pl_remark_declined_analysis(pl_host *host, pl_loop_ref loop, const pl_fail *f);

/** Emits the analysis remark SharedStateSpace of a function whose matrix
 * loads and stores of __shared__ tiles now use the shared state space:
 * "N tile reads use the shared state space" (and "; M tile writes"),
 * located at the first of them. `sc->first` must not be NULL. */
void pl_remark_shared_space(pl_host *host, const pl_shared_space_counts *sc);

/** The missed (or, with `kind`, analysis) remark for `f` about a loop
 * that no longer exists, at the DILocation `location` where it started,
 * in the function `host` analyses. */
void pl_remark_declined_at(pl_host *host, LLVMMetadataRef location, const pl_fail *f,
                           pl_remark_kind kind);
/** An analysis remark (RingLayout) for each tile of the pipelined loop `c`
 * whose WMMA reads conflict (or, under layout=padded, any tile) and which
 * keeps its rows, with the reason, at the access that stopped the layout.
 * Called before the rewrite, while that access still exists. */
void pl_remark_kept_layout(pl_host *host, const pl_candidate *c, const pl_plan *plan);

/** The analysis remark FactRuns of a recognized loop (test-count-analyses):
 * how many times each of its facts was computed, "facts computed: trip T,
 * writes W, alias-check bounds B, tile verdicts V of N tiles", at the
 * DILocation `location` where the loop started (it may be gone). */
void pl_remark_fact_runs(pl_host *host, LLVMMetadataRef location, const pl_fact_runs *runs,
                         size_t ntiles);

#endif /* PL_REMARKS_H */
