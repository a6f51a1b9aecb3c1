/*===- lib/lower_cp_async.c - the cp.async lowering ---------------------===*\
 *
 * Each copy becomes one cp.async of 4, 8 or 16 bytes from the global
 * source to the slot (PTX ISA, "cp.async"): .ca for 4 and 8 bytes (the only
 * form PTX allows), .cg for 16, which bypasses L1 -- the tile lives in
 * shared memory anyway -- unless the plan keeps it in L1 (.ca) because the
 * next tile shares its source bytes (pl_copy_state.through_l1). A copy
 * whose iteration may not exist, or whose guard may be false, uses the
 * src-size form: src-size 0 reads nothing and
 * fills the cp-size bytes with zeros. A copy that writes a constant other
 * than zero where its guard fails copies it from a global that holds it
 * (pl.fill): the guard selects the source, so the slot is written by the
 * one asynchronous copy either way. A copy with a predicate is one
 * cp.async that the skeleton puts under `if (pred)`, never src-size 0: a
 * thread whose predicate is false must not write bytes another thread may
 * really copy. A commit is cp.async.commit_group; a
 * wait is cp.async.wait_group N, which completes all but the N most recent
 * groups and makes their writes visible to the executing thread.
\*===----------------------------------------------------------------------===*/
#include "lowering.h"

#include <stdio.h>
#include <string.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

/* Nonzero when the constant `v` is plain bytes: integers and floats, or
 * vectors, arrays and structs of them -- no address (a global's, which
 * a global's initializer may not hold for every state space, nor cut
 * into lanes) and no expression. */
static int plain_bytes(LLVMValueRef v, unsigned depth) {
  if (LLVMIsAConstantInt(v) || LLVMIsAConstantFP(v) || LLVMIsAConstantAggregateZero(v))
    return 1;
  if (depth > 4 || !(LLVMIsAConstantDataSequential(v) || LLVMIsAConstantVector(v) ||
                     LLVMIsAConstantArray(v) || LLVMIsAConstantStruct(v)))
    return 0;
  LLVMTypeRef ty = LLVMTypeOf(v);
  LLVMTypeKind k = LLVMGetTypeKind(ty);
  unsigned n = k == LLVMStructTypeKind  ? LLVMCountStructElementTypes(ty)
               : k == LLVMArrayTypeKind ? (unsigned)LLVMGetArrayLength2(ty)
                                        : LLVMGetVectorSize(ty);
  for (unsigned i = 0; i < n; ++i) {
    LLVMValueRef e = LLVMGetAggregateElement(v, i);
    if (!e || !plain_bytes(e, depth + 1))
      return 0;
  }
  return 1;
}

int pl_cp_async_fill_ok(const pl_candidate *c, const pl_copy *cp) {
  LLVMValueRef v = cp->fill;
  return v && plain_bytes(v, 0) &&
         LLVMStoreSizeOfType(LLVMGetModuleDataLayout(c->module), LLVMTypeOf(v)) == cp->bytes;
}

/* The internal addrspace(1) constant `pl.fill*` of the module that holds
 * `fill`, 16-byte aligned (cp.async reads its source at the copy's size);
 * made once per value. */
static LLVMValueRef fill_source(const pl_candidate *c, LLVMValueRef fill) {
  for (LLVMValueRef g = LLVMGetFirstGlobal(c->module); g; g = LLVMGetNextGlobal(g)) {
    size_t n = 0;
    const char *name = LLVMGetValueName2(g, &n);
    if (n >= 7 && !strncmp(name, "pl.fill", 7) && LLVMGetInitializer(g) == fill &&
        LLVMIsGlobalConstant(g) && LLVMGetLinkage(g) == LLVMInternalLinkage &&
        LLVMGetAlignment(g) >= 16 && LLVMGetPointerAddressSpace(LLVMTypeOf(g)) == PL_AS_GLOBAL)
      return g; /* one this pass made (a variable of the source may bear the name) */
  }
  LLVMValueRef g =
      LLVMAddGlobalInAddressSpace(c->module, LLVMTypeOf(fill), "pl.fill", PL_AS_GLOBAL);
  LLVMSetLinkage(g, LLVMInternalLinkage);
  LLVMSetGlobalConstant(g, 1);
  LLVMSetInitializer(g, fill);
  LLVMSetAlignment(g, 16);
  LLVMSetUnnamedAddress(g, LLVMGlobalUnnamedAddr);
  return g;
}

static unsigned issue(pl_emitter *e, const pl_copy *cp, LLVMValueRef exists, pl_vec *moves,
                      pl_copy_state *st) {
  const pl_candidate *c = e->c;
  LLVMContextRef ctx = ctx_of(c);
  LLVMValueRef src = pl_emit_remap(e, cp->src);
  if (cp->offset) {
    LLVMValueRef off = LLVMConstInt(LLVMInt64TypeInContext(ctx), cp->offset, 0);
    src = LLVMBuildGEP2(e->b, LLVMInt8TypeInContext(ctx), src, &off, 1, "pl.lane");
  }
  LLVMValueRef dst = pl_emit_remap(e, cp->dst);
  if (pl_addrspace(dst) != PL_AS_SHARED)
    dst = LLVMBuildAddrSpaceCast(e->b, dst, LLVMPointerTypeInContext(ctx, PL_AS_SHARED), "pl.dst");
  if (pl_addrspace(src) != PL_AS_GLOBAL)
    src = LLVMBuildAddrSpaceCast(e->b, src, LLVMPointerTypeInContext(ctx, PL_AS_GLOBAL), "pl.src");
  /* The guard, where the fill's source is selected by it; else it joins
   * `exists` in the src-size. A compound guard: every term (recomputable,
   * so free of traps for any iteration; frozen, so that an inner term's
   * poison where an outer one fails stays out) must hold. */
  LLVMValueRef guard = NULL, *acc = cp->fill ? &guard : &exists;
  if (cp->guard) {
    LLVMValueRef g = pl_emit_frozen_term(e, cp->guard);
    if (cp->guard_negated)
      g = LLVMBuildNot(e->b, g, "pl.guard");
    *acc = *acc ? LLVMBuildAnd(e->b, *acc, g, "pl.guard") : g;
  }
  for (unsigned t = 0; t < cp->nmore_guards; ++t) {
    LLVMValueRef g = pl_emit_frozen_term(e, cp->more_guards[t]);
    if (cp->more_negated[t])
      g = LLVMBuildNot(e->b, g, "pl.guard");
    *acc = LLVMBuildAnd(e->b, *acc, g, "pl.guard");
  }
  if (guard)
    src = LLVMBuildSelect(e->b, guard, src, fill_source(c, cp->fill), "pl.src.fill");
  LLVMValueRef cond = exists;
  char name[64];
  snprintf(name, sizeof name, "llvm.nvvm.cp.async.%s.shared.global.%u%s",
           cp->bytes == 16 && !st->through_l1 ? "cg" : "ca", cp->bytes, cond ? ".s" : "");
  LLVMTypeRef fty;
  LLVMValueRef fn = pl_emit_intrinsic(c, name, &fty);
  LLVMValueRef args[3] = {dst, src, NULL};
  unsigned nargs = 2;
  if (cond) {
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx);
    args[2] = LLVMBuildSelect(e->b, cond, LLVMConstInt(i32, cp->bytes, 0), LLVMConstInt(i32, 0, 0),
                              "pl.srcsize");
    nargs = 3;
  }
  pl_vec_push(moves, LLVMBuildCall2(e->b, fty, fn, args, nargs, ""));
  return 1;
}

static void commit(const pl_candidate *c, LLVMBuilderRef b) {
  pl_emit_call0(c, b, "llvm.nvvm.cp.async.commit.group");
}

static void wait(const pl_candidate *c, LLVMBuilderRef b, unsigned pending) {
  LLVMTypeRef fty;
  LLVMValueRef fn = pl_emit_intrinsic(c, "llvm.nvvm.cp.async.wait.group", &fty);
  LLVMValueRef arg = LLVMConstInt(LLVMInt32TypeInContext(ctx_of(c)), pending, 0);
  LLVMBuildCall2(b, fty, fn, &arg, 1, "");
}

const pl_lowering pl_lowering_cp_async = {"cp.async", issue, NULL, commit, wait};
