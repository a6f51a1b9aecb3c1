/*===- lib/rewrite_skips.c - straight-line skipped copies fixed up --------===*\
 *
 * A straight-line copy under a predicate that changes from iteration to
 * iteration (`if (tid < n - k0) tile[tid] = A[k0 + tid]`, no else) leaves
 * the tile's bytes alone where it is skipped: they keep the last tile's
 * value. A slot would keep the value of S tiles earlier, so each thread
 * that skips moves its copy's bytes from the slot before into the current
 * one, after the wait and before the kept barrier (docs/design.md,
 * "Skipped copies"; legality: pl_straight_skip_unfixable).
\*===----------------------------------------------------------------------===*/
#include "rewrite_skips.h"

#include "gep.h"
#include "ir.h"

/* The byte offset of `cp`'s destination from its tile, an i64 computed
 * afresh from its GEP indices (pl_gep_terms_of; legality read them so,
 * read_dst) with no poison-generating flags: the loop's own address may be
 * an inbounds GEP, poison for a thread whose destination lies outside the
 * tile, which the source never used where the copy did not run. */
static LLVMValueRef dst_offset(pl_emitter *e, const pl_copy *cp) {
  const pl_candidate *c = e->c;
  LLVMTypeRef i64 = LLVMInt64TypeInContext(LLVMGetModuleContext(c->module));
  pl_gep_terms t;
  pl_gep_terms_of(LLVMGetModuleDataLayout(c->module), cp->dst, &t);
  LLVMValueRef off = t.konst ? LLVMConstInt(i64, (uint64_t)t.konst, 1) : NULL;
  for (size_t k = 0; k < t.n; ++k) {
    LLVMValueRef idx = LLVMBuildSExtOrBitCast(e->b, pl_emit_remap(e, t.idx[k]), i64, "");
    LLVMValueRef term = LLVMBuildMul(e->b, idx, LLVMConstInt(i64, t.scale[k], 0), "");
    off = off ? LLVMBuildAdd(e->b, off, term, "pl.skip.off") : term;
  }
  /* frozen: an index the source computed with a poison-generating flag
   * (`add nsw`) has no value to branch on where the copy would not run */
  return off ? LLVMBuildFreeze(e->b, off, "pl.skip.off") : LLVMConstInt(i64, 0, 0);
}

void pl_rw_fixup_straight(pl_skeleton *k, pl_emitter *e, LLVMValueRef *delta) {
  const pl_candidate *c = k->c;
  const pl_plan *plan = k->plan;
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  LLVMBuilderRef b = e->b;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx), i64 = LLVMInt64TypeInContext(ctx);
  LLVMTypeRef shared = LLVMPointerTypeInContext(ctx, PL_AS_SHARED);
  for (size_t i = 0; i < plan->ncopies; ++i) {
    const pl_copy *cp = &plan->copies[i];
    if (!pl_copy_pred_varies(c, cp))
      continue;
    LLVMValueRef runs = pl_rw_copy_pred(e, cp);
    LLVMValueRef base = e->tile_base[cp->tile];
    if (pl_addrspace(base) != PL_AS_SHARED)
      base = LLVMBuildAddrSpaceCast(b, base, shared, "pl.skip.base");
    /* the bytes a thread's copy writes lie in the tile wherever it runs;
     * where it does not, the destination may lie anywhere */
    LLVMValueRef off = dst_offset(e, cp);
    LLVMValueRef dst = LLVMBuildGEP2(b, i8, base, &off, 1, "pl.skip.dst");
    uint64_t last = c->tiles[cp->tile].bytes - cp->bytes;
    LLVMValueRef inside = LLVMBuildICmp(b, LLVMIntULE, off, LLVMConstInt(i64, last, 0), "");
    LLVMValueRef move = LLVMBuildAnd(b, LLVMBuildNot(b, runs, ""), inside, "pl.skip.move");
    LLVMValueRef d = delta[cp->tile];
    LLVMValueRef prev = LLVMBuildGEP2(b, i8, dst, &d, 1, "pl.skip.prev");
    LLVMValueRef from = LLVMBuildSelect(b, move, prev, base, "pl.skip.from");
    LLVMTypeRef ty = pl_rw_chunk_type(c, cp->bytes);
    unsigned align = plan->dst_align[i] ? plan->dst_align[i] : 1;
    LLVMValueRef v = LLVMBuildLoad2(b, ty, from, "pl.kept");
    LLVMSetAlignment(v, align);
    LLVMValueRef st = LLVMBuildStore(b, v, dst);
    LLVMSetAlignment(st, align);
    pl_vec_push(&k->guarded, st);
    pl_vec_push(&k->guards, move);
  }
}
