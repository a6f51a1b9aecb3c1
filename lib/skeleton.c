/*===- lib/skeleton.c - the issue of one plan copy ------------------------===*/
#include "skeleton.h"

#include <stdint.h>

const pl_lowering *pl_rw_lowering_of(const pl_skeleton *k, size_t copy) {
  return pl_lowering_for(k->plan->copy_lowering[copy]);
}

size_t pl_rw_plan_copy_of(const pl_plan *plan, LLVMValueRef store) {
  for (size_t i = 0; i < plan->ncopies; ++i)
    if (plan->copies[i].store == store)
      return i;
  return SIZE_MAX;
}

void pl_rw_issue_one(pl_skeleton *k, pl_emitter *e, size_t i, LLVMValueRef exists,
                     pl_copy_state *st) {
  const pl_copy *cp = &k->plan->copies[i];
  pl_vec moves = {0};
  st->src_align = k->plan->src_align[i];
  st->dst_align = k->plan->dst_align[i];
  k->issued += pl_rw_lowering_of(k, i)->issue(e, cp, exists, &moves, st);
  pl_vec_free(&moves);
}
