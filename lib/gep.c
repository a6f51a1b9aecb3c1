/*===- lib/gep.c - addresses as a chain of GEPs from their object --------===*/
#include "gep.h"

#include "ir.h"
#include "limits.h"

int pl_is_gep(LLVMValueRef v) {
  LLVMOpcode op;
  return pl_opcode(v, &op) && op == LLVMGetElementPtr;
}

int pl_is_pointer_cast(LLVMValueRef v) {
  LLVMOpcode op;
  return pl_opcode(v, &op) && (op == LLVMBitCast || op == LLVMAddrSpaceCast);
}

LLVMValueRef pl_gep_single_index(LLVMModuleRef m, LLVMValueRef gep, uint64_t *size) {
  *size = 0;
  unsigned n = (unsigned)LLVMGetNumOperands(gep);
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  if (n == 3 && LLVMGetTypeKind(ty) == LLVMArrayTypeKind &&
      LLVMIsAConstantInt(LLVMGetOperand(gep, 1)) &&
      LLVMConstIntGetZExtValue(LLVMGetOperand(gep, 1)) == 0)
    ty = LLVMGetElementType(ty);
  else if (n != 2)
    return NULL;
  LLVMValueRef idx = LLVMGetOperand(gep, n - 1);
  if (LLVMIsAConstantInt(idx))
    return NULL;
  *size = pl_type_alloc_size(m, ty);
  return *size ? idx : NULL;
}

int pl_gep_indices(LLVMTargetDataRef td, LLVMValueRef gep, pl_gep_visitor visit, void *ctx) {
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
  unsigned n = (unsigned)LLVMGetNumOperands(gep);
  for (unsigned i = 1; i < n; ++i) {
    LLVMValueRef idx = LLVMGetOperand(gep, i);
    if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind)
      return 0;
    if (i > 1) {
      LLVMTypeKind kind = LLVMGetTypeKind(ty);
      if (kind == LLVMStructTypeKind) {
        if (!LLVMIsAConstantInt(idx))
          return 0;
        unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
        if (!visit(ctx, NULL, 1, (int64_t)LLVMOffsetOfElement(td, ty, field)))
          return 0;
        ty = LLVMStructGetTypeAtIndex(ty, field);
        continue;
      }
      if (kind != LLVMArrayTypeKind && kind != LLVMVectorTypeKind)
        return 0;
      ty = LLVMGetElementType(ty);
    }
    if (!visit(ctx, idx, LLVMABISizeOfType(td, ty), 0))
      return 0;
  }
  return 1;
}

pl_chain_end pl_gep_chain(LLVMTargetDataRef td, LLVMValueRef p, pl_gep_visitor visit, void *ctx,
                          LLVMValueRef *root) {
  for (unsigned depth = 0; depth < PL_MAX_DERIVED_DEPTH; ++depth) {
    if (pl_is_gep(p)) {
      if (!pl_gep_indices(td, p, visit, ctx))
        return PL_CHAIN_INDEX;
    } else if (!pl_is_pointer_cast(p)) {
      *root = p;
      return PL_CHAIN_ROOT;
    }
    p = LLVMGetOperand(p, 0);
  }
  return PL_CHAIN_DEEP;
}

static int add_gep_term(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  pl_gep_terms *t = ctx;
  int64_t m;
  if (!idx)
    return !__builtin_add_overflow(t->konst, offset, &t->konst);
  if (LLVMGetTypeKind(LLVMTypeOf(idx)) != LLVMIntegerTypeKind ||
      LLVMGetIntTypeWidth(LLVMTypeOf(idx)) > 64)
    return 0;
  if (LLVMIsAConstantInt(idx))
    return scale <= INT64_MAX &&
           !__builtin_mul_overflow(LLVMConstIntGetSExtValue(idx), (int64_t)scale, &m) &&
           !__builtin_add_overflow(t->konst, m, &t->konst);
  if (t->n == PL_MAX_ADDRESS_TERMS)
    return 0;
  t->idx[t->n] = idx;
  t->scale[t->n++] = scale;
  return 1;
}

LLVMValueRef pl_gep_terms_of(LLVMTargetDataRef td, LLVMValueRef p, pl_gep_terms *out) {
  LLVMValueRef root = NULL;
  out->n = 0;
  out->konst = 0;
  return pl_gep_chain(td, p, add_gep_term, out, &root) == PL_CHAIN_ROOT ? root : NULL;
}
