/*===- lib/copy_skips.c - copies a copy loop skips on some iterations -----===*\
 *
 * The copy loops of a copy stage whose copies run on some iterations of
 * the tile loop and not on others (`if (c) tile[i] = A[..];` with no
 * else), and straight-line copies under such a predicate, and whether the
 * rewrite can fix their skips up from the slot before (docs/design.md,
 * "Skipped copies"). For legality.
\*===----------------------------------------------------------------------===*/
#include "copy_skips.h"

#include "alloc.h"
#include "copy_loop_iv.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "gep.h"
#include "host_memory.h"
#include "ir.h"
#include "legality_copies.h"
#include "limits.h"
#include "tile_uses.h"

#include <stdint.h>
#include <stdlib.h>

/* The copy loop a branch `t` of the copy stage lies in when both its ways
 * stay in that loop and neither starts it again (a branch that can only
 * skip work of the loop's iteration), else NULL. */
pl_loop_ref pl_skip_loop(pl_host *host, const pl_candidate *c, LLVMValueRef t) {
  pl_loop_ref l = pl_loop_for_block(host, LLVMGetInstructionParent(t));
  if (!l || l == c->loop || !LLVMIsConditional(t))
    return NULL;
  for (unsigned s = 0; s < 2; ++s) {
    LLVMBasicBlockRef to = LLVMGetSuccessor(t, s);
    if (pl_loop_for_block(host, to) != l || to == pl_loop_header(l))
      return NULL;
  }
  return l;
}

/* The block a skip block `a` of copy loop `l` rejoins, or NULL when `a` is
 * none: `a` holds copies (no split or predicated one) and nothing else
 * that touches memory but their loads, runs on some iterations of `l`
 * only (it does not dominate the latch), and goes straight to one block
 * of `l` -- not its header, with no phis -- that every iteration of `l`
 * runs (it dominates the latch). `if (c) tile[i] = A[..];` with no else,
 * and `c` may be `t == 0 || ...`. */
LLVMBasicBlockRef pl_skip_join(pl_host *host, const pl_candidate *c, pl_loop_ref l,
                               LLVMBasicBlockRef a) {
  LLVMValueRef at = LLVMGetBasicBlockTerminator(a);
  LLVMBasicBlockRef latch = pl_loop_latch(l);
  if (!at || LLVMGetNumSuccessors(at) != 1 || !latch || pl_dominates(host, a, latch))
    return NULL;
  LLVMBasicBlockRef j = LLVMGetSuccessor(at, 0);
  if (pl_loop_for_block(host, j) != l || j == pl_loop_header(l) ||
      LLVMIsAPHINode(LLVMGetFirstInstruction(j)) || !pl_dominates(host, j, latch))
    return NULL;
  int copies = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(a); i != at; i = LLVMGetNextInstruction(i)) {
    if (!pl_touches_memory(i) || pl_is_copy_source(c, i))
      continue;
    const pl_copy *cp = NULL;
    for (size_t k = 0; k < c->ncopies && !cp; ++k)
      cp = c->copies[k].store == i ? &c->copies[k] : NULL;
    if (!cp || cp->issue_block || cp->pred)
      return NULL;
    ++copies;
  }
  return copies ? j : NULL;
}

static const char several_copies[] = "the tile has other copies besides the one in this copy loop";

/* The owner rule: every copy of `l` is in a block that runs on every
 * iteration of `l` or in a skip block (skip_join); each is the only copy
 * into its tile in the copy stage; all copies of `l` write bytes that two
 * threads share only at the same value of `l`'s counter p
 * (pl_copy_loop_owner); every branch of `l` decides on p and values every
 * thread shares (pl_uniform_given) -- so a thread that skips a copy skips
 * it for every thread that would write those bytes, and its move of the
 * slot before's bytes races with no write; and the tile holds nothing a
 * thread wrote when the loop starts (pl_tile_fresh_at_entry): the bytes
 * the first iteration skips are undefined in the source too. Why it fails
 * for `l`, or NULL. */
static const char *owner_rule(pl_host *host, const pl_candidate *c, pl_loop_ref l) {
  for (size_t i = 0; i < c->ncopies; ++i)
    for (size_t j = 0; j < c->ncopies; ++j)
      if (j != i && c->copies[j].tile == c->copies[i].tile &&
          pl_loop_contains(l, LLVMGetInstructionParent(c->copies[i].store)))
        return several_copies;
  pl_owner key = {.nkeys = 0};
  for (size_t i = 0; i < c->ncopies && !key.nkeys; ++i)
    if (pl_loop_contains(l, LLVMGetInstructionParent(c->copies[i].store)) &&
        !pl_copy_loop_owner(host, c, &c->copies[i], &key))
      key.nkeys = 0;
  if (!key.nkeys)
    return "two threads might write the same bytes with a copy at different counts of the "
           "copy loop (its destination is not shown to be a one-to-one function of the "
           "loop's counter plus values every thread shares)";
  for (size_t r = 0; r < c->nregion; ++r) {
    LLVMBasicBlockRef bb = c->region[r];
    if (!pl_loop_contains(l, bb))
      continue;
    if (pl_loop_for_block(host, bb) != l)
      return "the copy loop holds another loop";
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (LLVMIsConditional(t) && !pl_uniform_given(c, LLVMGetCondition(t), &key))
      return "a branch of the copy loop depends on the thread through more than the loop's "
             "counter, so threads that write the same bytes might disagree on a skip";
    for (size_t i = 0; i < c->ncopies; ++i) {
      const pl_copy *cp = &c->copies[i];
      pl_owner q;
      if (LLVMGetInstructionParent(cp->store) != bb)
        continue;
      if (!pl_copy_loop_owner(host, c, cp, &q) || q.keys[0] != key.keys[0])
        return "two threads might write the same bytes with a copy at different counts of "
               "the copy loop (its destination is not shown to be a one-to-one function of "
               "the loop's counter plus values every thread shares)";
      if (pl_dominates(host, bb, pl_loop_latch(l)))
        continue;
      if (!pl_skip_join(host, c, l, bb))
        return "a skipped copy's block does more than copy, or does not rejoin a block that "
               "every iteration of the copy loop runs";
      if (!pl_tile_fresh_at_entry(host, c, cp->tile))
        return "the tile may hold written bytes when the loop starts (the loop can run "
               "again, or the tile is written before it), which a skipped copy would keep";
    }
  }
  return NULL;
}

/* A copy's destination read as its tile plus GEP indices
 * (pl_gep_terms_of), and each variable index's value before its zext or
 * sext, if it is one. */
typedef struct dst_terms {
  pl_gep_terms t;
  LLVMValueRef leaf[PL_MAX_ADDRESS_TERMS];
  unsigned tile;
} dst_terms;

/* Reads `cp`'s destination into *d and proves that it writes bytes no
 * other values of its variable indices reach: each index is sign-extended
 * by the GEP, so where every index but the one of the largest scale is
 * known non-negative and below a bound h (LazyValueInfo at `at`: the store,
 * where its conditions hold, for the copies that write; before any of them,
 * for the threads a fix-up moves bytes for, which may fail them; an index
 * that is not available at `at` fails), and
 * in order of scale each scale exceeds the sum of the smaller ones times
 * their h, the offset is a mixed-radix number whose digits it determines;
 * and where every scale is a multiple of the smallest, which is at least
 * the copy's size, two different digit tuples write disjoint bytes. The
 * top digit is at most 32 bits wide, so its product cannot wrap. */
static int read_dst(pl_host *host, const pl_candidate *c, const pl_copy *cp, LLVMValueRef at,
                    dst_terms *x) {
  pl_gep_terms *d = &x->t;
  LLVMValueRef root = pl_gep_terms_of(LLVMGetModuleDataLayout(c->module), cp->dst, d);
  x->tile = cp->tile;
  if (!root || pl_tile_index(c, root) != (long)cp->tile || !d->n)
    return 0;
  for (size_t k = 0; k < d->n; ++k) {
    LLVMOpcode op;
    x->leaf[k] = pl_opcode(d->idx[k], &op) && (op == LLVMZExt || op == LLVMSExt)
                     ? LLVMGetOperand(d->idx[k], 0)
                     : d->idx[k];
  }
  size_t top = 0;
  for (size_t k = 1; k < d->n; ++k)
    if (d->scale[k] > d->scale[top])
      top = k;
  uint64_t smallest = d->scale[top], below = 0;
  for (size_t k = 0; k < d->n; ++k)
    if (d->scale[k] < smallest)
      smallest = d->scale[k];
  if (smallest < cp->bytes)
    return 0;
  /* the digits in increasing order of scale: each scale above the largest
   * offset the smaller digits reach */
  for (uint64_t last = 0;;) {
    size_t next = d->n;
    for (size_t k = 0; k < d->n; ++k)
      if (d->scale[k] > last && (next == d->n || d->scale[k] < d->scale[next]))
        next = k;
    if (next == d->n)
      break;
    for (size_t k = 0; k < d->n; ++k)
      if (k != next && d->scale[k] == d->scale[next])
        return 0;
    if (d->scale[next] % smallest || d->scale[next] <= below)
      return 0;
    last = d->scale[next];
    if (next == top) /* a 32-bit digit times a scale: no 64-bit wrap */
      return LLVMGetIntTypeWidth(LLVMTypeOf(x->leaf[top])) <= 32 && d->scale[top] <= UINT32_MAX;
    uint64_t lo, hi, m;
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(d->idx[next]));
    if (w > 64 ||
        (LLVMIsAInstruction(d->idx[next]) && !pl_inst_dominates(host, d->idx[next], at)) ||
        !pl_value_range(host, d->idx[next], at, &lo, &hi) || (w < 64 && hi >= (1ull << (w - 1))) ||
        (w == 64 && hi > INT64_MAX) || __builtin_mul_overflow(hi, d->scale[next], &m) ||
        __builtin_add_overflow(below, m, &below))
      return 0;
  }
  return 0;
}

/* Nonzero when `x` and `y` are read alike: the same scales and constant
 * bytes, and each variable index extended the same way from the same
 * type, so equal leaves give equal offsets and equal offsets equal
 * leaves (read_dst). */
static int same_dst_function(const dst_terms *x, const dst_terms *y) {
  if (x->t.n != y->t.n || x->t.konst != y->t.konst || x->tile != y->tile)
    return 0;
  for (size_t k = 0; k < x->t.n; ++k) {
    LLVMValueRef vx = x->t.idx[k], vy = y->t.idx[k];
    LLVMOpcode ox = 0, oy = 0;
    if (x->t.scale[k] != y->t.scale[k] || LLVMTypeOf(vx) != LLVMTypeOf(vy) ||
        LLVMTypeOf(x->leaf[k]) != LLVMTypeOf(y->leaf[k]) ||
        (vx == x->leaf[k]) != (vy == y->leaf[k]) ||
        (vx != x->leaf[k] && (!pl_opcode(vx, &ox) || !pl_opcode(vy, &oy) || ox != oy)))
      return 0;
  }
  return 1;
}

/* Nonzero when `a` (over `x`'s destination) and `b` (over `y`'s) compute
 * the same function of their destinations' indices: at each place both
 * read an index (or its unextended value) of the same position, or the
 * same value every thread shares at an iteration (pl_uniform_given), or
 * the same operation (pl_is_pure, not a call; pl_same_operation) of
 * operands that match. */
static int same_function_of(const pl_candidate *c, LLVMValueRef a, const dst_terms *x,
                            LLVMValueRef b, const dst_terms *y, int depth) {
  for (size_t k = 0; k < x->t.n; ++k)
    if (a == x->t.idx[k] || a == x->leaf[k])
      return b == (a == x->t.idx[k] ? y->t.idx[k] : y->leaf[k]);
  if (a == b && pl_uniform_given(c, a, NULL))
    return 1;
  if (depth > PL_MAX_VALUE_DEPTH || !LLVMIsAInstruction(a) || !LLVMIsAInstruction(b) ||
      LLVMIsACallInst(a) || !pl_is_pure(a, PL_PURE_FLOAT | PL_PURE_POINTER) ||
      !pl_same_operation(a, b))
    return 0;
  for (int i = 0; i < LLVMGetNumOperands(a); ++i)
    if (!same_function_of(c, LLVMGetOperand(a, (unsigned)i), x, LLVMGetOperand(b, (unsigned)i), y,
                          depth + 1))
      return 0;
  return 1;
}

/* The guards of a copy in a skip block a: the blocks of a's copy loop
 * whose branches decide whether a runs, entered at one block (the entry)
 * and left only to a or to the block a rejoins: a's predecessors, every
 * block they branch to but those two, and every predecessor of those but
 * the entry's. The block a rejoins is entered from a and the guards only:
 * the rewrite fixes a's copies up on every other edge into it, and an
 * edge from elsewhere (`if (tid % 2 == 0) { if (c) copy; }`, the outer
 * branch the same on every iteration but not in every thread) would move
 * bytes that another thread's copy writes. Listed in a depth-first order from the entry (a branch's
 * first way first), so that the guards of two copies can be compared
 * place by place. `if (c) copy;` has one guard block, `if (t == 0 ||
 * c) copy;` two. */
#define MAX_GUARD_BLOCKS 4
typedef struct guard_dag {
  LLVMBasicBlockRef block[MAX_GUARD_BLOCKS];
  size_t n;
  LLVMBasicBlockRef skip, join;
} guard_dag;

static long dag_index(const guard_dag *g, LLVMBasicBlockRef bb) {
  for (size_t k = 0; k < g->n; ++k)
    if (g->block[k] == bb)
      return (long)k;
  return -1;
}

/* Adds `bb` to *g where it is new; 0 when it cannot be a guard block (not
 * in loop `l`, no conditional branch, too many). */
static int dag_add(pl_host *host, pl_loop_ref l, guard_dag *g, LLVMBasicBlockRef bb) {
  if (dag_index(g, bb) >= 0)
    return 1;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
  if (g->n == MAX_GUARD_BLOCKS || pl_loop_for_block(host, bb) != l || !t || !LLVMIsConditional(t))
    return 0;
  g->block[g->n++] = bb;
  return 1;
}

/* Puts g's blocks in depth-first order from `entry`. */
static void dag_order(guard_dag *g, LLVMBasicBlockRef entry) {
  LLVMBasicBlockRef out[MAX_GUARD_BLOCKS], stack[2 * MAX_GUARD_BLOCKS];
  size_t nout = 0, ns = 0;
  stack[ns++] = entry;
  while (ns) {
    LLVMBasicBlockRef bb = stack[--ns];
    int seen = 0;
    for (size_t k = 0; k < nout && !seen; ++k)
      seen = out[k] == bb;
    if (seen || dag_index(g, bb) < 0)
      continue;
    out[nout++] = bb;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    for (unsigned s = 2; s-- > 0;)
      if (ns < 2 * MAX_GUARD_BLOCKS)
        stack[ns++] = LLVMGetSuccessor(t, s);
  }
  for (size_t k = 0; k < nout; ++k)
    g->block[k] = out[k];
  g->n = nout;
}

/* Reads the guards of `cp` into *g; 0 when its block is no skip block of a
 * copy loop, or its guards are not such blocks. */
static int skip_guards(pl_host *host, const pl_candidate *c, const pl_copy *cp, guard_dag *g) {
  enum { CAP = 2 * MAX_GUARD_BLOCKS + 2 };
  LLVMBasicBlockRef a = LLVMGetInstructionParent(cp->store), preds[CAP];
  pl_loop_ref l = pl_loop_for_block(host, a);
  g->n = 0;
  g->skip = a;
  g->join = l && l != c->loop ? pl_skip_join(host, c, l, a) : NULL;
  size_t n = g->join ? pl_preds(a, preds, CAP) : 0;
  if (!n || n > CAP)
    return 0;
  for (size_t k = 0; k < n; ++k) /* a's predecessors */
    if (!dag_add(host, l, g, preds[k]))
      return 0;
  for (size_t k = 0; k < g->n; ++k) { /* what they branch to */
    LLVMValueRef t = LLVMGetBasicBlockTerminator(g->block[k]);
    for (unsigned s = 0; s < 2; ++s) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, s);
      if (to != a && to != g->join && !dag_add(host, l, g, to))
        return 0;
    }
  }
  LLVMBasicBlockRef entry = NULL;
  for (size_t k = 0; k < g->n; ++k) { /* one entry; the others entered from the guards */
    size_t m = pl_preds(g->block[k], preds, CAP);
    int inner = m <= CAP;
    for (size_t i = 0; i < m && inner; ++i)
      inner = dag_index(g, preds[i]) >= 0;
    if (!inner && entry)
      return 0;
    if (!inner)
      entry = g->block[k];
  }
  size_t m =
      entry ? pl_preds(g->join, preds, CAP) : 0; /* the join entered from a and its guards only */
  if (!m || m > CAP)
    return 0;
  for (size_t i = 0; i < m; ++i)
    if (preds[i] != a && dag_index(g, preds[i]) < 0)
      return 0;
  for (size_t k = 0; k < g->n; ++k) /* guards past the entry only decide */
    for (LLVMValueRef i = LLVMGetFirstInstruction(g->block[k]); g->block[k] != entry && i;
         i = LLVMGetNextInstruction(i))
      if (pl_touches_memory(i) || LLVMIsAPHINode(i))
        return 0;
  size_t nblocks = g->n;
  dag_order(g, entry);
  return g->n == nblocks;
}

/* Nonzero when the guards of two copies (over the destinations x and y)
 * decide alike given equal indices: the same blocks in the same order, each
 * branch going the same way to the skip block, the join or the same guard,
 * on conditions that are the same function of the indices. */
static int same_guards(const pl_candidate *c, const guard_dag *gx, const dst_terms *x,
                       const guard_dag *gy, const dst_terms *y) {
  if (gx->n != gy->n)
    return 0;
  for (size_t k = 0; k < gx->n; ++k) {
    LLVMValueRef tx = LLVMGetBasicBlockTerminator(gx->block[k]);
    LLVMValueRef ty = LLVMGetBasicBlockTerminator(gy->block[k]);
    for (unsigned s = 0; s < 2; ++s) {
      LLVMBasicBlockRef sx = LLVMGetSuccessor(tx, s), sy = LLVMGetSuccessor(ty, s);
      if ((sx == gx->skip) != (sy == gy->skip) || (sx == gx->join) != (sy == gy->join) ||
          dag_index(gx, sx) != dag_index(gy, sy))
        return 0;
    }
    if (!same_function_of(c, LLVMGetCondition(tx), x, LLVMGetCondition(ty), y, 0))
      return 0;
  }
  return 1;
}

/* The destination rule, for tiles with several copies (a copy loop that
 * clang unrolled by a runtime count is a main loop and a remainder): every
 * copy into a tile with a copy in `l` is in a skip block of a copy loop
 * (skip_guards), its destination reads as digits of its indices
 * (read_dst), all the tile's copies read alike, and their guards decide
 * alike (same_guards): each branch the same function of its copy's
 * indices and of values every thread shares, going the same ways. Two
 * threads that write the same bytes then hold the
 * same indices and decide alike; a thread's own copies write distinct
 * bytes within an iteration (pl_check_destinations). So a skip is every
 * writer's skip, and each writer's move carries the bytes every writer
 * wrote or moved in the iteration before. Every branch of `l` that
 * changes from iteration to iteration is a guard block; the tile holds
 * nothing written when the loop starts. Why it fails for `l`, or NULL. */
static const char *destination_rule(pl_host *host, const pl_candidate *c, pl_loop_ref l) {
  guard_dag *g = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *g); /* .skip: read */
  const pl_copy **first = pl_xcalloc(c->ncopies ? c->ncopies : 1, sizeof *first);
  const char *why = NULL;
  for (size_t i = 0; i < c->ncopies && !why; ++i) { /* each copy of a tile with a copy in l */
    for (size_t j = 0; j < c->ncopies && !first[i]; ++j)
      if (c->copies[j].tile == c->copies[i].tile &&
          pl_loop_contains(l, LLVMGetInstructionParent(c->copies[j].store)))
        first[i] = &c->copies[j];
    if (!first[i])
      continue;
    size_t f = (size_t)(first[i] - c->copies);
    dst_terms x, y;
    if ((!g[f].skip && !skip_guards(host, c, first[i], &g[f])) ||
        (!g[i].skip && !skip_guards(host, c, &c->copies[i], &g[i])))
      why = "a copy into the tile runs on every iteration or under guards that do not only "
            "decide whether a block of copies runs";
    /* the digits' bounds where the guards start deciding: a thread that
     * skips fails one of them, so what they imply bounds no mover */
    else if (!read_dst(host, c, first[i], LLVMGetBasicBlockTerminator(g[f].block[0]), &x) ||
             !read_dst(host, c, &c->copies[i], LLVMGetBasicBlockTerminator(g[i].block[0]), &y) ||
             !same_dst_function(&x, &y))
      why = "two threads might write the same bytes through different indices of the "
            "tile's copies";
    else if (!same_guards(c, &g[f], &x, &g[i], &y))
      why = "a guard of a copy is not the same function of the copy's indices as the other "
            "copies' guards, so threads that write the same bytes might disagree on a skip";
    else if (!pl_tile_fresh_at_entry(host, c, c->copies[i].tile))
      why = "the tile may hold written bytes when the loop starts (the loop can run "
            "again, or the tile is written before it), which a skipped copy would keep";
  }
  for (size_t r = 0; r < c->nregion && !why; ++r) {
    LLVMBasicBlockRef bb = c->region[r];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!pl_loop_contains(l, bb))
      continue;
    if (pl_loop_for_block(host, bb) != l) {
      why = "the copy loop holds another loop";
      continue;
    }
    if (!LLVMIsConditional(t) || !pl_copy_branch_varies(c, t))
      continue;
    int guard = 0; /* a guard block of a copy of l's tiles: the others are in no loop of l */
    for (size_t i = 0; i < c->ncopies && !guard; ++i)
      guard = first[i] && dag_index(&g[i], bb) >= 0;
    if (!guard)
      why = "a branch of the copy loop that changes from iteration to iteration does more "
            "than skip a block of copies";
  }
  free(first);
  free(g);
  return why;
}

const char *pl_skips_unfixable(pl_host *host, const pl_candidate *c, pl_loop_ref l) {
  const char *why = owner_rule(host, c, l);
  if (!why)
    return NULL;
  const char *why_not = destination_rule(host, c, l);
  if (!why_not)
    return NULL;
  return why == several_copies ? why_not : why;
}

const char *pl_straight_skip_unfixable(pl_host *host, const pl_candidate *c, const pl_copy *cp) {
  if (c->region)
    return "the copy stage has loops, and only their copies' skips are fixed up";
  if (cp->in_loop || cp->ntwins || cp->issue_block)
    return "the copy is split in two";
  for (size_t j = 0; j < c->ncopies; ++j)
    if (&c->copies[j] != cp && c->copies[j].tile == cp->tile)
      return "the tile has other copies";
  /* the digits' bounds before the loop (the end of the block that enters
   * it, or of the header's immediate dominator), where no term of the
   * predicate is known: a thread the fix-up moves bytes for fails one */
  LLVMBasicBlockRef before = c->preheader ? c->preheader : pl_idom(host, c->header);
  dst_terms x;
  if (!before || !read_dst(host, c, cp, LLVMGetBasicBlockTerminator(before), &x))
    return "two threads might write the same bytes through different indices of the tile "
           "(each index but the outermost, bounded before the loop, must keep the bytes of "
           "one index apart from the next's)";
  for (unsigned t = 0; t < pl_pred_terms(cp); ++t) {
    int neg;
    LLVMValueRef term = pl_pred_term(cp, t, &neg);
    if (!same_function_of(c, term, &x, term, &x, 0))
      return "the condition depends on the thread through more than the copy's indices, so "
             "threads that write the same bytes might disagree on a skip";
  }
  if (!pl_tile_fresh_at_entry(host, c, cp->tile))
    return "the tile may hold written bytes when the loop starts (the loop can run again, or "
           "the tile is written before it), which a skipped copy would keep";
  return NULL;
}
