/*===- lib/fill_chain.c - the branches into a copy's fill, as one ---------===*/
#include "fill_chain.h"

#include "host_cfg.h"
#include "host_memory.h"
#include "ir.h"

#include <llvm-c/DebugInfo.h>

/* A plain store of a constant into __shared__ memory: a copy's fill. */
static int stores_fill(LLVMValueRef i) {
  return pl_is_plain_store(i) && pl_is_plain_constant(LLVMGetOperand(i, 0)) &&
         pl_is_shared_global(pl_underlying_object(LLVMGetOperand(i, 1)));
}

static int holds_fill(LLVMBasicBlockRef b) {
  LLVMValueRef first = LLVMGetFirstInstruction(b);
  if (!first || LLVMIsAPHINode(first))
    return 0;
  for (LLVMValueRef i = first; i; i = LLVMGetNextInstruction(i))
    if (stores_fill(i))
      return 1;
  return 0;
}

/* The successor of the two-way branch ending `p` that is not `b`; NULL
 * when `p` does not end in a two-way branch with exactly one edge to `b`. */
static LLVMBasicBlockRef other_successor(LLVMBasicBlockRef p, LLVMBasicBlockRef b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(p);
  if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t))
    return NULL;
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(t, 0), s1 = LLVMGetSuccessor(t, 1);
  if ((s0 == b) == (s1 == b))
    return NULL;
  return s0 == b ? s1 : s0;
}

/* Nonzero when every instruction of `p` but its terminator can move to
 * the end of its predecessor: no phi, no call, nothing that may trap or
 * touch memory (pl_is_pure), at most PL_UNMERGE_MAX_INSTS of them. */
static int movable(LLVMBasicBlockRef p) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(p);
  unsigned n = 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(p); i != term; i = LLVMGetNextInstruction(i))
    if (++n > PL_UNMERGE_MAX_INSTS || LLVMIsAPHINode(i) || LLVMIsACallInst(i) ||
        !pl_is_pure(i, PL_PURE_POINTER))
      return 0;
  return 1;
}

static int listed(const LLVMBasicBlockRef *list, size_t n, LLVMBasicBlockRef b) {
  for (size_t k = 0; k < n; ++k)
    if (list[k] == b)
      return 1;
  return 0;
}

int pl_fill_chain_find(LLVMBasicBlockRef b, const LLVMBasicBlockRef *stage, size_t n,
                       pl_fill_chain *ch) {
  if (!holds_fill(b))
    return 0;
  LLVMBasicBlockRef preds[PL_FILL_CHAIN_MAX];
  size_t np = 0;
  for (size_t k = 0; k < n; ++k)
    if (other_successor(stage[k], b)) {
      if (np == PL_FILL_CHAIN_MAX)
        return 0;
      preds[np++] = stage[k];
    }
  if (np < 2 || np != pl_pred_count(b))
    return 0; /* one branch (a split copy as it is), or edges from elsewhere */
  /* the head: the predecessor no other predecessor branches to */
  LLVMBasicBlockRef head = NULL;
  for (size_t k = 0; k < np; ++k) {
    int entered = 0;
    for (size_t j = 0; j < np; ++j)
      entered |= other_successor(preds[j], b) == preds[k];
    if (!entered) {
      if (head)
        return 0;
      head = preds[k];
    }
  }
  if (!head)
    return 0;
  ch->fill = b;
  ch->n = 0;
  for (LLVMBasicBlockRef p = head; listed(preds, np, p); p = other_successor(p, b)) {
    if (ch->n == np || (ch->n && (pl_pred_count(p) != 1 || !movable(p))))
      return 0;
    ch->p[ch->n++] = p;
  }
  ch->on = other_successor(ch->p[ch->n - 1], b);
  return ch->n == np && ch->on != b && !listed(ch->p, ch->n, ch->on);
}

/* Moves the instructions of `p` but its terminator to the builder's
 * place, their poison-generating flags dropped. */
static void move_before(LLVMBasicBlockRef p, LLVMBuilderRef bld) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(p);
  for (LLVMValueRef i = LLVMGetFirstInstruction(p); i != term;) {
    LLVMValueRef next = LLVMGetNextInstruction(i);
    LLVMInstructionRemoveFromParent(i);
    LLVMInsertIntoBuilder(bld, i);
    pl_drop_poison_flags(i);
    i = next;
  }
}

/* The condition under which the branch ending `p` goes to `b`, built at
 * the builder's place where it must be negated. */
static LLVMValueRef towards(LLVMBuilderRef bld, LLVMBasicBlockRef p, LLVMBasicBlockRef b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(p), c = LLVMGetCondition(t);
  return LLVMGetSuccessor(t, 0) == b ? c : LLVMBuildNot(bld, c, "pl.fill.not");
}

void pl_fill_chain_fold(const pl_fill_chain *ch) {
  LLVMBasicBlockRef head = ch->p[0], last = ch->p[ch->n - 1];
  LLVMValueRef term = LLVMGetBasicBlockTerminator(head);
  LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(LLVMGetCondition(term)));
  LLVMBuilderRef bld = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(bld, term);
  LLVMValueRef to_fill[PL_FILL_CHAIN_MAX];
  to_fill[0] = towards(bld, head, ch->fill);
  for (size_t k = 1; k < ch->n; ++k) {
    move_before(ch->p[k], bld);
    to_fill[k] = towards(bld, ch->p[k], ch->fill);
  }
  /* c1 || (c2 || (... || cn)), each `||` a select: a term the chain would
   * not reach gives it no poison */
  LLVMValueRef any = to_fill[ch->n - 1], yes = LLVMConstInt(LLVMInt1TypeInContext(ctx), 1, 0);
  for (size_t k = ch->n - 1; k-- > 0;)
    any = LLVMBuildSelect(bld, to_fill[k], yes, any, "pl.fill.any");
  LLVMValueRef br = LLVMBuildCondBr(bld, any, ch->fill, ch->on);
  LLVMInstructionSetDebugLoc(br, LLVMInstructionGetDebugLoc(term));
  LLVMInstructionEraseFromParent(term);
  LLVMDisposeBuilder(bld);
  pl_replace_phi_uses(ch->on, last, head);
  for (size_t k = 1; k < ch->n; ++k)
    LLVMDeleteBasicBlock(ch->p[k]);
}

/* The one unconditional successor of `b`, or NULL. */
static LLVMBasicBlockRef goes_to(LLVMBasicBlockRef b) {
  LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
  return t && LLVMIsABranchInst(t) && !LLVMIsConditional(t) ? LLVMGetSuccessor(t, 0) : NULL;
}

/* `v` as block `a` computes it where block `b` computes `w` (the i-th
 * instruction of each, i < n), or `w` itself from outside both. */
static int same_operand(LLVMValueRef v, LLVMValueRef w, LLVMBasicBlockRef a, LLVMBasicBlockRef b) {
  if (v == w)
    return !LLVMIsAInstruction(v) ||
           (LLVMGetInstructionParent(v) != a && LLVMGetInstructionParent(v) != b);
  if (!LLVMIsAInstruction(v) || !LLVMIsAInstruction(w) || LLVMGetInstructionParent(v) != a ||
      LLVMGetInstructionParent(w) != b)
    return 0;
  /* the same position in each block */
  LLVMValueRef x = LLVMGetFirstInstruction(a), y = LLVMGetFirstInstruction(b);
  while (x && y && x != v && y != w)
    x = LLVMGetNextInstruction(x), y = LLVMGetNextInstruction(y);
  return x == v && y == w;
}

/* Nonzero when every use of `x` (an instruction of block `a`, which goes to
 * `j`) is in `a` or a phi of `j`: deleting `a` after the phis drop its
 * edge leaves no use behind. */
static int used_within(LLVMValueRef x, LLVMBasicBlockRef a, LLVMBasicBlockRef j) {
  for (LLVMUseRef u = LLVMGetFirstUse(x); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    LLVMBasicBlockRef ub = LLVMIsAInstruction(user) ? LLVMGetInstructionParent(user) : NULL;
    if (ub != a && !(ub == j && LLVMIsAPHINode(user)))
      return 0;
  }
  return 1;
}

/* Nonzero when blocks `a` and `b` do the same: the same pure instructions
 * (pl_is_pure, no call) and plain stores in the same order, each on the
 * same operands or the operands computed at the same place and used only
 * within its block or by the phis of the block both go to, and one branch
 * to that block, whose phis take the same value from both. */
static int same_block(LLVMBasicBlockRef a, LLVMBasicBlockRef b) {
  LLVMBasicBlockRef j = goes_to(a);
  if (a == b || !j || goes_to(b) != j)
    return 0;
  LLVMValueRef x = LLVMGetFirstInstruction(a), y = LLVMGetFirstInstruction(b);
  for (; x && y; x = LLVMGetNextInstruction(x), y = LLVMGetNextInstruction(y)) {
    if (x == LLVMGetBasicBlockTerminator(a) || y == LLVMGetBasicBlockTerminator(b))
      break;
    int n = LLVMGetNumOperands(x);
    if (LLVMIsAPHINode(x) || LLVMIsACallInst(x) || !pl_same_operation(x, y) ||
        !(pl_is_plain_store(x) || pl_is_pure(x, PL_PURE_POINTER)) ||
        (pl_is_plain_store(x) &&
         (!pl_is_plain_store(y) || LLVMGetAlignment(x) != LLVMGetAlignment(y))))
      return 0;
    for (int k = 0; k < n; ++k)
      if (!same_operand(LLVMGetOperand(x, (unsigned)k), LLVMGetOperand(y, (unsigned)k), a, b))
        return 0;
    if (!used_within(x, a, j) || !used_within(y, b, j))
      return 0;
  }
  if (x != LLVMGetBasicBlockTerminator(a) || y != LLVMGetBasicBlockTerminator(b))
    return 0;
  for (LLVMValueRef phi = LLVMGetFirstInstruction(j); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    LLVMValueRef from_a = NULL, from_b = NULL;
    for (unsigned k = 0; k < LLVMCountIncoming(phi); ++k) {
      if (LLVMGetIncomingBlock(phi, k) == a)
        from_a = LLVMGetIncomingValue(phi, k);
      if (LLVMGetIncomingBlock(phi, k) == b)
        from_b = LLVMGetIncomingValue(phi, k);
    }
    if (!from_a || !from_b || !same_operand(from_a, from_b, a, b))
      return 0;
  }
  return 1;
}

LLVMBasicBlockRef pl_fill_twin_find(LLVMBasicBlockRef b, const LLVMBasicBlockRef *stage, size_t n) {
  if (!holds_fill(b))
    return NULL;
  for (size_t k = 0; k < n; ++k)
    if (stage[k] != b && same_block(b, stage[k]))
      return stage[k];
  return NULL;
}

void pl_fill_twin_merge(LLVMBasicBlockRef b, LLVMBasicBlockRef twin) {
  /* b's instructions keep only the flags its twin's have too */
  LLVMValueRef y = LLVMGetFirstInstruction(twin);
  for (LLVMValueRef x = LLVMGetFirstInstruction(b); x != LLVMGetBasicBlockTerminator(b);
       x = LLVMGetNextInstruction(x), y = LLVMGetNextInstruction(y))
    pl_keep_common_flags(x, y);
  pl_remove_phi_edge(goes_to(twin), twin);
  LLVMUseRef use;
  while ((use = LLVMGetFirstUse(LLVMBasicBlockAsValue(twin))) != NULL) {
    LLVMValueRef t = LLVMGetUser(use);
    for (unsigned k = 0; k < LLVMGetNumSuccessors(t); ++k)
      if (LLVMGetSuccessor(t, k) == twin)
        LLVMSetSuccessor(t, k, b);
  }
  LLVMDeleteBasicBlock(twin);
}
