/*===- lib/align.c - alignments a copy's addresses provably have ---------===*/
#include "align.h"

#include "gep.h"
#include "host_memory.h"

static unsigned pow2_divisor(uint64_t x, unsigned cap) {
  if (x == 0)
    return cap;
  unsigned a = 1;
  while (a < cap && (x & a) == 0)
    a <<= 1;
  return a;
}

static unsigned min_u(unsigned a, unsigned b) { return a < b ? a : b; }

/* Alignment (bytes, at most 16) of `idx * size`. */
static unsigned product_align(pl_host *host, LLVMValueRef idx, uint64_t size, LLVMValueRef ctx) {
  if (LLVMIsAConstantInt(idx))
    return pow2_divisor((uint64_t)LLVMConstIntGetSExtValue(idx) * size, 16);
  unsigned ia = pl_known_alignment(host, idx, ctx);
  unsigned sa = pow2_divisor(size, 16);
  uint64_t a = (uint64_t)ia * sa;
  return a >= 16 ? 16 : (unsigned)a;
}

/* The walk of a destination's GEPs down to its tile: the alignment of
 * every index and field offset seen so far. */
typedef struct offset_walk {
  pl_host *host;
  LLVMValueRef ctx;
  unsigned align;
} offset_walk;

static int index_align(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  offset_walk *w = ctx;
  unsigned a =
      idx ? product_align(w->host, idx, scale, w->ctx) : pow2_divisor((uint64_t)offset, 16);
  w->align = min_u(w->align, a);
  return w->align > 1;
}

/* Alignment (bytes, at most 16) of the offset of `v` inside its tile: the
 * ring gives every slot 16-byte alignment, so this is the alignment the
 * cp.async destination will have. 1 where the chain cannot be read. */
static unsigned offset_align(pl_host *host, const pl_candidate *c, LLVMValueRef v,
                             LLVMValueRef ctx) {
  offset_walk w = {host, ctx, 16};
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  LLVMValueRef root;
  return pl_gep_chain(td, v, index_align, &w, &root) == PL_CHAIN_ROOT && pl_tile_index(c, root) >= 0
             ? w.align
             : 1;
}

static unsigned call_param_align(LLVMValueRef call, unsigned arg) {
  unsigned kind = LLVMGetEnumAttributeKindForName("align", 5);
  LLVMAttributeRef a = LLVMGetCallSiteEnumAttribute(call, arg + 1, kind);
  return a ? (unsigned)LLVMGetEnumAttributeValue(a) : 1;
}

void pl_copy_alignment(pl_host *host, const pl_candidate *c, const pl_copy *cp, unsigned *src_align,
                       unsigned *dst_align) {
  unsigned sa = cp->load ? pl_load_alignment(cp->load) : call_param_align(cp->store, 1);
  LLVMValueRef ctx = cp->load ? cp->load : cp->store;
  unsigned known = pl_known_alignment(host, cp->src, ctx);
  if (known > sa)
    sa = known;
  if (sa > 16)
    sa = 16;
  if (cp->offset && pow2_divisor(cp->offset, 16) < sa)
    sa = pow2_divisor(cp->offset, 16); /* a lane: the load's alignment and its offset */
  *src_align = sa;
  *dst_align = offset_align(host, c, cp->dst, cp->store);
}
