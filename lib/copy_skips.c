/*===- lib/copy_skips.c - copies a copy loop skips on some iterations -----===*\
 *
 * The copy loops of a copy stage whose copies run on some iterations of
 * the tile loop and not on others (`if (c) tile[i] = A[..];` with no
 * else), and whether the rewrite can fix their skips up from the slot
 * before (docs/design.md, "Skipped copies"). For legality_copies.c.
\*===----------------------------------------------------------------------===*/
#include "copy_skips.h"

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

/* A copy's destination read as its tile plus GEP indices: the variable
 * ones (each with the bytes it scales by, and the value it extends, if it
 * is a zext or sext) and the constant bytes of the rest. */
typedef struct dst_terms {
  LLVMValueRef v[PL_MAX_ADDRESS_TERMS], leaf[PL_MAX_ADDRESS_TERMS];
  uint64_t scale[PL_MAX_ADDRESS_TERMS];
  size_t n;
  int64_t konst;
  unsigned tile;
} dst_terms;

static int add_dst_term(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  dst_terms *d = ctx;
  if (!idx)
    return !__builtin_add_overflow(d->konst, offset, &d->konst);
  if (LLVMIsAConstantInt(idx)) {
    int64_t m;
    return LLVMGetIntTypeWidth(LLVMTypeOf(idx)) <= 64 && scale <= INT64_MAX &&
           !__builtin_mul_overflow(LLVMConstIntGetSExtValue(idx), (int64_t)scale, &m) &&
           !__builtin_add_overflow(d->konst, m, &d->konst);
  }
  if (d->n == PL_MAX_ADDRESS_TERMS || !scale)
    return 0;
  LLVMOpcode op;
  d->v[d->n] = d->leaf[d->n] = idx;
  if (pl_opcode(idx, &op) && (op == LLVMZExt || op == LLVMSExt))
    d->leaf[d->n] = LLVMGetOperand(idx, 0);
  d->scale[d->n++] = scale;
  return 1;
}

/* Reads `cp`'s destination into *d and proves that it writes bytes no
 * other values of its variable indices reach: each index is sign-extended
 * by the GEP, so where every index but the one of the largest scale is
 * known non-negative and below a bound h (LazyValueInfo at the store), and
 * in order of scale each scale exceeds the sum of the smaller ones times
 * their h, the offset is a mixed-radix number whose digits it determines;
 * and where every scale is a multiple of the smallest, which is at least
 * the copy's size, two different digit tuples write disjoint bytes. The
 * top digit is at most 32 bits wide, so its product cannot wrap. */
static int read_dst(pl_host *host, const pl_candidate *c, const pl_copy *cp, dst_terms *d) {
  LLVMValueRef root = NULL;
  d->n = 0;
  d->konst = 0;
  d->tile = cp->tile;
  if (pl_gep_chain(LLVMGetModuleDataLayout(c->module), cp->dst, add_dst_term, d, &root) !=
          PL_CHAIN_ROOT ||
      pl_tile_index(c, root) != (long)cp->tile || !d->n)
    return 0;
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
      return LLVMGetIntTypeWidth(LLVMTypeOf(d->leaf[top])) <= 32 && d->scale[top] <= UINT32_MAX;
    uint64_t lo, hi, m;
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(d->v[next]));
    if (w > 64 || !pl_value_range(host, d->v[next], cp->store, &lo, &hi) ||
        (w < 64 && hi >= (1ull << (w - 1))) || (w == 64 && hi > INT64_MAX) ||
        __builtin_mul_overflow(hi, d->scale[next], &m) || __builtin_add_overflow(below, m, &below))
      return 0;
  }
  return 0;
}

/* Nonzero when `x` and `y` are read alike: the same scales and constant
 * bytes, and each variable index extended the same way from the same
 * type, so equal leaves give equal offsets and equal offsets equal
 * leaves (read_dst). */
static int same_dst_function(const dst_terms *x, const dst_terms *y) {
  if (x->n != y->n || x->konst != y->konst || x->tile != y->tile)
    return 0;
  for (size_t k = 0; k < x->n; ++k) {
    LLVMOpcode ox = 0, oy = 0;
    if (x->scale[k] != y->scale[k] || LLVMTypeOf(x->v[k]) != LLVMTypeOf(y->v[k]) ||
        LLVMTypeOf(x->leaf[k]) != LLVMTypeOf(y->leaf[k]) ||
        (x->v[k] != x->leaf[k] &&
         (!pl_opcode(x->v[k], &ox) || !pl_opcode(y->v[k], &oy) || ox != oy)) ||
        ((x->v[k] == x->leaf[k]) != (y->v[k] == y->leaf[k])))
      return 0;
  }
  return 1;
}

/* Nonzero for an instruction whose value is a function of its operands
 * and of what pl_same_operation compares: arithmetic, casts, compares,
 * selects, freezes and GEPs (not phis, memory, calls or aggregates). */
static int pure_operation(LLVMValueRef v) {
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  return LLVMIsABinaryOperator(v) || LLVMIsACastInst(v) || LLVMIsACmpInst(v) || op == LLVMSelect ||
         op == LLVMFreeze || op == LLVMGetElementPtr || op == LLVMFNeg;
}

/* Nonzero when `a` (over `x`'s destination) and `b` (over `y`'s) compute
 * the same function of their destinations' indices: at each place both
 * read an index (or its unextended value) of the same position, or the
 * same value every thread shares at an iteration (pl_uniform_given), or
 * the same operation (pure_operation, pl_same_operation) of operands that
 * match. */
static int same_function_of(const pl_candidate *c, LLVMValueRef a, const dst_terms *x,
                            LLVMValueRef b, const dst_terms *y, int depth) {
  for (size_t k = 0; k < x->n; ++k)
    if (a == x->v[k] || a == x->leaf[k])
      return b == (a == x->v[k] ? y->v[k] : y->leaf[k]);
  if (a == b && pl_uniform_given(c, a, NULL))
    return 1;
  if (depth > PL_MAX_VALUE_DEPTH || !LLVMIsAInstruction(a) || !LLVMIsAInstruction(b) ||
      !pure_operation(a) || !pl_same_operation(a, b))
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
  LLVMBasicBlockRef a = LLVMGetInstructionParent(cp->store);
  pl_loop_ref l = pl_loop_for_block(host, a);
  g->n = 0;
  g->skip = a;
  g->join = l && l != c->loop ? pl_skip_join(host, c, l, a) : NULL;
  if (!g->join)
    return 0;
  for (size_t r = 0; r < c->nregion; ++r) { /* a's predecessors */
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[r]);
    for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); ++s)
      if (LLVMGetSuccessor(t, s) == a && !dag_add(host, l, g, c->region[r]))
        return 0;
  }
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
    int inner = 1;
    for (size_t r = 0; r < c->nregion && inner; ++r) {
      LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[r]);
      for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); ++s)
        if (LLVMGetSuccessor(t, s) == g->block[k] && dag_index(g, c->region[r]) < 0)
          inner = 0;
    }
    if (!inner && entry)
      return 0;
    if (!inner)
      entry = g->block[k];
  }
  if (!entry || g->n == 0)
    return 0;
  for (size_t r = 0; r < c->nregion; ++r) { /* the join entered from a and its guards only */
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[r]);
    for (unsigned s = 0; t && s < LLVMGetNumSuccessors(t); ++s)
      if (LLVMGetSuccessor(t, s) == g->join && c->region[r] != a && dag_index(g, c->region[r]) < 0)
        return 0;
  }
  for (size_t k = 0; k < g->n; ++k) /* guards past the entry only decide */
    for (LLVMValueRef i = LLVMGetFirstInstruction(g->block[k]); g->block[k] != entry && i;
         i = LLVMGetNextInstruction(i))
      if (pl_touches_memory(i) || LLVMIsAPHINode(i))
        return 0;
  size_t n = g->n;
  dag_order(g, entry);
  return g->n == n;
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
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *first = NULL;
    for (size_t j = 0; j < c->ncopies && !first; ++j)
      if (c->copies[j].tile == c->copies[i].tile &&
          pl_loop_contains(l, LLVMGetInstructionParent(c->copies[j].store)))
        first = &c->copies[j];
    if (!first)
      continue;
    dst_terms x, y;
    guard_dag gx, gy;
    if (!skip_guards(host, c, first, &gx) || !skip_guards(host, c, &c->copies[i], &gy))
      return "a copy into the tile runs on every iteration or under guards that do not only "
             "decide whether a block of copies runs";
    if (!read_dst(host, c, first, &x) || !read_dst(host, c, &c->copies[i], &y) ||
        !same_dst_function(&x, &y))
      return "two threads might write the same bytes through different indices of the "
             "tile's copies";
    if (!same_guards(c, &gx, &x, &gy, &y))
      return "a guard of a copy is not the same function of the copy's indices as the other "
             "copies' guards, so threads that write the same bytes might disagree on a skip";
    if (!pl_tile_fresh_at_entry(host, c, c->copies[i].tile))
      return "the tile may hold written bytes when the loop starts (the loop can run "
             "again, or the tile is written before it), which a skipped copy would keep";
  }
  for (size_t r = 0; r < c->nregion; ++r) {
    LLVMBasicBlockRef bb = c->region[r];
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!pl_loop_contains(l, bb))
      continue;
    if (pl_loop_for_block(host, bb) != l)
      return "the copy loop holds another loop";
    if (!LLVMIsConditional(t) || !pl_copy_branch_varies(c, t))
      continue;
    int guard = 0;
    for (size_t i = 0; i < c->ncopies && !guard; ++i) {
      guard_dag g;
      guard = skip_guards(host, c, &c->copies[i], &g) && dag_index(&g, bb) >= 0;
    }
    if (!guard)
      return "a branch of the copy loop that changes from iteration to iteration does more "
             "than skip a block of copies";
  }
  return NULL;
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
