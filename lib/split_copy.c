/*===- lib/split_copy.c - copies clang split across a branch ---------------===*/
#include "split_copy.h"

#include "host_cfg.h"
#include "host_memory.h"
#include "host_scev.h"
#include "ir.h"
#include "limits.h"

/* The other arm of a two-way branch at `s`'s block A: P, A's only
 * predecessor, ends in `br cond` to A and to B, and P is B's only
 * predecessor too. P runs on every iteration or under a predicate
 * (recognize_copies finds it from P). Sets *cond and *negated (A is taken
 * when cond is false). NULL when the blocks have another shape. */
static LLVMBasicBlockRef other_arm(pl_host *host, const pl_candidate *c, LLVMValueRef s,
                                   LLVMValueRef *cond, int *negated) {
  LLVMBasicBlockRef a = LLVMGetInstructionParent(s), p = pl_idom(host, a);
  if (!LLVMIsAStoreInst(s) || !p || !pl_candidate_has_block(c, p) ||
      !pl_branch_to(p, a, cond, negated))
    return NULL;
  LLVMBasicBlockRef b = LLVMGetSuccessor(LLVMGetBasicBlockTerminator(p), *negated ? 0 : 1);
  return pl_pred_count(b) == 1 ? b : NULL;
}

/* A store of a constant whose bytes are known: zeros, or a fill value. */
static int stores_constant(LLVMValueRef s) { return pl_is_plain_constant(LLVMGetOperand(s, 0)); }

static int stores_zero(LLVMValueRef s) {
  return stores_constant(s) && LLVMIsNull(LLVMGetOperand(s, 0));
}

static uint64_t stored_bytes(const pl_candidate *c, LLVMValueRef s) {
  return pl_type_store_size(c->module, LLVMTypeOf(LLVMGetOperand(s, 0)));
}

/* The address of store `t` minus that of store `s`, in bytes, where
 * ScalarEvolution knows it (each arm may compute an address again). */
static int store_offset(pl_host *host, LLVMValueRef s, LLVMValueRef t, int64_t *d) {
  *d = 0;
  return LLVMGetOperand(t, 1) == LLVMGetOperand(s, 1) ||
         pl_scev_const_distance(host, LLVMGetOperand(t, 1), LLVMGetOperand(s, 1), d);
}

/* Nonzero when no other store of `s`'s block may write its bytes: each
 * arm's stores are then distinct, so one constant store cannot serve two
 * copies, nor one copy's bytes take two constants in turn. */
static int alone_in_arm(pl_host *host, const pl_candidate *c, LLVMValueRef s) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(s)); i;
       i = LLVMGetNextInstruction(i))
    if (i != s && LLVMIsAStoreInst(i) &&
        pl_may_alias(host, LLVMGetOperand(i, 1), stored_bytes(c, i), LLVMGetOperand(s, 1),
                     stored_bytes(c, s)))
      return 0;
  return 1;
}

/* The stores of block `arm` that write exactly the bytes of the store
 * `base`, each once, one after the other from its first byte: of loaded
 * values (the lanes of a vector copy beside one wider store of zeros), or,
 * with `constants`, of constants each alone in its arm (a fill SROA split
 * into lanes beside the copy of the whole: `make_short4(1, 1, 1, 1)` as
 * two `<2 x i16>`). Writes the first `cap` of them and their offsets from
 * `base` into `out` and `offs`. Returns how many there are, or 0 when they
 * do not cover `base` (with `constants`: also where one would reach past
 * it, or more than `cap` would be needed). */
static unsigned covering_stores(pl_host *host, const pl_candidate *c, LLVMValueRef base,
                                LLVMBasicBlockRef arm, int constants, LLVMValueRef *out,
                                uint64_t *offs, unsigned cap) {
  uint64_t size = stored_bytes(c, base), next = 0;
  unsigned n = 0;
  for (int progress = 1; progress && next < size;) {
    progress = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(arm); i; i = LLVMGetNextInstruction(i)) {
      int64_t d;
      if (!pl_is_plain_store(i) || stores_constant(i) != constants ||
          !store_offset(host, base, i, &d) || d != (int64_t)next ||
          (constants &&
           (next + stored_bytes(c, i) > size || n == cap || !alone_in_arm(host, c, i))))
        continue;
      if (n < cap)
        out[n] = i, offs[n] = next;
      ++n;
      next += stored_bytes(c, i);
      progress = 1;
      break;
    }
  }
  return next == size ? n : 0;
}

/* Nonzero when the constant store `k` is one of the pieces that cover a
 * store of a loaded value on the other arm `b` (covering_stores). */
static int piece_of_copy(pl_host *host, const pl_candidate *c, LLVMValueRef k,
                         LLVMBasicBlockRef b) {
  for (LLVMValueRef s = LLVMGetFirstInstruction(b); s; s = LLVMGetNextInstruction(s)) {
    int64_t d;
    LLVMValueRef pieces[PL_MAX_FILL_PIECES];
    uint64_t offs[PL_MAX_FILL_PIECES];
    unsigned n = 0;
    if (pl_is_plain_store(s) && !stores_constant(s) && store_offset(host, s, k, &d) && d >= 0 &&
        (uint64_t)d < stored_bytes(c, s))
      n = covering_stores(host, c, s, LLVMGetInstructionParent(k), 1, pieces, offs,
                          PL_MAX_FILL_PIECES);
    for (unsigned j = 0; j < n; ++j)
      if (pieces[j] == k)
        return 1;
  }
  return 0;
}

/* The fill of the copy `s` made of its pieces (cp->twins at offsets
 * `offs`), of the type `s` stores, into *fill: NULL for zeros. Returns 0
 * where it cannot be built. */
static int pieces_fill(const pl_candidate *c, LLVMValueRef s, const pl_copy *cp,
                       const uint64_t *offs, LLVMValueRef *fill) {
  LLVMValueRef vals[PL_MAX_FILL_PIECES];
  int zeros = 1;
  for (unsigned k = 0; k < cp->ntwins; ++k) {
    vals[k] = LLVMGetOperand(cp->twins[k], 0);
    zeros &= stores_zero(cp->twins[k]);
  }
  *fill = zeros ? NULL
                : pl_constant_from_pieces(c->module, LLVMTypeOf(LLVMGetOperand(s, 0)), vals, offs,
                                          cp->ntwins);
  return zeros || *fill;
}

int pl_split_fill_unmatched(pl_host *host, const pl_candidate *c, LLVMValueRef s) {
  LLVMValueRef cond;
  int negated;
  LLVMBasicBlockRef b = other_arm(host, c, s, &cond, &negated);
  if (!b || !pl_is_plain_store(s) || !stores_constant(s))
    return 0;
  for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
    if (pl_is_plain_store(i) && !stores_constant(i) &&
        pl_is_shared_global(pl_underlying_object(LLVMGetOperand(i, 1))))
      return 1;
  return 0;
}

int pl_split_copy(pl_host *host, const pl_candidate *c, LLVMValueRef s, pl_copy *cp,
                  LLVMValueRef *cond, int *negated, LLVMValueRef *fill) {
  LLVMBasicBlockRef b = other_arm(host, c, s, cond, negated);
  if (!b || !pl_is_plain_store(s) || !alone_in_arm(host, c, s))
    return 0;
  if (stores_constant(s))
    return covering_stores(host, c, s, b, 0, NULL, NULL, 0) || piece_of_copy(host, c, s, b);
  uint64_t size = stored_bytes(c, s);
  /* The copy is issued before the branch, for both arms: its address
   * must be computed there already (one an arm computes may carry flags
   * that hold on that arm only). */
  LLVMBasicBlockRef p = pl_idom(host, LLVMGetInstructionParent(s));
  LLVMValueRef dst = LLVMGetOperand(s, 1);
  if (LLVMIsAInstruction(dst) && !pl_dominates(host, LLVMGetInstructionParent(dst), p))
    return 0;
  for (LLVMValueRef k = LLVMGetFirstInstruction(b); k; k = LLVMGetNextInstruction(k)) {
    int64_t d;
    if (!pl_is_plain_store(k) || !stores_constant(k) || !store_offset(host, k, s, &d) || d < 0 ||
        (uint64_t)d + size > stored_bytes(c, k) || !alone_in_arm(host, c, k) ||
        !covering_stores(host, c, k, LLVMGetInstructionParent(s), 0, NULL, NULL, 0))
      continue;
    LLVMValueRef kv = LLVMGetOperand(k, 0);
    if (!stores_zero(k) && d)
      return 0; /* lanes of a fill other than zero */
    if (!stores_zero(k) && LLVMTypeOf(kv) != LLVMTypeOf(LLVMGetOperand(s, 0)))
      break; /* the same bytes as another type: read as one piece below */
    LLVMValueRef kd = LLVMGetOperand(k, 1);
    if (LLVMIsAInstruction(kd) && !pl_dominates(host, LLVMGetInstructionParent(kd), p))
      return 0;
    cp->issue_block = p;
    cp->ntwins = 0;
    if (!d)
      cp->twins[cp->ntwins++] = k;
    *fill = stores_zero(k) ? NULL : kv;
    return 0;
  }
  /* a fill stored lane by lane beside the copy of the whole */
  uint64_t offs[PL_MAX_FILL_PIECES];
  cp->ntwins = covering_stores(host, c, s, b, 1, cp->twins, offs, PL_MAX_FILL_PIECES);
  if (!cp->ntwins || !pieces_fill(c, s, cp, offs, fill)) {
    cp->ntwins = 0;
    *fill = NULL;
    return 0;
  }
  cp->issue_block = p;
  return 0;
}
