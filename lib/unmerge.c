/*===- lib/unmerge.c - copies SimplifyCFG merged, taken apart -------------===*/
#include "unmerge.h"

#include "alloc.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "ir.h"
#include "limits.h"
#include "nvvm.h"

#include <llvm-c/DebugInfo.h>
#include <stdlib.h>

typedef struct stage {
  LLVMBasicBlockRef b[PL_UNMERGE_STAGE_BLOCKS];
  size_t n;
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
 * walked through but left out. Empty when the walk outgrows its caps. */
static void find_stage(pl_host *host, pl_loop_ref loop, stage *s) {
  s->n = 0;
  LLVMBasicBlockRef header = pl_loop_header(loop);
  LLVMBasicBlockRef seen[PL_UNMERGE_VISIT_BLOCKS], work[PL_UNMERGE_VISIT_BLOCKS];
  size_t nseen = 0, nwork = 0;
  seen[nseen++] = work[nwork++] = header;
  while (nwork) {
    LLVMBasicBlockRef bb = work[--nwork];
    if (!pl_loop_in_subloop(host, loop, bb)) {
      if (s->n == PL_UNMERGE_STAGE_BLOCKS)
        goto overflow;
      s->b[s->n++] = bb;
    }
    LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
    unsigned ns = term ? LLVMGetNumSuccessors(term) : 0;
    for (unsigned k = 0; k < ns; ++k) {
      LLVMBasicBlockRef to = LLVMGetSuccessor(term, k);
      if (visited(seen, nseen, to) || !pl_loop_contains(loop, to) || has_barrier(to))
        continue;
      if (nseen == PL_UNMERGE_VISIT_BLOCKS)
        goto overflow;
      seen[nseen++] = work[nwork++] = to;
    }
  }
  return;
overflow:
  s->n = 0;
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

int pl_unmerge_wanted(pl_host *host, pl_loop_ref loop) {
  stage s;
  find_stage(host, loop, &s);
  for (size_t k = 0; k < s.n; ++k)
    if (merged_block(&s, s.b[k]) || lowerable_switch(LLVMGetBasicBlockTerminator(s.b[k])))
      return 1;
  return 0;
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

unsigned pl_unmerge(pl_host *host, pl_loop_ref loop) {
  stage s;
  find_stage(host, loop, &s);
  unsigned changed = 0;
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
  return changed;
}

void pl_fail_unmerged(pl_fail *f, const pl_fail *unmerged) {
  char *as_written =
      f->message && *f->message ? pl_strdupf("; as written, %s", f->message) : pl_strdupf("%s", "");
  pl_fail_copy(f, unmerged);
  char *m = pl_strdupf("once the copies clang merged are taken apart, %s%s",
                       unmerged->message ? unmerged->message : "", as_written);
  free(as_written);
  free(f->message);
  f->message = m;
}
