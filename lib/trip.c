/*===- lib/trip.c - how the rewrite tells whether an iteration exists --===*/
#include "trip.h"

#include "host_scev.h"

#include <string.h>

/* The value a header phi takes from the latch. */
static LLVMValueRef latch_value(const pl_candidate *c, LLVMValueRef phi) {
  for (unsigned i = 0; i < LLVMCountIncoming(phi); ++i)
    if (LLVMGetIncomingBlock(phi, i) == c->latch)
      return LLVMGetIncomingValue(phi, i);
  return NULL;
}

/* Nonzero when "iteration j exists" is one compare in twice the width:
 * a constant step that moves the IV toward the bound (so that "exists" is
 * monotonic), and an increment whose no-wrap flag for the compare's
 * signedness makes a wrap undefined in the source (so that twice the width
 * computes what the loop computes). */
static int monotone(const pl_candidate *c, const pl_iv *iv, LLVMIntPredicate p) {
  int up = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntULT || p == LLVMIntULE;
  int down = p == LLVMIntSGT || p == LLVMIntSGE || p == LLVMIntUGT || p == LLVMIntUGE;
  if (iv->is_pointer || iv->runtime_step || (!(up && iv->step > 0) && !(down && iv->step < 0)))
    return 0;
  int is_signed = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
  LLVMValueRef inc = latch_value(c, iv->phi);
  if (!inc || !LLVMIsAInstruction(inc))
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(inc);
  if (op != LLVMAdd && op != LLVMSub)
    return 0;
  return is_signed ? LLVMGetNSW(inc) : LLVMGetNUW(inc);
}

/* ScalarEvolution first. It gives up on
 * strided IVs in these loops because llvm.nvvm.barrier0 is not willreturn,
 * so it cannot use the increment's nsw; then read the latch compare, as one
 * monotonic compare where that is exact, else as a chain of compares. */
int pl_find_trip(pl_host *host, const pl_candidate *c, pl_trip *trip, pl_fail *f) {
  memset(trip, 0, sizeof *trip);
  if (pl_loop_has_trip_count(host, c->loop)) {
    trip->use_scev = 1;
    return 1;
  }
  LLVMValueRef br = LLVMGetBasicBlockTerminator(c->latch);
  LLVMValueRef cmp =
      br && LLVMIsABranchInst(br) && LLVMIsConditional(br) ? LLVMGetCondition(br) : NULL;
  if (!cmp || !LLVMIsAICmpInst(cmp))
    return pl_failf(f, PL_R_NO_TRIP_COUNT, br,
                    "the trip count cannot be computed at loop entry; compare the counter "
                    "with a loop-invariant bound");
  LLVMIntPredicate p = LLVMGetICmpPredicate(cmp);
  LLVMValueRef x = LLVMGetOperand(cmp, 0), y = LLVMGetOperand(cmp, 1);
  int bound_left =
      !LLVMIsAInstruction(x) || !pl_candidate_has_block(c, LLVMGetInstructionParent(x));
  if (bound_left) {
    LLVMValueRef t = x;
    x = y;
    y = t;
    static const LLVMIntPredicate swapped[] = {
        [LLVMIntSLT] = LLVMIntSGT, [LLVMIntSLE] = LLVMIntSGE, [LLVMIntSGT] = LLVMIntSLT,
        [LLVMIntSGE] = LLVMIntSLE, [LLVMIntULT] = LLVMIntUGT, [LLVMIntULE] = LLVMIntUGE,
        [LLVMIntUGT] = LLVMIntULT, [LLVMIntUGE] = LLVMIntULE, [LLVMIntEQ] = LLVMIntEQ,
        [LLVMIntNE] = LLVMIntNE};
    p = swapped[p];
  }
  if (LLVMGetSuccessor(br, 0) != c->header)
    p = pl_icmp_inverse(p);
  int y_invariant =
      !LLVMIsAInstruction(y) || !pl_candidate_has_block(c, LLVMGetInstructionParent(y));
  if (!y_invariant) { /* a bound reloaded from memory the loop never writes */
    LLVMValueRef before = pl_invariant_load_before(host, c, y);
    if (before)
      y = before, y_invariant = 1;
  }
  for (size_t i = 0; i < c->nivs && y_invariant; ++i) {
    const pl_iv *iv = &c->ivs[i];
    unsigned lag;
    if (x == iv->phi)
      lag = 1;
    else if (x == latch_value(c, iv->phi))
      lag = 0;
    else
      continue;
    trip->use_scev = 0;
    trip->pred = p;
    trip->iv = i;
    trip->bound = y;
    trip->lag = lag;
    trip->chain = !monotone(c, iv, p);
    trip->is_signed = p == LLVMIntSLT || p == LLVMIntSLE || p == LLVMIntSGT || p == LLVMIntSGE;
    return 1;
  }
  return pl_failf(f, PL_R_NO_TRIP_COUNT, cmp,
                  "the trip count cannot be computed at loop entry; compare the counter "
                  "with a loop-invariant bound");
}

int pl_trip_count_known(const pl_candidate *c, const pl_trip *trip) {
  if (trip->use_scev)
    return 1;
  return !trip->chain && LLVMGetIntTypeWidth(LLVMTypeOf(c->ivs[trip->iv].phi)) <= 32;
}
