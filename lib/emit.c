/*===- lib/emit.c - values of a later iteration, in a given slot --------===*/
#include "emit.h"

#include "host_memory.h"

#include <stdlib.h>
#include <string.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

LLVMValueRef pl_emit_intrinsic(const pl_candidate *c, const char *name, LLVMTypeRef *fty) {
  unsigned id = LLVMLookupIntrinsicID(name, strlen(name));
  *fty = LLVMIntrinsicGetType(ctx_of(c), id, NULL, 0);
  return LLVMGetIntrinsicDeclaration(c->module, id, NULL, 0);
}

void pl_emit_call0(const pl_candidate *c, LLVMBuilderRef b, const char *name) {
  LLVMTypeRef fty;
  LLVMValueRef fn = pl_emit_intrinsic(c, name, &fty);
  LLVMBuildCall2(b, fty, fn, NULL, 0, "");
}

static int derives_from_tile(const pl_candidate *c, LLVMValueRef v) {
  return pl_tile_index(c, pl_underlying_object(v)) >= 0;
}

static LLVMValueRef remap(pl_emitter *e, LLVMValueRef v);

/* Rebuilds a constant expression that refers to a tile as instructions. */
static LLVMValueRef materialize(pl_emitter *e, LLVMValueRef ce) {
  LLVMOpcode op = LLVMGetConstOpcode(ce);
  LLVMValueRef base = remap(e, LLVMGetOperand(ce, 0));
  if (op == LLVMAddrSpaceCast)
    return LLVMBuildAddrSpaceCast(e->b, base, LLVMTypeOf(ce), "");
  if (op == LLVMBitCast)
    return LLVMBuildBitCast(e->b, base, LLVMTypeOf(ce), "");
  /* GEP (legality admits no other constant expression over a tile) */
  unsigned n = (unsigned)LLVMGetNumOperands(ce) - 1;
  LLVMValueRef *idx = pl_xcalloc(n, sizeof *idx);
  for (unsigned i = 0; i < n; ++i)
    idx[i] = LLVMGetOperand(ce, i + 1);
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(ce);
  LLVMValueRef gep = LLVMIsInBounds(ce) && !e->drop_flags
                         ? LLVMBuildInBoundsGEP2(e->b, ty, base, idx, n, "")
                         : LLVMBuildGEP2(e->b, ty, base, idx, n, "");
  free(idx);
  return gep;
}

static LLVMValueRef remap(pl_emitter *e, LLVMValueRef v) {
  LLVMValueRef m = pl_vmap_get(&e->map, v);
  if (m)
    return m;
  if (e->ivs_mapped && LLVMIsAPHINode(v)) {
    const pl_iv *iv = pl_find_iv(e->c, v);
    if (iv && iv->runtime_step) {
      LLVMValueRef r = pl_emit_iv(e, (size_t)(iv - e->c->ivs), e->iv_from_start, e->iv_k);
      pl_vmap_put(&e->map, v, r);
      return r;
    }
  }
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
      pl_emitter *z = e->slot0;
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
        pl_drop_poison_flags(r);
      LLVMInsertIntoBuilder(e->b, r);
    }
  }
  if (r != v)
    pl_vmap_put(&e->map, v, r);
  return r;
}

LLVMValueRef pl_emit_iv(pl_emitter *e, size_t i, int from_start, int64_t k) {
  const pl_iv *iv = &e->c->ivs[i];
  LLVMContextRef ctx = ctx_of(e->c);
  LLVMValueRef base = from_start ? iv->start : iv->phi;
  LLVMValueRef off;
  if (iv->runtime_step) {
    LLVMValueRef step = e->iv_steps[i];
    if (k == 0)
      return base;
    off = k == 1 ? step
                 : LLVMBuildMul(e->b, step, LLVMConstInt(LLVMTypeOf(step), (uint64_t)k, 1), "");
  } else {
    int64_t bytes = iv->step * k;
    if (bytes == 0)
      return base;
    LLVMTypeRef ty = iv->is_pointer ? LLVMInt64TypeInContext(ctx) : LLVMTypeOf(base);
    off = LLVMConstInt(ty, (uint64_t)bytes, 1);
  }
  if (iv->is_pointer)
    return LLVMBuildGEP2(e->b, LLVMInt8TypeInContext(ctx), base, &off, 1, "pl.iv");
  return LLVMBuildAdd(e->b, base, off, "pl.iv");
}

/* Value of each IV at `k` iterations after `base` (its phi, or its start).
 * An IV with a runtime step is mapped when first used (remap). */
void pl_emit_map_ivs(pl_emitter *e, int from_start, int64_t k) {
  e->ivs_mapped = 1;
  e->iv_from_start = from_start;
  e->iv_k = k;
  for (size_t i = 0; i < e->c->nivs; ++i)
    if (!e->c->ivs[i].runtime_step)
      pl_vmap_put(&e->map, e->c->ivs[i].phi, pl_emit_iv(e, i, from_start, k));
}

LLVMValueRef pl_emit_remap(pl_emitter *e, LLVMValueRef v) { return remap(e, v); }

LLVMValueRef pl_emit_and_term(pl_emitter *e, LLVMValueRef cond, LLVMValueRef term, int negated,
                              const char *not_name, const char *and_name) {
  LLVMValueRef t = pl_emit_frozen_term(e, term);
  if (negated)
    t = LLVMBuildNot(e->b, t, not_name);
  return cond ? LLVMBuildAnd(e->b, cond, t, and_name) : t;
}

LLVMValueRef pl_emit_frozen_term(pl_emitter *e, LLVMValueRef term) {
  LLVMValueRef t = remap(e, term);
  return LLVMIsAInstruction(t) ? LLVMBuildFreeze(e->b, t, "pl.term") : t;
}

void pl_emitter_init(pl_emitter *e, const pl_candidate *c, LLVMBuilderRef b) {
  memset(e, 0, sizeof *e);
  e->c = c;
  e->b = b;
  pl_vmap_init(&e->map);
  e->tile_base = pl_xcalloc(c->ntiles, sizeof *e->tile_base);
  e->tile_off = pl_xcalloc(c->ntiles, sizeof *e->tile_off);
}

void pl_emitter_free(pl_emitter *e) {
  pl_vmap_free(&e->map);
  free(e->tile_base);
  free(e->tile_off);
  e->tile_base = e->tile_off = NULL;
}
