/*===- lib/recognize.c - find the tile-loop shape -----------------------===*/
#include "recognize.h"

#include <stdlib.h>
#include <string.h>

void pl_candidate_free(pl_candidate *c) {
  free(c->blocks);
  free(c->copies);
  free(c->tiles);
  free(c->ivs);
  memset(c, 0, sizeof *c);
}

int pl_candidate_has_block(const pl_candidate *c, LLVMBasicBlockRef bb) {
  for (size_t i = 0; i < c->nblocks; ++i)
    if (c->blocks[i] == bb)
      return 1;
  return 0;
}

/* Nonzero when `a` comes before `b` in the same block. */
static int precedes_in_block(LLVMValueRef a, LLVMValueRef b) {
  for (LLVMValueRef i = LLVMGetNextInstruction(a); i; i = LLVMGetNextInstruction(i))
    if (i == b)
      return 1;
  return 0;
}

int pl_in_copy_stage(pl_host *host, const pl_candidate *c, LLVMValueRef inst) {
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(inst);
  LLVMBasicBlockRef b1 = LLVMGetInstructionParent(c->first_barrier);
  if (bb == b1)
    return inst == c->first_barrier ? 0 : precedes_in_block(inst, c->first_barrier);
  return !pl_dominates(host, b1, bb);
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

static void *grow(void *p, size_t n, size_t elem) {
  void *q = realloc(p, (n + 1) * elem);
  if (!q)
    abort();
  return q;
}

/* Source-level name of a tile: the demangled name's last component. */
static void tile_name(LLVMValueRef g, char *out, size_t len) {
  size_t n = 0;
  const char *raw = LLVMGetValueName2(g, &n);
  char *dm = pl_demangle(raw ? raw : "");
  const char *s = dm;
  for (const char *p = dm; *p; ++p)
    if (p[0] == ':' && p[1] == ':')
      s = p + 2;
  size_t k = strlen(s);
  if (k >= len)
    k = len - 1;
  memcpy(out, s, k);
  out[k] = '\0';
  free(dm);
}

static void collect_ivs(pl_candidate *c) {
  for (LLVMValueRef phi = LLVMGetFirstInstruction(c->header); phi && LLVMIsAPHINode(phi);
       phi = LLVMGetNextInstruction(phi)) {
    LLVMValueRef start = NULL, next = NULL;
    for (unsigned i = 0; i < LLVMCountIncoming(phi); ++i) {
      LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
      if (from == c->preheader)
        start = LLVMGetIncomingValue(phi, i);
      else if (from == c->latch)
        next = LLVMGetIncomingValue(phi, i);
    }
    if (!start || !next || !LLVMIsAInstruction(next))
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
    if (!ok)
      continue;
    c->ivs = grow(c->ivs, c->nivs, sizeof *c->ivs);
    c->ivs[c->nivs++] = (pl_iv){phi, start, step, is_ptr};
  }
}

static int tile_of_pointer(pl_candidate *c, LLVMValueRef ptr) {
  LLVMValueRef base = pl_underlying_object(ptr);
  if (!pl_is_shared_global(base))
    return -1;
  int t = pl_tile_index(c, base);
  if (t >= 0)
    return t;
  if (c->ntiles >= PL_MAX_TILES)
    return -2;
  c->tiles = grow(c->tiles, c->ntiles, sizeof *c->tiles);
  pl_tile *tile = &c->tiles[c->ntiles];
  tile->global = base;
  tile->bytes = pl_type_alloc_size(c->module, LLVMGlobalGetValueType(base));
  tile_name(base, tile->name, sizeof tile->name);
  return (int)c->ntiles++;
}

static int is_zero(LLVMValueRef v) {
  return LLVMIsConstant(v) && LLVMIsNull(v) && !LLVMIsUndef(v) && !LLVMIsPoison(v);
}

/* Peels value-preserving bitcasts. */
static LLVMValueRef peel_bitcast(LLVMValueRef v) {
  while (LLVMIsABitCastInst(v))
    v = LLVMGetOperand(v, 0);
  return v;
}

static int is_conversion(LLVMValueRef v) {
  if (!LLVMIsACastInst(v))
    return 0;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  return op != LLVMBitCast && op != LLVMAddrSpaceCast;
}

/* Classifies the stored value of a tile store. */
static int classify_value(pl_host *host, pl_candidate *c, LLVMValueRef store, pl_copy *cp,
                          pl_fail *f, const char *tname) {
  LLVMValueRef v = peel_bitcast(LLVMGetOperand(store, 0));
  if (LLVMIsASelectInst(v)) {
    LLVMValueRef tv = peel_bitcast(LLVMGetOperand(v, 1));
    LLVMValueRef fv = peel_bitcast(LLVMGetOperand(v, 2));
    LLVMTypeRef ct = LLVMTypeOf(LLVMGetOperand(v, 0));
    int scalar = LLVMGetTypeKind(ct) == LLVMIntegerTypeKind; /* not a per-lane mask */
    if (!scalar) {
      /* a vector select: no single zero-fill condition */
    } else if (pl_is_copy_load(tv) && is_zero(fv)) {
      cp->guard = LLVMGetOperand(v, 0);
      v = tv;
    } else if (pl_is_copy_load(fv) && is_zero(tv)) {
      cp->guard = LLVMGetOperand(v, 0);
      cp->guard_negated = 1;
      v = fv;
    }
  } else if (LLVMIsAPHINode(v) && LLVMCountIncoming(v) == 2) {
    /* P: br c, L, M   L: load; br M   M: phi [load, L], [0, P] */
    for (unsigned i = 0; i < 2; ++i) {
      LLVMValueRef lv = peel_bitcast(LLVMGetIncomingValue(v, i));
      LLVMValueRef zv = LLVMGetIncomingValue(v, 1 - i);
      LLVMBasicBlockRef lb = LLVMGetIncomingBlock(v, i);
      LLVMBasicBlockRef pb = LLVMGetIncomingBlock(v, 1 - i);
      LLVMBasicBlockRef mb = LLVMGetInstructionParent(v);
      if (!pl_is_copy_load(lv) || !is_zero(zv) || LLVMGetInstructionParent(lv) != lb)
        continue;
      LLVMValueRef lt = LLVMGetBasicBlockTerminator(lb);
      LLVMValueRef pt = LLVMGetBasicBlockTerminator(pb);
      if (!lt || LLVMGetNumSuccessors(lt) != 1 || LLVMGetSuccessor(lt, 0) != mb)
        continue;
      if (!pt || !LLVMIsABranchInst(pt) || !LLVMIsConditional(pt))
        continue;
      if (pl_count_preds(c->function, lb) != 1)
        continue;
      LLVMBasicBlockRef s0 = LLVMGetSuccessor(pt, 0), s1 = LLVMGetSuccessor(pt, 1);
      if (s0 == lb && s1 == mb) {
        cp->guard = LLVMGetCondition(pt);
      } else if (s1 == lb && s0 == mb) {
        cp->guard = LLVMGetCondition(pt);
        cp->guard_negated = 1;
      } else {
        continue;
      }
      v = lv;
      break;
    }
  }
  if (!LLVMIsALoadInst(v) && !pl_is_copy_load(v)) {
    LLVMValueRef w = v;
    while (is_conversion(w))
      w = LLVMGetOperand(w, 0);
    if (w != v && pl_is_copy_load(w))
      return pl_failf(f, PL_R_CONVERTED_COPY, store,
                      "the copy into tile '%s' converts the loaded value; cp.async "
                      "copies bytes unchanged",
                      tname);
    return pl_failf(f, PL_R_NOT_A_COPY, store,
                    "a store into tile '%s' does not store a value loaded from "
                    "global memory",
                    tname);
  }
  if (!pl_is_copy_load(v))
    return pl_failf(f, PL_R_NOT_A_COPY, v, "the load copied into tile '%s' is volatile or atomic",
                    tname);
  if (!pl_candidate_has_block(c, LLVMGetInstructionParent(v)) || !pl_in_copy_stage(host, c, v))
    return pl_failf(f, PL_R_NOT_A_COPY, v,
                    "the value copied into tile '%s' is not loaded in the copy "
                    "stage of the loop",
                    tname);
  cp->load = v;
  cp->src = LLVMGetOperand(v, 0);
  uint64_t ls = pl_type_store_size(c->module, LLVMTypeOf(v));
  uint64_t ss = pl_type_store_size(c->module, LLVMTypeOf(LLVMGetOperand(store, 0)));
  if (ls != ss)
    return pl_failf(f, PL_R_CONVERTED_COPY, store,
                    "the copy into tile '%s' changes the size of the value", tname);
  cp->bytes = (unsigned)(ls > 0xffff ? 0xffff : ls);
  return 1;
}

int pl_loop_has_barrier(pl_host *host, pl_loop_ref loop, LLVMValueRef fn) {
  (void)host;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
    if (!pl_loop_contains(loop, b))
      continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      if (pl_is_cta_barrier(i))
        return 1;
  }
  return 0;
}

/* Barrier order: a before b when a's block strictly dominates b's, or both
 * share a block and a comes first. All barriers dominate the latch, so
 * their blocks form a chain under dominance. */
static int barrier_before(pl_host *host, LLVMValueRef a, LLVMValueRef b) {
  LLVMBasicBlockRef ba = LLVMGetInstructionParent(a), bb = LLVMGetInstructionParent(b);
  if (ba == bb)
    return precedes_in_block(a, b);
  return pl_dominates(host, ba, bb);
}

int pl_recognize(pl_host *host, pl_loop_ref loop, LLVMValueRef fn, pl_candidate *c, pl_fail *f) {
  c->module = LLVMGetGlobalParent(fn);
  c->function = fn;
  c->loop = loop;
  c->header = pl_loop_header(loop);
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    if (pl_loop_contains(loop, b)) {
      c->blocks = grow(c->blocks, c->nblocks, sizeof *c->blocks);
      c->blocks[c->nblocks++] = b;
    }

  /* The barriers, and whether every thread reaches them (f). */
  /* Shared stores and barriers of this loop's own level, and of its
   * inner loops: a loop whose copies all sit in an inner loop, and whose
   * own body has no barrier, is not a tile loop itself (the inner one may
   * be). */
  pl_vec barriers = {0};
  int own_store = 0, inner_store = 0, own_barrier = 0;
  for (size_t k = 0; k < c->nblocks; ++k) {
    int inner = pl_loop_in_subloop(host, loop, c->blocks[k]);
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      if (pl_is_cta_barrier(i)) {
        pl_vec_push(&barriers, i);
        own_barrier |= !inner;
      } else if ((LLVMIsAStoreInst(i) &&
                  pl_is_shared_global(pl_underlying_object(LLVMGetOperand(i, 1)))) ||
                 (pl_is_memcpy(i) &&
                  pl_is_shared_global(pl_underlying_object(LLVMGetOperand(i, 0))))) {
        own_store |= !inner;
        inner_store |= inner;
      }
    }
  }
  int ok = 0;
  if (!own_store && !(inner_store && own_barrier)) {
    pl_failf(f, PL_R_NO_COPY, NULL,
             "no copy from global memory into a __shared__ tile opens the loop body");
    goto out;
  }

  c->preheader = pl_loop_preheader(loop);
  if (!c->preheader) {
    pl_failf(f, PL_R_NO_PREHEADER, NULL, "the loop has no preheader");
    goto out;
  }
  c->latch = pl_loop_latch(loop);
  if (!c->latch) {
    pl_failf(f, PL_R_NO_LATCH, NULL, "the loop has more than one latch");
    goto out;
  }
  if (pl_loop_exiting_block(loop) != c->latch || !pl_loop_exit_block(loop)) {
    pl_failf(f, PL_R_NOT_ROTATED, NULL,
             "the loop leaves from a block other than its latch (an early exit, "
             "or a loop that is not rotated)");
    goto out;
  }
  c->exit = pl_loop_exit_block(loop);

  for (size_t k = 0; k < barriers.len; ++k) {
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(barriers.v[k]);
    if (pl_loop_in_subloop(host, loop, bb)) {
      pl_failf(f, PL_R_BARRIER_DIVERGENT, barriers.v[k],
               "a barrier sits in an inner loop of the tile loop");
      goto out;
    }
    if (!pl_dominates(host, bb, c->latch)) {
      pl_failf(f, PL_R_BARRIER_DIVERGENT, barriers.v[k],
               "a barrier is under a condition, so not every thread may reach it");
      goto out;
    }
  }
  if (barriers.len < 2) {
    pl_failf(f, PL_R_BARRIERS, barriers.len ? barriers.v[0] : NULL,
             "the loop body has %zu barrier%s; a tile loop has copy, barrier, "
             "compute, barrier",
             barriers.len, barriers.len == 1 ? "" : "s");
    goto out;
  }
  LLVMValueRef first = barriers.v[0], last = barriers.v[0];
  for (size_t k = 1; k < barriers.len; ++k) {
    if (barrier_before(host, barriers.v[k], first))
      first = barriers.v[k];
    if (barrier_before(host, last, barriers.v[k]))
      last = barriers.v[k];
  }
  c->first_barrier = first;
  c->second_barrier = last;
  if (LLVMGetInstructionParent(last) != c->latch) {
    pl_failf(f, PL_R_BARRIERS, last, "the last barrier of the body is not in the loop latch");
    goto out;
  }
  for (LLVMValueRef i = LLVMGetNextInstruction(last); i; i = LLVMGetNextInstruction(i))
    if (pl_touches_memory(i)) {
      pl_failf(f, PL_R_BARRIERS, i, "memory is accessed after the last barrier of the body");
      goto out;
    }

  /* The copy stage: no inner loop, and its tile stores are the copies. */
  for (size_t k = 0; k < c->nblocks; ++k) {
    LLVMBasicBlockRef bb = c->blocks[k];
    if (pl_dominates(host, LLVMGetInstructionParent(first), bb) &&
        bb != LLVMGetInstructionParent(first))
      continue;
    if (pl_loop_in_subloop(host, loop, bb)) {
      pl_failf(f, PL_R_COPY_IN_LOOP, NULL,
               "the copy stage contains an inner loop; fully unroll it or give it "
               "a constant trip count");
      goto out;
    }
  }
  collect_ivs(c);
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      int is_store = LLVMIsAStoreInst(i) != NULL;
      int is_cpy = pl_is_memcpy(i);
      if (!is_store && !is_cpy)
        continue;
      LLVMValueRef dst = LLVMGetOperand(i, is_store ? 1 : 0);
      if (!pl_is_shared_global(pl_underlying_object(dst)) || !pl_in_copy_stage(host, c, i))
        continue;
      int t = tile_of_pointer(c, dst);
      if (t < 0) {
        pl_failf(f, PL_R_BUDGET, i, "the copy stage fills more than %u tiles", PL_MAX_TILES);
        goto out;
      }
      const char *tname = c->tiles[t].name;
      pl_copy cp = {0};
      cp.store = i;
      cp.dst = dst;
      cp.tile = (unsigned)t;
      if (is_store) {
        if (LLVMGetVolatile(i) || LLVMGetOrdering(i) != LLVMAtomicOrderingNotAtomic) {
          pl_failf(f, PL_R_NOT_A_COPY, i,
                   "a store into __shared__ array '%s' before the first barrier is volatile "
                   "or atomic",
                   tname);
          goto out;
        }
        if (!classify_value(host, c, i, &cp, f, tname))
          goto out;
      } else {
        LLVMValueRef len = LLVMGetOperand(i, 2);
        LLVMValueRef vol = LLVMGetOperand(i, 3);
        if (!LLVMIsAConstantInt(vol) || LLVMConstIntGetZExtValue(vol) != 0) {
          pl_failf(f, PL_R_NOT_A_COPY, i, "a copy into tile '%s' is volatile", tname);
          goto out;
        }
        if (!LLVMIsAConstantInt(len)) {
          pl_failf(f, PL_R_COPY_SIZE, i,
                   "a copy into tile '%s' has a size unknown at compile time; cp.async "
                   "copies 4, 8 or 16 bytes",
                   tname);
          goto out;
        }
        uint64_t n = LLVMConstIntGetZExtValue(len);
        cp.bytes = (unsigned)(n > 0xffff ? 0xffff : n);
        cp.src = LLVMGetOperand(i, 1);
      }
      /* Executed on every iteration: the store's block dominates the
       * first barrier's block. */
      if (!pl_dominates(host, LLVMGetInstructionParent(i), LLVMGetInstructionParent(first))) {
        pl_failf(f, PL_R_CONDITIONAL_COPY, i,
                 "the copy into tile '%s' is skipped on some iterations without "
                 "writing zeros, so the tile would keep stale data",
                 tname);
        goto out;
      }
      c->copies = grow(c->copies, c->ncopies, sizeof *c->copies);
      c->copies[c->ncopies++] = cp;
    }
  if (c->ncopies == 0) {
    pl_failf(f, PL_R_NO_COPY, NULL,
             "no copy from global memory into a __shared__ tile opens the loop body");
    goto out;
  }
  ok = 1;
out:
  pl_vec_free(&barriers);
  return ok;
}
