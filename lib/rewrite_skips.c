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

#include "ir.h"

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
    LLVMValueRef runs = NULL; /* the predicate, each term frozen */
    for (unsigned t = 0; t < pl_pred_terms(cp); ++t) {
      int neg;
      LLVMValueRef term = pl_pred_term(cp, t, &neg);
      runs = pl_emit_and_term(e, runs, term, neg, "pl.skip.pred", "pl.skip.pred");
    }
    LLVMValueRef dst = pl_emit_remap(e, cp->dst), base = e->tile_base[cp->tile];
    if (pl_addrspace(dst) != PL_AS_SHARED)
      dst = LLVMBuildAddrSpaceCast(b, dst, shared, "pl.skip.dst");
    if (pl_addrspace(base) != PL_AS_SHARED)
      base = LLVMBuildAddrSpaceCast(b, base, shared, "pl.skip.base");
    /* the bytes a thread's copy writes lie in the tile wherever it runs;
     * where it does not, the destination may lie anywhere */
    LLVMValueRef off = LLVMBuildSub(b, LLVMBuildPtrToInt(b, dst, i64, ""),
                                    LLVMBuildPtrToInt(b, base, i64, ""), "pl.skip.off");
    uint64_t last = c->tiles[cp->tile].bytes - cp->bytes;
    LLVMValueRef inside = LLVMBuildICmp(b, LLVMIntULE, off, LLVMConstInt(i64, last, 0), "");
    LLVMValueRef move =
        LLVMBuildAnd(b, LLVMBuildNot(b, runs, ""), inside, "pl.skip.move");
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
