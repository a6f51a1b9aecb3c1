/*===- lib/legality_copies.c - the copies' addresses and destinations -----===*\
 *
 * The checks of legality.c about the copies themselves: (c) every address,
 * guard and predicate a copy uses can be computed again for a later
 * iteration; (a') each copy writes the same bytes of its tile on every
 * iteration and no two copies write the same bytes; and a copy stage with
 * loops has control flow that is the same on every iteration.
\*===----------------------------------------------------------------------===*/
#include "legality_copies.h"

#include "copy_disjoint.h"
#include "copy_loop_unroll.h"
#include "copy_loop_iv.h"
#include "copy_skips.h"
#include "tile_uses.h"

#include "gep.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "limits.h"

#include <stdio.h>
#include <stdlib.h>

/* Why the instruction `v`, which `what` of a copy into tile `tname` (its
 * address, guard or predicate, or a branch of the copy stage) depends on,
 * cannot be computed again for a later iteration. */
static int fail_not_recomputable(pl_host *host, LLVMValueRef v, pl_fail *f, const char *what,
                                 const char *tname) {
  char buf[80];
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem:
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the %s of the copy into tile '%s' depends on a division that may trap "
                    "if computed for a later iteration",
                    what, tname);
  case LLVMCall:
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the %s of the copy into tile '%s' depends on a call", what, tname);
  case LLVMLoad:
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the %s of the copy into tile '%s' depends on a load in the loop (%s)", what,
                    tname, pl_value_label(host, v, buf, sizeof buf));
  default:
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the %s of the copy into tile '%s' depends on an instruction "
                    "that cannot be recomputed for a later iteration",
                    what, tname);
  }
}

/* (c) Side-effect-free function of IVs and invariants. */
static int recomputable(pl_host *host, const pl_candidate *c, LLVMValueRef v, pl_vmap *seen,
                        pl_fail *f, const char *what, const char *tname, int depth) {
  if (!LLVMIsAInstruction(v) || pl_vmap_get(seen, v))
    return 1;
  if (!pl_candidate_has_block(c, LLVMGetInstructionParent(v)))
    return 1;
  char buf[80];
  if (depth > PL_MAX_ADDRESS_DEPTH)
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the %s of the copy into tile '%s' is too deep to recompute (more than "
                    "%d operands deep)",
                    what, tname, PL_MAX_ADDRESS_DEPTH);
  pl_vmap_put(seen, v, v);
  if (LLVMIsAPHINode(v)) {
    if (pl_find_iv(c, v))
      return 1;
    /* A phi of a copy loop (its induction variable, a merge in the copy
     * stage): the rewrite clones it with the loop; its incoming values
     * must be recomputable too. */
    LLVMBasicBlockRef pb = LLVMGetInstructionParent(v);
    if (pb != c->header && pl_in_region(c, pb)) {
      for (unsigned i = 0; i < LLVMCountIncoming(v); ++i)
        if (!recomputable(host, c, LLVMGetIncomingValue(v, i), seen, f, what, tname, depth + 1))
          return 0;
      return 1;
    }
    pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
             "the copy into tile '%s' depends on %s, which is not an induction "
             "variable with a loop-invariant step",
             tname, pl_value_label(host, v, buf, sizeof buf));
    return 0;
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (!pl_is_pure(v, PL_PURE_POINTER))
    return fail_not_recomputable(host, v, f, what, tname);
  int n = LLVMGetNumOperands(v);
  if (op == LLVMCall)
    --n; /* the callee */
  for (int i = 0; i < n; ++i)
    if (!recomputable(host, c, LLVMGetOperand(v, (unsigned)i), seen, f, what, tname, depth + 1))
      return 0;
  return 1;
}

/* Nonzero when `v` takes the same sequence of values on every iteration
 * of the tile loop (`outer` NULL), or of the loop `outer` around it, in a
 * copy stage with loops: it depends on values from outside that loop and
 * on phis of the copy loops, whose incoming values are such values
 * themselves, and on no other phi and no load. (An inner IV `i = tid; i +=
 * blockDim.x` is; one that starts at the tile loop's `k0` is not.) */
static int region_fixed(const pl_candidate *c, pl_loop_ref outer, LLVMValueRef v, pl_vmap *seen,
                        int depth) {
  if (!LLVMIsAInstruction(v) || pl_vmap_get(seen, v))
    return 1;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  if (outer ? !pl_loop_contains(outer, bb) : !pl_candidate_has_block(c, bb))
    return 1;
  if (depth > PL_MAX_ADDRESS_DEPTH || pl_touches_memory(v))
    return 0;
  pl_vmap_put(seen, v, v);
  if (LLVMIsAPHINode(v)) {
    if (bb == c->header || !pl_in_region(c, bb))
      return 0;
    for (unsigned i = 0; i < LLVMCountIncoming(v); ++i)
      if (!region_fixed(c, outer, LLVMGetIncomingValue(v, i), seen, depth + 1))
        return 0;
    return 1;
  }
  int n = LLVMGetNumOperands(v);
  if (LLVMIsACallInst(v))
    --n;
  for (int i = 0; i < n; ++i)
    if (!region_fixed(c, outer, LLVMGetOperand(v, (unsigned)i), seen, depth + 1))
      return 0;
  return 1;
}

static int region_invariant(const pl_candidate *c, LLVMValueRef v, pl_vmap *seen, int depth) {
  return region_fixed(c, NULL, v, seen, depth);
}

/* Nonzero when `v` takes the same sequence of values on every run of the
 * tile loop that a loop around it, `outer` (its outermost), starts again:
 * region_invariant, with `outer` for the tile loop. */
static int same_every_run(const pl_candidate *c, pl_loop_ref outer, LLVMValueRef v) {
  pl_vmap seen;
  pl_vmap_init(&seen);
  int ok = region_fixed(c, outer, v, &seen, 0);
  pl_vmap_free(&seen);
  return ok;
}

/* A destination the same on every iteration: invariant, or in a copy
 * stage with loops, region_invariant. */
static int same_destination(const pl_candidate *c, LLVMValueRef dst) {
  if (!c->region)
    return pl_invariant(c, dst);
  pl_vmap seen;
  pl_vmap_init(&seen);
  int ok = region_invariant(c, dst, &seen, 0);
  pl_vmap_free(&seen);
  return ok;
}

/* An address as base + ext(index) * sizeof(element): a GEP whose indices
 * are all constant zeros but the last, which may be extended. */
typedef struct indexed {
  LLVMValueRef base, index;
  LLVMTypeRef elem;
  LLVMOpcode ext; /* LLVMZExt, LLVMSExt, or 0 */
} indexed;

static int split_indexed(LLVMValueRef p, indexed *x) {
  if (!LLVMIsAGetElementPtrInst(p))
    return 0;
  int n = LLVMGetNumOperands(p);
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(p);
  for (int i = 1; i + 1 < n; ++i) {
    LLVMValueRef idx = LLVMGetOperand(p, (unsigned)i);
    if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) != 0)
      return 0;
    if (i > 1) {
      if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
        return 0;
      ty = LLVMGetElementType(ty);
    }
  }
  if (n > 2) {
    if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
      return 0;
    ty = LLVMGetElementType(ty);
  }
  x->base = LLVMGetOperand(p, 0);
  x->elem = ty;
  x->index = LLVMGetOperand(p, (unsigned)(n - 1));
  x->ext = 0;
  if (LLVMIsAZExtInst(x->index) || LLVMIsASExtInst(x->index)) {
    x->ext = LLVMGetInstructionOpcode(x->index);
    x->index = LLVMGetOperand(x->index, 0);
  }
  return 1;
}

/* Nonzero when every copy into tile `t` of a copy stage with loops moves in
 * lockstep with the first: destination and source are the same base plus
 * an index of the same element type and extension, neither base varies
 * within a copy loop, and destination index minus source index is one
 * expression, fixed within each copy loop (ScalarEvolution). Then two
 * copies that write the same tile bytes read the same source bytes: the
 * same value, in whatever order cp.async completes them -- which covers a
 * copy loop that clang unrolled at run time into a main loop and a
 * remainder loop. The copies must move whole, unguarded elements of one
 * size. */
static int lockstep(pl_host *host, const pl_candidate *c, unsigned t) {
  const pl_copy *first = NULL;
  indexed fd = {0}, fs = {0};
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *a = &c->copies[i];
    if (a->tile != t)
      continue;
    indexed d, s;
    if (a->guard || a->offset || a->value || !a->load || !split_indexed(a->dst, &d) ||
        !split_indexed(a->src, &s))
      return 0;
    LLVMValueRef bases[2] = {d.base, s.base};
    for (int k = 0; k < 2; ++k)
      if (LLVMIsAInstruction(bases[k]) &&
          pl_loop_in_subloop(host, c->loop, LLVMGetInstructionParent(bases[k])))
        return 0;
    LLVMBasicBlockRef bb = a->in_loop ? LLVMGetInstructionParent(a->store) : NULL;
    if (!first) {
      first = a;
      fd = d;
      fs = s;
      if (!pl_scev_same_difference(host, d.index, s.index, bb, d.index, s.index, bb))
        return 0;
      continue;
    }
    LLVMBasicBlockRef fb = first->in_loop ? LLVMGetInstructionParent(first->store) : NULL;
    if (a->bytes != first->bytes || d.base != fd.base || d.elem != fd.elem || d.ext != fd.ext ||
        s.base != fs.base || s.elem != fs.elem || s.ext != fs.ext ||
        !pl_scev_same_difference(host, d.index, s.index, bb, fd.index, fs.index, fb))
      return 0;
  }
  return first != NULL;
}

/* Nonzero when `a` is an arm of a guard around loads that rejoins at
 * `m`: its only predecessor branches to it, it stores nothing and calls
 * nothing (copy loads and arithmetic), and it branches to `m` or to
 * further such arms (the nested `if`s of a compound guard). */
static int load_arm(const pl_candidate *c, LLVMBasicBlockRef a, LLVMBasicBlockRef m, int depth) {
  if (depth > PL_MAX_GUARD_TERMS || !pl_in_region(c, a) || pl_pred_count(a) != 1)
    return 0;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(a);
  for (LLVMValueRef i = LLVMGetFirstInstruction(a); i && i != t; i = LLVMGetNextInstruction(i))
    if (pl_touches_memory(i) && !pl_is_copy_source(c, i))
      return 0;
  for (unsigned s = 0; s < LLVMGetNumSuccessors(t); ++s) {
    LLVMBasicBlockRef to = LLVMGetSuccessor(t, s);
    if (to != m && !load_arm(c, to, m, depth + 1))
      return 0;
  }
  return 1;
}

/* Nonzero when the branch `t` only decides whether copy loads run -- the
 * guard of a zero-filling copy, `x = c ? A[i] : 0` as a branch around the
 * load -- and both ways rejoin before any store: which copies run does not
 * depend on it, so it may change from iteration to iteration (the cloned
 * copy applies it as src-size). */
static int skips_loads_only(const pl_candidate *c, LLVMValueRef t) {
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(t, 0), s1 = LLVMGetSuccessor(t, 1);
  return load_arm(c, s0, s1, 0) || load_arm(c, s1, s0, 0);
}

/* Nonzero when `t` is the branch of split copies (pl_split_copy) and
 * nothing else: each arm has it as its only predecessor and goes straight
 * to one block both join, and everything in either arm that touches
 * memory is a copy's load, a split copy issued at `t`'s block, or such a
 * copy's constant. The clone issues those copies before the branch, with
 * its condition as their guard, so it may change from iteration to
 * iteration. */
static int splits_copies_only(const pl_candidate *c, LLVMValueRef t) {
  LLVMBasicBlockRef p = LLVMGetInstructionParent(t), join = NULL;
  for (unsigned s = 0; s < 2; ++s) {
    LLVMBasicBlockRef a = LLVMGetSuccessor(t, s);
    LLVMValueRef at = LLVMGetBasicBlockTerminator(a);
    if (!pl_in_region(c, a) || pl_pred_count(a) != 1 || !at || LLVMGetNumSuccessors(at) != 1 ||
        (join && LLVMGetSuccessor(at, 0) != join))
      return 0;
    join = LLVMGetSuccessor(at, 0);
    for (LLVMValueRef i = LLVMGetFirstInstruction(a); i != at; i = LLVMGetNextInstruction(i)) {
      if (!pl_touches_memory(i) || pl_is_copy_source(c, i))
        continue;
      int ok = 0;
      for (size_t k = 0; k < c->ncopies && !ok; ++k)
        ok = c->copies[k].issue_block == p &&
             (c->copies[k].store == i || pl_is_twin(&c->copies[k], i));
      if (!ok)
        return 0;
    }
  }
  return 1;
}

/* The failure for a branch `t` of the copy stage that decides on a value
 * that changes from one iteration of the tile loop to the next. Inside a
 * copy loop, a branch whose two ways stay in that loop and neither starts
 * it again nor enters a loop (`if (sy < H) tile[..] = A[..]` without an
 * else) only skips copies: a slot would keep the bytes of S iterations
 * earlier where the original keeps those of the last one, as for a copy
 * outside loops (ConditionalCopy). Any other such branch changes how often
 * or over what a loop of the copy stage runs. */
static int fail_varying_branch(pl_host *host, const pl_candidate *c, LLVMValueRef t,
                               const char *why, pl_fail *f) {
  pl_loop_ref l = pl_skip_loop(host, c, t);
  for (size_t i = 0; i < c->ncopies && l; ++i) {
    const pl_copy *cp = &c->copies[i];
    if (cp->in_loop && pl_loop_for_block(host, LLVMGetInstructionParent(cp->store)) == l) {
      pl_failf(f, PL_R_CONDITIONAL_COPY, t,
               "a copy into tile '%s' in a loop of the copy stage runs under a condition "
               "that changes from iteration to iteration and writes no zeros otherwise, "
               "so a slot would keep stale data; write zeros in the other branch (x = c ? "
               "A[i] : 0)",
               c->tiles[cp->tile].name);
      if (why)
        pl_fail_detail(f,
                       "a slot can take a skipped copy's bytes from the slot before only "
                       "where the skip is safe to repeat, and here %s",
                       why);
      return 0;
    }
  }
  return pl_failf(f, PL_R_COPY_LOOP_VARIES, t,
                  "a loop of the copy stage runs a different number of times, or over "
                  "different bounds, from one iteration of the tile loop to the next; its "
                  "start, step and bound must not depend on the tile loop's counter");
}

/* Index of `bb` in c->region, or -1. */
static long region_index(const pl_candidate *c, LLVMBasicBlockRef bb) {
  for (size_t i = 0; i < c->nregion; ++i)
    if (c->region[i] == bb)
      return (long)i;
  return -1;
}

/* Nonzero when the copy stage's control flow is reducible: with the edges
 * into the tile loop's header and into a block that dominates their source
 * (the back edges of natural loops) left out, its blocks form no cycle
 * (Aho, Sethi, Ullman, "Compilers", 10.4). A cycle that is not a natural loop
 * (from goto) may run a copy loop twice in one iteration of the tile loop,
 * where every proof that copies write distinct bytes counts one run. A
 * depth-first walk with three colours; 0 also when memory runs out. */
static int region_reducible(pl_host *host, const pl_candidate *c) {
  size_t n = c->nregion;
  unsigned char *colour = calloc(n, 1); /* 0 new, 1 on the walk's path, 2 done */
  size_t *stack = malloc(2 * n * sizeof *stack), depth = 0;
  int ok = colour && stack;
  for (size_t root = 0; root < n && ok; ++root) {
    if (colour[root])
      continue;
    colour[root] = 1, stack[0] = root, stack[1] = 0, depth = 1;
    while (depth && ok) {
      size_t *top = &stack[2 * (depth - 1)];
      LLVMBasicBlockRef bb = c->region[top[0]];
      LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
      if (!t || top[1] == LLVMGetNumSuccessors(t)) {
        colour[top[0]] = 2, --depth;
        continue;
      }
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, (unsigned)top[1]++);
      long k = region_index(c, to);
      if (k < 0 || to == c->header || pl_dominates(host, to, bb))
        continue;
      ok = colour[k] != 1; /* a cycle without a dominating head */
      if (ok && !colour[k])
        colour[k] = 1, stack[2 * depth] = (size_t)k, stack[2 * depth + 1] = 0, ++depth;
    }
  }
  free(colour);
  free(stack);
  return ok;
}

/* Whether the condition of the branch `t` can be computed again for a
 * later iteration, as a copy's guard (the clone recomputes it there). */
static int condition_recomputable(pl_host *host, const pl_candidate *c, LLVMValueRef t,
                                  pl_fail *f) {
  pl_vmap seen;
  pl_vmap_init(&seen);
  int ok = recomputable(host, c, LLVMGetCondition(t), &seen, f, "guard",
                        c->tiles[c->copies[0].tile].name, 0);
  pl_vmap_free(&seen);
  return ok;
}

/* What a conditional branch `t` of a copy stage with loops decides: only
 * whether copy loads run, or which arm of split copies runs (cloned for a
 * later iteration as a guard); values the same on every iteration; or
 * values that change from one iteration of the tile loop to the next. */
enum { BRANCH_CLONED, BRANCH_INVARIANT, BRANCH_VARYING };
static int branch_kind(const pl_candidate *c, LLVMValueRef t) {
  if (skips_loads_only(c, t) || splits_copies_only(c, t))
    return BRANCH_CLONED;
  pl_vmap seen;
  pl_vmap_init(&seen);
  int invariant = region_invariant(c, LLVMGetCondition(t), &seen, 0);
  pl_vmap_free(&seen);
  return invariant ? BRANCH_INVARIANT : BRANCH_VARYING;
}

int pl_copy_branch_varies(const pl_candidate *c, LLVMValueRef t) {
  return branch_kind(c, t) == BRANCH_VARYING;
}

/* A conditional branch `t` of a copy stage with loops: it decides on the
 * same values every iteration, or only on whether copy loads run (a
 * guard), or splits copies, or skips copies the rewrite fixes up -- then
 * its condition must be recomputable; else it fails. */
static int check_region_branch(pl_host *host, const pl_candidate *c, LLVMValueRef t, pl_fail *f) {
  int kind = branch_kind(c, t);
  if (kind == BRANCH_CLONED)
    return condition_recomputable(host, c, t, f);
  if (kind == BRANCH_INVARIANT)
    return 1;
  pl_loop_ref l = pl_skip_loop(host, c, t);
  const char *why = l ? pl_skips_unfixable(host, c, l) : "";
  if (!why)
    return condition_recomputable(host, c, t, f);
  return fail_varying_branch(host, c, t, *why ? why : NULL, f);
}

/* Copy loops. The rewrite issues iteration i+S-1 as a
 * clone of the copy stage's control flow, so that control flow must be the
 * same on every iteration: every branch of the copy stage (a copy loop's
 * exit test, a guard around it) decides on region_invariant values only,
 * which also keeps the trip count the one the program computes. Within a
 * copy loop a thread's copies into one tile must write distinct bytes on
 * every iteration of that loop -- cp.async orders nothing within a group:
 * by ScalarEvolution, each destination steps by at least its size, and
 * several copies of one loop (an unrolled loop) step by one constant that
 * covers the bytes they all write in one iteration. Copies in different
 * loops are checked against each other by check_destinations. */
int pl_check_copy_loops(const pl_loop_ctx *x, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  pl_proven_loops seen = {.n = 0};
  if (!c->region)
    return 1;
  if (!region_reducible(host, c))
    return pl_failf(f, PL_R_COPY_LOOP_VARIES, LLVMGetBasicBlockTerminator(c->header),
                    "the copy stage's control flow has a cycle that is not a loop (a goto into "
                    "a loop), so a loop of the copy stage may run more than once in one "
                    "iteration of the tile loop");
  for (size_t k = 0; k < c->nregion; ++k) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[k]);
    if (LLVMIsConditional(t) && !check_region_branch(host, c, t, f))
      return 0;
  }
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *a = &c->copies[i];
    if (!a->in_loop || lockstep(host, c, a->tile) || pl_copy_loop_one_to_one(host, c, a, &seen))
      continue;
    const char *tn = c->tiles[a->tile].name;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(a->store);
    int64_t lo, hi;
    if (!pl_scev_loop_stride(host, a->dst, bb, &lo, &hi))
      return pl_failf(f, PL_R_OVERLAP, a->store,
                      "the copy loop into tile '%s' may write the same bytes on two of its "
                      "iterations (its destination does not step by a known amount), and "
                      "cp.async gives them no order",
                      tn);
    int64_t span_lo = 0, span_hi = (int64_t)a->bytes;
    for (size_t j = 0; j < c->ncopies; ++j) {
      const pl_copy *b = &c->copies[j];
      int64_t d;
      if (j == i || b->tile != a->tile || LLVMGetInstructionParent(b->store) == NULL ||
          pl_loop_for_block(host, LLVMGetInstructionParent(b->store)) !=
              pl_loop_for_block(host, bb))
        continue;
      if (lo != hi || !pl_scev_const_distance(host, b->dst, a->dst, &d))
        return pl_failf(f, PL_R_OVERLAP, b->store,
                        "two copies of one copy loop into tile '%s' may write the same bytes "
                        "on different iterations of it, and cp.async gives them no order",
                        tn);
      if (d < span_lo)
        span_lo = d;
      if (d + (int64_t)b->bytes > span_hi)
        span_hi = d + (int64_t)b->bytes;
    }
    if (!(lo >= span_hi - span_lo || hi <= -(span_hi - span_lo)))
      return pl_failf(f, PL_R_OVERLAP, a->store,
                      "the copy loop into tile '%s' may write the same bytes on two of its "
                      "iterations (its destination may step by less than the %lld bytes it "
                      "writes), and cp.async gives them no order",
                      tn, (long long)(span_hi - span_lo));
  }
  return 1;
}

/* Every iteration must fill the same bytes of a tile: a slot holds one
 * iteration's copies only, so bytes an iteration leaves alone would show
 * another iteration's data (or zeros) instead of the last one written.
 * And two copies must not write the same bytes: cp.async orders nothing
 * within a group (PTX ISA, "cp.async": no ordering among the operations). */
int pl_check_destinations(const pl_loop_ctx *x, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  pl_proven_loops seen = {.n = 0};
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *a = &c->copies[i];
    if (!same_destination(c, a->dst))
      return pl_failf(f, PL_R_DEST_VARIES, a->store,
                      "where the copy into tile '%s' writes changes from iteration to "
                      "iteration, so a ring slot would mix data of different iterations",
                      c->tiles[a->tile].name);
    int same_values = c->region && lockstep(host, c, a->tile);
    for (size_t j = i + 1; j < c->ncopies && !same_values; ++j) {
      const pl_copy *b = &c->copies[j];
      if (a->tile == b->tile && !pl_copies_marked_disjoint(a, b) &&
          pl_may_alias(host, a->dst, a->bytes, b->dst, b->bytes) &&
          !pl_copies_disjoint(host, c, a, b, &seen)) {
        if (a->in_loop || b->in_loop)
          return pl_failf(f, PL_R_OVERLAP, b->store,
                          "copies into tile '%s' in different loops of the copy stage (or in a "
                          "loop and outside it) may write the same bytes, and cp.async gives "
                          "them no order; a copy loop that clang unrolled at run time becomes "
                          "two such loops: write '#pragma unroll 1' on it",
                          c->tiles[a->tile].name);
        return pl_failf(f, PL_R_OVERLAP, b->store,
                        "two copies into tile '%s' may write the same bytes, and cp.async "
                        "gives them no order",
                        c->tiles[a->tile].name);
      }
    }
  }
  return 1;
}

int pl_check_addresses(const pl_loop_ctx *x, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  pl_vmap seen;
  pl_vmap_init(&seen);
  int ok = 1;
  for (size_t i = 0; i < c->ncopies && ok; ++i) {
    const pl_copy *cp = &c->copies[i];
    const char *tn = c->tiles[cp->tile].name;
    ok = recomputable(host, c, cp->src, &seen, f, "address", tn, 0) &&
         recomputable(host, c, cp->dst, &seen, f, "address", tn, 0) &&
         (!cp->guard || recomputable(host, c, cp->guard, &seen, f, "guard", tn, 0));
    for (unsigned g = 0; g < cp->nmore_guards && ok; ++g)
      ok = recomputable(host, c, cp->more_guards[g], &seen, f, "guard", tn, 0);
    for (unsigned t = 0; t < pl_pred_terms(cp) && ok; ++t) {
      int neg;
      ok = recomputable(host, c, pl_pred_term(cp, t, &neg), &seen, f, "predicate", tn, 0);
    }
  }
  pl_vmap_free(&seen);
  return ok;
}

size_t pl_skip_blocks(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef **out) {
  pl_loop_ref *loops = NULL;
  size_t nloops = 0;
  pl_vec v = {0};
  for (size_t k = 0; k < c->nregion; ++k) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[k]);
    if (!LLVMIsConditional(t) || branch_kind(c, t) != BRANCH_VARYING)
      continue;
    pl_loop_ref l = pl_skip_loop(host, c, t);
    int done = 0;
    for (size_t i = 0; i < nloops && !done; ++i)
      done = loops[i] == l;
    if (!l || done || pl_skips_unfixable(host, c, l))
      continue;
    loops = pl_append(loops, nloops, sizeof *loops);
    loops[nloops++] = l;
    for (size_t r = 0; r < c->nregion; ++r)
      if (pl_loop_for_block(host, c->region[r]) == l && pl_skip_join(host, c, l, c->region[r]))
        pl_vec_push(&v, LLVMBasicBlockAsValue(c->region[r]));
  }
  free(loops);
  *out = pl_xcalloc(v.len ? v.len : 1, sizeof **out);
  for (size_t i = 0; i < v.len; ++i)
    (*out)[i] = LLVMValueAsBasicBlock(v.v[i]);
  size_t n = v.len;
  pl_vec_free(&v);
  return n;
}

int pl_check_copies_every_run(const pl_loop_ctx *x, pl_fail *f) {
  const pl_candidate *c = x->c;
  pl_loop_ref outer = NULL;
  if (pl_loop_may_reenter(c))
    for (pl_loop_ref l = pl_loop_parent(c->loop); l; l = pl_loop_parent(l))
      outer = l;
  if (!outer)
    return 1;
  static const char why[] = "from one run of the loop to the next (a loop around it computes "
                            "it), so a slot would keep another run's data where the tile keeps "
                            "the last run's";
  for (size_t i = 0; i < c->ncopies; ++i)
    for (unsigned t = 0; t < pl_pred_terms(&c->copies[i]); ++t) {
      int neg;
      if (!same_every_run(c, outer, pl_pred_term(&c->copies[i], t, &neg)))
        return pl_failf(f, PL_R_CONDITIONAL_COPY, c->copies[i].store,
                        "the copy into tile '%s' runs under a condition that may change from "
                        "one run of the loop to the next (a loop around it computes it) and "
                        "writes no zeros otherwise, so a slot would keep another run's data "
                        "where the tile keeps the last run's; write zeros in the other branch "
                        "(x = c ? A[i] : 0)",
                        c->tiles[c->copies[i].tile].name);
    }
  for (size_t i = 0; i < c->ncopies; ++i)
    if (!same_every_run(c, outer, c->copies[i].dst))
      return pl_failf(f, PL_R_DEST_VARIES, c->copies[i].store,
                      "the copy into tile '%s' writes bytes that may change %s",
                      c->tiles[c->copies[i].tile].name, why);
  for (size_t k = 0; c->region && k < c->nregion; ++k) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[k]);
    if (LLVMIsConditional(t) && branch_kind(c, t) == BRANCH_INVARIANT &&
        !same_every_run(c, outer, LLVMGetCondition(t)))
      return pl_failf(f, PL_R_COPY_LOOP_VARIES, t,
                      "the copy stage's control flow decides on a value that may change %s", why);
  }
  return 1;
}
