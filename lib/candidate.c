/*===- lib/candidate.c - a recognized tile loop and its accessors -------===*/
#include "candidate.h"

#include "host_cfg.h"
#include "host_memory.h"
#include "limits.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void pl_candidate_free(pl_candidate *c) {
  for (size_t i = 0; i < c->ntiles; ++i)
    free(c->tiles[i].name);
  free(c->blocks);
  free(c->copies);
  free(c->tiles);
  free(c->ivs);
  free(c->region);
  memset(c, 0, sizeof *c);
}

int pl_in_region(const pl_candidate *c, LLVMBasicBlockRef bb) {
  for (size_t i = 0; i < c->nregion; ++i)
    if (c->region[i] == bb)
      return 1;
  return 0;
}

int pl_candidate_has_block(const pl_candidate *c, LLVMBasicBlockRef bb) {
  for (size_t i = 0; i < c->nblocks; ++i)
    if (c->blocks[i] == bb)
      return 1;
  return 0;
}

int pl_candidate_has_inst(const pl_candidate *c, LLVMValueRef v) {
  return LLVMIsAInstruction(v) && pl_candidate_has_block(c, LLVMGetInstructionParent(v));
}

int pl_in_copy_stage(pl_host *host, const pl_candidate *c, LLVMValueRef inst) {
  return inst != c->first_barrier && !pl_inst_dominates(host, c->first_barrier, inst);
}

const pl_iv *pl_find_iv(const pl_candidate *c, LLVMValueRef phi) {
  for (size_t i = 0; i < c->nivs; ++i)
    if (c->ivs[i].phi == phi)
      return &c->ivs[i];
  return NULL;
}

int pl_tile_index(const pl_candidate *c, LLVMValueRef g) {
  for (size_t i = 0; i < c->ntiles; ++i)
    if (c->tiles[i].global == g)
      return (int)i;
  return -1;
}

int pl_is_twin(const pl_copy *cp, LLVMValueRef inst) {
  for (unsigned k = 0; k < cp->ntwins; ++k)
    if (cp->twins[k] == inst)
      return 1;
  return 0;
}

int pl_is_copy_store(const pl_candidate *c, LLVMValueRef inst) {
  for (size_t i = 0; i < c->ncopies; ++i)
    if (c->copies[i].store == inst || pl_is_twin(&c->copies[i], inst))
      return 1;
  return 0;
}

int pl_is_copy_source(const pl_candidate *c, LLVMValueRef inst) {
  for (size_t i = 0; i < c->ncopies; ++i)
    if (c->copies[i].load == inst)
      return 1;
  return 0;
}

size_t pl_entering_blocks(const pl_candidate *c, LLVMBasicBlockRef *out, size_t cap) {
  size_t n = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(c->function); b; b = LLVMGetNextBasicBlock(b)) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
    if (!t || pl_candidate_has_block(c, b))
      continue;
    unsigned ns = LLVMGetNumSuccessors(t);
    for (unsigned i = 0; i < ns; ++i)
      if (LLVMGetSuccessor(t, i) == c->header) {
        if (n < cap)
          out[n] = b;
        ++n;
        break;
      }
  }
  return n;
}

static void add_shared_refs(const pl_candidate *c, LLVMValueRef v, pl_vec *globals, pl_vec *fns,
                            int depth) {
  if (depth > PL_MAX_CONST_DEPTH)
    return;
  if (pl_is_shared_global(v)) {
    if (pl_tile_index(c, v) < 0 && !pl_vec_has(globals, v))
      pl_vec_push(globals, v);
    return;
  }
  if (LLVMIsAFunction(v)) {
    if (!pl_vec_has(fns, v))
      pl_vec_push(fns, v);
    return;
  }
  if (LLVMIsAConstantExpr(v)) {
    int n = LLVMGetNumOperands(v);
    for (int i = 0; i < n; ++i)
      add_shared_refs(c, LLVMGetOperand(v, (unsigned)i), globals, fns, depth + 1);
  }
}

uint64_t pl_other_shared_bytes(const pl_candidate *c, LLVMValueRef *dynamic) {
  pl_vec globals = {0}, fns = {0};
  pl_vec_push(&fns, c->function);
  for (size_t k = 0; k < fns.len; ++k) {
    LLVMValueRef fn = fns.v[k];
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
      for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
        int n = LLVMGetNumOperands(i);
        for (int j = 0; j < n; ++j)
          add_shared_refs(c, LLVMGetOperand(i, (unsigned)j), &globals, &fns, 0);
      }
  }
  uint64_t bytes = 0;
  *dynamic = NULL;
  for (size_t k = 0; k < globals.len; ++k) {
    uint64_t n = pl_type_alloc_size(c->module, LLVMGlobalGetValueType(globals.v[k]));
    if (n == 0)
      *dynamic = globals.v[k];
    bytes += n;
  }
  pl_vec_free(&globals);
  pl_vec_free(&fns);
  return bytes;
}

/* Nonzero when `v` has the same value on every iteration. */
static int invariant_at(const pl_candidate *c, LLVMValueRef v, int depth) {
  if (!LLVMIsAInstruction(v) || !pl_candidate_has_block(c, LLVMGetInstructionParent(v)))
    return 1;
  if (depth > PL_MAX_VALUE_DEPTH || LLVMIsAPHINode(v) || pl_touches_memory(v))
    return 0;
  int n = LLVMGetNumOperands(v);
  if (LLVMIsACallInst(v))
    --n;
  for (int i = 0; i < n; ++i)
    if (!invariant_at(c, LLVMGetOperand(v, (unsigned)i), depth + 1))
      return 0;
  return 1;
}

int pl_invariant(const pl_candidate *c, LLVMValueRef v) { return invariant_at(c, v, 0); }

int pl_copies_same_guards(const pl_copy *a, const pl_copy *b) {
  if (a->nmore_guards != b->nmore_guards)
    return 0;
  for (unsigned g = 0; g < a->nmore_guards; ++g)
    if (a->more_guards[g] != b->more_guards[g] || a->more_negated[g] != b->more_negated[g])
      return 0;
  return a->guard == b->guard && a->guard_negated == b->guard_negated &&
         pl_copies_same_predicate(a, b);
}

unsigned pl_pred_terms(const pl_copy *cp) { return cp->pred ? 1 + cp->nmore_preds : 0; }

LLVMValueRef pl_pred_term(const pl_copy *cp, unsigned t, int *negated) {
  *negated = t ? cp->more_pred_negated[t - 1] : cp->pred_negated;
  return t ? cp->more_preds[t - 1] : cp->pred;
}

int pl_copy_pred_varies(const pl_candidate *c, const pl_copy *cp) {
  for (unsigned t = 0; t < pl_pred_terms(cp); ++t) {
    int neg;
    if (!pl_invariant(c, pl_pred_term(cp, t, &neg)))
      return 1;
  }
  return 0;
}

/* Whether `v` is a thread index (threadIdx.x, .y or .z), through casts. */
static int is_thread_index(LLVMValueRef v) {
  while (LLVMIsAZExtInst(v) || LLVMIsASExtInst(v) || LLVMIsATruncInst(v))
    v = LLVMGetOperand(v, 0);
  return LLVMIsACallInst(v) && (pl_is_intrinsic(v, "llvm.nvvm.read.ptx.sreg.tid.x") ||
                                pl_is_intrinsic(v, "llvm.nvvm.read.ptx.sreg.tid.y") ||
                                pl_is_intrinsic(v, "llvm.nvvm.read.ptx.sreg.tid.z"));
}

/* Whether the i1 `cond` (negated when `neg`) holds for at most a quarter
 * of the `threads` values a thread index may take: a compare of a thread
 * index with a constant (`ty == 0`, `tx < 2`, `tx > 29`), an `or` of
 * thread indices equal to or below a constant (`(tx | ty) == 0`, `(tx |
 * ty) < 2`: both indices are), or an `and` one of whose sides is.
 * Anything else counts as not narrow. */
static int narrow_predicate(LLVMValueRef cond, int neg, unsigned threads) {
  if (!neg && LLVMIsAInstruction(cond) && LLVMGetInstructionOpcode(cond) == LLVMAnd)
    return narrow_predicate(LLVMGetOperand(cond, 0), 0, threads) ||
           narrow_predicate(LLVMGetOperand(cond, 1), 0, threads);
  if (!LLVMIsAICmpInst(cond))
    return 0;
  LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
  LLVMValueRef x = LLVMGetOperand(cond, 0), k = LLVMGetOperand(cond, 1);
  if (!LLVMIsAConstantInt(k) || LLVMGetIntTypeWidth(LLVMTypeOf(k)) > 64 ||
      LLVMConstIntGetSExtValue(k) < 0)
    return 0;
  uint64_t c = LLVMConstIntGetZExtValue(k);
  int below = p == LLVMIntEQ || p == LLVMIntULT || p == LLVMIntSLT || p == LLVMIntULE ||
              p == LLVMIntSLE; /* holds only for small values */
  int either = LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMOr &&
               is_thread_index(LLVMGetOperand(x, 0)) && is_thread_index(LLVMGetOperand(x, 1));
  if ((!is_thread_index(x) && !(either && below && !neg)) || c >= threads)
    return 0;
  /* thread-index values of [0, threads) for which it holds */
  uint64_t n = pl_icmp_count_below(cond, neg, threads);
  if (n == UINT64_MAX)
    return 0;
  return 4 * n <= threads;
}

int pl_copy_few_threads(const pl_copy *cp, unsigned threads) {
  for (unsigned t = 0; t < pl_pred_terms(cp); ++t) {
    int neg;
    LLVMValueRef term = pl_pred_term(cp, t, &neg);
    if (narrow_predicate(term, neg, threads))
      return 1;
  }
  return 0;
}

int pl_copies_same_predicate(const pl_copy *a, const pl_copy *b) {
  unsigned n = pl_pred_terms(a);
  if (n != pl_pred_terms(b))
    return 0;
  for (unsigned t = 0; t < n; ++t) {
    int na, nb;
    if (pl_pred_term(a, t, &na) != pl_pred_term(b, t, &nb) || na != nb)
      return 0;
  }
  return 1;
}

/* Nonzero when `i` may write the bytes `ptr` points into, or is a barrier
 * (after which another thread's earlier write may be seen). */
static int may_change(pl_host *host, LLVMValueRef i, LLVMValueRef ptr) {
  if (pl_is_any_barrier(i))
    return 1;
  return pl_touches_memory(i) && (pl_mod_ref(host, i, ptr) & PL_MOD);
}

/* A simple load of `ptr` of type `ty` before the loop, walking back from
 * the preheader's end through single-predecessor blocks, with nothing on
 * the way that may change those bytes; NULL when there is none. */
static LLVMValueRef load_before_loop(pl_host *host, const pl_candidate *c, LLVMValueRef ptr,
                                     LLVMTypeRef ty) {
  LLVMBasicBlockRef bb = c->preheader;
  for (unsigned depth = 0; bb && depth < PL_MAX_VALUE_DEPTH; ++depth) {
    for (LLVMValueRef i = LLVMGetLastInstruction(bb); i; i = LLVMGetPreviousInstruction(i)) {
      if (LLVMIsALoadInst(i) && LLVMGetOperand(i, 0) == ptr && LLVMTypeOf(i) == ty &&
          !LLVMGetVolatile(i) && LLVMGetOrdering(i) == LLVMAtomicOrderingNotAtomic)
        return i;
      if (may_change(host, i, ptr))
        return NULL;
    }
    bb = pl_pred_count(bb) == 1 ? pl_idom(host, bb) : NULL;
  }
  return NULL;
}

LLVMValueRef pl_invariant_load_before(pl_host *host, const pl_candidate *c, LLVMValueRef load) {
  if (!LLVMIsALoadInst(load) || LLVMGetVolatile(load) ||
      LLVMGetOrdering(load) != LLVMAtomicOrderingNotAtomic || !c->preheader)
    return NULL;
  LLVMValueRef ptr = LLVMGetOperand(load, 0);
  if ((LLVMIsAInstruction(ptr) && pl_candidate_has_block(c, LLVMGetInstructionParent(ptr))) ||
      pl_tile_index(c, pl_underlying_object(ptr)) >= 0)
    return NULL;
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i))
      if (!pl_is_any_barrier(i) && may_change(host, i, ptr))
        return NULL;
  return load_before_loop(host, c, ptr, LLVMTypeOf(load));
}

static int uniform_at(const pl_candidate *c, LLVMValueRef v, const pl_owner *given, pl_vmap *seen,
                      unsigned depth) {
  for (size_t k = 0; given && k < given->nkeys; ++k)
    if (v == given->keys[k])
      return 1;
  if (LLVMIsAConstant(v) || LLVMIsAArgument(v) || LLVMIsABasicBlock(v))
    return 1;
  if (!LLVMIsAInstruction(v) || depth > PL_MAX_VALUE_DEPTH)
    return 0;
  if (pl_vmap_get(seen, v))
    return 1;
  int min_max = 0; /* llvm.smin and the like: pure functions of their operands */
  if (LLVMIsACallInst(v)) {
    const char *name = pl_callee_name(v);
    min_max = !strncmp(name, "llvm.smin.", 10) || !strncmp(name, "llvm.smax.", 10) ||
              !strncmp(name, "llvm.umin.", 10) || !strncmp(name, "llvm.umax.", 10);
    if (!min_max)
      return !strncmp(name, "llvm.nvvm.read.ptx.sreg.ctaid.", 30) ||
             !strncmp(name, "llvm.nvvm.read.ptx.sreg.nctaid.", 31) ||
             !strncmp(name, "llvm.nvvm.read.ptx.sreg.ntid.", 29);
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  if (LLVMIsAPHINode(v)) {
    if (!c || LLVMGetInstructionParent(v) != c->header)
      return 0;
    pl_vmap_put(seen, v, v);
    for (unsigned i = 0; i < LLVMCountIncoming(v); ++i)
      if (!uniform_at(c, LLVMGetIncomingValue(v, i), given, seen, depth + 1))
        return 0;
    return 1;
  }
  if (!min_max && !LLVMIsABinaryOperator(v) && !LLVMIsACmpInst(v) && !LLVMIsACastInst(v) &&
      op != LLVMSelect && op != LLVMFreeze && op != LLVMGetElementPtr)
    return 0;
  pl_vmap_put(seen, v, v);
  for (int i = 0, n = LLVMGetNumOperands(v); i < n; ++i)
    if (!uniform_at(c, LLVMGetOperand(v, (unsigned)i), given, seen, depth + 1))
      return 0;
  return 1;
}

int pl_uniform_given(const pl_candidate *c, LLVMValueRef v, const pl_owner *given) {
  pl_vmap seen;
  pl_vmap_init(&seen);
  int ok = uniform_at(c, v, given, &seen, 0);
  pl_vmap_free(&seen);
  return ok;
}
