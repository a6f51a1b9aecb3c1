/*===- lib/recognize.c - find the tile-loop shape -----------------------===*/
#include "recognize.h"

#include "classify.h"
#include "dynamic_tile.h"
#include "host_cfg.h"
#include "host_diag.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "split_copy.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Source-level name of a tile: the demangled name's last component
 * (malloc'ed). */
static char *tile_name(LLVMValueRef g) {
  size_t n = 0;
  const char *raw = LLVMGetValueName2(g, &n);
  char *dm = pl_demangle(raw ? raw : "");
  if (!dm)
    return pl_strdupf("%s", raw ? raw : "");
  const char *s = dm;
  for (const char *p = dm; *p; ++p)
    if (p[0] == ':' && p[1] == ':')
      s = p + 2;
  char *name = pl_strdupf("%s", s);
  free(dm);
  return name;
}

/* Induction variables: header phis that step by a loop-invariant amount.
 * The constant forms `phi +- C` and `gep phi, C` are read from the IR; for
 * any other phi, ScalarEvolution is asked for an affine add-recurrence with
 * a loop-invariant step (`k += step`, `B += BK * N`). A pointer IV must be
 * derived from its own phi, so that it keeps its start's provenance. */
static void collect_ivs(pl_host *host, pl_candidate *c) {
  for (LLVMValueRef phi = LLVMGetFirstInstruction(c->header); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    /* The start comes from the preheader, or, for a loop that has none
     * yet, the same value from every block entering it (the preheader
     * LoopSimplify makes then takes that value, with no phi). */
    LLVMValueRef start = NULL, next = NULL;
    int starts_differ = 0;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); ++i) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
      LLVMValueRef v = LLVMGetIncomingValue(phi, i);
      if (from == c->latch)
        next = v;
      else if (pl_candidate_has_block(c, from) || (start && start != v))
        starts_differ = 1;
      else
        start = v;
    }
    if (!start || starts_differ || !next || !LLVMIsAInstruction(next))
      continue;
    LLVMOpcode op = LLVMGetInstructionOpcode(next);
    int64_t step = 0;
    int ok = 0, is_ptr = 0;
    if ((op == LLVMAdd || op == LLVMSub) && LLVMGetOperand(next, 0) == phi &&
        LLVMIsAConstantInt(LLVMGetOperand(next, 1))) {
      step = LLVMConstIntGetSExtValue(LLVMGetOperand(next, 1));
      if (op == LLVMSub)
        step = -step;
      ok = 1;
    } else if (op == LLVMAdd && LLVMGetOperand(next, 1) == phi &&
               LLVMIsAConstantInt(LLVMGetOperand(next, 0))) {
      step = LLVMConstIntGetSExtValue(LLVMGetOperand(next, 0));
      ok = 1;
    } else if (op == LLVMGetElementPtr && LLVMGetNumOperands(next) == 2 &&
               LLVMGetOperand(next, 0) == phi && LLVMIsAConstantInt(LLVMGetOperand(next, 1))) {
      uint64_t esz = pl_type_alloc_size(c->module, LLVMGetGEPSourceElementType(next));
      step = LLVMConstIntGetSExtValue(LLVMGetOperand(next, 1)) * (int64_t)esz;
      ok = is_ptr = 1;
    }
    int runtime = 0;
    if (!ok) {
      int kind = pl_scev_iv_step(host, c->loop, phi, &step);
      is_ptr = LLVMGetTypeKind(LLVMTypeOf(phi)) == LLVMPointerTypeKind;
      if (kind == 0 || (is_ptr && pl_underlying_object(next) != phi))
        continue;
      runtime = kind == 2;
    }
    c->ivs = pl_append(c->ivs, c->nivs, sizeof *c->ivs);
    c->ivs[c->nivs++] = (pl_iv){phi, start, step, is_ptr, runtime};
  }
}

/* A new tile's storage: its size, or for dynamic shared memory its
 * footprint in the function (dynamic_tile.h). */
static int tile_of_pointer(pl_host *host, pl_footprints *memo, pl_candidate *c, LLVMValueRef ptr) {
  LLVMValueRef base = pl_underlying_object(ptr);
  if (!pl_is_shared_global(base))
    return -1;
  int t = pl_tile_index(c, base);
  if (t >= 0)
    return t;
  c->tiles = pl_append(c->tiles, c->ntiles, sizeof *c->tiles);
  pl_tile *tile = &c->tiles[c->ntiles];
  tile->global = base;
  tile->bytes = pl_type_alloc_size(c->module, LLVMGlobalGetValueType(base));
  tile->dynamic = tile->bytes == 0;
  tile->no_footprint = NULL;
  tile->no_footprint_at = NULL;
  tile->symbolic = 0;
  if (tile->dynamic)
    tile->bytes = pl_dynamic_footprint_memo(memo, host, c->function, base, &tile->no_footprint,
                                            &tile->no_footprint_at, &tile->symbolic);
  tile->name = tile_name(base);
  return (int)c->ntiles++;
}

/* Nonzero for a store (or memcpy) whose destination is a __shared__
 * global; *dst is set to that destination. */
static int is_shared_store(LLVMValueRef i, LLVMValueRef *dst) {
  int is_store = LLVMIsAStoreInst(i) != NULL;
  if (!is_store && !pl_is_memcpy(i))
    return 0;
  *dst = LLVMGetOperand(i, is_store ? 1 : 0);
  return pl_is_shared_global(pl_underlying_object(*dst));
}

/* Nonzero when every block entering the loop ends in a branch or a switch
 * (llvm::InsertPreheaderForLoop gives up on indirectbr and callbr). */
static int can_insert_preheader(const pl_candidate *c) {
  size_t n = pl_entering_blocks(c, NULL, 0);
  LLVMBasicBlockRef *in = pl_xcalloc(n, sizeof *in);
  pl_entering_blocks(c, in, n);
  int ok = n > 0;
  for (size_t k = 0; k < n && ok; ++k) {
    LLVMOpcode op = LLVMGetInstructionOpcode(LLVMGetBasicBlockTerminator(in[k]));
    ok = op == LLVMBr || op == LLVMSwitch;
  }
  free(in);
  return ok;
}

/* Step 1, the loop: its blocks, then its shape (preheader, one latch that
 * is the only exiting block). A loop whose own level stores nothing into
 * __shared__ memory is no tile loop -- unless its inner loops store and it
 * has a barrier of its own, where "copy in an inner loop" is the truer
 * reason, given later. */
static int recognize_loop(pl_host *host, pl_candidate *c, LLVMValueRef hand_pipelined, pl_fail *f) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(c->function); b; b = LLVMGetNextBasicBlock(b))
    if (pl_loop_contains(c->loop, b)) {
      c->blocks = pl_append(c->blocks, c->nblocks, sizeof *c->blocks);
      c->blocks[c->nblocks++] = b;
    }
  int own_store = 0, inner_store = 0, own_barrier = 0;
  for (size_t k = 0; k < c->nblocks; ++k) {
    int inner = pl_loop_in_subloop(host, c->loop, c->blocks[k]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef dst;
      if (pl_is_cta_barrier(i)) {
        own_barrier |= !inner;
      } else if (is_shared_store(i, &dst)) {
        own_store |= !inner;
        inner_store |= inner;
      }
    }
  }
  /* A kernel that moves data asynchronously itself is left alone: a ring
   * of ours would share its commit groups, and its loops are pipelined
   * already. */
  if (hand_pipelined && (own_store || own_barrier || inner_store))
    return pl_failf(f, PL_R_ALREADY_PIPELINED, hand_pipelined,
                    "the kernel already moves data asynchronously itself (cp.async, "
                    "mbarriers or bulk copies), so the pass adds no ring of its own: its loops are "
                    "pipelined already");
  if (!own_store && !(inner_store && own_barrier))
    return pl_failf(f, PL_R_NO_COPY, NULL,
                    "no copy from global memory into a __shared__ tile opens the loop body");
  /* A loop without a preheader gets one, as LoopSimplify would make it,
   * but only once it is sure to be pipelined (pl_rewrite): a declined
   * loop keeps its IR. LoopSimplify cannot split an indirect branch. */
  c->preheader = pl_loop_preheader(c->loop);
  if (!c->preheader && !can_insert_preheader(c))
    return pl_failf(f, PL_R_NO_PREHEADER, NULL,
                    "the loop has no preheader, and none can be made: a block entering it "
                    "ends in an indirect branch");
  c->latch = pl_loop_latch(c->loop);
  if (!c->latch)
    return pl_failf(f, PL_R_NO_LATCH, NULL, "the loop has more than one latch");
  c->exit = pl_loop_exit_block(c->loop);
  if (pl_loop_exiting_block(c->loop) != c->latch || !c->exit) {
    unsigned minsize = LLVMGetEnumAttributeKindForName("minsize", 7);
    if (LLVMGetEnumAttributeAtIndex(c->function, LLVMAttributeFunctionIndex, minsize))
      return pl_failf(f, PL_R_NOT_ROTATED, NULL,
                      "the loop is not rotated: at -Oz clang does not rotate loops; compile "
                      "with -O2 or -O3");
    return pl_failf(f, PL_R_NOT_ROTATED, NULL,
                    "the loop leaves from a block other than its latch (an early exit, "
                    "or a loop that is not rotated); move the early exit out of the loop");
  }
  return 1;
}

/* Nonzero for a memory access after the last barrier that matters: not a
 * lifetime marker of a thread's own array (`float p[32]` in the compute
 * ends its lifetime there), which touches no memory another thread sees. */
static int accesses_after(pl_host *host, const pl_candidate *c, LLVMValueRef i) {
  if (pl_is_lifetime_marker(i))
    return 0;
  /* a bound in a __shared__ int that the loop never writes, reloaded */
  return pl_touches_memory(i) && !pl_invariant_load_before(host, c, i);
}

/* Nonzero when no memory access follows `barrier` in the latch. */
static int closes_body(pl_host *host, const pl_candidate *c, LLVMValueRef barrier) {
  if (LLVMGetInstructionParent(barrier) != c->latch)
    return 0;
  for (LLVMValueRef i = LLVMGetNextInstruction(barrier); i; i = LLVMGetNextInstruction(i))
    if (accesses_after(host, c, i))
      return 0;
  return 1;
}

/* Nonzero when no store into __shared__ memory precedes `barrier` (at the
 * loop's own level, or in a copy loop): the barrier opens the body, before
 * the copies. */
static int opens_body(pl_host *host, const pl_candidate *c, LLVMValueRef barrier) {
  for (size_t k = 0; k < c->nblocks; ++k) {
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef dst;
      if (is_shared_store(i, &dst) && !pl_inst_dominates(host, barrier, i))
        return 0;
    }
  }
  return 1;
}

/* Step 2, the barriers (f): every one reached by every thread (its block
 * dominates the latch, outside inner loops), at least two. All barriers
 * dominate the latch, so they form a chain under dominance: the first and
 * the last are well defined. Two shapes:
 *   copy; B0; compute; B1   B1, last in the latch with no memory access
 *                           after it, is removed; B0 is kept
 *   B0; copy; B1; compute   sync-first: no tile store before B0. B1, the
 *                           next barrier, ends the copy stage and is kept;
 *                           B0 is removed: the top barrier of iteration
 *                           i+1 ordered compute(i) before copy(i+1) exactly
 *                           as a closing barrier would. Barriers inside the
 *                           compute stay, as in the first shape. */
static int recognize_barriers(pl_host *host, pl_candidate *c, pl_fail *f) {
  LLVMValueRef first = NULL, second = NULL, last = NULL; /* second: the one after first */
  size_t count = 0;
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      if (!pl_is_cta_barrier(i))
        continue;
      LLVMBasicBlockRef bb = LLVMGetInstructionParent(i);
      if (pl_loop_in_subloop(host, c->loop, bb))
        return pl_failf(f, PL_R_BARRIER_IN_INNER_LOOP, i,
                        "a barrier sits in an inner loop of the tile loop");
      if (!pl_dominates(host, bb, c->latch))
        return pl_failf(f, PL_R_BARRIER_DIVERGENT, i,
                        "a barrier is under a condition, so not every thread may reach it");
      if (!first || pl_inst_dominates(host, i, first)) {
        second = first;
        first = i;
      } else if (!second || pl_inst_dominates(host, i, second)) {
        second = i;
      }
      if (!last || pl_inst_dominates(host, last, i))
        last = i;
      ++count;
    }
  if (count < 2)
    return pl_failf(f, PL_R_BARRIERS, first,
                    "the loop body has %zu barrier%s; a tile loop has copy, barrier, "
                    "compute, barrier",
                    count, count == 1 ? "" : "s");
  c->first_barrier = first;
  c->removed_barrier = last;
  if (closes_body(host, c, last))
    return 1;
  if (opens_body(host, c, first)) {
    c->first_barrier = second;
    c->removed_barrier = first;
    c->sync_first = 1;
    return 1;
  }
  if (LLVMGetInstructionParent(last) != c->latch)
    return pl_failf(f, PL_R_LAST_BARRIER_PLACE, last,
                    "the last barrier of the body is not in the loop latch");
  for (LLVMValueRef i = LLVMGetNextInstruction(last); i; i = LLVMGetNextInstruction(i))
    if (accesses_after(host, c, i))
      return pl_failf(f, PL_R_ACCESS_AFTER_BARRIER, i,
                      "memory is accessed after the last barrier of the body, and a store "
                      "into __shared__ memory comes before the first, so it is not a "
                      "sync-first loop either");
  return 1;
}

/* Nonzero when every path from `from` reaches `to` before the block
 * `stop` (the kept barrier's), without leaving the loop's blocks or going
 * round the backedge. */
static int always_reaches(const pl_candidate *c, LLVMBasicBlockRef from, LLVMBasicBlockRef to,
                          LLVMBasicBlockRef stop) {
  pl_vec seen = {0}, stack = {0};
  pl_vec_push(&stack, LLVMBasicBlockAsValue(from));
  int ok = 1;
  while (stack.len && ok) {
    LLVMBasicBlockRef b = LLVMValueAsBasicBlock(stack.v[--stack.len]);
    if (b == to || pl_vec_has(&seen, LLVMBasicBlockAsValue(b)))
      continue;
    pl_vec_push(&seen, LLVMBasicBlockAsValue(b));
    if (b == stop || b == c->header || !pl_candidate_has_block(c, b)) {
      ok = 0;
      break;
    }
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    unsigned n = t ? LLVMGetNumSuccessors(t) : 0;
    if (!n)
      ok = 0;
    for (unsigned s = 0; s < n; ++s)
      pl_vec_push(&stack, LLVMBasicBlockAsValue(LLVMGetSuccessor(t, s)));
  }
  pl_vec_free(&seen);
  pl_vec_free(&stack);
  return ok;
}

/* A copy whose block `sb` runs on some iterations only can be predicated
 * when two-way branches decide whether it runs. Walking up the dominator
 * tree from `sb` to p, the first block that dominates the kept barrier's
 * block (p runs on every iteration), each block x on the way whose only
 * predecessor is its immediate dominator q, ending in `br cond, x, other`
 * (or `other, x`), adds the term cond: x dominates sb, so sb runs only
 * when every such branch goes towards it. Conversely every path from each
 * such x must reach the next such branch, and the innermost x reach sb,
 * before the barrier (zero-fill guards in between, `c ? A[i] : 0`, are
 * allowed: they are not skips). One term is `if (tid < 192) copy`; more
 * are nested conditions, as a fully unrolled copy loop whose trip count
 * depends on the thread has: `if (tid < 128) { copy; if (tid < 64) copy;
 * }`. Sets cp->pred and its further terms, outermost first. */
static int find_predicate(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef sb, pl_copy *cp) {
  LLVMBasicBlockRef kb = LLVMGetInstructionParent(c->first_barrier);
  LLVMBasicBlockRef x_of[PL_MAX_GUARD_TERMS], q_of[PL_MAX_GUARD_TERMS];
  LLVMValueRef cond[PL_MAX_GUARD_TERMS];
  int neg[PL_MAX_GUARD_TERMS];
  unsigned n = 0; /* terms found, innermost first */
  LLVMBasicBlockRef x = sb, q = pl_idom(host, sb);
  for (; q && pl_candidate_has_block(c, q); x = q, q = pl_idom(host, q)) {
    int outer = pl_dominates(host, q, kb), negated;
    LLVMValueRef term;
    if (pl_branch_to(q, x, &term, &negated)) {
      if (n == PL_MAX_GUARD_TERMS)
        return 0;
      cond[n] = term;
      neg[n] = negated;
      x_of[n] = x;
      q_of[n++] = q;
    } else if (outer) {
      return 0; /* the outermost block must be a branch's */
    }
    if (outer)
      break;
  }
  if (!n || !q || !pl_candidate_has_block(c, q) || !pl_dominates(host, q, kb))
    return 0;
  for (unsigned t = 0; t < n; ++t) /* each reaches the next inner branch, the last sb */
    if (!always_reaches(c, x_of[t], t ? q_of[t - 1] : sb, kb))
      return 0;
  cp->pred = cond[n - 1];
  cp->pred_negated = neg[n - 1];
  cp->nmore_preds = n - 1;
  for (unsigned t = 0; t + 1 < n; ++t) {
    cp->more_preds[t] = cond[n - 2 - t];
    cp->more_pred_negated[t] = (unsigned char)neg[n - 2 - t];
  }
  return 1;
}

/* Nonzero for an instruction a copy loop may hold besides its copies,
 * phis and branches: address arithmetic and bounds that compute a value
 * from their operands only and cannot trap (pl_is_pure, GEPs, casts). */
static int is_region_op(LLVMValueRef v) {
  switch (LLVMGetInstructionOpcode(v)) {
  case LLVMCall: {
    /* markers for the optimizer that a clone leaves out: scopes of
     * __restrict__ parameters of an inlined helper, assumptions */
    static const char *const markers[] = {"llvm.experimental.noalias.scope.decl", "llvm.assume",
                                          "llvm.dbg.", "llvm.lifetime.", "llvm.pseudoprobe"};
    const char *name = pl_callee_name(v);
    for (size_t k = 0; name && k < sizeof markers / sizeof *markers; ++k)
      if (strncmp(name, markers[k], strlen(markers[k])) == 0)
        return 1;
    return pl_is_pure(v, PL_PURE_ANY);
  }
  default:
    return pl_is_pure(v, PL_PURE_ANY);
  }
}

/* The words for what a copy loop may not hold, for CopyLoopBody. */
static int fail_region_inst(pl_fail *f, LLVMValueRef i) {
  const char *callee = LLVMIsACallInst(i) ? pl_callee_name(i) : NULL;
  /* clang writes a struct or array assignment as llvm.memcpy (or memmove)
   * and a zeroed one as llvm.memset: say what the source did */
  if (callee && (!strncmp(callee, "llvm.memcpy", 11) || !strncmp(callee, "llvm.memmove", 12)))
    return pl_failf(f, PL_R_COPY_LOOP_BODY, i,
                    "a loop of the copy stage assigns a struct or array (a block copy) to memory "
                    "that is not a tile; a copy loop may hold only copies from global memory "
                    "into a tile and their address arithmetic");
  if (callee && !strncmp(callee, "llvm.memset", 11))
    return pl_failf(f, PL_R_COPY_LOOP_BODY, i,
                    "a loop of the copy stage clears a struct or array (a block set) in memory "
                    "that is not a tile; a copy loop may hold only copies from global memory "
                    "into a tile and their address arithmetic");
  if (callee) {
    char *name = pl_demangle(callee);
    pl_failf(f, PL_R_COPY_LOOP_BODY, i,
             "a loop of the copy stage calls '%s'; a copy loop may hold only copies from "
             "global memory into a tile and their address arithmetic",
             name ? name : callee);
    free(name);
    return 0;
  }
  if (LLVMIsALoadInst(i))
    return pl_failf(f, PL_R_COPY_LOOP_BODY, i,
                    "a loop of the copy stage loads a value it does not store into a tile; a "
                    "copy loop may hold only copies and their address arithmetic");
  if (LLVMIsAStoreInst(i))
    return pl_failf(f, PL_R_COPY_LOOP_BODY, i,
                    "a loop of the copy stage stores into memory that is not a tile; a copy "
                    "loop may hold only copies and their address arithmetic");
  LLVMOpcode op = LLVMGetInstructionOpcode(i);
  if (op == LLVMUDiv || op == LLVMSDiv || op == LLVMURem || op == LLVMSRem)
    return pl_failf(f, PL_R_COPY_LOOP_BODY, i,
                    "a loop of the copy stage divides by a value that is not a constant, which "
                    "may trap when computed for a later iteration; a copy loop may hold only "
                    "copies and their address arithmetic");
  return pl_failf(f, PL_R_COPY_LOOP_BODY, i,
                  "a loop of the copy stage holds an instruction that may trap or has side "
                  "effects; a copy loop may hold only copies and their address arithmetic");
}

/* Copy loops: the copy stage contains inner loops. The
 * region is every loop block whose terminator is in the copy stage (the
 * header among them), other than the kept barrier's block; the rewrite
 * clones it whole, so each of its blocks must leave only to region blocks
 * or to the barrier's block, its inner loops must be direct children of
 * the tile loop, and it may hold only phis, branches, copies (checked
 * once they are classified) and instructions that cannot trap. The
 * blocks are ordered so that each follows its immediate dominator, the
 * order the rewrite clones them in. */
static int recognize_region(pl_host *host, pl_candidate *c, pl_fail *f) {
  LLVMBasicBlockRef kb = LLVMGetInstructionParent(c->first_barrier);
  pl_vec blocks = {0};
  for (size_t k = 0; k < c->nblocks; ++k) {
    LLVMBasicBlockRef bb = c->blocks[k];
    if (bb != kb && pl_in_copy_stage(host, c, LLVMGetBasicBlockTerminator(bb)))
      pl_vec_push(&blocks, LLVMBasicBlockAsValue(bb));
  }
  int ok = 1;
  for (size_t k = 0; k < blocks.len && ok; ++k) {
    LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(blocks.v[k]);
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
    if (!t || !LLVMIsABranchInst(t)) {
      ok = pl_failf(f, PL_R_COPY_IN_LOOP, t,
                    "the copy stage contains an inner loop whose blocks end in something other "
                    "than a branch");
      break;
    }
    for (unsigned s = 0; s < LLVMGetNumSuccessors(t) && ok; ++s) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(t, s);
      if (to != kb && !pl_vec_has(&blocks, LLVMBasicBlockAsValue(to)))
        ok = pl_failf(f, PL_R_COPY_IN_LOOP, t,
                      "the copy stage contains an inner loop, and a block of the copy stage "
                      "branches past the first barrier");
    }
    if (ok && pl_loop_in_subloop(host, c->loop, bb) &&
        pl_loop_parent(pl_loop_for_block(host, bb)) != c->loop)
      ok = pl_failf(f, PL_R_COPY_IN_LOOP, t,
                    "the copy stage contains nested inner loops; a copy loop may not contain "
                    "another loop");
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && ok; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef dst;
      if (LLVMIsAPHINode(i) || i == t || is_shared_store(i, &dst) ||
          pl_is_copy_load(i)) /* a load or __ldg, checked as a copy's once classified */
        continue;
      if (c->sync_first && i == c->removed_barrier)
        continue; /* opens the header: removed, never cloned (not an operand of a copy) */
      if (!is_region_op(i))
        ok = fail_region_inst(f, i);
    }
  }
  if (!ok) {
    pl_vec_free(&blocks);
    return 0;
  }
  /* Dominators first: the header, then each block after its idom. */
  c->region = pl_xcalloc(blocks.len, sizeof *c->region);
  c->region[c->nregion++] = c->header;
  while (c->nregion < blocks.len) {
    size_t before = c->nregion;
    for (size_t k = 0; k < blocks.len; ++k) {
      LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(blocks.v[k]);
      if (!pl_in_region(c, bb) && pl_in_region(c, pl_idom(host, bb)))
        c->region[c->nregion++] = bb;
    }
    if (c->nregion == before)
      break;
  }
  int whole = c->nregion == blocks.len && pl_vec_has(&blocks, LLVMBasicBlockAsValue(c->header));
  pl_vec_free(&blocks);
  if (!whole)
    return pl_failf(f, PL_R_COPY_IN_LOOP, NULL,
                    "the copy stage contains an inner loop entered other than from the loop "
                    "header");
  return 1;
}

/* After classification: every load of a copy loop feeds a copy. */
static int check_region_loads(pl_candidate *c, pl_fail *f) {
  for (size_t k = 0; k < c->nregion; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->region[k]); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef dst;
      if (((LLVMIsALoadInst(i) || pl_is_copy_load(i)) && !pl_is_copy_source(c, i)) ||
          (LLVMIsAStoreInst(i) && !is_shared_store(i, &dst)))
        return fail_region_inst(f, i);
    }
  return 1;
}

/* Classifies the plain store `i` into a tile into `cp`; the loading half
 * of a split copy (cp->issue_block set by pl_split_copy) takes the branch
 * as its guard and the other arm's constant as its fill. Returns 0 with
 * the reason in `f`. */
static int classify_store(pl_host *host, pl_candidate *c, LLVMValueRef i, pl_copy *cp,
                          LLVMValueRef split_cond, int split_neg, LLVMValueRef split_fill,
                          pl_fail *f, const char *tname) {
  if (LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic)
    return pl_failf(f, PL_R_VOLATILE_COPY, i,
                    "a store into __shared__ array '%s' before the first barrier is "
                    "volatile or atomic",
                    tname);
  pl_copy split = *cp; /* pl_classify_copy may reset its twins and issue block */
  if (!pl_classify_copy(host, c, i, cp, f, tname))
    return 0;
  if (!split.issue_block)
    return 1;
  if (cp->guard || cp->value || cp->fill || !cp->load)
    return pl_failf(f, PL_R_COPY_GUARD_SHAPE, i,
                    "the copy into tile '%s' stores a constant on one arm of a branch and a "
                    "guarded or converted value on the other; write it as one "
                    "`c ? A[i] : 0`",
                    tname);
  /* copy where the branch goes to the load, the constant elsewhere */
  memcpy(cp->twins, split.twins, sizeof cp->twins);
  cp->ntwins = split.ntwins;
  cp->issue_block = split.issue_block;
  cp->guard = split_cond;
  cp->guard_negated = split_neg;
  cp->fill = split_fill;
  return 1;
}

/* Classifies the llvm.memcpy `i` into a tile (clang's int4 copies). */
static int classify_memcpy(LLVMValueRef i, pl_copy *cp, pl_fail *f, const char *tname) {
  LLVMValueRef len = LLVMGetOperand(i, 2);
  LLVMValueRef vol = LLVMGetOperand(i, 3);
  if (!LLVMIsAConstantInt(vol) || LLVMConstIntGetZExtValue(vol) != 0)
    return pl_failf(f, PL_R_VOLATILE_COPY, i, "a copy into tile '%s' is volatile", tname);
  if (!LLVMIsAConstantInt(len))
    return pl_failf(f, PL_R_COPY_SIZE, i,
                    "a copy into tile '%s' has a size unknown at compile time; cp.async "
                    "copies 4, 8 or 16 bytes",
                    tname);
  uint64_t n = LLVMConstIntGetZExtValue(len);
  cp->bytes = (unsigned)(n > 0xffff ? 0xffff : n);
  cp->src = LLVMGetOperand(i, 1);
  return 1;
}

/* Step 3, the copy stage: every __shared__ store there is a copy
 * (pl_classify_copy) that runs on every iteration -- or, when the copy stage
 * contains loops, copies and their arithmetic only (recognize_region),
 * which the rewrite issues as loops of copies. */
static int recognize_copies(pl_host *host, pl_footprints *memo, pl_candidate *c, pl_fail *f) {
  int loops = 0;
  for (size_t k = 0; k < c->nblocks; ++k) {
    LLVMBasicBlockRef bb = c->blocks[k];
    if (pl_in_copy_stage(host, c, LLVMGetBasicBlockTerminator(bb)) &&
        pl_loop_in_subloop(host, c->loop, bb))
      loops = 1;
  }
  if (loops && !recognize_region(host, c, f))
    return 0;
  collect_ivs(host, c);
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      LLVMValueRef dst;
      if (!is_shared_store(i, &dst) || !pl_in_copy_stage(host, c, i))
        continue;
      int is_store = LLVMIsAStoreInst(i) != NULL;
      int t = tile_of_pointer(host, memo, c, dst);
      const char *tname = c->tiles[t].name;
      pl_copy cp = {.store = i, .dst = dst, .tile = (unsigned)t};
      LLVMValueRef split_cond = NULL, split_fill = NULL;
      int split_neg = 0;
      if (pl_split_copy(host, c, i, &cp, &split_cond, &split_neg, &split_fill))
        continue; /* the constant of a split copy: classified with its sibling */
      if (!(is_store ? classify_store(host, c, i, &cp, split_cond, split_neg, split_fill, f, tname)
                     : classify_memcpy(i, &cp, f, tname)))
        return 0;
      /* Executed on every iteration (the store's block dominates the
       * kept barrier's block), or under two-way branches: a predicate of
       * one or more terms, which legality requires loop-invariant. */
      /* In a copy stage with loops the rewrite clones the control flow
       * itself, which legality requires to be the same on every iteration
       * (CopyLoopVaries). */
      cp.in_loop = c->region && pl_loop_in_subloop(host, c->loop, LLVMGetInstructionParent(i));
      /* A split copy runs where its branch's block does: its predicate,
       * if any, is that block's (`if (tid < 128) { if (ok) t = A; else
       * t = 0; }`); the branch itself is its guard. */
      LLVMBasicBlockRef runs = cp.issue_block ? cp.issue_block : LLVMGetInstructionParent(i);
      if (!c->region && !pl_dominates(host, runs, LLVMGetInstructionParent(c->first_barrier)) &&
          !find_predicate(host, c, runs, &cp))
        return pl_failf(f, PL_R_COPY_GUARD_SHAPE, i,
                        "the copy into tile '%s' runs under conditions that are not a chain "
                        "of two-way branches (a multi-way branch, or paths that skip the copy "
                        "and rejoin before it); a copy may run under nested two-way branches "
                        "only",
                        tname);
      c->copies = pl_append(c->copies, c->ncopies, sizeof *c->copies);
      c->copies[c->ncopies++] = cp;
    }
  if (c->ncopies == 0)
    return pl_failf(f, PL_R_NO_COPY, NULL,
                    "no copy from global memory into a __shared__ tile opens the loop body");
  return !c->region || check_region_loads(c, f);
}

LLVMValueRef pl_find_async_copy_machinery(LLVMValueRef fn) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      if (pl_is_async_copy_machinery(i))
        return i;
  return NULL;
}

int pl_recognize(pl_host *host, pl_loop_ref loop, LLVMValueRef fn, LLVMValueRef hand_pipelined,
                 pl_footprints *footprints, pl_candidate *c, pl_fail *f) {
  c->module = LLVMGetGlobalParent(fn);
  c->function = fn;
  c->loop = loop;
  c->header = pl_loop_header(loop);
  return recognize_loop(host, c, hand_pipelined, f) && recognize_barriers(host, c, f) &&
         recognize_copies(host, footprints, c, f);
}
