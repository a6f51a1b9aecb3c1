/*===- lib/lower_registers.c - the register-staged double buffer --------===*\
 *
 * The classic double buffer, before cp.async existed (sm_70, sm_75) and
 * for what cp.async cannot copy on any target: copies that convert the
 * value (float -> half, int8 * scale), 1- and 2-byte or unaligned copies,
 * guards that fill with something other than zeros. It stores after the
 * compute (it has a `store`), so the plan gives the loop two
 * slots and calls, per copy and iteration (rewrite.h):
 *   issue   after the kept barrier of iteration i, before its compute: the
 *           loads of iteration i+1 into registers (ld.global). Where the
 *           iteration does not exist, or the copy's guard or predicate is
 *           false, the load reads a zero constant of our own (`pl.zeros.N`,
 *           addrspace(1), 16-byte aligned) instead of the source: a select
 *           of the address, no branch, and the registers then hold zeros,
 *           which is the zero fill. Nothing is written
 *   store   at the end of iteration i, after its compute: the conversion,
 *           cloned from the loop with the staged registers in place of its
 *           load; under a guard, `cond ? value : fill` (the fill is zero
 *           unless the source said otherwise); then one st.shared into
 *           slot (i+1) mod 2. The skeleton puts it under `if (pred)` for a
 *           predicated copy
 * A converting copy is staged in its load's type (the conversion reads
 * it); a plain copy as its bytes (i8, i16, i32 or vectors of them), so a
 * widened copy of 16 bytes is one ld.global.v4 and one st.shared.v4.
 * Converting copies of one load under one condition (the four bytes of a
 * char4) share one staged load (the plan's `share`). Plain copies whose
 * loads the backend merges (the four lanes of a float4 stored transposed)
 * select their group's first address once and load at constant distances
 * from it (the plan's `lane_base`): a select per lane would hide that the
 * lanes are adjacent, and each would stay a 4-byte load. There is no group to commit and nothing
 * to wait for: a load is complete when its registers are used, and the
 * barrier that ends the iteration orders the stores before every thread's
 * next compute (docs/design.md, "Register staging").
\*===----------------------------------------------------------------------===*/
#include "lowering.h"

#include "host_memory.h"

#include <assert.h>
#include <stdio.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

/* The type a plain copy of `bytes` bytes is staged in: the widest integer
 * (up to 32 bits) that divides it, as a vector when there are several. */
static LLVMTypeRef bytes_type(LLVMContextRef ctx, unsigned bytes) {
  unsigned w = bytes % 4 == 0 ? 4 : bytes % 2 == 0 ? 2 : 1;
  LLVMTypeRef t = LLVMIntTypeInContext(ctx, 8 * w);
  return bytes == w ? t : LLVMVectorType(t, bytes / w);
}

void pl_lowering_keep_read_only(const pl_candidate *c, const pl_copy *cp, LLVMValueRef ld) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  unsigned invariant = LLVMGetMDKindIDInContext(ctx, "invariant.load", 14);
  if (cp->load && (!LLVMIsALoadInst(cp->load) || LLVMGetMetadata(cp->load, invariant)))
    LLVMSetMetadata(ld, invariant, LLVMMDNodeInContext(ctx, NULL, 0));
}

LLVMValueRef pl_lowering_zeros(const pl_candidate *c, uint64_t bytes) {
  uint64_t n = (bytes + 15) / 16 * 16;
  char name[48];
  snprintf(name, sizeof name, "pl.zeros.%llu", (unsigned long long)n);
  LLVMValueRef g = LLVMGetNamedGlobal(c->module, name);
  if (g)
    return g;
  LLVMTypeRef ty = LLVMArrayType2(LLVMInt8TypeInContext(ctx_of(c)), n);
  g = LLVMAddGlobalInAddressSpace(c->module, ty, name, PL_AS_GLOBAL);
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetInitializer(g, LLVMConstNull(ty));
  LLVMSetAlignment(g, 16);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  return g;
}

/* `cond ? *src : 0` of type `ty` (a scalar), with the load only where
 * `cond` holds: llvm.masked.load of one lane, which the backend turns into
 * a branch around the load (ScalarizeMaskedMemIntrin), a predicated ld. */
static LLVMValueRef masked_load(pl_emitter *e, LLVMTypeRef ty, LLVMValueRef src, LLVMValueRef cond,
                                unsigned align) {
  LLVMContextRef ctx = LLVMGetModuleContext(e->c->module);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef vty = LLVMVectorType(ty, 1);
  LLVMValueRef mask =
      LLVMBuildInsertElement(e->b, LLVMGetPoison(LLVMVectorType(LLVMInt1TypeInContext(ctx), 1)),
                             cond, LLVMConstInt(i32, 0, 0), "pl.mask");
  LLVMValueRef v =
      pl_build_masked_load(e->b, vty, src, align, mask, LLVMConstNull(vty), "pl.staged.v");
  return LLVMBuildExtractElement(e->b, v, LLVMConstInt(i32, 0, 0), "pl.staged");
}

static unsigned issue(pl_emitter *e, const pl_copy *cp, LLVMValueRef exists, pl_vec *moves,
                      pl_copy_state *st) {
  (void)moves; /* nothing is written yet */
  const pl_candidate *c = e->c;
  LLVMContextRef ctx = ctx_of(c);
  LLVMValueRef cond = exists;
  if (cp->guard)
    cond = pl_emit_and_term(e, cond, cp->guard, cp->guard_negated, "pl.guard", "pl.guard");
  for (unsigned t = 0; t < cp->nmore_guards; ++t) /* a compound guard: every term */
    cond =
        pl_emit_and_term(e, cond, cp->more_guards[t], cp->more_negated[t], "pl.guard", "pl.guard");
  for (unsigned t = 0; t < pl_pred_terms(cp);
       ++t) { /* a thread whose predicate fails reads nothing */
    int neg;
    LLVMValueRef term = pl_pred_term(cp, t, &neg);
    cond = pl_emit_and_term(e, cond, term, neg, "pl.pred", "pl.read");
  }
  st->cond = cond;
  if (st->shared) { /* the same load under the same condition, staged already */
    st->value = st->shared->value;
    return 0;
  }
  LLVMTypeRef ty = cp->value ? LLVMTypeOf(cp->load) : bytes_type(ctx, cp->bytes);
  LLVMValueRef src;
  if (st->lane) {
    /* a lane of a group: at its distance from the address the group's
     * first copy in program order, issued before it, selected under the
     * condition that is this copy's too */
    assert(st->lane->addr && "the group's first copy is issued first");
    LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(ctx), (uint64_t)st->lane_dist, 1);
    src = LLVMBuildGEP2(e->b, LLVMInt8TypeInContext(ctx), st->lane->addr, &off, 1, "pl.lane");
  } else {
    src = pl_emit_remap(e, cp->src);
    if (cp->offset) {
      LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(ctx), cp->offset, 0);
      src = LLVMBuildGEP2(e->b, LLVMInt8TypeInContext(ctx), src, &off, 1, "pl.lane");
    }
    if (pl_addrspace(src) != PL_AS_GLOBAL)
      src =
          LLVMBuildAddrSpaceCast(e->b, src, LLVMPointerTypeInContext(ctx, PL_AS_GLOBAL), "pl.src");
    LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
    uint64_t bytes = LLVMStoreSizeOfType(td, ty);
    /* a scalar no other lane loads beside: under its condition */
    if (cond && st->predicated && st->lane_span <= bytes &&
        LLVMGetTypeKind(ty) != LLVMVectorTypeKind) {
      st->addr = src;
      st->value = masked_load(e, ty, src, cond, st->src_align ? st->src_align : 1);
      return 1;
    }
    if (cond) { /* a group's first copy reads its own place in the zeros */
      LLVMValueRef zeros = pl_lowering_zeros(c, st->lane_span > bytes ? st->lane_span : bytes);
      if (st->lane_lo) {
        LLVMValueRef lo = LLVMConstInt(LLVMInt64TypeInContext(ctx), st->lane_lo, 0);
        zeros = LLVMConstGEP2(LLVMInt8TypeInContext(ctx), zeros, &lo, 1);
      }
      src = LLVMBuildSelect(e->b, cond, src, zeros, "pl.src");
    }
  }
  st->addr = src;
  LLVMValueRef ld = LLVMBuildLoad2(e->b, ty, src, "pl.staged");
  LLVMSetAlignment(ld, st->src_align ? st->src_align : 1);
  pl_lowering_keep_read_only(c, cp, ld);
  st->value = ld;
  return 1;
}

static void store(pl_emitter *e, const pl_copy *cp, const pl_copy_state *st, pl_vec *moves) {
  const pl_candidate *c = e->c;
  LLVMContextRef ctx = ctx_of(c);
  LLVMValueRef v = st->value;
  if (cp->value) {
    pl_vmap_put(&e->map, cp->load, v);
    if (cp->inner) { /* the conversion reads `guard ? load : fill` */
      LLVMTypeRef ty = LLVMTypeOf(cp->inner);
      LLVMValueRef x = LLVMTypeOf(v) == ty ? v : LLVMBuildBitCast(e->b, v, ty, "");
      if (cp->fill)
        x = LLVMBuildSelect(e->b, st->cond, x, cp->fill, "pl.filled");
      pl_vmap_put(&e->map, cp->inner, x);
    }
    v = pl_emit_remap(e, cp->value);
  }
  if (cp->guard && !cp->inner && (cp->value || cp->fill)) {
    /* zeros were loaded; the conversion of zero need not be the fill */
    LLVMTypeRef ty = LLVMTypeOf(v);
    LLVMValueRef fill = cp->fill ? cp->fill : LLVMConstNull(ty);
    if (LLVMTypeOf(fill) != ty)
      fill = LLVMConstBitCast(fill, ty);
    v = LLVMBuildSelect(e->b, st->cond, v, fill, "pl.filled");
  }
  LLVMValueRef dst = pl_emit_remap(e, cp->dst);
  if (pl_addrspace(dst) != PL_AS_SHARED)
    dst = LLVMBuildAddrSpaceCast(e->b, dst, LLVMPointerTypeInContext(ctx, PL_AS_SHARED), "pl.dst");
  LLVMValueRef s = LLVMBuildStore(e->b, v, dst);
  unsigned align = st->dst_align;
  if (LLVMIsAStoreInst(cp->store) && LLVMGetAlignment(cp->store) > align)
    align = LLVMGetAlignment(cp->store);
  LLVMSetAlignment(s, align ? align : 1);
  pl_vec_push(moves, s);
}

const pl_lowering pl_lowering_registers = {"registers", issue, store, NULL, NULL};
