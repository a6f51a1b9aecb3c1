/*===- lib/alias_check.c - runtime alias checks (issue 9, part 5) -------===*/
#include "alias_check.h"

#include "access.h"
#include "emit.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "host_versioning.h"
#include "legality.h"
#include "trip.h"

#include <stdlib.h>

/* Bytes a copy reads at its source: the whole loaded value (every lane of
 * a vector load), or the memcpy's size. */
static uint64_t read_bytes(const pl_candidate *c, const pl_copy *cp) {
  if (!cp->load)
    return cp->bytes;
  return LLVMStoreSizeOfType(LLVMGetModuleDataLayout(c->module), LLVMTypeOf(cp->load));
}

/* Bytes a store writes. */
static uint64_t written_bytes(const pl_candidate *c, LLVMValueRef store) {
  return LLVMStoreSizeOfType(LLVMGetModuleDataLayout(c->module),
                             LLVMTypeOf(LLVMGetOperand(store, 0)));
}

/* Adds every copy's read range to `b`, writing their indices to `idx`
 * (NULL: not kept). Returns 0 when one cannot be computed. */
static int add_reads(pl_access_bounds *b, const pl_candidate *c, int *idx) {
  for (size_t i = 0; i < c->ncopies; ++i) {
    int k = pl_access_bounds_add(b, c->copies[i].src, read_bytes(c, &c->copies[i]));
    if (k < 0)
      return 0;
    if (idx)
      idx[i] = k;
  }
  return 1;
}

/* The index of the store's range in `b`, or -1. Only a store's range is
 * known; a call or an atomic that may write the source is not covered. */
static int add_write(pl_access_bounds *b, const pl_candidate *c, LLVMValueRef inst) {
  if (!LLVMIsAStoreInst(inst))
    return -1;
  return pl_access_bounds_add(b, LLVMGetOperand(inst, 1), written_bytes(c, inst));
}

/* Starts the bounds of `c`'s accesses; where ScalarEvolution computes no
 * trip count, with the latch compare's (trip.h), when that one is exact:
 * the latch form with its no-wrap flag, not the chain. */
static pl_access_bounds *start_bounds(pl_host *host, const pl_candidate *c) {
  pl_access_bounds *b = pl_access_bounds_create(host, c->loop);
  pl_trip trip;
  pl_fail f = {0};
  if (b && pl_find_trip(host, c, &trip, &f) && !trip.use_scev && !trip.chain)
    pl_access_bounds_set_latch_trip(b, c->ivs[trip.iv].phi, trip.bound, trip.pred, trip.lag);
  pl_fail_clear(&f);
  return b;
}

int pl_alias_check_covers(pl_host *host, const pl_candidate *c, LLVMValueRef store) {
  pl_access_bounds *b = start_bounds(host, c);
  if (!b)
    return 0;
  int ok = add_write(b, c, store) >= 0 && add_reads(b, c, NULL);
  pl_access_bounds_free(b);
  return ok;
}

size_t pl_alias_checked_writes(pl_host *host, const pl_candidate *c, LLVMValueRef *out,
                               size_t cap) {
  size_t n = 0;
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i))
      if (pl_writes_copy_source(host, c, i) >= 0) {
        if (n < cap)
          out[n] = i;
        ++n;
      }
  return n;
}

/* `p` (a pointer of any address space) as a 64-bit generic address. */
static LLVMValueRef generic_address(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef p) {
  if (pl_addrspace(p) != PL_AS_GENERIC)
    p = LLVMBuildAddrSpaceCast(b, p, LLVMPointerTypeInContext(ctx, 0), "");
  return LLVMBuildPtrToInt(b, p, LLVMInt64TypeInContext(ctx), "");
}

static LLVMValueRef call_intrinsic(const pl_candidate *c, LLVMBuilderRef b, const char *name,
                                   LLVMValueRef *args, unsigned nargs, const char *res) {
  LLVMTypeRef fty;
  LLVMValueRef fn = pl_emit_intrinsic(c, name, &fty);
  return LLVMBuildCall2(b, fty, fn, args, nargs, res);
}

/* The i1 "this thread is thread (0, 0, 0) of its block". */
static LLVMValueRef first_thread(const pl_candidate *c, LLVMBuilderRef b) {
  static const char *const tid[] = {"llvm.nvvm.read.ptx.sreg.tid.x",
                                    "llvm.nvvm.read.ptx.sreg.tid.y",
                                    "llvm.nvvm.read.ptx.sreg.tid.z"};
  LLVMValueRef any = NULL;
  for (int d = 0; d < 3; ++d) {
    LLVMValueRef t = call_intrinsic(c, b, tid[d], NULL, 0, "");
    any = any ? LLVMBuildOr(b, any, t, "") : t;
  }
  return LLVMBuildICmp(b, LLVMIntEQ, any, LLVMConstInt(LLVMTypeOf(any), 0, 0), "pl.alias.first");
}

/* Both ranges of one thread overlap: lo_a < hi_b && lo_b < hi_a. */
static LLVMValueRef overlap(LLVMBuilderRef b, LLVMValueRef lo_a, LLVMValueRef hi_a,
                            LLVMValueRef lo_b, LLVMValueRef hi_b) {
  LLVMValueRef x = LLVMBuildICmp(b, LLVMIntULT, lo_a, hi_b, "");
  LLVMValueRef y = LLVMBuildICmp(b, LLVMIntULT, lo_b, hi_a, "");
  return LLVMBuildAnd(b, x, y, "pl.alias.overlap");
}

static LLVMValueRef pick(LLVMBuilderRef b, LLVMIntPredicate p, LLVMValueRef x, LLVMValueRef y) {
  return LLVMBuildSelect(b, LLVMBuildICmp(b, p, x, y, ""), x, y, "");
}

int pl_emit_alias_check(pl_host *host, pl_candidate *c, pl_fail *f) {
  size_t nw = pl_alias_checked_writes(host, c, NULL, 0);
  LLVMValueRef *writes = calloc(nw ? nw : 1, sizeof *writes);
  int *ri = calloc(c->ncopies ? c->ncopies : 1, sizeof *ri);
  int *wi = calloc(nw ? nw : 1, sizeof *wi);
  pl_access_bounds *bounds = start_bounds(host, c);
  if (!writes || !ri || !wi || !bounds)
    abort();
  pl_alias_checked_writes(host, c, writes, nw);
  int ok = add_reads(bounds, c, ri);
  for (size_t j = 0; j < nw && ok; ++j)
    ok = (wi[j] = add_write(bounds, c, writes[j])) >= 0;
  if (!ok) {
    pl_failf(f, PL_R_SOURCE_WRITTEN, NULL,
             "the loop may write the global memory a tile is copied from, and the ranges for "
             "a runtime alias check cannot be computed");
  } else {
    LLVMContextRef ctx = LLVMGetModuleContext(c->module);
    LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx), i32 = LLVMInt32TypeInContext(ctx);
    LLVMValueRef term = LLVMGetBasicBlockTerminator(c->preheader);
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderBefore(b, term);
    /* This thread's ranges, as generic addresses. */
    LLVMValueRef *rlo = calloc(c->ncopies ? c->ncopies : 1, sizeof *rlo);
    LLVMValueRef *rhi = calloc(c->ncopies ? c->ncopies : 1, sizeof *rhi);
    if (!rlo || !rhi)
      abort();
    for (size_t i = 0; i < c->ncopies; ++i) {
      LLVMValueRef lo, hi;
      pl_access_bounds_expand(bounds, ri[i], term, &lo, &hi);
      rlo[i] = generic_address(b, ctx, lo);
      rhi[i] = generic_address(b, ctx, hi);
    }
    LLVMValueRef wlo = NULL, whi = NULL;
    for (size_t j = 0; j < nw; ++j) {
      LLVMValueRef lo, hi;
      pl_access_bounds_expand(bounds, wi[j], term, &lo, &hi);
      lo = generic_address(b, ctx, lo);
      hi = generic_address(b, ctx, hi);
      wlo = wlo ? pick(b, LLVMIntULT, wlo, lo) : lo;
      whi = whi ? pick(b, LLVMIntUGT, whi, hi) : hi;
    }
    LLVMValueRef assumption_fails = pl_access_bounds_expand_predicates(bounds, term);
    /* The block's write range: [UINT64_MAX, 0) set by one thread, then
     * every thread's folded in. */
    LLVMTypeRef scratch_ty = LLVMArrayType2(i64, 2);
    LLVMValueRef scratch =
        LLVMAddGlobalInAddressSpace(c->module, scratch_ty, "pl.alias.scratch", PL_AS_SHARED);
    LLVMSetLinkage(scratch, LLVMInternalLinkage);
    LLVMSetInitializer(scratch, LLVMGetUndef(scratch_ty));
    LLVMSetAlignment(scratch, 8);
    LLVMValueRef one = LLVMConstInt(i64, 1, 0);
    LLVMValueRef hi_slot = LLVMBuildInBoundsGEP2(b, i64, scratch, &one, 1, "pl.alias.hi");
    LLVMValueRef first = first_thread(c, b);
    LLVMValueRef then = pl_split_block_if_then(host, first, term);
    LLVMPositionBuilderBefore(b, then);
    LLVMSetAlignment(LLVMBuildStore(b, LLVMConstAllOnes(i64), scratch), 8);
    LLVMSetAlignment(LLVMBuildStore(b, LLVMConstInt(i64, 0, 0), hi_slot), 8);
    LLVMPositionBuilderBefore(b, term);
    pl_emit_call0(c, b, "llvm.nvvm.barrier0");
    LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpUMin, scratch, wlo, LLVMAtomicOrderingMonotonic, 0);
    LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpUMax, hi_slot, whi, LLVMAtomicOrderingMonotonic, 0);
    pl_emit_call0(c, b, "llvm.nvvm.barrier0");
    LLVMValueRef blo = LLVMBuildLoad2(b, i64, scratch, "pl.alias.block.lo");
    LLVMValueRef bhi = LLVMBuildLoad2(b, i64, hi_slot, "pl.alias.block.hi");
    LLVMSetAlignment(blo, 8);
    LLVMSetAlignment(bhi, 8);
    LLVMValueRef conflict = assumption_fails;
    for (size_t i = 0; i < c->ncopies; ++i) {
      LLVMValueRef o = overlap(b, rlo[i], rhi[i], blo, bhi);
      conflict = conflict ? LLVMBuildOr(b, conflict, o, "") : o;
    }
    LLVMValueRef vote = LLVMBuildZExt(b, conflict, i32, "");
    LLVMValueRef any = call_intrinsic(c, b, "llvm.nvvm.barrier0.or", &vote, 1, "pl.alias.any");
    LLVMValueRef take_original =
        LLVMBuildICmp(b, LLVMIntNE, any, LLVMConstInt(i32, 0, 0), "pl.alias.conflict");
    LLVMDisposeBuilder(b);
    free(rlo);
    free(rhi);
    c->preheader = pl_loop_version(host, c->loop, take_original);
    c->exit = pl_loop_exit_block(c->loop);
    if (!c->preheader)
      abort(); /* the loop had a preheader and a unique exit: recognition */
  }
  pl_access_bounds_free(bounds);
  free(writes);
  free(ri);
  free(wi);
  return ok;
}

void pl_alias_check_exit_barrier(pl_host *host, const pl_candidate *c) {
  /* The exit is dedicated (pl_loop_version): its predecessors are the
   * exiting blocks of the two versions. */
  LLVMBasicBlockRef from[8];
  size_t n = 0;
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(c->exit)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      continue;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
    int seen = 0;
    for (size_t i = 0; i < n; ++i)
      seen |= from[i] == bb;
    if (!seen && !pl_loop_contains(c->loop, bb) && n < 8)
      from[n++] = bb;
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(c->module));
  for (size_t i = 0; i < n; ++i) {
    LLVMBasicBlockRef mid = pl_split_edge(host, from[i], c->exit);
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(mid));
    pl_emit_call0(c, b, "llvm.nvvm.barrier0");
  }
  LLVMDisposeBuilder(b);
}
