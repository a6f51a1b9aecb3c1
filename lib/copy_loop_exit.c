/*===- lib/copy_loop_exit.c - what a copy loop's exit test tells ---------===*/
#include "copy_loop_exit.h"

#include "host_loops.h"
#include "host_memory.h"
#include "ir.h"
#include "limits.h"

#include <stdint.h>

/* The copy loop's exit test, when it is the latch's conditional branch
 * (the loop's only exit) on `p < n` (ult) or `p <= n` (ule), n a constant,
 * continuing while it holds (or on `p >= n`, `p > n`, exiting while it
 * holds), on the header phi p itself (of two incoming values, one from the
 * latch) or on its latch value, an add of p (poison in p reaches the
 * branch either way): sets
 * *tested to the value compared and *last to the largest value of it that
 * continues the loop. 0 for any other exit. */
static int exit_test(pl_loop_ref loop, LLVMValueRef p, LLVMValueRef *tested, uint64_t *last) {
  LLVMBasicBlockRef latch = pl_loop_latch(loop), header = pl_loop_header(loop);
  if (!latch || pl_loop_exiting_block(loop) != latch || LLVMCountIncoming(p) != 2 ||
      (LLVMGetIncomingBlock(p, 0) == latch) == (LLVMGetIncomingBlock(p, 1) == latch))
    return 0;
  LLVMValueRef br = LLVMGetBasicBlockTerminator(latch);
  if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return 0;
  /* continuing on true, or on false (`x > n` read as `x <= n`) */
  int on_false = LLVMGetSuccessor(br, 1) == header;
  if (LLVMGetSuccessor(br, on_false) != header || LLVMGetSuccessor(br, !on_false) == header)
    return 0;
  LLVMValueRef cmp = LLVMGetCondition(br);
  if (!LLVMIsAICmpInst(cmp) || !LLVMIsAConstantInt(LLVMGetOperand(cmp, 1)) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(LLVMGetOperand(cmp, 1))) > 64)
    return 0;
  LLVMIntPredicate pred = LLVMGetICmpPredicate(cmp);
  if (on_false)
    pred = pred == LLVMIntUGT ? LLVMIntULE : pred == LLVMIntUGE ? LLVMIntULT : LLVMIntEQ;
  uint64_t n = LLVMConstIntGetZExtValue(LLVMGetOperand(cmp, 1));
  if ((pred != LLVMIntULT && pred != LLVMIntULE) || (pred == LLVMIntULT && n == 0))
    return 0;
  LLVMValueRef x = LLVMGetOperand(cmp, 0);
  LLVMValueRef next = LLVMGetIncomingValue(p, LLVMGetIncomingBlock(p, 0) == latch ? 0 : 1);
  if (x != p &&
      !(x == next && LLVMIsAInstruction(next) && LLVMGetInstructionOpcode(next) == LLVMAdd &&
        (LLVMGetOperand(next, 0) == p || LLVMGetOperand(next, 1) == p)))
    return 0;
  *tested = x;
  *last = pred == LLVMIntULT ? n - 1 : n;
  return 1;
}

/* p's latch value p + c: c when it is an add of a positive constant
 * without unsigned wrap (nuw; where it would wrap it is poison, and the
 * exit test on it undefined), else 0. */
static uint64_t latch_step(LLVMValueRef p, LLVMValueRef next) {
  if (!LLVMIsAInstruction(next) || LLVMGetInstructionOpcode(next) != LLVMAdd || !LLVMGetNUW(next) ||
      LLVMGetOperand(next, 0) != p || !LLVMIsAConstantInt(LLVMGetOperand(next, 1)) ||
      LLVMGetIntTypeWidth(LLVMTypeOf(next)) > 64)
    return 0;
  uint64_t c = LLVMConstIntGetZExtValue(LLVMGetOperand(next, 1));
  return c > 0 && c < pl_int_max(next) ? c : 0;
}

/* An upper bound of the unsigned value of `v`, a value from outside the
 * copy loop (its start): a constant, the largest of a phi's incoming
 * values, an add of a constant without unsigned wrap, else what its known
 * bits allow (ValueTracking: a thread index's `range`). UINT64_MAX when
 * nothing is known. */
static uint64_t start_bound(pl_host *host, pl_loop_ref loop, LLVMValueRef v, int depth) {
  if (LLVMIsAConstantInt(v))
    return LLVMGetIntTypeWidth(LLVMTypeOf(v)) <= 64 ? LLVMConstIntGetZExtValue(v) : UINT64_MAX;
  if (!LLVMIsAInstruction(v) || depth > PL_MAX_INDEX_DEPTH ||
      LLVMGetIntTypeWidth(LLVMTypeOf(v)) > 64)
    return UINT64_MAX;
  if (LLVMIsAPHINode(v) && !pl_loop_contains(loop, LLVMGetInstructionParent(v))) {
    uint64_t hi = 0;
    for (unsigned i = 0; i < LLVMCountIncoming(v) && hi != UINT64_MAX; ++i) {
      uint64_t b = start_bound(host, loop, LLVMGetIncomingValue(v, i), depth + 1);
      hi = b > hi ? b : hi;
    }
    return hi;
  }
  if (LLVMGetInstructionOpcode(v) == LLVMAdd && LLVMGetNUW(v) &&
      LLVMIsAConstantInt(LLVMGetOperand(v, 1))) {
    uint64_t a = start_bound(host, loop, LLVMGetOperand(v, 0), depth + 1);
    uint64_t c = LLVMConstIntGetZExtValue(LLVMGetOperand(v, 1));
    return a == UINT64_MAX || a > pl_int_max(v) - c ? UINT64_MAX : a + c;
  }
  uint64_t zero, one;
  if (!pl_known_bits(host, v, v, &zero, &one))
    return UINT64_MAX;
  uint64_t hi = ~zero & pl_int_max(v);
  return hi == pl_int_max(v) ? UINT64_MAX : hi;
}

uint64_t pl_copy_loop_tested_bound(pl_host *host, pl_loop_ref loop, LLVMValueRef p) {
  LLVMValueRef tested;
  uint64_t last;
  if (LLVMCountIncoming(p) != 2 || !exit_test(loop, p, &tested, &last))
    return UINT64_MAX;
  LLVMBasicBlockRef latch = pl_loop_latch(loop);
  unsigned in = LLVMGetIncomingBlock(p, 0) == latch ? 0 : 1;
  LLVMValueRef next = LLVMGetIncomingValue(p, in), start = LLVMGetIncomingValue(p, 1 - in);
  /* tested on the latch value: p is at most `last` after the first
   * iteration, whatever the step; tested on p, the step must be known */
  uint64_t c = tested == p ? latch_step(p, next) : 0;
  if (tested == p && (!c || last > pl_int_max(p) - c))
    return UINT64_MAX;
  uint64_t hi = start_bound(host, loop, start, 0);
  if (hi == UINT64_MAX)
    return UINT64_MAX;
  uint64_t stepped = tested == p ? last + c : last;
  return hi > stepped ? hi : stepped;
}

int pl_copy_loop_tests(pl_loop_ref loop, LLVMValueRef p) {
  LLVMValueRef tested;
  uint64_t last;
  return exit_test(loop, p, &tested, &last);
}
