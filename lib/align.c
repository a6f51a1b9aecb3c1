/*===- lib/align.c - alignments a copy's addresses provably have ---------===*/
#include "align.h"

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

/* Alignment (bytes, at most 16) of the offset of `v` inside its tile: the
 * ring gives every slot 16-byte alignment, so this is the alignment the
 * cp.async destination will have. */
static unsigned offset_align(pl_host *host, const pl_candidate *c, LLVMValueRef v, LLVMValueRef ctx,
                             int depth) {
  if (pl_tile_index(c, v) >= 0)
    return 16;
  if (depth > 32)
    return 1;
  LLVMOpcode op;
  if (!pl_opcode(v, &op))
    return 1;
  if (op == LLVMBitCast || op == LLVMAddrSpaceCast)
    return offset_align(host, c, LLVMGetOperand(v, 0), ctx, depth + 1);
  if (op != LLVMGetElementPtr)
    return 1;
  unsigned a = offset_align(host, c, LLVMGetOperand(v, 0), ctx, depth + 1);
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(v);
  int n = LLVMGetNumOperands(v);
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  for (int i = 1; i < n && a > 1; ++i) {
    LLVMValueRef idx = LLVMGetOperand(v, (unsigned)i);
    if (i > 1) {
      LLVMTypeKind k = LLVMGetTypeKind(ty);
      if (k == LLVMStructTypeKind) {
        unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
        a = min_u(a, pow2_divisor(LLVMOffsetOfElement(td, ty, field), 16));
        ty = LLVMStructGetTypeAtIndex(ty, field);
        continue;
      }
      if (k != LLVMArrayTypeKind && k != LLVMVectorTypeKind)
        return 1;
      ty = LLVMGetElementType(ty);
    }
    a = min_u(a, product_align(host, idx, LLVMABISizeOfType(td, ty), ctx));
  }
  return a;
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
  *dst_align = offset_align(host, c, cp->dst, cp->store, 0);
}
