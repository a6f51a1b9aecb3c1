/*===- lib/plan.c - choose the stage count under the budget -------------===*/
#include "plan.h"

#include <stdlib.h>
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

uint64_t pl_other_shared_bytes(const pl_candidate *c, LLVMValueRef *dynamic) {
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
  *dynamic = NULL;
  for (size_t k = 0; k < globals.len; ++k) {
    uint64_t n = pl_type_alloc_size(c->module, LLVMGlobalGetValueType(globals.v[k]));
    if (n == 0)
      *dynamic = globals.v[k];
    bytes += n;
  }
  pl_vec_free(&globals);
  pl_vec_free(&fns);
  return bytes;
}

int pl_make_plan(const pl_candidate *c, const pl_options *opts, pl_plan *plan, pl_fail *f) {
  memset(plan, 0, sizeof *plan);
  uint64_t per_stage = 0;
  for (size_t i = 0; i < c->ntiles; ++i) {
    /* Keep a tile's own alignment when it is above 16 (wmma.load wants
     * 32-byte aligned pointers, say): every slot starts on it. */
    unsigned a = LLVMGetAlignment(c->tiles[i].global);
    plan->align[i] = a > 16 ? a : 16;
    plan->stride[i] = (c->tiles[i].bytes + plan->align[i] - 1) / plan->align[i] * plan->align[i];
    per_stage += plan->stride[i];
  }
  plan->min_bytes = 16;
  for (size_t i = 0; i < c->ncopies; ++i) {
    if (c->copies[i].bytes < plan->min_bytes)
      plan->min_bytes = c->copies[i].bytes;
    if (c->copies[i].bytes > plan->max_bytes)
      plan->max_bytes = c->copies[i].bytes;
  }
  LLVMValueRef dynamic;
  plan->other_shared = pl_other_shared_bytes(c, &dynamic);
  if (dynamic) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(dynamic, &n);
    char *dm = pl_demangle(name ? name : "");
    pl_failf(f, PL_R_BUDGET, NULL,
             "the kernel also uses dynamic shared memory ('%s'), sized at launch; a larger "
             "static ring could make the launch exceed the shared-memory limit",
             dm);
    free(dm);
    return 0;
  }
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
