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
#include "ir.h"
#include "tile_uses.h"

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

/* Why the copies of copy loop `l` (which has a branch on a value that
 * changes from one iteration of the tile loop to the next) cannot have
 * their skips fixed up from the slot before (rewrite.h, "skipped
 * copies"), or NULL when they can. Every copy of `l` is in a block that
 * runs on every iteration of `l` or in a skip block (skip_join); each is
 * the only copy into its tile in the copy stage; all
 * copies of `l` write bytes that two threads share only at the same value
 * of `l`'s counter p (pl_copy_loop_owner); every branch of `l` decides on
 * p and values every thread shares (pl_uniform_given) -- so a thread that
 * skips a copy skips it for every thread that would write those bytes,
 * and its move of the slot before's bytes races with no write; and the
 * tile holds nothing a thread wrote when the loop starts
 * (pl_tile_fresh_at_entry): the bytes the first iteration skips are
 * undefined in the source too. */
const char *pl_skips_unfixable(pl_host *host, const pl_candidate *c, pl_loop_ref l) {
  for (size_t i = 0; i < c->ncopies; ++i)
    for (size_t j = 0; j < c->ncopies; ++j)
      if (j != i && c->copies[j].tile == c->copies[i].tile &&
          pl_loop_contains(l, LLVMGetInstructionParent(c->copies[i].store)))
        return "the tile has other copies besides the one in this copy loop";
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
