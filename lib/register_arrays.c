/*===- lib/register_arrays.c - private arrays kept in registers ---------===*/
#include "register_arrays.h"

#include "control.h"
#include "host_diag.h"
#include "host_loops.h"
#include "host_scev.h"
#include "ir.h"
#include "launch_shapes.h"
#include "nvvm.h"
#include "remarks.h"

#include <llvm-c/DebugInfo.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Most loops one array's indices may depend on. */
#define PL_RA_MAX_LOOPS 16

/* Deepest chain of GEPs and casts followed from an array. */
#define PL_RA_MAX_DEPTH 16

/* Most loops marked in one function. */
#define PL_RA_MAX_MARKED 64

/* One function's run: the loops marked so far. */
typedef struct ra_run {
  pl_loop_ref marked[PL_RA_MAX_MARKED];
  size_t n;
} ra_run;

static int marked_before(const ra_run *run, pl_loop_ref l) {
  for (size_t i = 0; i < run->n; ++i)
    if (run->marked[i] == l)
      return 1;
  return 0;
}

/* The loops whose counters index one array, and why it stays in local
 * memory when it does (`why` a sentence's end, `at` where). */
typedef struct ra_array {
  pl_host *host;
  ra_run *run;
  LLVMValueRef alloca;
  pl_loop_ref loops[PL_RA_MAX_LOOPS];
  size_t nloops;
  int dynamic;       /* some index is not a constant */
  unsigned accesses; /* loads and stores of the array in its loops (unrolled_size) */
  char why[256];
  LLVMValueRef at;
} ra_array;

static int fail(ra_array *a, LLVMValueRef at, const char *why) {
  snprintf(a->why, sizeof a->why, "%s", why);
  a->at = at;
  return 0;
}

static int all_indices_constant(LLVMValueRef gep) {
  for (unsigned i = 1, n = (unsigned)LLVMGetNumOperands(gep); i < n; ++i)
    if (!LLVMIsAConstantInt(LLVMGetOperand(gep, i)))
      return 0;
  return 1;
}

/* Adds the loops whose counters the address `gep` depends on. */
static int add_index_loops(ra_array *a, LLVMValueRef gep) {
  pl_loop_ref found[PL_RA_MAX_LOOPS];
  size_t n = 0;
  if (!pl_scev_counter_offset(a->host, gep, a->alloca, found, PL_RA_MAX_LOOPS, &n))
    return fail(a, gep,
                "an index is not a sum, product or quotient of loop counters and constants (a "
                "load, a select or a bitwise operation takes part)");
  for (size_t i = 0; i < n; ++i) {
    size_t k = 0;
    while (k < a->nloops && a->loops[k] != found[i])
      ++k;
    if (k == a->nloops && a->nloops == PL_RA_MAX_LOOPS)
      return fail(a, gep, "its indices depend on too many loops");
    if (k == a->nloops)
      a->loops[a->nloops++] = found[i];
  }
  return 1;
}

/* Whether the call `call` only fills or ends the memory at `p`: a lifetime
 * marker, or a memset, memcpy or memmove of constant length. */
static int fills_only(LLVMValueRef call) {
  if (pl_is_lifetime_marker(call))
    return 1;
  if (!pl_is_intrinsic(call, "llvm.memset") && !pl_is_intrinsic(call, "llvm.memcpy") &&
      !pl_is_intrinsic(call, "llvm.memmove"))
    return 0;
  return LLVMIsAConstantInt(LLVMGetOperand(call, 2)) != NULL;
}

/* Walks the uses of `p`, an address within the array: loads, stores to it,
 * fills, and GEPs and casts of it, whose non-constant indices must depend
 * on loop counters only. Returns 0 (with the reason) otherwise. */
static int walk_uses(ra_array *a, LLVMValueRef p, unsigned depth) {
  if (depth > PL_RA_MAX_DEPTH)
    return fail(a, p, "its addresses are derived too deeply");
  for (LLVMUseRef u = LLVMGetFirstUse(p); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      return fail(a, a->alloca, "its address is used by a constant");
    switch (LLVMGetInstructionOpcode(user)) {
    case LLVMLoad:
    case LLVMStore:
      if (LLVMGetInstructionOpcode(user) == LLVMStore && LLVMGetOperand(user, 0) == p)
        return fail(a, user, "its address is stored to memory");
      if (LLVMGetVolatile(user) || LLVMGetOrdering(user) != LLVMAtomicOrderingNotAtomic)
        return fail(a, user, "it is accessed as volatile or atomic, which stays in memory");
      break;
    case LLVMGetElementPtr:
      if (!all_indices_constant(user)) {
        a->dynamic = 1;
        if (!add_index_loops(a, user))
          return 0;
      }
      if (!walk_uses(a, user, depth + 1))
        return 0;
      break;
    case LLVMBitCast:
    case LLVMAddrSpaceCast:
      if (!walk_uses(a, user, depth + 1))
        return 0;
      break;
    case LLVMCall:
      if (!fills_only(user))
        return fail(a, user, "its address is passed to a call");
      break;
    default:
      return fail(a, user, "its address is used other than by loads, stores and indexing");
    }
  }
  return 1;
}

int pl_loop_has_barrier(LLVMValueRef fn, pl_loop_ref loop) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
    if (!pl_loop_contains(loop, b))
      continue;
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsACallInst(i) && pl_is_any_barrier(i))
        return 1;
  }
  return 0;
}

int pl_has_cta_barrier(LLVMValueRef fn) {
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i))
      if (LLVMIsACallInst(i) && pl_is_cta_barrier(i))
        return 1;
  return 0;
}

/* Nonzero when `inst` loads or stores through an address of the array
 * (the alloca, or a GEP or cast chain from it). */
static int accesses_array(const ra_array *a, LLVMValueRef inst) {
  if (!LLVMIsALoadInst(inst) && !LLVMIsAStoreInst(inst))
    return 0;
  LLVMValueRef p = LLVMGetOperand(inst, LLVMIsAStoreInst(inst) ? 1 : 0);
  for (unsigned d = 0; d <= PL_RA_MAX_DEPTH && p; ++d) {
    if (p == a->alloca)
      return 1;
    if (!LLVMIsAGetElementPtrInst(p) && !LLVMIsABitCastInst(p) && !LLVMIsAAddrSpaceCastInst(p))
      return 0;
    p = LLVMGetOperand(p, 0);
  }
  return 0;
}

/* The instructions the array's loops come to once unrolled: each
 * instruction once per trip of every one of them around it; counts the
 * array's accesses among them, likewise, into a->accesses. */
static uint64_t unrolled_size(ra_array *a, const unsigned *trips) {
  LLVMValueRef fn = pl_host_function(a->host);
  uint64_t total = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
    uint64_t weight = 1;
    int inside = 0;
    for (pl_loop_ref l = pl_loop_for_block(a->host, b); l; l = pl_loop_parent(l))
      for (size_t k = 0; k < a->nloops; ++k)
        if (a->loops[k] == l) {
          weight *= trips[k];
          inside = 1;
        }
    if (!inside)
      continue;
    uint64_t n = 0;
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      ++n;
      if (accesses_array(a, i))
        a->accesses += (unsigned)weight;
    }
    total += weight * n;
    if (total > PL_REGISTER_ARRAY_MAX_UNROLLED)
      break;
  }
  return total;
}

/* Where a remark about the array's k-th loop goes: its latch's branch
 * (the loop's line), else the array. */
static LLVMValueRef loop_end(const ra_array *a, size_t k) {
  LLVMBasicBlockRef latch = pl_loop_latch(a->loops[k]);
  return latch ? LLVMGetBasicBlockTerminator(latch) : a->alloca;
}

/* Nonzero when `loop` contains a loop that the array's indices do not
 * name: unrolled, each trip would copy it (and LoopUnrollPass may unroll
 * it at run time first), far beyond what unrolled_size counts. */
static int has_other_subloop(const ra_array *a, pl_loop_ref loop) {
  LLVMValueRef fn = pl_host_function(a->host);
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
    if (!pl_loop_contains(loop, b))
      continue;
    for (pl_loop_ref l = pl_loop_for_block(a->host, b); l && l != loop; l = pl_loop_parent(l)) {
      size_t k = 0;
      while (k < a->nloops && a->loops[k] != l)
        ++k;
      if (k == a->nloops)
        return 1;
    }
  }
  return 0;
}

/* Whether every loop of the array can be fully unrolled (above), with
 * their trip counts in `trips`. */
static int loops_unrollable(ra_array *a, unsigned *trips) {
  LLVMValueRef fn = pl_host_function(a->host);
  char why[256];
  for (size_t k = 0; k < a->nloops; ++k) {
    pl_loop_ref l = a->loops[k];
    LLVMBasicBlockRef latch = pl_loop_latch(l);
    LLVMValueRef term = latch ? LLVMGetBasicBlockTerminator(latch) : NULL;
    LLVMValueRef at = term ? term : a->alloca;
    trips[k] = pl_loop_const_trip_count(a->host, l);
    if (!trips[k])
      return fail(a, at, "a loop indexing it has no constant trip count");
    if (trips[k] > PL_REGISTER_ARRAY_MAX_TRIP) {
      snprintf(why, sizeof why, "a loop indexing it runs %u times, more than %u", trips[k],
               PL_REGISTER_ARRAY_MAX_TRIP);
      return fail(a, at, why);
    }
    if (pl_loop_has_barrier(fn, l))
      return fail(a, at, "a loop indexing it has a barrier");
    if (has_other_subloop(a, l))
      return fail(a, at,
                  "a loop indexing it contains a loop that does not index it, which "
                  "would be copied once per trip");
    if (!marked_before(a->run, l) && pl_loop_unroll_pragma(term) != PL_UNROLL_NONE)
      return fail(a, at, "a loop indexing it has an unroll pragma of its own");
  }
  uint64_t size = unrolled_size(a, trips);
  if (size <= PL_REGISTER_ARRAY_MAX_UNROLLED &&
      size > (uint64_t)a->accesses * PL_REGISTER_ARRAY_MAX_PER_ACCESS) {
    snprintf(why, sizeof why,
             "the loops indexing it do more than %u instructions per access to it, so local "
             "memory costs them little and unrolling them much",
             PL_REGISTER_ARRAY_MAX_PER_ACCESS);
    return fail(a, loop_end(a, 0), why);
  }
  if (size > PL_REGISTER_ARRAY_MAX_UNROLLED) {
    snprintf(why, sizeof why,
             "the loops indexing it would come to more than %u instructions unrolled",
             PL_REGISTER_ARRAY_MAX_UNROLLED);
    return fail(a, loop_end(a, 0), why);
  }
  return 1;
}

static void remark_unrolled(pl_host *host, pl_loop_ref loop, unsigned trip, uint64_t bytes) {
  pl_remark *r = pl_remark_begin(host, PL_REMARK_PASSED, "UnrolledForRegisters", loop, NULL);
  pl_remark_text(r, "loop fully unrolled (");
  pl_remark_u64(r, "Trips", trip);
  pl_remark_text(r, " trips) so that a private array of ");
  pl_remark_u64(r, "ArrayBytes", bytes);
  pl_remark_text(r, " bytes it indexes by its counter can live in registers: an index that "
                    "changes at run time keeps the whole array in local memory");
  pl_remark_context(r, host);
  pl_remark_emit(r);
}

static void remark_kept(const ra_array *a, uint64_t bytes) {
  if (!LLVMIsAInstruction(a->at) || !LLVMInstructionGetDebugLoc(a->at))
    return; /* made by the compiler or a library (libdevice's sinf), not in the source */
  LLVMBasicBlockRef b = LLVMIsAInstruction(a->at) ? LLVMGetInstructionParent(a->at) : NULL;
  pl_loop_ref loop = b ? pl_loop_for_block(a->host, b) : NULL;
  pl_remark *r = pl_remark_begin(a->host, PL_REMARK_ANALYSIS, "ArrayInLocalMemory", loop, a->at);
  pl_remark_text(r, "a private array of ");
  pl_remark_u64(r, "ArrayBytes", bytes);
  pl_remark_text(r, " bytes stays in local memory: ");
  pl_remark_str(r, "Reason", a->why);
  pl_remark_context(r, a->host);
  pl_remark_emit(r);
}

int pl_register_block_fits(LLVMValueRef fn) {
  unsigned threads = 0, min_blocks = 0;
  pl_launch_bounds(fn, &threads, &min_blocks);
  if (threads)
    return (uint64_t)threads * (min_blocks ? min_blocks : 1) <= PL_REGISTER_ARRAY_MAX_THREADS;
  pl_launches l;
  pl_launches_of(fn, &l);
  return l.n && !l.unknown && l.max_threads <= PL_REGISTER_ARRAY_MAX_THREADS;
}

/* Marks the loops of one array, the allocation `alloca` of `bytes` bytes;
 * returns how many it marked. */
static unsigned one_array(pl_host *host, ra_run *run, LLVMValueRef alloca, uint64_t bytes) {
  ra_array a = {.host = host, .run = run, .alloca = alloca};
  if (!walk_uses(&a, alloca, 0)) {
    if (a.dynamic) /* indexed at run time, and left in memory */
      remark_kept(&a, bytes);
    return 0;
  }
  if (!a.nloops)
    return 0; /* constant indices only: SROA's already */
  unsigned trips[PL_RA_MAX_LOOPS];
  size_t fresh = 0;
  for (size_t k = 0; k < a.nloops; ++k)
    fresh += !marked_before(run, a.loops[k]);
  if (!loops_unrollable(&a, trips) || run->n + fresh > PL_RA_MAX_MARKED ||
      !pl_register_block_fits(pl_host_function(host))) {
    if (!a.why[0] && run->n + fresh > PL_RA_MAX_MARKED)
      fail(&a, loop_end(&a, 0), "the kernel has too many such loops");
    else if (!a.why[0]) {
      char why[256];
      snprintf(why, sizeof why,
               "the kernel's block is not known to be at most %u threads (by __launch_bounds__, "
               "or by constant launches in this file); in a larger one the registers the array "
               "would take could stop the block from launching, or be spilled",
               PL_REGISTER_ARRAY_MAX_THREADS);
      fail(&a, loop_end(&a, 0), why);
    }
    remark_kept(&a, bytes);
    return 0;
  }
  unsigned marked = 0;
  for (size_t k = 0; k < a.nloops; ++k) {
    if (marked_before(run, a.loops[k]))
      continue;
    remark_unrolled(host, a.loops[k], trips[k], bytes);
    pl_loop_request_full_unroll(a.loops[k]);
    run->marked[run->n++] = a.loops[k];
    ++marked;
  }
  return marked;
}

int pl_kernel_left_out(LLVMValueRef fn, const pl_options *opts) {
  size_t len = 0;
  const char *mangled = LLVMGetValueName2(fn, &len);
  char *name = pl_demangle(mangled ? mangled : "");
  pl_kernel_marks marks = {0};
  char *err = pl_kernel_marks_read(fn, name ? name : "", &marks);
  int out = err || marks.disabled || (name && !pl_options_kernel_selected(opts, name));
  free(err);
  free(name);
  return out;
}

unsigned pl_register_arrays(pl_host *host, const pl_options *opts) {
  LLVMValueRef fn = pl_host_function(host);
  if (opts->disabled || !opts->register_arrays || !pl_is_kernel(fn) || !pl_has_cta_barrier(fn) ||
      pl_kernel_left_out(fn, opts))
    return 0;
  LLVMModuleRef m = LLVMGetGlobalParent(fn);
  unsigned marked = 0;
  ra_run run = {.n = 0};
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(fn);
  for (LLVMValueRef i = LLVMGetFirstInstruction(entry); i; i = LLVMGetNextInstruction(i)) {
    if (!LLVMIsAAllocaInst(i) || !LLVMIsAConstantInt(LLVMGetOperand(i, 0)))
      continue;
    uint64_t bytes = pl_type_alloc_size(m, LLVMGetAllocatedType(i)) *
                     LLVMConstIntGetZExtValue(LLVMGetOperand(i, 0));
    if (bytes >= PL_REGISTER_ARRAY_MIN_BYTES && bytes <= PL_REGISTER_ARRAY_MAX_BYTES)
      marked += one_array(host, &run, i, bytes);
  }
  return marked;
}
