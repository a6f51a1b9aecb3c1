/*===- lib/rewrite.c - turn a legal tile loop into a cp.async ring -----===*/
#include "rewrite.h"

#include "legality.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One emission context: where to put instructions and what each original
 * value stands for at the iteration being issued. */
typedef struct emitter {
  pl_candidate *c;
  LLVMBuilderRef b;
  pl_vmap map;                          /* original -> value at that iteration */
  LLVMValueRef tile_base[PL_MAX_TILES]; /* replacement of each tile global */
  /* Byte offset of the slot from slot 0, per tile; with it, an address the
   * original loop hoisted out of the loop stays hoisted: it is cloned once
   * over slot 0 (by `slot0`) and offset here with one GEP. NULL: clone. */
  LLVMValueRef tile_off[PL_MAX_TILES];
  struct emitter *slot0;
  /* When set, the offset GEP of a hoisted address is built right before
   * this instruction and not remembered: a short live range, so the ring
   * costs no registers over the original loop. */
  LLVMValueRef use_point;
  int clone_loop; /* clone in-loop instructions (issue) or keep them */
  int drop_flags; /* drop poison-generating flags on clones */
} emitter;

static LLVMContextRef ctx_of(pl_candidate *c) { return LLVMGetModuleContext(c->module); }

static LLVMValueRef intrinsic(pl_candidate *c, const char *name, LLVMTypeRef *fty) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  *fty = LLVMIntrinsicGetType(ctx_of(c), id, NULL, 0);
  return LLVMGetIntrinsicDeclaration(c->module, id, NULL, 0);
}

static void call0(pl_candidate *c, LLVMBuilderRef b, const char *name) {
  LLVMTypeRef fty;
  LLVMValueRef fn = intrinsic(c, name, &fty);
  LLVMBuildCall2(b, fty, fn, NULL, 0, "");
}

static void wait_group(pl_candidate *c, LLVMBuilderRef b, unsigned n) {
  LLVMTypeRef fty;
  LLVMValueRef fn = intrinsic(c, "llvm.nvvm.cp.async.wait.group", &fty);
  LLVMValueRef arg = LLVMConstInt(LLVMInt32TypeInContext(ctx_of(c)), n, 0);
  LLVMBuildCall2(b, fty, fn, &arg, 1, "");
}

static void drop_poison_flags(LLVMValueRef inst) {
  switch (LLVMGetInstructionOpcode(inst)) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
    LLVMSetNUW(inst, 0);
    LLVMSetNSW(inst, 0);
    break;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMLShr:
  case LLVMAShr:
    LLVMSetExact(inst, 0);
    break;
  case LLVMGetElementPtr:
    LLVMGEPSetNoWrapFlags(inst, 0); /* inbounds, nusw and nuw */
    break;
  case LLVMZExt:
  case LLVMUIToFP:
    LLVMSetNNeg(inst, 0);
    break;
  case LLVMOr:
    LLVMSetIsDisjoint(inst, 0);
    break;
  default:
    break;
  }
}

static int derives_from_tile(pl_candidate *c, LLVMValueRef v) {
  return pl_tile_index(c, pl_underlying_object(v)) >= 0;
}

static LLVMValueRef remap(emitter *e, LLVMValueRef v);

/* Rebuilds a constant expression that refers to a tile as instructions. */
static LLVMValueRef materialize(emitter *e, LLVMValueRef ce) {
  LLVMOpcode op = LLVMGetConstOpcode(ce);
  LLVMValueRef base = remap(e, LLVMGetOperand(ce, 0));
  if (op == LLVMAddrSpaceCast)
    return LLVMBuildAddrSpaceCast(e->b, base, LLVMTypeOf(ce), "");
  if (op == LLVMBitCast)
    return LLVMBuildBitCast(e->b, base, LLVMTypeOf(ce), "");
  /* GEP (legality admits no other constant expression over a tile) */
  int n = LLVMGetNumOperands(ce);
  LLVMValueRef idx[16];
  for (int i = 1; i < n && i <= 16; ++i)
    idx[i - 1] = LLVMGetOperand(ce, (unsigned)i);
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ce);
  if (LLVMIsInBounds(ce) && !e->drop_flags)
    return LLVMBuildInBoundsGEP2(e->b, ty, base, idx, (unsigned)(n - 1), "");
  return LLVMBuildGEP2(e->b, ty, base, idx, (unsigned)(n - 1), "");
}

static LLVMValueRef remap(emitter *e, LLVMValueRef v) {
  LLVMValueRef m = pl_vmap_get(&e->map, v);
  if (m)
    return m;
  int t = pl_tile_index(e->c, v);
  if (t >= 0)
    return e->tile_base[t];
  LLVMValueRef r = v;
  if (LLVMIsAConstantExpr(v)) {
    int refers = 0;
    for (size_t i = 0; i < e->c->ntiles && !refers; ++i)
      refers = pl_const_refers_to(v, e->c->tiles[i].global);
    if (refers)
      r = materialize(e, v);
  } else if (LLVMIsAInstruction(v)) {
    int in_loop = pl_candidate_has_block(e->c, LLVMGetInstructionParent(v));
    int tile = in_loop ? -1 : pl_tile_index(e->c, pl_underlying_object(v));
    if (tile >= 0 && e->tile_off[tile] && e->slot0) {
      /* A hoisted tile address: its slot-0 clone, plus the offset. Every
       * slot-0 clone goes at the end of the preheader, which every hoisted
       * address used in the loop dominates; the recursion emits a clone's
       * operands before it. (Placing each clone after its original broke
       * dominance when one hoisted address derives from another.) */
      emitter *z = e->slot0;
      LLVMValueRef base0 = pl_vmap_get(&z->map, v);
      if (!base0) {
        LLVMPositionBuilderBefore(z->b, LLVMGetBasicBlockTerminator(e->c->preheader));
        base0 = remap(z, v);
      }
      LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx_of(e->c));
      if (e->use_point) {
        LLVMBuilderRef ub = LLVMCreateBuilderInContext(ctx_of(e->c));
        LLVMPositionBuilderBefore(ub, e->use_point);
        LLVMValueRef at = LLVMBuildGEP2(ub, i8, base0, &e->tile_off[tile], 1, "pl.at");
        LLVMDisposeBuilder(ub);
        return at;
      }
      r = LLVMBuildGEP2(e->b, i8, base0, &e->tile_off[tile], 1, "pl.at");
    } else if ((in_loop && e->clone_loop) || (!in_loop && derives_from_tile(e->c, v))) {
      r = LLVMInstructionClone(v);
      int n = LLVMGetNumOperands(v);
      if (LLVMIsACallInst(v))
        --n;
      for (int i = 0; i < n; ++i)
        LLVMSetOperand(r, (unsigned)i, remap(e, LLVMGetOperand(v, (unsigned)i)));
      if (e->drop_flags)
        drop_poison_flags(r);
      LLVMInsertIntoBuilder(e->b, r);
    }
  }
  if (r != v)
    pl_vmap_put(&e->map, v, r);
  return r;
}

/* Value of each IV at `k` iterations after `base` (its phi, or its start). */
static void map_ivs(emitter *e, int from_start, int64_t k) {
  pl_candidate *c = e->c;
  for (size_t i = 0; i < c->nivs; ++i) {
    const pl_iv *iv = &c->ivs[i];
    LLVMValueRef base = from_start ? iv->start : iv->phi;
    LLVMValueRef v = base;
    int64_t off = iv->step * k;
    if (off != 0) {
      if (iv->is_pointer) {
        LLVMValueRef o = LLVMConstInt(LLVMInt64TypeInContext(ctx_of(c)), (uint64_t)off, 1);
        v = LLVMBuildGEP2(e->b, LLVMInt8TypeInContext(ctx_of(c)), base, &o, 1, "pl.iv");
      } else {
        v = LLVMBuildAdd(e->b, base, LLVMConstInt(LLVMTypeOf(base), (uint64_t)off, 1), "pl.iv");
      }
    }
    pl_vmap_put(&e->map, iv->phi, v);
  }
}

/* Emits the cp.async of one copy for the iteration `e` describes. `pred`
 * is NULL when the iteration is surely in range. */
static void emit_copy(emitter *e, const pl_copy *cp, LLVMValueRef pred) {
  pl_candidate *c = e->c;
  LLVMContextRef ctx = ctx_of(c);
  LLVMValueRef src = remap(e, cp->src);
  LLVMValueRef dst = remap(e, cp->dst);
  if (pl_addrspace(dst) != PL_AS_SHARED)
    dst = LLVMBuildAddrSpaceCast(e->b, dst, LLVMPointerTypeInContext(ctx, PL_AS_SHARED), "pl.dst");
  if (pl_addrspace(src) != PL_AS_GLOBAL)
    src = LLVMBuildAddrSpaceCast(e->b, src, LLVMPointerTypeInContext(ctx, PL_AS_GLOBAL), "pl.src");
  LLVMValueRef cond = pred;
  if (cp->guard) {
    LLVMValueRef g = remap(e, cp->guard);
    if (cp->guard_negated)
      g = LLVMBuildNot(e->b, g, "pl.guard");
    cond = cond ? LLVMBuildAnd(e->b, cond, g, "pl.guard") : g;
  }
  /* cp.async.ca for 4 and 8 bytes (the only form PTX allows); .cg for 16
   * bytes, which bypasses L1: the tile lives in shared memory anyway. */
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.cp.async.%s.shared.global.%u%s",
           cp->bytes == 16 ? "cg" : "ca", cp->bytes, cond ? ".s" : "");
  LLVMTypeRef fty;
  LLVMValueRef fn = intrinsic(c, name, &fty);
  LLVMValueRef args[3] = {dst, src, NULL};
  unsigned nargs = 2;
  if (cond) {
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    args[2] = LLVMBuildSelect(e->b, cond, LLVMConstInt(i32, cp->bytes, 0), LLVMConstInt(i32, 0, 0),
                              "pl.srcsize");
    nargs = 3;
  }
  LLVMBuildCall2(e->b, fty, fn, args, nargs, "");
}

/* i1: does iteration `k` after the base exist? The base is iteration 0
 * (from_start) or the current iteration, whose number is `iter` (used with
 * ScalarEvolution's count `btc`). Returns NULL when it surely exists. */
static LLVMValueRef emit_exists(pl_candidate *c, LLVMBuilderRef b, int from_start, unsigned k,
                                LLVMValueRef btc, LLVMValueRef iter) {
  if (from_start && k == 0)
    return NULL;
  if (c->trip.use_scev) {
    LLVMTypeRef ty = LLVMTypeOf(btc);
    if (from_start)
      return LLVMBuildICmp(b, LLVMIntULE, LLVMConstInt(ty, k, 0), btc, "pl.exists");
    LLVMValueRef left = LLVMBuildSub(b, btc, iter, "pl.left");
    return LLVMBuildICmp(b, LLVMIntUGE, left, LLVMConstInt(ty, k, 0), "pl.exists");
  }
  /* Latch compare in twice the width: ext(iv) + (k - lag) * step. */
  const pl_iv *iv = &c->ivs[c->trip.iv];
  LLVMTypeRef ty = LLVMTypeOf(iv->phi);
  unsigned w = LLVMGetIntTypeWidth(ty);
  LLVMTypeRef wide = LLVMIntTypeInContext(ctx_of(c), w * 2 > 128 ? 128 : w * 2);
  LLVMValueRef base = from_start ? iv->start : iv->phi;
  LLVMValueRef bound = c->trip.bound;
  if (c->trip.is_signed) {
    base = LLVMBuildSExt(b, base, wide, "");
    bound = LLVMBuildSExt(b, bound, wide, "");
  } else {
    base = LLVMBuildZExt(b, base, wide, "");
    bound = LLVMBuildZExt(b, bound, wide, "");
  }
  int64_t off = ((int64_t)k - (int64_t)c->trip.lag) * iv->step;
  LLVMValueRef v = LLVMBuildAdd(b, base, LLVMConstInt(wide, (uint64_t)off, 1), "");
  return LLVMBuildICmp(b, c->trip.pred, v, bound, "pl.exists");
}

static void emitter_init(emitter *e, pl_candidate *c, LLVMBuilderRef b) {
  memset(e, 0, sizeof *e);
  e->c = c;
  e->b = b;
  pl_vmap_init(&e->map);
}

/* Whether the exit needs a barrier. The removed second barrier ordered the
 * last iteration's compute (everything after the first barrier) before
 * everything after the loop, among all threads: without it a fast thread
 * could write what a slow thread's compute still reads, or read what it
 * still writes. Accesses before the first barrier stay ordered by it, and
 * so do the copies: at the last first barrier every thread has waited for
 * its real copies; what is still in flight is zero-fill, which reads
 * nothing, into the ring, which is private to the loop. Re-entering the
 * loop refills the ring, so that needs the barrier too. */
static int exit_needs_barrier(pl_host *host, pl_candidate *c, LLVMBasicBlockRef exit) {
  pl_vec in_loop = {0}, work = {0};
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i))
      if (pl_touches_memory(i) && !pl_is_any_barrier(i) && !pl_in_copy_stage(host, c, i))
        pl_vec_push(&in_loop, i);
  int found = 0;
  size_t seen = 0;
  pl_vec_push(&work, LLVMBasicBlockAsValue(exit));
  for (size_t k = 0; k < work.len && !found; ++k) {
    LLVMBasicBlockRef bb = LLVMValueAsBasicBlock(work.v[k]);
    if (pl_candidate_has_block(c, bb)) {
      found = 1; /* the loop runs again: its prologue refills the ring */
      break;
    }
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && !found; i = LLVMGetNextInstruction(i)) {
      if (!pl_touches_memory(i) || pl_is_any_barrier(i))
        continue;
      if (++seen > 4096) {
        found = 1; /* too much to look at: keep the barrier */
        break;
      }
      for (size_t j = 0; j < in_loop.len && !found; ++j)
        found = pl_accesses_conflict(host, c, in_loop.v[j], i);
    }
    pl_push_successors(bb, &work);
  }
  pl_vec_free(&in_loop);
  pl_vec_free(&work);
  return found;
}

/* Collects (user, operand) pairs in the loop whose operand is a tile, a
 * constant expression over one, or an out-of-loop instruction derived from
 * one. */
typedef struct use_site {
  LLVMValueRef user;
  unsigned op;
} use_site;

static void collect_tile_uses(pl_candidate *c, LLVMValueRef v, use_site **sites, size_t *n,
                              size_t *cap) {
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (LLVMIsAConstantExpr(user)) {
      collect_tile_uses(c, user, sites, n, cap);
      continue;
    }
    if (!LLVMIsAInstruction(user))
      continue;
    if (!pl_candidate_has_block(c, LLVMGetInstructionParent(user))) {
      collect_tile_uses(c, user, sites, n, cap);
      continue;
    }
    int nops = LLVMGetNumOperands(user);
    for (int i = 0; i < nops; ++i) {
      if (LLVMGetOperand(user, (unsigned)i) != v)
        continue;
      int dup = 0;
      for (size_t k = 0; k < *n && !dup; ++k)
        dup = (*sites)[k].user == user && (*sites)[k].op == (unsigned)i;
      if (dup)
        continue;
      if (*n == *cap) {
        *cap = *cap ? 2 * *cap : 64;
        *sites = realloc(*sites, *cap * sizeof **sites);
        if (!*sites)
          abort();
      }
      (*sites)[(*n)++] = (use_site){user, (unsigned)i};
    }
  }
}

unsigned pl_rewrite(pl_host *host, pl_candidate *c, const pl_plan *plan) {
  LLVMContextRef ctx = ctx_of(c);
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
  const unsigned S = plan->stages;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  unsigned issued = 0;
  /* Decided on the original IR, where tile accesses still name the tiles. */
  int need_barrier = exit_needs_barrier(host, c, c->exit);

  /* The rings. */
  LLVMValueRef ring[PL_MAX_TILES];
  for (size_t t = 0; t < c->ntiles; ++t) {
    size_t n = 0;
    const char *gname = LLVMGetValueName2(c->tiles[t].global, &n);
    char name[256];
    snprintf(name, sizeof name, "%.*s.ring", (int)(n < 200 ? n : 200), gname);
    LLVMTypeRef ty = LLVMArrayType2(i8, S * plan->stride[t]);
    ring[t] = LLVMAddGlobalInAddressSpace(c->module, ty, name, PL_AS_SHARED);
    LLVMSetLinkage(ring[t], LLVMInternalLinkage);
    LLVMSetInitializer(ring[t], LLVMGetUndef(ty));
    LLVMSetAlignment(ring[t], plan->align[t]);
    LLVMSetUnnamedAddress(ring[t], LLVMGlobalUnnamedAddr);
  }

  /* Hoisted tile addresses, re-based once on slot 0 of the rings. */
  emitter slot0;
  emitter_init(&slot0, c, LLVMCreateBuilderInContext(ctx));
  for (size_t t = 0; t < c->ntiles; ++t)
    slot0.tile_base[t] = ring[t];

  /* Preheader: the backedge-taken count, then the prologue. */
  LLVMValueRef ph_term = LLVMGetBasicBlockTerminator(c->preheader);
  LLVMValueRef btc =
      c->trip.use_scev ? pl_loop_expand_backedge_count(host, c->loop, ph_term) : NULL;
  LLVMPositionBuilderBefore(b, ph_term);
  for (unsigned k = 0; k + 1 < S; ++k) {
    emitter e;
    emitter_init(&e, c, b);
    e.clone_loop = 1;
    e.drop_flags = 1;
    e.slot0 = &slot0;
    for (size_t t = 0; t < c->ntiles; ++t) {
      LLVMValueRef off = LLVMConstInt(i32, k * plan->stride[t], 0);
      e.tile_base[t] = LLVMBuildGEP2(b, i8, ring[t], &off, 1, "pl.slot");
      e.tile_off[t] = off;
    }
    map_ivs(&e, 1, k);
    LLVMValueRef pred = emit_exists(c, b, 1, k, btc, NULL);
    for (size_t i = 0; i < c->ncopies; ++i, ++issued)
      emit_copy(&e, &c->copies[i], pred);
    call0(c, b, "llvm.nvvm.cp.async.commit.group");
    pl_vmap_free(&e.map);
  }

  /* Header: the slot counter s (and, with ScalarEvolution's count, the
   * iteration counter n), and the slot pointers. */
  LLVMValueRef top = pl_first_non_phi(c->header);
  LLVMPositionBuilderBefore(b, LLVMGetFirstInstruction(c->header));
  LLVMValueRef n_phi = btc ? LLVMBuildPhi(b, LLVMTypeOf(btc), "pl.iter") : NULL;
  LLVMValueRef s_phi = LLVMBuildPhi(b, i32, "pl.slot.idx");
  LLVMPositionBuilderBefore(b, top);
  emitter cur;
  emitter_init(&cur, c, b);
  /* `anchor` is ours and survives the erasure of the copies below; the
   * original first instruction may not. */
  LLVMValueRef anchor = NULL;
  cur.slot0 = &slot0;
  for (size_t t = 0; t < c->ntiles; ++t) {
    LLVMValueRef off = LLVMBuildMul(b, s_phi, LLVMConstInt(i32, plan->stride[t], 0), "");
    cur.tile_base[t] = anchor = LLVMBuildInBoundsGEP2(b, i8, ring[t], &off, 1, "pl.cur");
    cur.tile_off[t] = off;
  }

  /* Steady state around the first barrier. */
  LLVMPositionBuilderBefore(b, c->first_barrier);
  wait_group(c, b, S - 2);
  LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(c->first_barrier));
  {
    emitter e;
    emitter_init(&e, c, b);
    e.clone_loop = 1;
    e.drop_flags = 1;
    e.slot0 = &slot0;
    LLVMValueRef is0 = LLVMBuildICmp(b, LLVMIntEQ, s_phi, LLVMConstInt(i32, 0, 0), "");
    LLVMValueRef prev = LLVMBuildSub(b, s_phi, LLVMConstInt(i32, 1, 0), "");
    LLVMValueRef s_issue =
        LLVMBuildSelect(b, is0, LLVMConstInt(i32, S - 1, 0), prev, "pl.slot.next");
    for (size_t t = 0; t < c->ntiles; ++t) {
      LLVMValueRef off = LLVMBuildMul(b, s_issue, LLVMConstInt(i32, plan->stride[t], 0), "");
      e.tile_base[t] = LLVMBuildInBoundsGEP2(b, i8, ring[t], &off, 1, "pl.fill");
      e.tile_off[t] = off;
    }
    map_ivs(&e, 0, S - 1);
    LLVMValueRef pred = emit_exists(c, b, 0, S - 1, btc, n_phi);
    for (size_t i = 0; i < c->ncopies; ++i, ++issued)
      emit_copy(&e, &c->copies[i], pred);
    call0(c, b, "llvm.nvvm.cp.async.commit.group");
    pl_vmap_free(&e.map);
  }

  /* Latch: advance the counters. */
  LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(c->latch));
  LLVMValueRef s_inc = LLVMBuildAdd(b, s_phi, LLVMConstInt(i32, 1, 0), "");
  LLVMValueRef wrap = LLVMBuildICmp(b, LLVMIntEQ, s_inc, LLVMConstInt(i32, S, 0), "");
  LLVMValueRef s_next = LLVMBuildSelect(b, wrap, LLVMConstInt(i32, 0, 0), s_inc, "pl.slot.rot");
  if (n_phi) {
    LLVMValueRef n_next =
        LLVMBuildAdd(b, n_phi, LLVMConstInt(LLVMTypeOf(btc), 1, 0), "pl.iter.next");
    LLVMValueRef zero_c = LLVMConstInt(LLVMTypeOf(btc), 0, 0);
    LLVMAddIncoming(n_phi, &zero_c, &c->preheader, 1);
    LLVMAddIncoming(n_phi, &n_next, &c->latch, 1);
  }
  LLVMValueRef zero_32 = LLVMConstInt(i32, 0, 0);
  LLVMAddIncoming(s_phi, &zero_32, &c->preheader, 1);
  LLVMAddIncoming(s_phi, &s_next, &c->latch, 1);

  /* The synchronous copies go. */
  for (size_t i = 0; i < c->ncopies; ++i) {
    LLVMValueRef st = c->copies[i].store;
    LLVMValueRef ops[3] = {LLVMGetOperand(st, 0), LLVMGetOperand(st, 1),
                           LLVMIsACallInst(st) ? LLVMGetOperand(st, 2) : NULL};
    LLVMInstructionEraseFromParent(st);
    for (int k = 0; k < 3; ++k)
      if (ops[k] && LLVMIsAInstruction(ops[k]))
        pl_erase_if_dead(ops[k]);
  }

  /* The compute reads the current slot. */
  LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(anchor));
  use_site *sites = NULL;
  size_t nsites = 0, cap = 0;
  for (size_t t = 0; t < c->ntiles; ++t)
    collect_tile_uses(c, c->tiles[t].global, &sites, &nsites, &cap);
  /* A plain load becomes a shared-space access (InferAddressSpaces), so its
   * hoisted address stays hoisted at no register cost. An intrinsic such as
   * wmma.load keeps a generic pointer; hoisted, each such address would be
   * a 64-bit generic pointer live across the loop (measured: 124 -> 167
   * registers for the WMMA example), so rebuild it from the slot pointer. */
  emitter rebuilt;
  emitter_init(&rebuilt, c, b);
  memcpy(rebuilt.tile_base, cur.tile_base, sizeof rebuilt.tile_base);
  for (size_t k = 0; k < nsites; ++k) {
    LLVMValueRef user = sites[k].user;
    LLVMValueRef old = LLVMGetOperand(user, sites[k].op);
    emitter *e = LLVMIsACallInst(user) ? &rebuilt : &cur;
    e->use_point = e == &cur ? user : NULL;
    LLVMSetOperand(user, sites[k].op, remap(e, old));
  }
  free(sites);
  pl_vmap_free(&cur.map);
  pl_vmap_free(&rebuilt.map);
  pl_vmap_free(&slot0.map);
  LLVMDisposeBuilder(slot0.b);

  /* One barrier per iteration. */
  LLVMInstructionEraseFromParent(c->second_barrier);

  /* Drain on the exit edge. */
  LLVMBasicBlockRef exit = c->exit;
  if (pl_count_preds(c->function, exit) != 1)
    exit = pl_split_edge(host, c->latch, exit);
  LLVMPositionBuilderBefore(b, pl_first_non_phi(exit));
  wait_group(c, b, 0);
  if (need_barrier)
    call0(c, b, "llvm.nvvm.barrier0");

  /* The tiles are gone: clear dead address chains, then the globals. */
  for (size_t t = 0; t < c->ntiles; ++t) {
    LLVMValueRef g = c->tiles[t].global;
    int progress = 1;
    for (int round = 0; progress && round < 4; ++round) {
      progress = 0;
      pl_vec insts = {0};
      pl_vec stack = {0};
      pl_vec_push(&stack, g);
      while (stack.len) {
        LLVMValueRef v = stack.v[--stack.len];
        for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
          LLVMValueRef user = LLVMGetUser(u);
          if (LLVMIsAConstantExpr(user))
            pl_vec_push(&stack, user);
          else if (LLVMIsAInstruction(user) && !LLVMGetFirstUse(user) && !pl_vec_has(&insts, user))
            pl_vec_push(&insts, user);
        }
      }
      for (size_t k = 0; k < insts.len; ++k) {
        pl_erase_if_dead(insts.v[k]);
        progress = 1;
      }
      pl_vec_free(&insts);
      pl_vec_free(&stack);
    }
    LLVMReplaceAllUsesWith(g, LLVMGetPoison(LLVMTypeOf(g)));
    LLVMDeleteGlobal(g);
  }
  LLVMDisposeBuilder(b);
  return issued;
}
