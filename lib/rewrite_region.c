/*===- lib/rewrite_region.c - a copy stage with loops, cloned -------------===*\
 *
 * The copy stage of a loop that contains copy loops is issued, for each
 * iteration the ring fetches ahead, as a clone of its control flow: the
 * same loops, with each copy replaced by its lowering's issue (a loop of
 * cp.async), zero-filled where the iteration does not exist or the guard
 * fails; the original copy stage is bypassed (rewrite.h, "copy loops").
\*===----------------------------------------------------------------------===*/
#include "rewrite_region.h"

#include "host_cfg.h"
#include "host_memory.h"
#include "ir.h"

#include <stdint.h>
#include <stdlib.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

static size_t region_index(const pl_candidate *c, LLVMBasicBlockRef bb) {
  for (size_t i = 0; i < c->nregion; ++i)
    if (c->region[i] == bb)
      return i;
  return 0;
}

/* The value of `v` at the issue of a copy whose store is in block `at`:
 * what the emitter maps it to, except for instructions of the region in
 * blocks that do not dominate `at` -- the address of a guarded load, in
 * the arm of the branch around it -- which are cloned here afresh (their
 * clone in the arm's clone block would not dominate the issue). */
static LLVMValueRef remap_at(pl_skeleton *k, pl_emitter *e, LLVMValueRef v, LLVMBasicBlockRef at,
                             pl_vmap *local) {
  if (!LLVMIsAInstruction(v) || LLVMIsAPHINode(v))
    return pl_emit_remap(e, v);
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  if (!pl_in_region(k->c, bb) || pl_dominates(k->host, bb, at))
    return pl_emit_remap(e, v);
  LLVMValueRef m = pl_vmap_get(local, v);
  if (m)
    return m;
  LLVMValueRef r = LLVMInstructionClone(v);
  int n = LLVMGetNumOperands(v) - (LLVMIsACallInst(v) ? 1 : 0);
  for (int i = 0; i < n; ++i)
    LLVMSetOperand(r, (unsigned)i, remap_at(k, e, LLVMGetOperand(v, (unsigned)i), at, local));
  pl_drop_poison_flags(r);
  LLVMInsertIntoBuilder(e->b, r);
  pl_vmap_put(local, v, r);
  return r;
}

/* Issues plan copy `copy`, whose store is in region block `at`, into the
 * clone of that block at the builder. The lowering reads the copy's
 * operands -- source, destination and every term of its guard -- through
 * the emitter's map; each is bound for this issue alone to its value at
 * `at` (remap_at): a term that the original code computed on only some of
 * the paths into `at` (the second operand of a short-circuited `&&`, in a
 * block that branches around the load) is computed afresh there, since its
 * clone in that block does not dominate the issue. Recomputable terms are
 * free of traps and poison on every path, which legality checked. */
static void issue_in_clone(pl_skeleton *k, pl_emitter *e, size_t copy, LLVMBasicBlockRef at,
                           LLVMValueRef exists, pl_copy_state *st) {
  const pl_copy *cp = &k->plan->copies[copy];
  LLVMValueRef ops[2 + PL_MAX_GUARD_TERMS], saved[2 + PL_MAX_GUARD_TERMS];
  size_t n = 0;
  ops[n++] = cp->src;
  ops[n++] = cp->dst;
  if (cp->guard)
    ops[n++] = cp->guard;
  for (unsigned g = 0; g < cp->nmore_guards; ++g)
    ops[n++] = cp->more_guards[g];
  pl_vmap local;
  pl_vmap_init(&local);
  LLVMValueRef bound[2 + PL_MAX_GUARD_TERMS];
  for (size_t i = 0; i < n; ++i)
    bound[i] = remap_at(k, e, ops[i], at, &local);
  for (size_t i = 0; i < n; ++i) {
    saved[i] = pl_vmap_get(&e->map, ops[i]);
    pl_vmap_put(&e->map, ops[i], bound[i]);
  }
  pl_rw_issue_one(k, e, copy, exists, st);
  for (size_t i = n; i-- > 0;)
    pl_vmap_put(&e->map, ops[i], saved[i]);
  pl_vmap_free(&local);
}

/* A fix-up clone of the copy stage (pl_rw_fixup_region): per tile, the
 * byte offset from the current slot to the slot before (an i32). */
typedef struct fixup_ctx {
  LLVMValueRef *delta;
} fixup_ctx;

/* In the fix-up clone, on an edge from region block `from` into the
 * block a skip block rejoins: plan copy `copy` of that skip block, which
 * did not run on this path -- its bytes in the slot before, loaded and
 * stored at its destination in the current slot (computed afresh here
 * where the original computed it in the skip block). */
static void fixup_in_clone(pl_skeleton *k, pl_emitter *e, size_t copy, LLVMBasicBlockRef from,
                           const fixup_ctx *fx) {
  const pl_copy *cp = &k->plan->copies[copy];
  LLVMContextRef ctx = ctx_of(k->c);
  pl_vmap local;
  pl_vmap_init(&local);
  LLVMValueRef dst = remap_at(k, e, cp->dst, from, &local);
  pl_vmap_free(&local);
  if (pl_addrspace(dst) != PL_AS_SHARED)
    dst = LLVMBuildAddrSpaceCast(e->b, dst, LLVMPointerTypeInContext(ctx, PL_AS_SHARED), "pl.dst");
  LLVMValueRef delta = fx->delta[cp->tile];
  LLVMValueRef prev = LLVMBuildGEP2(e->b, LLVMInt8TypeInContext(ctx), dst, &delta, 1, "pl.prev");
  LLVMTypeRef ty = pl_rw_chunk_type(k->c, cp->bytes);
  unsigned align = k->plan->dst_align[copy] ? k->plan->dst_align[copy] : 1;
  LLVMValueRef v = LLVMBuildLoad2(e->b, ty, prev, "pl.kept");
  LLVMSetAlignment(v, align);
  LLVMSetAlignment(LLVMBuildStore(e->b, v, dst), align);
}

/* Pushes `v` when it is an instruction of the copy stage's region that
 * is not yet in `need` (a header phi is an IV: mapped, never cloned). */
static void push_needed(const pl_candidate *c, pl_vmap *need, pl_vec *stack, LLVMValueRef v) {
  if (!v || !LLVMIsAInstruction(v) || pl_vmap_get(need, v))
    return;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  if (!pl_in_region(c, bb) || (LLVMIsAPHINode(v) && bb == c->header))
    return;
  pl_vmap_put(need, v, v);
  pl_vec_push(stack, v);
}

/* Copy loops: the copy stage of the iteration `e`
 * describes, issued as a clone of its control flow. At the builder a
 * marker is left where the clone will be linked in (pl_rw_link_regions, once the
 * rest of the rewrite no longer needs the loop's blocks as they were); the
 * region's blocks are cloned in dominator order into new blocks, each
 * holding the clones of the branch conditions, phis and address
 * arithmetic the copies need, and in place of each copy its lowering's
 * issue (zero-filled where the iteration does not exist or the
 * guard fails). Edges to the kept barrier's block go to a placeholder.
 * Values every clone block uses -- the IVs, hoisted tile addresses,
 * constants over a tile -- are emitted first, before the marker, so they
 * dominate every clone block. */
/* The instructions of the region the copies and the region's branches
 * need, into `need` (each mapped to itself); the values from outside the
 * region they use are emitted at the builder of `e`, before the clone, so
 * that they dominate every clone block. A fix-up clone (`fixup`) needs
 * the destinations only. */
static void collect_needed(const pl_candidate *c, const pl_plan *plan, pl_emitter *e, pl_vmap *need,
                           int fixup) {
  pl_vec stack = {0}, roots = {0};
  for (size_t i = 0; i < plan->ncopies; ++i) {
    const pl_copy *cp = &plan->copies[i];
    if (!pl_in_region(c, LLVMGetInstructionParent(cp->store)))
      continue;
    pl_vec_push(&roots, cp->dst);
    if (fixup) /* moves between slots: no source, no guard */
      continue;
    pl_vec_push(&roots, cp->src);
    if (cp->guard)
      pl_vec_push(&roots, cp->guard);
    for (unsigned g = 0; g < cp->nmore_guards; ++g)
      pl_vec_push(&roots, cp->more_guards[g]);
  }
  for (size_t r = 0; r < c->nregion; ++r) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[r]);
    if (LLVMIsConditional(t))
      pl_vec_push(&roots, LLVMGetCondition(t));
  }
  for (size_t i = 0; i < roots.len; ++i)
    push_needed(c, need, &stack, roots.v[i]);
  pl_vec operands = {0};
  while (stack.len) {
    LLVMValueRef v = stack.v[--stack.len];
    int n = LLVMGetNumOperands(v) - (LLVMIsACallInst(v) ? 1 : 0);
    for (int i = 0; i < n; ++i) {
      LLVMValueRef op = LLVMGetOperand(v, (unsigned)i);
      push_needed(c, need, &stack, op);
      pl_vec_push(&operands, op);
    }
  }
  /* Values from outside the region, at the marker. */
  for (size_t i = 0; i < roots.len; ++i)
    pl_vec_push(&operands, roots.v[i]);
  for (size_t i = 0; i < operands.len; ++i) {
    LLVMValueRef op = operands.v[i];
    if (LLVMIsABasicBlock(op) ||
        (LLVMIsAInstruction(op) && pl_in_region(c, LLVMGetInstructionParent(op))))
      continue;
    pl_emit_remap(e, op);
  }
  pl_vec_free(&operands);
  pl_vec_free(&roots);
  pl_vec_free(&stack);
}

/* The clone blocks of one issue of the region: one per region block, and
 * the placeholder their exits to the kept barrier's block branch to. */
typedef struct clone_map {
  const pl_candidate *c;
  LLVMBasicBlockRef *blocks, placeholder, kept;
} clone_map;

static LLVMBasicBlockRef clone_of(const clone_map *m, LLVMBasicBlockRef bb) {
  return bb == m->kept ? m->placeholder : m->blocks[region_index(m->c, bb)];
}

/* The clone of the edge from region block `from` to `to`: in the fix-up
 * clone, where `to` is the block skip blocks rejoin, a new block on the
 * edge that fixes up the copies of each of those skip blocks other than
 * `from` (legality: `to` has no phis, so nothing else changes). */
static LLVMBasicBlockRef edge_to(pl_skeleton *k, pl_emitter *e, const clone_map *m,
                                 LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                                 const fixup_ctx *fx) {
  LLVMBasicBlockRef target = clone_of(m, to), fix = NULL;
  for (size_t a = 0; fx && a < k->plan->nfixups; ++a) {
    LLVMBasicBlockRef skip = k->plan->fixups[a];
    if (skip == from || LLVMGetSuccessor(LLVMGetBasicBlockTerminator(skip), 0) != to)
      continue;
    if (!fix) {
      fix = LLVMAppendBasicBlockInContext(ctx_of(k->c), k->c->function, "pl.fixup");
      LLVMPositionBuilderAtEnd(e->b, fix);
    }
    for (LLVMValueRef i = LLVMGetFirstInstruction(skip); i; i = LLVMGetNextInstruction(i)) {
      size_t copy = pl_rw_plan_copy_of(k->plan, i);
      if (copy != SIZE_MAX)
        fixup_in_clone(k, e, copy, from, fx);
    }
  }
  if (!fix)
    return target;
  LLVMBuildBr(e->b, target);
  return fix;
}

/* Clones the region's blocks into `m`: the phis the copies need first
 * (filled by fill_phis), then each block's needed instructions, each copy
 * as its lowering's issue, and its branch. */
static void clone_blocks(pl_skeleton *k, pl_emitter *e, LLVMValueRef exists, const pl_vmap *need,
                         const clone_map *m, const fixup_ctx *fx) {
  const pl_candidate *c = k->c;
  LLVMBuilderRef b = k->b;
  for (size_t r = 1; r < c->nregion; ++r) {
    LLVMPositionBuilderAtEnd(b, m->blocks[r]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->region[r]); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i))
      if (pl_vmap_get(need, i))
        pl_vmap_put(&e->map, i, LLVMBuildPhi(b, LLVMTypeOf(i), "pl.copy.phi"));
  }
  pl_copy_state st = {0};
  for (size_t r = 0; r < c->nregion; ++r) {
    LLVMPositionBuilderAtEnd(b, m->blocks[r]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->region[r]); i; i = LLVMGetNextInstruction(i)) {
      if (LLVMIsAPHINode(i))
        continue;
      if (LLVMIsATerminatorInst(i)) {
        /* Split copies issue before their branch, guarded: both arms. */
        for (size_t n = 0; n < k->plan->ncopies && !fx; ++n)
          if (k->plan->copies[n].issue_block == c->region[r])
            issue_in_clone(k, e, n, c->region[r], exists, &st);
        LLVMBasicBlockRef bb = c->region[r], here = m->blocks[r];
        LLVMValueRef cond = LLVMIsConditional(i) ? pl_emit_remap(e, LLVMGetCondition(i)) : NULL;
        LLVMBasicBlockRef to0 = edge_to(k, e, m, bb, LLVMGetSuccessor(i, 0), fx);
        LLVMBasicBlockRef to1 = cond ? edge_to(k, e, m, bb, LLVMGetSuccessor(i, 1), fx) : NULL;
        LLVMPositionBuilderAtEnd(b, here);
        if (cond)
          LLVMBuildCondBr(b, cond, to0, to1);
        else
          LLVMBuildBr(b, to0);
        break;
      }
      size_t copy = pl_rw_plan_copy_of(k->plan, i);
      if (copy != SIZE_MAX && fx)
        continue; /* the fix-up clone moves skipped copies on edges only */
      if (copy != SIZE_MAX && !k->plan->copies[copy].issue_block)
        issue_in_clone(k, e, copy, c->region[r], exists, &st);
      else if (pl_vmap_get(need, i))
        pl_emit_remap(e, i);
    }
  }
}

/* Gives the cloned phis their incoming values and blocks. */
static void fill_phis(pl_emitter *e, const pl_vmap *need, const clone_map *m) {
  const pl_candidate *c = m->c;
  for (size_t r = 1; r < c->nregion; ++r)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->region[r]); i && LLVMIsAPHINode(i);
         i = LLVMGetNextInstruction(i)) {
      LLVMValueRef phi = pl_vmap_get(need, i) ? pl_vmap_get(&e->map, i) : NULL;
      for (unsigned n = 0; phi && n < LLVMCountIncoming(i); ++n) {
        LLVMValueRef v = pl_emit_remap(e, LLVMGetIncomingValue(i, n));
        LLVMBasicBlockRef from = clone_of(m, LLVMGetIncomingBlock(i, n));
        LLVMAddIncoming(phi, &v, &from, 1);
      }
    }
}

/* One clone of the copy stage at the builder of `e`: an issue of its
 * copies (fx NULL), or its fix-up (pl_rw_fixup_region). */
static void clone_region(pl_skeleton *k, pl_emitter *e, LLVMValueRef exists, const fixup_ctx *fx) {
  const pl_candidate *c = k->c;
  LLVMContextRef ctx = ctx_of(c);
  LLVMBuilderRef b = k->b;
  for (size_t i = 0; i < c->nivs; ++i)
    pl_emit_remap(e, c->ivs[i].phi);
  pl_vmap need;
  pl_vmap_init(&need);
  collect_needed(c, k->plan, e, &need, fx != NULL);
  /* The marker goes after them (a hoisted tile address is re-based at the
   * end of the preheader, which in the prologue is here). */
  LLVMValueRef marker =
      LLVMBuildFreeze(b, LLVMConstInt(LLVMInt1TypeInContext(ctx), 1, 0), "pl.copy.loop");
  clone_map m = {c, pl_xcalloc(c->nregion, sizeof *m.blocks), NULL,
                 LLVMGetInstructionParent(c->first_barrier)};
  for (size_t r = 0; r < c->nregion; ++r)
    m.blocks[r] = LLVMAppendBasicBlockInContext(ctx, c->function, "pl.copy");
  m.placeholder = LLVMAppendBasicBlockInContext(ctx, c->function, "pl.copy.done");
  clone_blocks(k, e, exists, &need, &m, fx);
  fill_phis(e, &need, &m);
  pl_vmap_free(&need);
  k->pending = pl_append(k->pending, k->npending, sizeof *k->pending);
  k->pending[k->npending++] = (struct pending_region){marker, m.blocks[0], m.placeholder};
  free(m.blocks);
  LLVMValueRef after = LLVMGetNextInstruction(marker);
  if (after)
    LLVMPositionBuilderBefore(b, after);
  else
    LLVMPositionBuilderAtEnd(b, LLVMGetInstructionParent(marker));
}

void pl_rw_issue_region(pl_skeleton *k, pl_emitter *e, LLVMValueRef exists) {
  clone_region(k, e, exists, NULL);
}

void pl_rw_fixup_region(pl_skeleton *k, pl_emitter *e, LLVMValueRef *delta) {
  fixup_ctx fx = {delta};
  clone_region(k, e, NULL, &fx);
}

/* Links each clone of the copy stage in at its marker: the marker's block
 * is split after it, branches to the clone's entry, and the clone's exits
 * go to the second half. Last in the rewrite: it changes the CFG, after
 * which the driver invalidates the analyses. */
void pl_rw_link_regions(pl_skeleton *k) {
  for (size_t i = 0; i < k->npending; ++i) {
    struct pending_region *p = &k->pending[i];
    LLVMBasicBlockRef pre = LLVMGetInstructionParent(p->marker);
    LLVMBasicBlockRef post = pl_split_block_before(LLVMGetNextInstruction(p->marker));
    LLVMInstructionEraseFromParent(LLVMGetBasicBlockTerminator(pre));
    LLVMInstructionEraseFromParent(p->marker);
    LLVMPositionBuilderAtEnd(k->b, pre);
    LLVMBuildBr(k->b, p->entry);
    LLVMReplaceAllUsesWith(LLVMBasicBlockAsValue(p->placeholder), LLVMBasicBlockAsValue(post));
    LLVMDeleteBasicBlock(p->placeholder);
  }
  free(k->pending);
}

/* The original copy stage, its copies removed, would still run its loops
 * empty: the header branches straight to the kept barrier's block, which
 * leaves the other region blocks unreachable (code generation drops them;
 * they are not deleted, since the driver's worklist may still name an
 * inner loop's header) -- when nothing outside them uses their values and
 * the barrier's block has no phis over them; else they stay (correct,
 * only slower). */
void pl_rw_drop_original_region(const pl_skeleton *k) {
  const pl_candidate *c = k->c;
  LLVMBasicBlockRef kb = LLVMGetInstructionParent(k->c->first_barrier);
  if (LLVMIsAPHINode(LLVMGetFirstInstruction(kb)))
    return;
  for (size_t r = 1; r < c->nregion; ++r)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->region[r]); i; i = LLVMGetNextInstruction(i))
      for (LLVMUseRef u = LLVMGetFirstUse(i); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAInstruction(user) || !pl_in_region(c, LLVMGetInstructionParent(user)) ||
            LLVMGetInstructionParent(user) == c->header)
          return;
      }
  LLVMValueRef t = LLVMGetBasicBlockTerminator(c->header);
  for (unsigned s = 0; s < LLVMGetNumSuccessors(t); ++s) {
    LLVMBasicBlockRef to = LLVMGetSuccessor(t, s);
    if (to != kb && (s == 0 || to != LLVMGetSuccessor(t, 0)))
      pl_remove_predecessor(to, c->header);
  }
  LLVMInstructionEraseFromParent(t);
  LLVMPositionBuilderAtEnd(k->b, c->header);
  LLVMBuildBr(k->b, kb);
}
