/*===- lib/legality.c - may this tile loop be pipelined? ----------------===*/
#include "legality.h"

#include "access.h"
#include "copy_skips.h"
#include "dynamic_tile.h"
#include "host_cfg.h"
#include "host_diag.h"
#include "host_memory.h"
#include "legality_copies.h"
#include "uses.h"

#include <assert.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int check_tiles(const pl_loop_ctx *x, pl_fail *f) {
  for (size_t t = 0; t < x->c->ntiles; ++t)
    if (!pl_facts_tile(x->facts, t, f, NULL))
      return 0;
  return 1;
}

static int check_sources(const pl_loop_ctx *x, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    LLVMValueRef obj = pl_source_object(c, cp->src);
    if (!pl_is_global_object(obj) && !pl_space_checkable(c, obj)) {
      char buf[80];
      pl_failf(f, PL_R_SOURCE_NOT_GLOBAL, cp->load ? cp->load : cp->store,
               "cannot prove the copy into tile '%s' reads global memory", c->tiles[cp->tile].name);
      pl_fail_detail(f,
                     "the source is based on %s, which is neither a kernel pointer "
                     "parameter (passed by address, not by value), nor a global-space pointer, "
                     "nor a pointer computed before the loop that a runtime check could test",
                     pl_value_label(host, obj, buf, sizeof buf));
      return 0;
    }
  }
  return 1;
}

/* A memory fence in the loop, or an acquire or release access
 * (pl_is_memory_ordering: __threadfence, cooperative groups' grid.sync(),
 * cuda::atomic_ref): the thread orders its copies after what other blocks
 * wrote before they met it, which a ring that issues them iterations
 * earlier would not. NULL when there is none; *unseen is then the first
 * call into code the pass cannot see (PL_MAY_ORDER), or NULL. */
static LLVMValueRef fence_in_loop(const pl_candidate *c, LLVMValueRef *unseen) {
  *unseen = NULL;
  for (size_t b = 0; b < c->nblocks; ++b)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
      int k = pl_memory_ordering(i);
      if (k == PL_ORDERS)
        return i;
      if (k == PL_MAY_ORDER && !*unseen)
        *unseen = i;
    }
  return NULL;
}

/* Whether the value `v` decides a branch, through compares, casts,
 * arithmetic, selects, extractvalue, phis and calls (`__ballot_sync`,
 * `min`), a few levels deep: a branch of the loop (`fn` NULL), or of the
 * function `fn`; *returned set where `v` reaches `fn`'s return. */
static int decides_branch(const pl_candidate *c, LLVMValueRef fn, LLVMValueRef v, int *returned,
                          unsigned depth) {
  if (depth > 4)
    return 0;
  for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
    LLVMValueRef user = LLVMGetUser(u);
    if (!LLVMIsAInstruction(user))
      continue;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
    if (fn ? LLVMGetBasicBlockParent(bb) != fn : !pl_candidate_has_block(c, bb))
      continue;
    if ((LLVMIsABranchInst(user) && LLVMIsConditional(user)) || LLVMIsASwitchInst(user))
      return 1;
    if (LLVMIsAReturnInst(user) && returned)
      *returned = 1;
    int call = LLVMIsACallInst(user) && LLVMGetTypeKind(LLVMTypeOf(user)) != LLVMVoidTypeKind;
    if ((call || LLVMIsACmpInst(user) || LLVMIsACastInst(user) || LLVMIsABinaryOperator(user) ||
         LLVMIsASelectInst(user) || LLVMIsAExtractValueInst(user) || LLVMIsAPHINode(user)) &&
        decides_branch(c, fn, user, returned, depth + 1))
      return 1;
  }
  return 0;
}

/* Whether `i` is an atomic on memory other blocks see: a read-modify-write
 * or compare-and-swap, an llvm.nvvm.atomic.* intrinsic (atomicAdd_system;
 * LLVM 19's atomicInc), or inline asm naming `atom.` (libcu++'s
 * atomic_ref) -- not one on shared memory only. */
static int global_atomic(LLVMValueRef i) {
  LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
  if (callee && LLVMIsAInlineAsm(callee)) {
    size_t len = 0;
    const char *t = LLVMGetInlineAsmAsmString(callee, &len);
    return t && memmem(t, len, "atom.", 5) && !memmem(t, len, ".shared", 7);
  }
  int atomic = LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
               (callee && !strncmp(pl_callee_name(i), "llvm.nvvm.atomic.", 17));
  return atomic && !pl_writes_only_shared(i);
}

/* Whether a call of the function `fn` hands the caller an atomic's result
 * (2) or spins on one itself (1), through calls PL_MAX_CALL_DEPTH deep. */
static int callee_handshake(LLVMValueRef fn, unsigned depth) {
  if (!fn || !LLVMIsAFunction(fn) || LLVMIsDeclaration(fn) || depth >= PL_MAX_CALL_DEPTH)
    return 0;
  int ret = 0;
  for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
      int returned = 0, k = 0;
      if (global_atomic(i) && decides_branch(NULL, fn, i, &returned, 0))
        return 1;
      if (LLVMIsACallInst(i) && (k = callee_handshake(LLVMGetCalledValue(i), depth + 1)) == 1)
        return 1;
      if (k == 2 && decides_branch(NULL, fn, i, &returned, 0))
        return 1;
      ret |= returned || k == 2;
    }
  return ret ? 2 : 0;
}

/* An atomic in the loop, or in a function it calls, whose result decides
 * a branch: a spin on a flag or a handshake with other blocks (`while
 * (atomicCAS(..) != ..)`, `if (atomicAdd(&done, 1) == last)`, a lock()
 * helper). clang writes CUDA's relaxed atomics and an explicit seq_cst one
 * alike (pl_is_memory_ordering takes them as relaxed), so the one that
 * synchronizes cannot be told apart: such a loop is declined, as a fence
 * would be. NULL when there is none. */
static LLVMValueRef atomic_decides_branch(const pl_candidate *c) {
  for (size_t b = 0; b < c->nblocks; ++b)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
      int k = LLVMIsACallInst(i) ? callee_handshake(LLVMGetCalledValue(i), 0) : 0;
      if (k == 1 || ((k == 2 || global_atomic(i)) && decides_branch(c, NULL, i, NULL, 0)))
        return i;
    }
  return NULL;
}

/* (b) Nothing in the loop may write the copied memory, unless a runtime
 * check can tell (alias_check.h): a store whose range, like every copy's
 * source range, is known at loop entry. Nor may another block, past a
 * memory fence in the loop (fence_in_loop). */
static int check_writes(const pl_loop_ctx *x, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  LLVMValueRef unknown;
  LLVMValueRef fence = fence_in_loop(c, &unknown);
  if (fence)
    return pl_failf(f, PL_R_SOURCE_WRITTEN, fence,
                    "the loop has a memory fence or an acquire or release access (__threadfence, a "
                    "grid-wide barrier, cuda::atomic_ref%s): it orders "
                    "this iteration's copies after what other blocks wrote before it, which a "
                    "ring issuing them iterations earlier would not",
                    LLVMIsACallInst(fence) && LLVMIsAFunction(LLVMGetCalledValue(fence)) &&
                            !LLVMGetIntrinsicID(LLVMGetCalledValue(fence))
                        ? ", here in a function it calls"
                        : "");
  LLVMValueRef spin = atomic_decides_branch(c);
  if (spin)
    return pl_failf(f, PL_R_SOURCE_WRITTEN, spin,
                    "the loop branches on the result of an atomic (a spin or a handshake with "
                    "other blocks), which may order this iteration's copies after what other "
                    "blocks wrote before it, as a fence does; a ring issues them iterations "
                    "earlier");
  LLVMValueRef const *writes;
  int const *copy;
  size_t n = pl_facts_writes(x->facts, &writes, &copy);
  for (size_t w = 0; w < n; ++w) {
    if (pl_facts_write_covered(x->facts, w))
      continue;
    LLVMValueRef i = writes[w];
    int j = copy[w];
    LLVMValueRef obj = pl_source_object(c, c->copies[j].src);
    /* no advice to mark a parameter that has it: the loop writes through it */
    int advise = LLVMIsAArgument(obj) && !pl_param_has_attribute(obj, "noalias");
    char buf[80];
    pl_failf(f, PL_R_SOURCE_WRITTEN, i,
             "the loop may write the global memory tile '%s' is copied from%s",
             c->tiles[c->copies[j].tile].name,
             advise ? "; mark the pointers __restrict__ if they never overlap" : "");
    if (advise)
      pl_fail_detail(f,
                     "this %s may write the memory that %s points to, and its address range "
                     "or a copy's is not known at loop entry for a runtime check; mark the "
                     "pointers __restrict__ if they never overlap",
                     pl_opcode_word(i), pl_value_label(host, obj, buf, sizeof buf));
    else
      pl_fail_detail(f,
                     "this %s may write the memory that %s points to, and its address range "
                     "or a copy's is not known at loop entry for a runtime check",
                     pl_opcode_word(i), pl_value_label(host, obj, buf, sizeof buf));
    return 0;
  }
  /* after the writes: an unknown callee that may write a source says so */
  if (unknown) {
    LLVMValueRef callee = LLVMGetCalledValue(unknown);
    char *name = callee && LLVMIsAFunction(callee) ? pl_demangle(pl_callee_name(unknown)) : NULL;
    pl_failf(f, PL_R_SOURCE_WRITTEN, unknown,
             "the loop calls code the pass cannot see (%s%s%s, or a function it calls more than "
             "%d calls deep), which may hold a memory fence and order this iteration's copies "
             "after what other blocks wrote before it; a ring issues them iterations earlier",
             name ? "'" : "a call through a pointer", name ? name : "", name ? "'" : "",
             PL_MAX_CALL_DEPTH);
    free(name);
    return 0;
  }
  return 1;
}

/* Order: the removed barrier ordered the compute of iteration i before the
 * copy stage of iteration i+1. Without it, a memory access left in the copy
 * stage (other than the copies, which become cp.async and are covered by
 * (b)) must not conflict with one in the compute. In a sync-first loop
 * the removed barrier also ordered, among all threads, what comes before
 * it in the body (`top`, rare) against the copy stage after it, so those
 * must not conflict either. */
static int check_order(const pl_loop_ctx *x, pl_fail *f) {
  pl_host *host = x->host;
  const pl_candidate *c = x->c;
  pl_vec before = {0}, after = {0}, top = {0};
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      if (!pl_touches_memory(i) || pl_is_any_barrier(i))
        continue;
      if (pl_in_copy_stage(host, c, i)) {
        if (pl_is_copy_store(c, i) || pl_is_copy_source(c, i))
          continue;
        if (c->sync_first && !pl_inst_dominates(host, c->removed_barrier, i))
          pl_vec_push(&top, i);
        else
          pl_vec_push(&before, i);
      } else {
        pl_vec_push(&after, i);
      }
    }
  int ok = 1;
  for (size_t i = 0; i < top.len && ok; ++i)
    for (size_t j = 0; j < before.len && ok; ++j)
      if (pl_accesses_conflict(host, c, top.v[i], before.v[j])) {
        pl_failf(f, PL_R_UNORDERED, top.v[i],
                 "a memory access before the top barrier may conflict with one between "
                 "the two barriers, which the removed top barrier ordered");
        ok = 0;
      }
  for (size_t j = 0; j < top.len; ++j)
    pl_vec_push(&before, top.v[j]);
  for (size_t i = 0; i < before.len && ok; ++i)
    for (size_t j = 0; j < after.len && ok; ++j)
      if (pl_accesses_conflict(host, c, before.v[i], after.v[j])) {
        if (c->sync_first)
          pl_failf(f, PL_R_UNORDERED, before.v[i],
                   "a memory access before the second barrier may conflict with one after "
                   "it, which the removed top barrier ordered across iterations");
        else
          pl_failf(f, PL_R_UNORDERED, before.v[i],
                   "a memory access before the first barrier may conflict with one after it, "
                   "which the removed second barrier ordered across iterations");
        ok = 0;
      }
  pl_vec_free(&before);
  pl_vec_free(&after);
  pl_vec_free(&top);
  return ok;
}

/* A copy under a predicate (a branch) runs on the iterations where it
 * holds, and leaves the slot alone on the others: it would keep the bytes
 * of S iterations earlier. A predicate that is the same on every
 * iteration -- a per-thread condition such as `threadIdx.x < 192` -- is
 * safe: then the same threads fill the same bytes of every slot (the
 * destination is the same on every iteration too, (a')); on every run of
 * the loop too where a loop around it runs it again
 * (pl_check_copies_every_run). One that changes is safe where the rewrite
 * can move the slot before's bytes into the skipped ones, as the tile
 * keeps them (pl_straight_skip_unfixable; copy loops: check 9). */
static int check_predicates(const pl_loop_ctx *x, pl_fail *f) {
  const pl_candidate *c = x->c;
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    const char *why;
    if (!pl_copy_pred_varies(c, cp) || !(why = pl_straight_skip_unfixable(x->host, c, cp)))
      continue;
    pl_failf(f, PL_R_CONDITIONAL_COPY, cp->store,
             "the copy into tile '%s' runs under a condition that changes from "
             "iteration to iteration and writes no zeros otherwise, so a slot would "
             "keep stale data; write zeros in the other branch (x = c ? A[i] : 0)",
             c->tiles[cp->tile].name);
    pl_fail_detail(f, "the rewrite cannot move the slot before's bytes into a skipped copy's: %s",
                   why);
    return 0;
  }
  return 1;
}

/* The trip count at loop entry (trip.h). */
static int check_trip(const pl_loop_ctx *x, pl_fail *f) {
  return pl_facts_trip(x->facts, f) != NULL;
}

/* (e') Dynamic shared memory: a static ring beside an array sized at launch
 * could make the launch exceed the limit, and the budget cannot count it. */
static int check_dynamic_shared(const pl_loop_ctx *x, pl_fail *f) {
  const pl_candidate *c = x->c;
  LLVMValueRef dynamic;
  pl_other_shared_bytes(c, &dynamic);
  if (!dynamic)
    return 1;
  size_t n = 0;
  const char *name = LLVMGetValueName2(dynamic, &n);
  char *dm = pl_demangle(name ? name : "");
  const pl_tile *dyn = NULL;
  for (size_t t = 0; t < c->ntiles && !dyn; ++t)
    dyn = c->tiles[t].dynamic ? &c->tiles[t] : NULL;
  if (dyn)
    pl_failf(f, PL_R_DYNAMIC_SHARED, NULL,
             "the kernel also uses dynamic shared memory ('%s'), which starts where tile '%s' "
             "does, so a ring there would overlap it",
             dm ? dm : "", dyn->name);
  else
    pl_failf(f, PL_R_DYNAMIC_SHARED, NULL,
             "the kernel also uses dynamic shared memory ('%s'), sized at launch; a larger "
             "static ring could make the launch exceed the shared-memory limit",
             dm ? dm : "");
  free(dm);
  return 0;
}

/* A tile in dynamic shared memory can have a ring only in dynamic shared
 * memory, past the launch's own bytes the kernel cannot touch: its
 * footprint must be known (dynamic_tile.h), it must be the kernel's only
 * dynamic array (every `extern __shared__` array starts at the same
 * address), the loop's only tile (a static ring beside it would grow the
 * static shared memory, check_dynamic_shared), and the kernel may call
 * nothing that could reach dynamic shared memory unseen. Its uses outside the
 * loop are judged as a static tile's (pl_check_tile_uses): the footprint
 * covers every access of the kernel, so they lie in slot 0, the tile's own
 * bytes, and no other slot overlaps what the kernel keeps there. */
static int check_dynamic_tile(const pl_loop_ctx *x, const pl_tile *t, pl_fail *f) {
  const pl_candidate *c = x->c;
  if (!x->opts->dynamic_ring)
    return pl_failf(f, PL_R_DYNAMIC_SHARED, NULL,
                    "tile '%s' is dynamic shared memory (extern __shared__), and rings in "
                    "dynamic shared memory are off (dynamic-ring=off)",
                    t->name);
  if (!t->bytes && !t->symbolic)
    return pl_failf(f, PL_R_DYNAMIC_SHARED, t->no_footprint_at,
                    "tile '%s' is dynamic shared memory (extern __shared__), and the bytes the "
                    "kernel uses of it are not known: %s",
                    t->name, t->no_footprint);
  for (size_t k = 0; k < c->ntiles; ++k)
    if (&c->tiles[k] != t && c->tiles[k].dynamic)
      return pl_failf(f, PL_R_DYNAMIC_SHARED, NULL,
                      "tiles '%s' and '%s' are both dynamic shared memory, which every launch "
                      "places at the same address",
                      c->tiles[k].name, t->name);
  for (size_t k = 0; k < c->ntiles; ++k)
    if (!c->tiles[k].dynamic)
      return pl_failf(f, PL_R_DYNAMIC_SHARED, NULL,
                      "tile '%s' is dynamic shared memory beside static tile '%s', whose ring "
                      "would grow the static shared memory a launch sized for the dynamic "
                      "one may not leave room for",
                      t->name, c->tiles[k].name);
  LLVMValueRef at = NULL;
  const char *call = pl_dynamic_calls_obstacle(c->function, &at);
  if (call)
    return pl_failf(f, PL_R_DYNAMIC_SHARED, at,
                    "tile '%s' is dynamic shared memory, and the kernel has %s, which may "
                    "use it unseen",
                    t->name, call);
  return 1;
}

/* (a) The tile's storage: of a size known at compile time (or dynamic
 * shared memory of a known footprint), and ours to
 * replace. Without -fgpu-rdc the device module is the whole device program
 * (CUDA C++ Programming Guide, "Separate Compilation"), so a tile of a
 * template kernel (linkonce_odr), of an inline helper or at namespace scope
 * is as private as a static one. Under -fgpu-rdc another translation unit
 * may use an externally visible tile; dynamic shared memory is each
 * launch's own. */
static int check_tile_storage(const pl_loop_ctx *x, pl_fail *f) {
  const pl_candidate *c = x->c;
  const pl_options *opts = x->opts;
  for (size_t i = 0; i < c->ntiles; ++i) {
    const pl_tile *t = &c->tiles[i];
    if (t->dynamic) {
      if (!check_dynamic_tile(x, t, f))
        return 0;
      continue;
    }
    LLVMLinkage l = LLVMGetLinkage(t->global);
    if (opts->rdc && l != LLVMInternalLinkage && l != LLVMPrivateLinkage)
      return pl_failf(f, PL_R_TILE_LINKAGE, NULL,
                      "tile '%s' is visible to other translation units under -fgpu-rdc; "
                      "declare it inside the kernel or make it static",
                      t->name);
  }
  return 1;
}

/* The checks, in order (LoopDistribute's processLoop): the first failure
 * declines the loop. What a lowering can do (the target, cp.async's sizes
 * and alignment) and the budget are the plan's. A check marked `ring` is
 * about the tiles or the removed barrier, which only a ring needs: the
 * in-place shape (legality.h) keeps both and passes without it. */
typedef int (*pl_check)(const pl_loop_ctx *, pl_fail *);
static const struct {
  pl_check check;
  int ring;
} checks[] = {
    {check_tile_storage, 1},
    {check_predicates, 1},
    {check_tiles, 1},
    {check_sources, 0},
    {check_writes, 0},
    {check_order, 1},
    {pl_check_addresses, 0},
    {pl_check_copy_loops, 0},
    {pl_check_destinations, 1},
    {pl_check_copies_every_run, 1},
    {check_trip, 0},
    {check_dynamic_shared, 1},
};

/* What the in-place shape needs beyond the checks every shape passes
 * (legality.h): a copy loop moves a number of elements known only at run
 * time, and the registers a thread stages are fixed. An llvm.memcpy copy
 * (a struct such as float4 assigned whole) is loaded ahead as its bytes
 * and stored where the memcpy was. */
const char *pl_in_place_obstacle(const pl_loop_ctx *x) {
  const pl_candidate *c = x->c;
  if (!x->opts->in_place || x->opts->lowering == PL_CHOOSE_CP_ASYNC)
    return "";
  if (c->region)
    return "its copy stage has loops, whose copies registers cannot hold";
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    if (cp->guard_cut)
      return "a copy's guard has more terms than are read";
    if (!cp->load) { /* llvm.memcpy: unguarded, not volatile */
      LLVMValueRef vol = LLVMGetOperand(cp->store, 3);
      if (cp->guard || cp->nmore_guards || !LLVMIsAConstantInt(vol) ||
          LLVMConstIntGetZExtValue(vol) != 0)
        return "a copy is a guarded or volatile memcpy";
      continue;
    }
    if (!pl_is_copy_load(cp->load)) /* a load or an __ldg */
      return "a copy's load is volatile";
    for (size_t j = 0; j < i; ++j)
      if (c->copies[j].load == cp->load && !pl_copies_same_guards(&c->copies[j], cp))
        return "one load feeds copies under different conditions";
  }
  return NULL;
}

pl_legal pl_check_legality(const pl_loop_ctx *x, pl_fail *f) {
  assert(x->host && x->opts && x->table && x->c && x->facts && x->facts->c == x->c &&
         "legality reads one recognized loop and its own facts");
  pl_fail ring = {0};
  for (size_t i = 0; i < sizeof checks / sizeof *checks; ++i) {
    if (ring.reason && checks[i].ring)
      continue;
    pl_fail why = {0};
    if (checks[i].check(x, &why)) {
      pl_fail_clear(&why);
      continue;
    }
    if (!ring.reason && checks[i].ring) {
      ring = why; /* the ring's reason: the in-place shape may still pass */
      continue;
    }
    /* A check every shape needs failed: its reason blocks the loop, unless
     * the user ruled the in-place shape out, where the first failure (the
     * ring's) does, as without the shapes. */
    pl_fail_clear(f);
    const char *obstacle = ring.reason ? pl_in_place_obstacle(x) : NULL;
    if (obstacle && !*obstacle) {
      *f = ring;
      pl_fail_clear(&why);
    } else {
      *f = why;
      pl_fail_clear(&ring);
    }
    return PL_ILLEGAL;
  }
  if (!ring.reason)
    return PL_LEGAL_RING;
  pl_fail_clear(f);
  *f = ring;
  const char *obstacle = pl_in_place_obstacle(x);
  if (!obstacle)
    return PL_LEGAL_IN_PLACE;
  pl_fail_nor_in_place(f, obstacle);
  return PL_ILLEGAL;
}

void pl_fail_nor_in_place(pl_fail *f, const char *obstacle) {
  if (!obstacle || !*obstacle)
    return; /* none, or the user's choice: nothing to say */
  char *m = pl_strdupf("%s; nor in place: %s", f->message ? f->message : "", obstacle);
  free(f->message);
  f->message = m;
}
