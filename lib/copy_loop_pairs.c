/*===- lib/copy_loop_pairs.c - copies of two copy loops, and owners --------===*\
 *
 * The proofs about copy loops that compare two loops' copies (a main loop
 * and its remainder; windows of one buffer) and the owner key of a copy
 * loop's copy, over the exact offsets of copy_loop_offset.h.
\*===----------------------------------------------------------------------===*/
#include "copy_loop_iv.h"
#include "copy_loop_offset.h"

#include "host_cfg.h"
#include "host_loops.h"
#include "host_scev.h"
#include "ir.h"

#include <stdint.h>
#include <stdlib.h>

/* The incoming value of the header phi `p` from the latch (from_latch) or
 * from outside the loop; NULL when there is none, or several that differ. */
static LLVMValueRef incoming(pl_loop_ref loop, LLVMValueRef p, int from_latch) {
  LLVMValueRef v = NULL;
  for (unsigned i = 0; i < LLVMCountIncoming(p); ++i) {
    LLVMBasicBlockRef bb = LLVMGetIncomingBlock(p, i);
    if (from_latch ? bb != pl_loop_latch(loop) : pl_loop_contains(loop, bb))
      continue;
    if (v && v != LLVMGetIncomingValue(p, i))
      return NULL;
    v = LLVMGetIncomingValue(p, i);
  }
  return v;
}

/* Nonzero when `v` is `start & (d - 1)` (perhaps zero-extended) for a
 * power of two d: p's own low digit when p's step is a multiple of d, as
 * adding one (even wrapping) keeps the low bits. */
static int start_low_digit(LLVMValueRef v, LLVMValueRef start, uint64_t d) {
  LLVMOpcode op;
  if (pl_opcode(v, &op) && op == LLVMZExt)
    v = LLVMGetOperand(v, 0);
  if (!pl_opcode(v, &op) || op != LLVMAnd || !d || (d & (d - 1)))
    return 0;
  LLVMValueRef m = LLVMGetOperand(v, 1);
  return LLVMGetOperand(v, 0) == start && LLVMIsAConstantInt(m) &&
         LLVMConstIntGetZExtValue(m) == d - 1;
}

int pl_copy_loop_owner(pl_host *host, const pl_candidate *c, const pl_copy *a, pl_owner *key) {
  pl_loop_group g;
  if (!pl_iv_read_offsets(host, c, a, &g) || g.n != 1)
    return 0;
  pl_iv_offset o = g.o[0];
  LLVMValueRef start = incoming(g.loop, o.p, 0);
  int64_t step = 0;
  int known_step = pl_scev_iv_step(host, g.loop, o.p, &step) == 1 && o.d && step > 0 &&
                   (uint64_t)step % o.d == 0;
  key->keys[0] = o.p;
  key->nkeys = 1;
  for (size_t i = 0; i < o.ninv; ++i) {
    if (!o.inv[i].scale || pl_uniform_given(c, o.inv[i].v, NULL))
      continue;
    if (!known_step || !start || !start_low_digit(o.inv[i].v, start, o.d) ||
        __builtin_add_overflow(o.kr, o.inv[i].scale, &o.kr) ||
        key->nkeys + 2 > sizeof key->keys / sizeof *key->keys)
      return 0;
    LLVMValueRef v = o.inv[i].v;
    key->keys[key->nkeys++] = v;
    if (LLVMIsAZExtInst(v))
      key->keys[key->nkeys++] = LLVMGetOperand(v, 0);
  }
  return pl_iv_one_to_one(&o, (int64_t)a->bytes);
}

/* Nonzero when, in one iteration of the tile loop, `to` may run after
 * `from`: a path from `from` through the copy stage's blocks, not taking
 * the tile loop's back edge, reaches it (the stage's only cycles are its
 * copy loops). */
static int may_follow(const pl_candidate *c, LLVMBasicBlockRef from, LLVMBasicBlockRef to) {
  size_t cap = c->nregion + 1, ns = 0, nseen = 0;
  LLVMBasicBlockRef *stack = malloc(2 * cap * sizeof *stack), *seen = stack + cap;
  if (!stack)
    return 1;
  int found = 0;
  stack[ns++] = seen[nseen++] = from;
  while (ns && !found) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(stack[--ns]);
    for (unsigned i = 0; t && i < LLVMGetNumSuccessors(t) && !found; ++i) {
      LLVMBasicBlockRef next = LLVMGetSuccessor(t, i);
      int known = next == c->header || !pl_in_region(c, next);
      for (size_t k = 0; k < nseen && !known; ++k)
        known = seen[k] == next;
      if (known)
        continue;
      found = next == to || nseen == cap;
      if (!found)
        stack[ns++] = seen[nseen++] = next;
    }
  }
  free(stack);
  return found;
}

/* Nonzero when `s` is where `first`'s p stopped: the value first's p steps
 * to on its last iteration (an add that does not wrap), or, through a phi,
 * that value and first's own start from blocks that dominate first's
 * header and that first cannot reach, where first has not run yet -- the
 * remainder of a loop clang unrolled by a runtime count. Wherever the
 * stepped value is used, its definition in first's latch dominates the
 * use, so it holds what first's last iteration left there: first runs at
 * most once in an iteration of the tile loop (no loop but the tile loop
 * encloses it). */
static int stops_at(pl_host *host, const pl_candidate *c, const pl_loop_group *first,
                    LLVMValueRef s) {
  LLVMValueRef p1 = first->o[0].p, next = incoming(first->loop, p1, 1);
  LLVMValueRef init = incoming(first->loop, p1, 0);
  if (!next || !init || !s || !LLVMIsAInstruction(next) ||
      LLVMGetInstructionOpcode(next) != LLVMAdd || !LLVMGetNUW(next) ||
      LLVMGetOperand(next, 0) != p1 || !LLVMIsAConstantInt(LLVMGetOperand(next, 1)) ||
      LLVMConstIntGetSExtValue(LLVMGetOperand(next, 1)) != first->step)
    return 0;
  if (s == next)
    return 1;
  if (!LLVMIsAPHINode(s))
    return 0;
  LLVMBasicBlockRef h1 = pl_loop_header(first->loop);
  for (unsigned i = 0; i < LLVMCountIncoming(s); ++i) {
    LLVMValueRef v = LLVMGetIncomingValue(s, i);
    LLVMBasicBlockRef bb = LLVMGetIncomingBlock(s, i);
    if (v != next && !(v == init && !pl_loop_contains(first->loop, bb) &&
                       pl_dominates(host, bb, h1) && !may_follow(c, h1, bb)))
      return 0;
  }
  return 1;
}

/* Nonzero when first's last window, at kp * p_last + [lo, hi), ends where
 * a window at kp * (p_last + step) + [second_lo, ..) starts, or before. */
static int room_after(const pl_loop_group *first, int64_t second_lo) {
  int64_t room;
  return !__builtin_mul_overflow(first->o[0].kp, first->step, &room) &&
         room >= first->hi - second_lo;
}

int pl_copy_loops_in_sequence(pl_host *host, const pl_candidate *c, const pl_copy *a,
                              const pl_copy *b) {
  pl_loop_group g[2];
  if (!pl_iv_read_group(host, c, a, &g[0]) || !pl_iv_read_group(host, c, b, &g[1]) || !g[0].same ||
      !g[1].same || g[0].loop == g[1].loop || pl_loop_parent(g[0].loop) != c->loop ||
      pl_loop_parent(g[1].loop) != c->loop || g[0].o[0].d || g[1].o[0].d ||
      g[0].o[0].kp != g[1].o[0].kp || g[0].o[0].kp <= 0 ||
      !pl_iv_same_invariants(&g[0].o[0], &g[1].o[0]))
    return 0;
  for (int k = 0; k < 2; ++k) {
    const pl_loop_group *first = &g[k], *second = &g[1 - k];
    /* second's p starts where first's stopped */
    if (stops_at(host, c, first, incoming(second->loop, second->o[0].p, 0)) &&
        !may_follow(c, pl_loop_header(second->loop), pl_loop_header(first->loop)) &&
        room_after(first, second->lo))
      return 1;
  }
  return 0;
}

int pl_copy_loops_apart(pl_host *host, const pl_candidate *c, const pl_copy *a, const pl_copy *b) {
  pl_loop_ref la = pl_loop_for_block(host, LLVMGetInstructionParent(a->store));
  pl_loop_ref lb = pl_loop_for_block(host, LLVMGetInstructionParent(b->store));
  pl_iv_offset x, y;
  /* directly in the tile loop: each runs at most once an iteration, so its
   * invariant terms hold one value while either runs */
  if (!la || !lb || la == lb || pl_loop_parent(la) != c->loop || pl_loop_parent(lb) != c->loop ||
      !pl_iv_read_offset(host, c, la, a, UINT64_MAX, &x) ||
      !pl_iv_read_offset(host, c, lb, b, UINT64_MAX, &y) || !pl_iv_offsets_fit(&x) ||
      !pl_iv_offsets_fit(&y) || !pl_iv_same_invariants(&x, &y))
    return 0;
  return pl_iv_window_before(&x, (int64_t)a->bytes, &y) ||
         pl_iv_window_before(&y, (int64_t)b->bytes, &x);
}

/* A value that `v` is computed from, PL_MAX_INDEX_DEPTH operands deep, at
 * which `first`'s p stopped (stops_at); NULL when there is none. */
static LLVMValueRef find_stop(pl_host *host, const pl_candidate *c, const pl_loop_group *first,
                              LLVMValueRef v, int depth) {
  if (!LLVMIsAInstruction(v) || depth > PL_MAX_INDEX_DEPTH)
    return NULL;
  if (stops_at(host, c, first, v))
    return v;
  if (LLVMIsAPHINode(v))
    return NULL;
  for (int i = 0; i < LLVMGetNumOperands(v); ++i) {
    LLVMValueRef s = find_stop(host, c, first, LLVMGetOperand(v, i), depth + 1);
    if (s)
      return s;
  }
  return NULL;
}

int pl_copy_loop_then_copy(pl_host *host, const pl_candidate *c, const pl_copy *a,
                           const pl_copy *b) {
  if (!a->in_loop || b->in_loop)
    return 0;
  pl_loop_group g;
  pl_iv_offset o;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(b->store);
  if (!pl_iv_read_group(host, c, a, &g) || !g.same || pl_loop_parent(g.loop) != c->loop ||
      pl_loop_for_block(host, bb) != c->loop || g.o[0].d || g.o[0].kp <= 0)
    return 0;
  LLVMValueRef s = find_stop(host, c, &g, b->dst, 0);
  /* b's window starts at kp * (p_last + step) + its constant, where first
   * has run, and b does not run before the loop runs again */
  return s && pl_iv_read_offset_of(host, c, NULL, s, b, UINT64_MAX, &o) && o.p == s && !o.d &&
         o.kp == g.o[0].kp && pl_iv_same_invariants(&o, &g.o[0]) &&
         !may_follow(c, bb, pl_loop_header(g.loop)) && room_after(&g, o.konst);
}
