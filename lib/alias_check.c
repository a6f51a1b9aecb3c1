/*===- lib/alias_check.c - runtime alias checks -------------------------===*/
#include "alias_check.h"

#include "emit.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "plan.h"

#include <assert.h>
#include <stdlib.h>

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

/* [*wlo, *whi) widened to cover [lo, hi) (pointers, compared as generic
 * addresses); NULL ends start it. */
static void widen(LLVMBuilderRef b, LLVMContextRef ctx, LLVMValueRef lo, LLVMValueRef hi,
                  LLVMValueRef *wlo, LLVMValueRef *whi) {
  lo = generic_address(b, ctx, lo);
  hi = generic_address(b, ctx, hi);
  *wlo = *wlo ? pick(b, LLVMIntULT, *wlo, lo) : lo;
  *whi = *whi ? pick(b, LLVMIntUGT, *whi, hi) : hi;
}

/* The i1 "some source pointer the loop copies from is not a global-space
 * address" (PTX ISA, "isspacep"), for the sources legality could not prove
 * global; NULL when there are none. */
static LLVMValueRef space_fails(const pl_candidate *c, LLVMBuilderRef b, pl_loop_facts *facts) {
  LLVMValueRef const *objs;
  size_t n = pl_facts_space_checks(facts, &objs);
  LLVMValueRef fails = NULL;
  for (size_t k = 0; k < n; ++k) {
    LLVMValueRef p = objs[k];
    LLVMValueRef global = call_intrinsic(c, b, "llvm.nvvm.isspacep.global", &p, 1, "");
    LLVMValueRef not_global = LLVMBuildNot(b, global, "pl.space.not.global");
    fails = fails ? LLVMBuildOr(b, fails, not_global, "") : not_global;
  }
  return fails;
}

/* The union over the block of every thread's write range [wlo, whi): one
 * thread sets [UINT64_MAX, 0) in a 16-byte __shared__ scratch, every
 * thread folds its range in with shared atomics between two barriers;
 * *blo and *bhi are the result, read by every thread. Emitted at `b`
 * before `term`, the preheader's terminator, which stays last. */
static void block_union(pl_host *host, pl_candidate *c, LLVMBuilderRef b, LLVMValueRef term,
                        LLVMValueRef wlo, LLVMValueRef whi, LLVMValueRef *blo, LLVMValueRef *bhi) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  LLVMTypeRef i64 = LLVMInt64TypeInContext(ctx);
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
  pl_emit_cta_barrier(c->module, b);
  LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpUMin, scratch, wlo, LLVMAtomicOrderingMonotonic, 0);
  LLVMBuildAtomicRMW(b, LLVMAtomicRMWBinOpUMax, hi_slot, whi, LLVMAtomicOrderingMonotonic, 0);
  pl_emit_cta_barrier(c->module, b);
  *blo = LLVMBuildLoad2(b, i64, scratch, "pl.alias.block.lo");
  *bhi = LLVMBuildLoad2(b, i64, hi_slot, "pl.alias.block.hi");
  LLVMSetAlignment(*blo, 8);
  LLVMSetAlignment(*bhi, 8);
}

/* What the bounds assume, as an i1 that is true where it fails; predicates
 * that cannot be expanded cannot be checked: then the original version
 * runs. */
static LLVMValueRef assumptions_fail(pl_access_bounds *bounds, LLVMValueRef term, int windows,
                                     LLVMContextRef ctx) {
  return pl_access_bounds_predicates_expandable(bounds)
             ? pl_access_bounds_expand_predicates(bounds, term, windows)
             : LLVMConstInt(LLVMInt1TypeInContext(ctx), 1, 0);
}

/* The i1 "some copied range may overlap the block's writes" of the range
 * check over the whole loop (design.md, "Runtime alias checks"), emitted
 * at `b` before `term` (the preheader's terminator, which stays last). */
static LLVMValueRef range_conflict(pl_host *host, pl_candidate *c, pl_loop_facts *facts,
                                   LLVMBuilderRef b, LLVMValueRef term) {
  size_t nw = pl_facts_writes(facts, NULL, NULL);
  int const *ri, *wi;
  pl_access_bounds *bounds = pl_facts_bounds(facts, &ri, &wi);
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  /* This thread's ranges, as generic addresses. */
  LLVMValueRef *rlo = pl_xcalloc(c->ncopies, sizeof *rlo);
  LLVMValueRef *rhi = pl_xcalloc(c->ncopies, sizeof *rhi);
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
    widen(b, ctx, lo, hi, &wlo, &whi);
  }
  LLVMValueRef conflict = assumptions_fail(bounds, term, 0, ctx);
  LLVMValueRef blo, bhi;
  block_union(host, c, b, term, wlo, whi, &blo, &bhi);
  for (size_t i = 0; i < c->ncopies; ++i) {
    LLVMValueRef o = overlap(b, rlo[i], rhi[i], blo, bhi);
    conflict = conflict ? LLVMBuildOr(b, conflict, o, "") : o;
  }
  free(rlo);
  free(rhi);
  return conflict;
}

/* The i1 "a copy the pipelined loop issues ahead may read what the block
 * writes before it", per iteration (design.md, "Runtime alias checks"):
 * every access's window moves by one step per iteration in every thread,
 * and the copies of iteration i + k, 1 <= k <= `ahead`, are issued before
 * the writes of iteration i -- k = 0 too (`first`) where a write may
 * precede a copy of its own iteration (pl_alias_check_nearest); shifted by
 * i steps, the
 * writes' windows on iteration 0 (their union over the block) against
 * each copy's window on iteration k. Emitted at `b` before `term`. */
static LLVMValueRef window_conflict(pl_host *host, pl_candidate *c, pl_loop_facts *facts,
                                    LLVMBuilderRef b, LLVMValueRef term, unsigned first,
                                    unsigned ahead) {
  size_t nw = pl_facts_writes(facts, NULL, NULL);
  int const *ri, *wi;
  pl_access_bounds *bounds = pl_facts_bounds(facts, &ri, &wi);
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  LLVMValueRef wlo = NULL, whi = NULL, step = NULL;
  for (size_t j = 0; j < nw; ++j) {
    LLVMValueRef lo, hi;
    pl_access_bounds_expand_window(bounds, wi[j], term, &lo, &hi, &step);
    widen(b, ctx, lo, hi, &wlo, &whi);
  }
  LLVMValueRef conflict = assumptions_fail(bounds, term, 1, ctx);
  LLVMValueRef blo, bhi;
  block_union(host, c, b, term, wlo, whi, &blo, &bhi);
  for (size_t i = 0; i < c->ncopies; ++i) {
    LLVMValueRef lo, hi;
    pl_access_bounds_expand_window(bounds, ri[i], term, &lo, &hi, &step);
    lo = generic_address(b, ctx, lo);
    hi = generic_address(b, ctx, hi);
    for (unsigned k = first; k <= ahead; ++k) {
      LLVMValueRef shift = LLVMBuildMul(b, step, LLVMConstInt(LLVMTypeOf(step), k, 0), "");
      LLVMValueRef o =
          overlap(b, LLVMBuildAdd(b, lo, shift, ""), LLVMBuildAdd(b, hi, shift, ""), blo, bhi);
      conflict = conflict ? LLVMBuildOr(b, conflict, o, "") : o;
    }
  }
  return conflict;
}

unsigned pl_alias_check_nearest(pl_host *host, const pl_candidate *c, pl_loop_facts *facts) {
  LLVMValueRef const *writes;
  size_t nw = pl_facts_writes(facts, &writes, NULL);
  for (size_t j = 0; j < nw; ++j)
    if (pl_in_copy_stage(host, c, writes[j]))
      return 0;
  return 1;
}

void pl_emit_alias_check(pl_host *host, pl_candidate *c, pl_loop_facts *facts, const pl_plan *plan,
                         LLVMValueRef also_original) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  LLVMValueRef term = LLVMGetBasicBlockTerminator(c->preheader);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
  LLVMPositionBuilderBefore(b, term);
  LLVMValueRef conflict = space_fails(c, b, facts);
  if (pl_facts_writes(facts, NULL, NULL)) {
    LLVMValueRef ranges = plan->alias_windows
                              ? window_conflict(host, c, facts, b, term, plan->alias_nearest,
                                                pl_plan_issue_ahead(plan))
                              : range_conflict(host, c, facts, b, term);
    conflict = conflict ? LLVMBuildOr(b, conflict, ranges, "") : ranges;
  }
  assert(conflict && "the plan asks for a check only where there is something to check");
  LLVMValueRef take_original =
      pl_emit_cta_barrier_or(c->module, b, conflict, "pl.alias.any", "pl.alias.conflict");
  if (also_original)
    take_original = LLVMBuildOr(b, take_original, also_original, "pl.take.original");
  LLVMDisposeBuilder(b);
  c->preheader = pl_loop_version(host, c->loop, take_original);
  c->exit = pl_loop_exit_block(c->loop);
  assert(c->preheader && "recognition: the loop has a preheader and a unique exit");
}

void pl_alias_check_exit_barrier(pl_host *host, const pl_candidate *c) {
  /* The exit is dedicated (pl_loop_version): its predecessors are the
   * exiting blocks of the two versions. */
  pl_vec from = {0}; /* the blocks, as values */
  for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(c->exit)); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      continue;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
    if (!pl_loop_contains(c->loop, bb) && !pl_vec_has(&from, LLVMBasicBlockAsValue(bb)))
      pl_vec_push(&from, LLVMBasicBlockAsValue(bb));
  }
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(c->module));
  for (size_t i = 0; i < from.len; ++i) {
    LLVMBasicBlockRef mid = pl_split_edge(host, LLVMValueAsBasicBlock(from.v[i]), c->exit);
    LLVMPositionBuilderBefore(b, LLVMGetBasicBlockTerminator(mid));
    pl_emit_cta_barrier(c->module, b);
  }
  LLVMDisposeBuilder(b);
  pl_vec_free(&from);
}
