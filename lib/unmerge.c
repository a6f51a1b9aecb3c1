/*===- lib/unmerge.c - copies SimplifyCFG merged, taken apart -------------===*/
#include "unmerge.h"

#include "alloc.h"
#include "fill_chain.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "ir.h"
#include "limits.h"
#include "mem_calls.h"
#include "nvvm.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>
#include <string.h>

typedef struct stage {
  LLVMBasicBlockRef b[PL_UNMERGE_STAGE_BLOCKS];
  size_t n;
  /* the blocks holding a barrier the walk stopped at, whose instructions
   * before it belong to the stage too (with_inner only) */
  LLVMBasicBlockRef ends[PL_UNMERGE_STAGE_BLOCKS];
  size_t nends;
} stage;

static int has_barrier(LLVMBasicBlockRef bb) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
    if (pl_is_any_barrier(i))
      return 1;
  return 0;
}

static int visited(LLVMBasicBlockRef *seen, size_t n, LLVMBasicBlockRef bb) {
  for (size_t k = 0; k < n; ++k)
    if (seen[k] == bb)
      return 1;
  return 0;
}

/* The copy stage's blocks: the header (in a sync-first loop it opens with
 * the removed barrier), then those reachable from it without entering a
 * block that holds a barrier or leaving the loop, those of inner loops
 * walked through but left out unless `with_inner` (which also lists the
 * blocks holding a barrier where the walk stopped). Empty when the walk
 * outgrows its caps. */
static void find_stage(pl_host *host, pl_loop_ref loop, int with_inner, stage *s) {
  s->n = s->nends = 0;
  LLVMBasicBlockRef header = pl_loop_header(loop);
  LLVMBasicBlockRef seen[PL_UNMERGE_VISIT_BLOCKS], work[PL_UNMERGE_VISIT_BLOCKS];
  size_t nseen = 0, nwork = 0;
  seen[nseen++] = work[nwork++] = header;
  while (nwork) {
    LLVMBasicBlockRef bb = work[--nwork];
    if (with_inner || !pl_loop_in_subloop(host, loop, bb)) {
      if (s->n == PL_UNMERGE_STAGE_BLOCKS)
        goto overflow;
      s->b[s->n++] = bb;
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned k = 0; k < ns; ++k) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(term, k);
      if (visited(seen, nseen, to) || !pl_loop_contains(loop, to))
        continue;
      if (has_barrier(to)) {
        if (with_inner && s->nends < PL_UNMERGE_STAGE_BLOCKS)
          s->ends[s->nends++] = to, seen[nseen++] = to;
        if (nseen == PL_UNMERGE_VISIT_BLOCKS)
          goto overflow;
        continue;
      }
      if (nseen == PL_UNMERGE_VISIT_BLOCKS)
        goto overflow;
      seen[nseen++] = work[nwork++] = to;
    }
  }
  return;
overflow:
  s->n = s->nends = 0;
}

/* Number of CFG edges from stage blocks into `bb`. */
static unsigned stage_edges_into(const stage *s, LLVMBasicBlockRef bb) {
  unsigned edges = 0;
  for (size_t k = 0; k < s->n; ++k) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(s->b[k]);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned j = 0; j < ns; ++j)
      edges += LLVMGetSuccessor(term, j) == bb;
  }
  return edges;
}

static int used_only_in(LLVMValueRef v, LLVMBasicBlockRef bb) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user) || LLVMGetInstructionParent(user) != bb)
      return 0;
  }
  return 1;
}

/* An instruction a merged block of copies may hold: no call, nothing
 * volatile or atomic. */
static int duplicable(LLVMValueRef i, int *loads, int *stores) {
  if (LLVMIsALoadInst(i) || LLVMIsAStoreInst(i)) {
    if (LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
      return 0;
    ++*(LLVMIsALoadInst(i) ? loads : stores);
    return 1;
  }
  return LLVMIsAPHINode(i) || LLVMIsAGetElementPtrInst(i) || LLVMIsACastInst(i) ||
         LLVMIsABinaryOperator(i) || LLVMIsAICmpInst(i) || LLVMIsASelectInst(i);
}

/* Nonzero when `bb` is a block of merged copies (unmerge.h). */
static int merged_block(const stage *s, LLVMBasicBlockRef bb) {
  LLVMValueRef first = LLVMGetFirstInstruction(bb), term = LLVMGetBasicBlockTerminator(bb);
  if (!first || !LLVMIsAPHINode(first) || !term || !LLVMIsABranchInst(term) ||
      LLVMIsConditional(term))
    return 0;
  LLVMValueRef after = LLVMGetFirstInstruction(LLVMGetSuccessor(term, 0));
  if (after && LLVMIsAPHINode(after))
    return 0;
  unsigned edges = stage_edges_into(s, bb);
  if (edges < 2 || edges != pl_pred_count(bb))
    return 0;
  int loads = 0, stores = 0, n = 0;
  for (LLVMValueRef i = first; i != term; i = LLVMGetNextInstruction(i))
    if (++n > PL_UNMERGE_MAX_INSTS || !duplicable(i, &loads, &stores) || !used_only_in(i, bb))
      return 0;
  return loads > 0 && stores > 0;
}

/* A switch the chain of compares can replace: at most PL_UNMERGE_MAX_CASES cases,
 * each to its own block, none the default's. */
static int lowerable_switch(LLVMValueRef term) {
  if (!term || !LLVMIsASwitchInst(term))
    return 0;
  unsigned ns = LLVMGetNumSuccessors(term);
  if (ns < 2 || ns - 1 > PL_UNMERGE_MAX_CASES)
    return 0;
  for (unsigned a = 0; a < ns; ++a)
    for (unsigned b = a + 1; b < ns; ++b)
      if (LLVMGetSuccessor(term, a) == LLVMGetSuccessor(term, b))
        return 0;
  return 1;
}

/* Addresses both arms compute. clang's SimplifyCFG sinks the store two
 * arms share (a copy and its zero fill) only where the arms' instructions
 * match up to it; an arm that computes the address with flags of its own
 * (`zext nneg` on one path only), or with a different first instruction,
 * keeps its own copy of the address, and the copy has no address before
 * its branch. Such an address is hoisted: computed once at the end of the
 * branching block, with only the flags both arms' instructions have, for
 * both arms (and the phis joining them). Where an arm is taken, its
 * original was either that value or poison (a store there undefined), and
 * the hoisted value is poison only where both arms' were, so it refines
 * it. */
typedef struct arms {
  pl_host *host;
  LLVMBasicBlockRef p, a, b; /* b: NULL in a triangle */
  LLVMBasicBlockRef b_edge;  /* where a joining phi's other value comes from: b, or p */
  pl_vmap twin, of_twin;     /* a matched instruction of arm a -> of arm b, and back */
  pl_vec xs, ys;             /* the matched pairs, inner ones first */
  pl_vec phis, from_a;       /* phis joining the arms, and the value each takes from a */
} arms;

/* An instruction computed the same from its operands on any path, that
 * cannot trap (pl_is_pure: integer, pointer and compare arithmetic,
 * division by a constant other than 0 and -1), and no call (a convergent
 * intrinsic must stay where the threads that run it are). */
static int hoistable_op(LLVMValueRef i) {
  return !LLVMIsACallInst(i) && pl_is_pure(i, PL_PURE_POINTER);
}

/* Nonzero when `v` is computed where the end of the branching block is. */
static int available(const arms *h, LLVMValueRef v) {
  return !LLVMIsAInstruction(v) || pl_dominates(h->host, LLVMGetInstructionParent(v), h->p);
}

static int in_arm(LLVMValueRef v, LLVMBasicBlockRef arm) {
  return LLVMIsAInstruction(v) && LLVMGetInstructionParent(v) == arm;
}

/* Nonzero when `x` (of arm a, or computed before the branch) and `y` (of
 * arm b, or before the branch) compute the same value from values
 * available at the end of the branching block, at most `depth` deep; each
 * pair of different instructions matched is recorded, inner ones first. */
static int same_value(arms *h, LLVMValueRef x, LLVMValueRef y, unsigned depth) {
  if (x == y)
    return available(h, x);
  /* each computed on its arm, or both before the branch (LICM hoists each
   * arm's copy out of the loop, where GVN leaves a phi of the two) */
  if (!LLVMIsAInstruction(x) || !LLVMIsAInstruction(y) || !depth ||
      !((in_arm(x, h->a) && in_arm(y, h->b)) || (available(h, x) && available(h, y))))
    return 0;
  LLVMValueRef known = pl_vmap_get(&h->twin, x);
  if (known || pl_vmap_get(&h->of_twin, y))
    return known == y;
  int n = LLVMGetNumOperands(x);
  if (!pl_same_operation(x, y) || !hoistable_op(x))
    return 0;
  for (int k = 0; k < n; ++k)
    if (!same_value(h, LLVMGetOperand(x, (unsigned)k), LLVMGetOperand(y, (unsigned)k), depth - 1))
      return 0;
  pl_vmap_put(&h->twin, x, y);
  pl_vmap_put(&h->of_twin, y, x);
  pl_vec_push(&h->xs, x);
  pl_vec_push(&h->ys, y);
  return 1;
}

/* The address a store into __shared__ memory, or an llvm.memcpy or
 * llvm.memset into it, writes; NULL for another instruction. */
static LLVMValueRef shared_dst(LLVMValueRef i) {
  LLVMValueRef dst = NULL;
  if (LLVMIsAStoreInst(i))
    dst = LLVMGetOperand(i, 1);
  else if (pl_is_memcpy(i) || pl_is_memset(i))
    dst = LLVMGetOperand(i, 0);
  return dst && pl_is_shared_global(pl_underlying_object(dst)) ? dst : NULL;
}

/* Sets up `h` for the block `p` of the copy stage when it ends in a
 * two-way branch to two distinct blocks of the loop entered from `p` only
 * (a diamond), or to one such block and the block it branches to (a
 * triangle: the phis there take the other value from `p`); else 0. */
static int arms_of(pl_host *host, pl_loop_ref loop, LLVMBasicBlockRef p, arms *h) {
  memset(h, 0, sizeof *h);
  h->host = host;
  h->p = p;
  pl_vmap_init(&h->twin);
  pl_vmap_init(&h->of_twin);
  LLVMValueRef term = LLVMGetBasicBlockTerminator(p);
  if (!term || !LLVMIsABranchInst(term) || !LLVMIsConditional(term))
    return 0;
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(term, 0), s1 = LLVMGetSuccessor(term, 1);
  if (s0 == s1 || s0 == p || s1 == p || !pl_loop_contains(loop, s0) || !pl_loop_contains(loop, s1))
    return 0;
  if (pl_pred_count(s0) == 1 && pl_pred_count(s1) == 1) {
    h->a = s0;
    h->b = h->b_edge = s1;
    return 1;
  }
  for (int k = 0; k < 2; ++k) {
    LLVMBasicBlockRef t = k ? s1 : s0, j = k ? s0 : s1;
    LLVMValueRef tt = LLVMGetBasicBlockTerminator(t);
    if (pl_pred_count(t) == 1 && tt && LLVMIsABranchInst(tt) && !LLVMIsConditional(tt) &&
        LLVMGetSuccessor(tt, 0) == j) {
      h->a = t;
      h->b_edge = p;
      return 1;
    }
  }
  return 0;
}

static void arms_free(arms *h) {
  pl_vmap_free(&h->twin);
  pl_vmap_free(&h->of_twin);
  pl_vec_free(&h->xs);
  pl_vec_free(&h->ys);
  pl_vec_free(&h->phis);
  pl_vec_free(&h->from_a);
}

/* Matches the addresses the arms write __shared__ memory at, and the
 * values phis of a block both arms branch to take from each; returns the
 * number of matched pairs of different instructions. */
static size_t match_arms(arms *h) {
  for (LLVMValueRef x = LLVMGetFirstInstruction(h->a); x; x = LLVMGetNextInstruction(x)) {
    LLVMValueRef dx = shared_dst(x);
    for (LLVMValueRef y = dx && h->b ? LLVMGetFirstInstruction(h->b) : NULL; y;
         y = LLVMGetNextInstruction(y)) {
      LLVMValueRef dy = shared_dst(y);
      if (dy && dy != dx)
        same_value(h, dx, dy, PL_UNMERGE_HOIST_DEPTH);
    }
  }
  LLVMValueRef ta = LLVMGetBasicBlockTerminator(h->a);
  unsigned ns = ta ? LLVMGetNumSuccessors(ta) : 0;
  for (unsigned k = 0; k < ns; ++k)
    for (LLVMValueRef phi = LLVMGetFirstInstruction(LLVMGetSuccessor(ta, k));
         phi && LLVMIsAPHINode(phi); phi = LLVMGetNextInstruction(phi)) {
      LLVMValueRef from_a = NULL, from_b = NULL;
      for (unsigned in = 0; in < LLVMCountIncoming(phi); ++in) {
        LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, in);
        if (bb == h->a)
          from_a = LLVMGetIncomingValue(phi, in);
        else if (bb == h->b_edge)
          from_b = LLVMGetIncomingValue(phi, in);
      }
      if (from_a && from_b && from_a != from_b &&
          same_value(h, from_a, from_b, PL_UNMERGE_HOIST_DEPTH)) {
        pl_vec_push(&h->phis, phi);
        pl_vec_push(&h->from_a, from_a);
      }
    }
  return h->xs.len;
}

/* The clone at the end of `h->p` of the matched `x`, with the flags it
 * shares with its twin in the other arm. */
static LLVMValueRef hoisted(arms *h, pl_vmap *done, LLVMBuilderRef b, LLVMValueRef x) {
  LLVMValueRef c = pl_vmap_get(done, x);
  if (c)
    return c;
  c = LLVMInstructionClone(x);
  for (int k = 0; k < LLVMGetNumOperands(x); ++k) {
    LLVMValueRef op = LLVMGetOperand(x, (unsigned)k);
    if (pl_vmap_get(&h->twin, op))
      LLVMSetOperand(c, (unsigned)k, hoisted(h, done, b, op));
  }
  LLVMValueRef y = pl_vmap_get(&h->twin, x);
  if (y && LLVMIsAInstruction(y) && LLVMGetInstructionOpcode(y) == LLVMGetInstructionOpcode(x))
    pl_keep_common_flags(c, y);
  else
    pl_drop_poison_flags(c);
  LLVMInsertIntoBuilder(b, c);
  pl_vmap_put(done, x, c);
  return c;
}

/* Phis of `bb` of several edges left with one value on each, replaced by
 * it (which then dominates `bb`). */
static void fold_same_phis(LLVMBasicBlockRef bb) {
  LLVMValueRef phi = LLVMGetFirstInstruction(bb);
  while (phi && LLVMIsAPHINode(phi)) {
    LLVMValueRef next = LLVMGetNextInstruction(phi), v = LLVMGetIncomingValue(phi, 0);
    int same = LLVMCountIncoming(phi) > 1;
    for (unsigned in = 1; in < LLVMCountIncoming(phi); ++in)
      same &= LLVMGetIncomingValue(phi, in) == v;
    if (same && v != phi) {
      LLVMReplaceAllUsesWith(phi, v);
      LLVMInstructionEraseFromParent(phi);
    }
    phi = next;
  }
}

/* Hoists what match_arms matched: the phis joining the arms take the
 * clone of what they took from either; each pair of the arms' own
 * instructions is replaced by its clone (a pair computed before the
 * branch stays for its other users); the phis this leaves with one value
 * fold; the originals left unused go. Returns the number of pairs. */
static size_t hoist_arms(arms *h) {
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(h->p)));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(h->p));
  pl_vmap done;
  pl_vmap_init(&done);
  size_t n = h->xs.len;
  for (size_t k = 0; k < n; ++k)
    hoisted(h, &done, b, h->xs.v[k]);
  for (size_t k = 0; k < h->phis.len; ++k) {
    LLVMValueRef phi = h->phis.v[k], c = pl_vmap_get(&done, h->from_a.v[k]);
    for (unsigned in = 0; c && in < LLVMCountIncoming(phi); ++in) {
      LLVMBasicBlockRef bb = LLVMGetIncomingBlock(phi, in);
      if (bb == h->a || bb == h->b_edge)
        LLVMSetOperand(phi, in, c);
    }
  }
  for (size_t k = 0; k < n; ++k)
    if (in_arm(h->xs.v[k], h->a)) {
      LLVMValueRef c = pl_vmap_get(&done, h->xs.v[k]);
      LLVMReplaceAllUsesWith(h->xs.v[k], c);
      LLVMReplaceAllUsesWith(h->ys.v[k], c);
    }
  LLVMBasicBlockRef arm[2] = {h->a, h->b};
  for (int a = 0; a < 2 && arm[a]; ++a) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(arm[a]);
    for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); ++k)
      fold_same_phis(LLVMGetSuccessor(t, k));
  }
  for (size_t k = n; k-- > 0;) { /* outer ones first */
    if (in_arm(h->xs.v[k], h->a) && !LLVMGetFirstUse(h->xs.v[k]))
      LLVMInstructionEraseFromParent(h->xs.v[k]);
    if (in_arm(h->ys.v[k], h->b) && !LLVMGetFirstUse(h->ys.v[k]))
      LLVMInstructionEraseFromParent(h->ys.v[k]);
  }
  pl_vmap_free(&done);
  LLVMDisposeBuilder(b);
  return n;
}

/* Duplicates the merged block `bb` into a new block on each edge from
 * the stage `s` into it, then erases it; the new blocks join `s`. */
static void duplicate_into_edges(stage *s, LLVMBasicBlockRef bb) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  LLVMBasicBlockRef succ = LLVMGetSuccessor(term, 0);
  LLVMContextRef ctx = LLVMGetModuleContext(LLVMGetGlobalParent(LLVMGetBasicBlockParent(bb)));
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  size_t npreds = s->n;
  for (size_t k = 0; k < npreds; ++k) {
    LLVMBasicBlockRef p = s->b[k];
    LLVMValueRef pt = LLVMGetBasicBlockTerminator(p);
    unsigned ns = LLVMGetNumSuccessors(pt), into = 0;
    for (unsigned j = 0; j < ns; ++j)
      into += LLVMGetSuccessor(pt, j) == bb;
    if (!into)
      continue;
    LLVMBasicBlockRef n = LLVMInsertBasicBlockInContext(ctx, bb, "pl.unmerged");
    LLVMPositionBuilderAtEnd(b, n);
    pl_vmap map;
    pl_vmap_init(&map);
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i != term; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAPHINode(i)) {
        for (unsigned in = 0; in < LLVMCountIncoming(i); ++in)
          if (LLVMGetIncomingBlock(i, in) == p)
            pl_vmap_put(&map, i, LLVMGetIncomingValue(i, in));
        continue;
      }
      LLVMValueRef c = LLVMInstructionClone(i);
      for (int o = 0; o < LLVMGetNumOperands(c); ++o) {
        LLVMValueRef m = pl_vmap_get(&map, LLVMGetOperand(c, (unsigned)o));
        if (m)
          LLVMSetOperand(c, (unsigned)o, m);
      }
      LLVMInsertIntoBuilder(b, c);
      pl_vmap_put(&map, i, c);
    }
    pl_vmap_free(&map);
    LLVMValueRef br = LLVMBuildBr(b, succ);
    LLVMInstructionSetDebugLoc(br, LLVMInstructionGetDebugLoc(term));
    for (unsigned j = 0; j < ns; ++j)
      if (LLVMGetSuccessor(pt, j) == bb)
        LLVMSetSuccessor(pt, j, n);
    if (s->n < PL_UNMERGE_STAGE_BLOCKS)
      s->b[s->n++] = n;
  }
  LLVMDisposeBuilder(b);
  for (size_t k = 0; k < s->n; ++k)
    if (s->b[k] == bb)
      s->b[k] = s->b[--s->n];
  LLVMDeleteBasicBlock(bb);
}

/* Nonzero when a block of the copy stage `s` branches to arms that
 * compute the same address (hoist_arms); with `apply`, hoists them all,
 * returning how many blocks changed. */
static unsigned arms_in_stage(pl_host *host, pl_loop_ref loop, const stage *s, int apply) {
  unsigned found = 0;
  for (size_t k = 0; k < s->n && (apply || !found); ++k) {
    arms h;
    if (arms_of(host, loop, s->b[k], &h) && match_arms(&h)) {
      ++found;
      if (apply)
        hoist_arms(&h);
    }
    arms_free(&h);
  }
  return found;
}

/* Nonzero when a block of the copy stage `s` is a fill entered by a chain
 * of branches, or one with a twin (fill_chain.h). */
static int has_fill_chain(const stage *s) {
  pl_fill_chain ch;
  for (size_t k = 0; k < s->n; ++k)
    if (pl_fill_chain_find(s->b[k], s->b, s->n, &ch) || pl_fill_twin_find(s->b[k], s->b, s->n))
      return 1;
  return 0;
}

/* Folds every chain of branches into a fill of the copy stage `s`, one at
 * a time, first merging fills that do the same (pl_fill_twin_merge), the
 * analyses invalidated and *loop and `s` found again after each (a fold or
 * a merge deletes blocks). Returns how many it folded or merged. */
static unsigned fold_fill_chains(pl_host *host, pl_loop_ref *loop, stage *s) {
  unsigned n = 0;
  for (size_t k = 0; k < s->n; ++k) {
    pl_fill_chain ch;
    LLVMBasicBlockRef twin = pl_fill_twin_find(s->b[k], s->b, s->n);
    if (!twin && !pl_fill_chain_find(s->b[k], s->b, s->n, &ch))
      continue;
    LLVMBasicBlockRef header = pl_loop_header(*loop);
    if (twin)
      pl_fill_twin_merge(s->b[k], twin); /* then the chain, found again */
    else
      pl_fill_chain_fold(&ch);
    pl_host_invalidate(host);
    *loop = pl_loop_for_header(host, header);
    find_stage(host, *loop, 1, s);
    k = (size_t)-1;
    if (++n == PL_UNMERGE_STAGE_BLOCKS)
      break;
  }
  return n;
}

int pl_unmerge_wanted(pl_host *host, pl_loop_ref loop) {
  stage s;
  find_stage(host, loop, 0, &s);
  for (size_t k = 0; k < s.n; ++k)
    if (merged_block(&s, s.b[k]) || lowerable_switch(LLVMGetBasicBlockTerminator(s.b[k])))
      return 1;
  find_stage(host, loop, 1, &s);
  return has_fill_chain(&s) || pl_mem_calls_wanted(host, loop, s.b, s.n, s.ends, s.nends) ||
         arms_in_stage(host, loop, &s, 0) > 0;
}

unsigned pl_unmerge(pl_host *host, pl_loop_ref loop) {
  stage s;
  /* first the fill chains, which delete blocks (the analyses are found
   * again); then, while dominators hold, what changes no block */
  find_stage(host, loop, 1, &s);
  unsigned kinds = 0;
  if (fold_fill_chains(host, &loop, &s))
    kinds |= PL_UNMERGED_FILL_CHAINS;
  if (s.n && pl_mem_calls_split(host, loop, s.b, s.n, s.ends, s.nends))
    kinds |= PL_UNMERGED_MEM_CALLS;
  if (arms_in_stage(host, loop, &s, 1))
    kinds |= PL_UNMERGED_HOISTED;
  unsigned changed = 0;
  find_stage(host, loop, 0, &s);
  for (int again = 1; again;) {
    again = 0;
    for (size_t k = 0; k < s.n && !again; ++k)
      if (merged_block(&s, s.b[k])) {
        duplicate_into_edges(&s, s.b[k]);
        ++changed;
        again = 1;
      }
  }
  size_t n = s.n;
  for (size_t k = 0; k < n; ++k) {
    LLVMValueRef term = LLVMGetBasicBlockTerminator(s.b[k]);
    if (lowerable_switch(term) && pl_switch_to_branches(term))
      ++changed;
  }
  return kinds | (changed ? PL_UNMERGED_COPIES : 0);
}

void pl_fail_unmerged(pl_fail *f, const pl_fail *unmerged, unsigned kinds) {
  if (f->reason == unmerged->reason && f->message && unmerged->message &&
      strcmp(f->message, unmerged->message) == 0)
    return; /* the change made no difference: the reason as written */
  char *as_written =
      f->message && *f->message ? pl_strdupf("; as written, %s", f->message) : pl_strdupf("%s", "");
  pl_fail_copy(f, unmerged);
  /* the fold of fill chains, made first, said first */
  static const unsigned order[] = {3, 0, 1, 2};
  static const char *const words[] = {
      "the copies clang merged are taken apart",
      "the address both branches of a copy compute is computed before the branch",
      "the structs clang copies with memcpy and memset are loaded and stored as bytes",
      "the branches into a copy's fill are one branch"};
  unsigned n = 0, said = 0;
  for (unsigned k = 0; k < 4; ++k)
    n += (kinds >> k) & 1;
  char what[512] = "";
  for (unsigned j = 0; j < 4; ++j) {
    unsigned k = order[j];
    if (!(kinds & (1u << k)))
      continue;
    strncat(what, !said ? "" : said + 1 < n ? ", " : " and ", sizeof what - strlen(what) - 1);
    strncat(what, words[k], sizeof what - strlen(what) - 1);
    ++said;
  }
  char *m =
      pl_strdupf("once %s, %s%s", what, unmerged->message ? unmerged->message : "", as_written);
  free(as_written);
  free(f->message);
  f->message = m;
}
