/*===- lib/plan.c - choose the stage count under the budget -------------===*/
#include "plan.h"

#include <string.h>

static void add_shared_refs(const pl_candidate *c, LLVMValueRef v, pl_vec *globals, pl_vec *fns,
                            int depth) {
  if (depth > 16)
    return;
  if (pl_is_shared_global(v)) {
    if (pl_tile_index(c, v) < 0 && !pl_vec_has(globals, v))
      pl_vec_push(globals, v);
    return;
  }
  if (LLVMIsAFunction(v)) {
    if (!pl_vec_has(fns, v))
      pl_vec_push(fns, v);
    return;
  }
  if (LLVMIsAConstantExpr(v)) {
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; ++i)
      add_shared_refs(c, LLVMGetOperand(v, (unsigned)i), globals, fns, depth + 1);
  }
}

uint64_t pl_other_shared_bytes(const pl_candidate *c) {
  pl_vec globals = {0}, fns = {0};
  pl_vec_push(&fns, c->function);
  for (size_t k = 0; k < fns.len; ++k) {
    LLVMValueRef fn = fns.v[k];
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        int n = LLVMGetNumOperands(i);
        for (int j = 0; j < n; ++j)
          add_shared_refs(c, LLVMGetOperand(i, (unsigned)j), &globals, &fns, 0);
      }
  }
  uint64_t bytes = 0;
  for (size_t k = 0; k < globals.len; ++k)
    bytes += pl_type_alloc_size(c->module, LLVMGlobalGetValueType(globals.v[k]));
  pl_vec_free(&globals);
  pl_vec_free(&fns);
  return bytes;
}

int pl_make_plan(const pl_candidate *c, const pl_options *opts, pl_plan *plan, pl_fail *f) {
  memset(plan, 0, sizeof *plan);
  uint64_t per_stage = 0;
  for (size_t i = 0; i < c->ntiles; ++i) {
    plan->stride[i] = (c->tiles[i].bytes + 15u) & ~(uint64_t)15u;
    per_stage += plan->stride[i];
  }
  plan->min_bytes = 16;
  for (size_t i = 0; i < c->ncopies; ++i) {
    if (c->copies[i].bytes < plan->min_bytes)
      plan->min_bytes = c->copies[i].bytes;
    if (c->copies[i].bytes > plan->max_bytes)
      plan->max_bytes = c->copies[i].bytes;
  }
  plan->other_shared = pl_other_shared_bytes(c);
  plan->requested = opts->stages ? opts->stages : PL_DEFAULT_STAGES;
  unsigned s = plan->requested;
  while (s >= PL_MIN_STAGES && s * per_stage + plan->other_shared > opts->max_shared)
    --s;
  if (s < PL_MIN_STAGES) {
    pl_failf(f, PL_R_BUDGET, NULL,
             "a ring of 2 stages needs %llu bytes of shared memory, over the budget "
             "of %llu bytes",
             (unsigned long long)(2 * per_stage + plan->other_shared),
             (unsigned long long)opts->max_shared);
    pl_fail_detail(f,
                   "each stage holds %llu bytes of tiles; the kernel's other "
                   "__shared__ arrays take %llu bytes; raise max-shared or use "
                   "smaller tiles",
                   (unsigned long long)per_stage, (unsigned long long)plan->other_shared);
    return 0;
  }
  plan->stages = s;
  plan->ring_bytes = s * per_stage;
  return 1;
}
