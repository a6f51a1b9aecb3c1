/*===- lib/rings.c - the storage of a rewrite's rings -------------------===*/
#include "alloc.h"
#include "dynamic_tile.h"
#include "ir.h"
#include "limits.h"
#include "plan.h"
#include "skeleton.h"
#include "uses.h"

#include <stdint.h>
#include <stdlib.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

/* A new internal addrspace(3) array of `bytes` bytes, aligned to `align`. */
static LLVMValueRef new_ring(const pl_candidate *c, const char *name, uint64_t bytes,
                             unsigned align) {
  LLVMTypeRef ty = LLVMArrayType2(LLVMInt8TypeInContext(ctx_of(c)), bytes);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(c->module, ty, name, PL_AS_SHARED);
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetInitializer(g, LLVMGetUndef(ty));
  LLVMSetAlignment(g, align);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  return g;
}

/* Tile `t`'s ring in the storage of `have`, the ring of an earlier loop over
 * the same tile (plan.share_ring): `have` itself when it is large and
 * aligned enough, else a larger array that replaces it everywhere. */
static LLVMValueRef reuse_ring(pl_skeleton *k, size_t t, LLVMValueRef have) {
  uint64_t need = k->plan->stages * k->plan->rings[t].stride;
  uint64_t size = pl_global_bytes(have);
  unsigned align = k->plan->rings[t].align, old_align = LLVMGetAlignment(have);
  if (size >= need && old_align >= align)
    return have;
  LLVMValueRef g =
      new_ring(k->c, "", size > need ? size : need, align > old_align ? align : old_align);
  LLVMReplaceAllUsesWith(have, g);
  pl_txn_replace_global(k->txn, have, g); /* erased, and its name passed on, at commit */
  return g;
}

/* A ring in dynamic shared memory: a new `extern __shared__` array, which
 * every launch places where the tile was (PTX ISA, "Shared State Space":
 * an external array of unspecified size starts the dynamic shared memory),
 * aligned to `align`. */
static LLVMValueRef new_dynamic_ring(const pl_candidate *c, const char *name, unsigned align) {
  LLVMTypeRef ty = LLVMArrayType2(LLVMInt8TypeInContext(ctx_of(c)), 0);
  LLVMValueRef g = LLVMAddGlobalInAddressSpace(c->module, ty, name, PL_AS_SHARED);
  LLVMSetLinkage(g, LLVMExternalLinkage);
  LLVMSetAlignment(g, align);
  return g;
}

/* A name for an external array made from `g`'s: the backend makes only
 * internal names valid PTX, so every other character becomes '_'. */
static char *external_name(LLVMValueRef g, const char *suffix) {
  size_t n = 0;
  const char *gname = LLVMGetValueName2(g, &n);
  char *name = pl_strdupf("%.*s%s", (int)n, gname, suffix);
  for (char *p = name; *p; ++p)
    if (!(*p == '_' || *p == '$' || (*p >= '0' && *p <= '9') || (*p >= 'a' && *p <= 'z') ||
          (*p >= 'A' && *p <= 'Z')))
      *p = '_';
  return name;
}

/* Rings of static tiles moved into dynamic shared memory (plan.h,
 * pl_plan.moved_tile_bytes): one external array, every ring at its offset in
 * it (pl_plan_dynamic_offset). The loop as written keeps the tiles
 * (pl_rw_grow_moved_tiles). */
static void make_moved_rings(pl_skeleton *k) {
  const pl_candidate *c = k->c;
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx_of(c));
  unsigned align = 16;
  for (size_t t = 0; t < c->ntiles; ++t)
    if (k->plan->rings[t].align > align)
      align = k->plan->rings[t].align;
  char *name = external_name(c->tiles[0].global, "_pl_ring");
  LLVMValueRef g = new_dynamic_ring(c, name, align);
  free(name);
  for (size_t t = 0; t < c->ntiles; ++t) {
    LLVMValueRef off =
        LLVMConstInt(LLVMInt64TypeInContext(ctx_of(c)), pl_plan_dynamic_offset(k->plan, t), 0);
    k->ring[t] = LLVMIsNull(off) ? g : LLVMConstInBoundsGEP2(i8, g, &off, 1);
  }
}

/* The tiles whose rings moved keep serving the loop as written; a padded
 * ring's tile, whose accesses pl_layout_apply moved to padded rows in both
 * versions, grows to that size. After the rewrite: until then the tile's
 * uses are how the rewrite finds the compute's reads. */
void pl_rw_grow_moved_tiles(pl_skeleton *k) {
  const pl_candidate *c = k->c;
  for (size_t t = 0; t < c->ntiles; ++t) {
    const pl_ring_layout *r = &k->plan->rings[t];
    LLVMValueRef tile = c->tiles[t].global;
    if (!k->plan->moved_tile_bytes || !r->pad || !pl_used_by_instructions(tile))
      continue;
    uint64_t padded = pl_plan_kept_tile_bytes(c, k->plan, t);
    unsigned old_align = LLVMGetAlignment(tile);
    LLVMValueRef grown = new_ring(c, "", padded, r->align > old_align ? r->align : old_align);
    LLVMReplaceAllUsesWith(tile, grown);
    pl_txn_replace_global(k->txn, tile, grown); /* erased, and its name passed on, at commit */
  }
}

/* The rings: one internal addrspace(3) array of S slots per tile, or the
 * storage of an earlier loop's ring over the same tile (plan.share_ring),
 * or for a tile in dynamic shared memory an external array there. */
void pl_rw_make_rings(pl_skeleton *k) {
  const pl_candidate *c = k->c;
  if (k->plan->moved_tile_bytes) {
    make_moved_rings(k);
    return;
  }
  for (size_t t = 0; t < c->ntiles; ++t) {
    if (k->plan->rings[t].dynamic) {
      char *name = external_name(c->tiles[t].global, "_pl_ring");
      k->ring[t] = new_dynamic_ring(c, name, k->plan->rings[t].base_align);
      free(name);
    } else if (k->plan->share_ring[t]) {
      k->ring[t] = reuse_ring(k, t, k->plan->share_ring[t]);
    } else {
      size_t n = 0;
      const char *gname = LLVMGetValueName2(c->tiles[t].global, &n);
      char *name = pl_strdupf("%.*s.ring", (int)n, gname);
      k->ring[t] =
          new_ring(c, name, k->plan->stages * k->plan->rings[t].stride, k->plan->rings[t].align);
      free(name);
    }
  }
}

/* For ring `t`, whose footprint is known only at run time: the slots
 * share what the launch gave, `have` bytes, each of them have / S rounded
 * down to the ring's alignment (into *dyn_stride, an i32), and they serve
 * where each holds the footprint U (pl_dynamic_footprint_emit, before
 * `at`). Returns the i1 "a slot is smaller than U, or a value U is
 * computed from lies outside its range". */
static LLVMValueRef symbolic_short(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                                   size_t t, LLVMBuilderRef b, LLVMValueRef at, LLVMValueRef have,
                                   LLVMValueRef *dyn_stride) {
  LLVMContextRef ctx = ctx_of(c);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMValueRef ok = NULL;
  LLVMValueRef u = pl_dynamic_footprint_emit(host, c->function, c->tiles[t].global, at, &ok);
  if (!u || !ok) { /* not as recognition found it: the loop as written always */
    *dyn_stride = LLVMConstInt(i32, plan->rings[t].stride, 0);
    return LLVMConstInt(LLVMInt1TypeInContext(ctx), 1, 0);
  }
  uint64_t a = plan->rings[t].align;
  LLVMValueRef slot = LLVMBuildUDiv(b, have, LLVMConstInt(i32, plan->stages, 0), "");
  LLVMValueRef stride = LLVMBuildAnd(b, slot, LLVMConstInt(i32, ~(a - 1), 0), "pl.slot.stride");
  /* max(U, 1) fits a slot of stride bytes (no slot is empty, even where
   * no access runs) */
  LLVMTypeRef i64 = LLVMTypeOf(u);
  LLVMValueRef one = LLVMConstInt(i64, 1, 0);
  u = LLVMBuildSelect(b, LLVMBuildICmp(b, LLVMIntSLT, u, one, ""), one, u, "");
  LLVMValueRef wide = LLVMBuildZExt(b, stride, i64, "");
  LLVMValueRef less = LLVMBuildICmp(b, LLVMIntSLT, wide, u, "");
  *dyn_stride = stride;
  return LLVMBuildOr(b, less, LLVMBuildNot(b, ok, ""), "pl.dynamic.short");
}

/* Rings in dynamic shared memory need plan.dynamic_bytes of it: the i1
 * "the launch gave less", %dynamic_smem_size read in the preheader (PTX
 * ISA, "Special Registers": the dynamic shared memory the launch gave, the
 * same in every thread of the grid, so all threads of a block take one
 * version and meet the same barriers); the original loop runs where it is
 * true. */
LLVMValueRef pl_rw_short_launch(pl_host *host, const pl_candidate *c, const pl_plan *plan,
                                LLVMValueRef *dyn_stride) {
  LLVMContextRef ctx = ctx_of(c);
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
  LLVMTypeRef fty = LLVMFunctionType(i32, NULL, 0, 0);
  static const char text[] = PL_DYNAMIC_SIZE_ASM;
  LLVMValueRef read = LLVMGetInlineAsm(fty, (char *)text, sizeof text - 1, (char *)"=r", 2, 0, 0,
                                       LLVMInlineAsmDialectATT, 0);
  LLVMValueRef at = LLVMGetBasicBlockTerminator(c->preheader);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, at);
  LLVMValueRef have = LLVMBuildCall2(b, fty, read, NULL, 0, "pl.dynamic.smem");
  LLVMValueRef small = NULL;
  for (size_t t = 0; t < plan->nrings && !small; ++t)
    if (plan->rings[t].symbolic)
      small = symbolic_short(host, c, plan, t, b, at, have, dyn_stride);
  if (!small)
    small = LLVMBuildICmp(b, LLVMIntULT, have, LLVMConstInt(i32, plan->dynamic_bytes, 0),
                          "pl.dynamic.short");
  LLVMDisposeBuilder(b);
  return small;
}
