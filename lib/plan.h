/*===- lib/plan.h - choose the stage count under the budget -------------===*\
 *
 * (e) The ring must fit the static shared-memory budget: stages times the
 * sum of the slot strides (each tile rounded up to 16 bytes, so that every
 * slot keeps 16-byte alignment for 16-byte cp.async, PTX ISA "cp.async"),
 * plus every other static __shared__ array the kernel uses. When the
 * requested stages do not fit, fewer are used; below 2 the loop is declined.
\*===----------------------------------------------------------------------===*/
#ifndef PL_PLAN_H
#define PL_PLAN_H

#include "../lib/options.h"
#include "candidate.h"
#include "reasons.h"

/** Bytes of static shared memory used by `fn` and the functions it calls,
 * leaving out the tiles of `c`. Sets *dynamic to a dynamic (extern,
 * zero-sized) __shared__ array it uses, or NULL. */
uint64_t pl_other_shared_bytes(const pl_candidate *c, LLVMValueRef *dynamic);

/** Fills `plan` for `c` under `opts`. Returns 1 when at least 2 stages
 * fit, else 0 with PL_R_BUDGET in `f`. Changes no IR. */
int pl_make_plan(const pl_candidate *c, const pl_options *opts, pl_plan *plan, pl_fail *f);

#endif /* PL_PLAN_H */
