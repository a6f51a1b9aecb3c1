/*===- lib/context.h - what the stages of one loop share -------------------===*\
 *
 * FILE: lib/context.h
 * DESCRIPTION:
 *   The per-loop driver object (LoopDistribute's LoopDistributeForLoop
 *   holds L, F, LI, DT, SE, ORE the same way): the analysis context, the
 *   user's options, the recognized loop, its facts, the table of the
 *   function's loops and the module's ptxas register counts. The driver
 *   (pipeline.c) owns it; legality and the plan read it.
\*===----------------------------------------------------------------------===*/
#ifndef PL_CONTEXT_H
#define PL_CONTEXT_H

#include "candidate.h"
#include "facts.h"
#include "options.h"
#include "ptxas.h"
#include "table.h"

typedef struct pl_loop_ctx {
  pl_host *host;
  const pl_options *opts;
  const pl_candidate *c;
  pl_loop_facts *facts;
  const pl_loop_table *table; /**< every loop of the function */
  /** The module's register counts from ptxas (ptxas.h), asked at the cost
   * model's first question; NULL: the model estimates them. */
  pl_ptxas *registers;
} pl_loop_ctx;

#endif /* PL_CONTEXT_H */
