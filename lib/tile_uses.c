/*===- lib/tile_uses.c - where a tile's address goes ----------------------===*/
#include "tile_uses.h"

#include "access.h"
#include "host_cfg.h"
#include "host_diag.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "ir.h"
#include "limits.h"
#include "uses.h"

#include <stdlib.h>
#include <string.h>

/* Several loops over one tile. The headers of the other
 * loops already found to fill the tile with the same bytes, so that each
 * is looked at once per check. */
typedef struct sibling_memo {
  LLVMBasicBlockRef ok[PL_MAX_SIBLING_MEMO];
  size_t n;
  /** Set when a read of the tile outside the loop was accepted only because
   * the last slot will be copied back (the copy-back argument). */
  int copy_back_reads;
  /** Input: the ring may end on slot 0 (pl_check_tile_uses' last_slot). */
  int may_end_on_slot0;
  /** The first read after the loop accepted because the ring ends on slot
   * 0, the tile's own bytes; NULL for none. */
  LLVMValueRef last_slot_read;
  /** Set when such a read may run before the loop, or between two of its
   * entries (not after the loop for good). */
  int read_before;
  /** Set when a read in another tile loop over the tile was looked at. */
  int other_tile_loop;
} sibling_memo;

static int check_tile_uses(pl_host *host, const pl_candidate *c, const pl_loop_table *table,
                           const pl_tile *t, const pl_options *opts, pl_fail *f, int local,
                           sibling_memo *memo);

/* Nonzero when the conditions `a` and `b` are provably equal: one value,
 * or two integer compares of one predicate on the same operands (each loop
 * computes `threadIdx.y == 0` for itself). */
static int same_condition(LLVMValueRef a, LLVMValueRef b) {
  if (a == b)
    return 1;
  return a && b && LLVMIsAICmpInst(a) && LLVMIsAICmpInst(b) &&
         LLVMGetICmpPredicate(a) == LLVMGetICmpPredicate(b) &&
         LLVMGetOperand(a, 0) == LLVMGetOperand(b, 0) &&
         LLVMGetOperand(a, 1) == LLVMGetOperand(b, 1);
}

/* Nonzero when the copy `y`, which has a predicate, and `by` (NULL: none)
 * run under provably equal predicates, term by term (same_condition). */
static int same_predicate(const pl_copy *y, const pl_copy *by) {
  unsigned n = pl_pred_terms(y);
  if (!by || pl_pred_terms(by) != n)
    return 0;
  for (unsigned t = 0; t < n; ++t) {
    int ny, nb;
    LLVMValueRef a = pl_pred_term(y, t, &ny), b = pl_pred_term(by, t, &nb);
    if (ny != nb || !same_condition(a, b))
      return 0;
  }
  return 1;
}

/* Nonzero when every byte a write of `bytes` bytes at `dst` (by one
 * thread) covers is also written by that thread's copies into `tile` in
 * `c`: intervals at a constant ScalarEvolution distance from `dst`, from
 * copies whose predicate is none or the same as that of `by` (NULL: only
 * unpredicated copies count). A guarded copy writes its bytes whatever its
 * guard (zeros or its fill where it fails). */
static int bytes_covered(pl_host *host, const pl_candidate *c, LLVMValueRef tile, LLVMValueRef dst,
                         unsigned bytes, const pl_copy *by) {
  int64_t lo[PL_MAX_COVERING_COPIES], hi[PL_MAX_COVERING_COPIES];
  size_t n = 0;
  for (size_t i = 0; i < c->ncopies && n < PL_MAX_COVERING_COPIES; ++i) {
    const pl_copy *y = &c->copies[i];
    if (c->tiles[y->tile].global != tile)
      continue;
    if (y->pred && !same_predicate(y, by))
      continue;
    int64_t d = 0;
    if (y->dst != dst && !pl_scev_const_distance(host, dst, y->dst, &d))
      continue;
    lo[n] = -d;
    hi[n++] = -d + (int64_t)y->bytes;
  }
  int64_t pos = 0;
  for (int progress = 1; pos < (int64_t)bytes && progress;) {
    progress = 0;
    for (size_t k = 0; k < n; ++k)
      if (lo[k] <= pos && pos < hi[k]) {
        pos = hi[k];
        progress = 1;
      }
  }
  return pos >= (int64_t)bytes;
}

/* Nonzero when the copies of `a` into `tile` write no byte that those of
 * `b` do not write too (thread by thread). */
static int copies_covered(pl_host *host, const pl_candidate *a, const pl_candidate *b,
                          LLVMValueRef tile) {
  for (size_t i = 0; i < a->ncopies; ++i) {
    const pl_copy *x = &a->copies[i];
    if (a->tiles[x->tile].global == tile &&
        !bytes_covered(host, b, tile, x->dst, x->bytes, x->pred ? x : NULL))
      return 0;
  }
  return 1;
}

/* "the loop at line N" of `loop`, malloc'ed. */
static char *loop_words(pl_loop_ref loop) {
  unsigned line = 0, col = 0;
  char *file = pl_loop_source(loop, &line, &col);
  free(file);
  return line ? pl_strdupf("the loop at line %u", line) : pl_strdupf("another loop");
}

/* `c2`, another loop of the function that `c` is not in and that is not in
 * `c`, fills tile `t` as a tile loop of its own: its only writes of the
 * tile are its copies, which write the same bytes on every iteration
 * (invariant destinations and predicates), nothing reads the tile before
 * its first barrier, and its copies write exactly the bytes that `c`'s
 * copies write. Then each loop reads, of the tile, only what it copied in
 * the same iteration or bytes no code writes: never what the other left,
 * so each may read a ring (the plan lets the later one share the earlier
 * one's storage, with a barrier on both exits) or, declined, the tile.
 * Returns 0 with TileLeftByOtherLoop in `f` otherwise. */
static int sibling_fills(pl_host *host, const pl_candidate *c, const pl_tile *t,
                         const pl_candidate *c2, pl_loop_ref loop2, const pl_options *opts,
                         pl_fail *f) {
  int j = pl_tile_index(c2, t->global);
  pl_fail f2 = {0};
  int ok = check_tile_uses(host, c2, NULL, &c2->tiles[j], opts, &f2, 1, NULL);
  pl_fail_clear(&f2);
  for (size_t i = 0; i < c2->ncopies && ok; ++i) {
    const pl_copy *cp = &c2->copies[i];
    if (cp->tile == (unsigned)j) {
      ok = pl_invariant(c2, cp->dst);
      for (unsigned t = 0; t < pl_pred_terms(cp) && ok; ++t) {
        int neg;
        ok = pl_invariant(c2, pl_pred_term(cp, t, &neg));
      }
    }
  }
  char *other = loop_words(loop2);
  if (!ok) {
    pl_failf(f, PL_R_TILE_LEFT_BY_OTHER_LOOP, NULL,
             "tile '%s' is also used by %s, which does not fill it with copies of its own "
             "on every iteration before reading it",
             t->name, other);
  } else if (!copies_covered(host, c, c2, t->global) || !copies_covered(host, c2, c, t->global)) {
    ok = 0;
    pl_failf(f, PL_R_TILE_LEFT_BY_OTHER_LOOP, NULL,
             "tile '%s' is also filled by %s, whose copies do not write the same bytes as "
             "this loop's, so one loop could read what the other left in the tile",
             t->name, other);
  }
  free(other);
  return ok;
}

/* Nonzero when the loop's header can be reached from `bb`. */
static int reaches_header(const pl_candidate *c, LLVMBasicBlockRef bb) {
  size_t n = pl_blocks_reachable(bb, NULL, 0);
  LLVMBasicBlockRef *r = pl_xcalloc(n ? n : 1, sizeof *r);
  pl_blocks_reachable(bb, r, n);
  int yes = 0;
  for (size_t i = 0; i < n && !yes; ++i)
    yes = r[i] == c->header;
  free(r);
  return yes;
}

/* Nonzero when a thread reaches `bb` only after the tile loop, or no
 * thread runs the loop: the loop's header cannot be reached from `bb`,
 * and every path from the function's entry to `bb` passes through the
 * loop's blocks, or else is taken by every thread of the block or by none
 * (each branch from which `bb` is reached without passing through the
 * loop, and whose other way leads to the loop, decides on a block-uniform
 * value, as the loop's guard `n > 0` does). A warp that stores and exits
 * while the others run the loop (`if (threadIdx.x >= 256) { tile[..] =
 * ..; return; }`) is not after it. */
static int after_for_good(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef bb) {
  if (reaches_header(c, bb))
    return 0;
  size_t n = pl_blocks_reaching(host, bb, c->loop, NULL, 0);
  LLVMBasicBlockRef *r = pl_xcalloc(n ? n : 1, sizeof *r);
  pl_blocks_reaching(host, bb, c->loop, r, n);
  LLVMBasicBlockRef entry = LLVMGetEntryBasicBlock(c->function);
  int avoids = 0; /* a path from the entry avoids the loop */
  for (size_t i = 0; i < n && !avoids; ++i)
    avoids = r[i] == entry;
  int ok = 1;
  for (size_t i = 0; ok && avoids && i < n; ++i) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(r[i]);
    for (unsigned k = 0, ns = t ? LLVMGetNumSuccessors(t) : 0; ns > 1 && ok && k < ns; ++k)
      if (reaches_header(c, LLVMGetSuccessor(t, k))) /* t decides whether to run the loop */
        ok = (LLVMIsABranchInst(t) || LLVMIsASwitchInst(t)) &&
             pl_uniform_given(NULL, LLVMGetOperand(t, 0), NULL);
  }
  free(r);
  return ok;
}

/* Nonzero when the load `ld` reads bytes its own thread stored after the
 * loop: a plain store of at least its size to the same address earlier in
 * its block, itself after the loop for good (after_for_good). The loop's
 * last contents are then overwritten before the load in every execution,
 * as when each thread stages a value through its own element of the
 * tile's array after the loop; another thread's store to those bytes in
 * between would race in the source. */
static int reads_own_later_store(pl_host *host, const pl_candidate *c, LLVMValueRef ld) {
  LLVMValueRef ptr = LLVMGetOperand(ld, 0);
  uint64_t need = pl_type_store_size(c->module, LLVMTypeOf(ld));
  for (LLVMValueRef i = LLVMGetPreviousInstruction(ld); i; i = LLVMGetPreviousInstruction(i))
    if (LLVMIsAStoreInst(i) && LLVMGetOperand(i, 1) == ptr && !LLVMGetVolatile(i) &&
        pl_type_store_size(c->module, LLVMTypeOf(LLVMGetOperand(i, 0))) >= need)
      return after_for_good(host, c, LLVMGetInstructionParent(ld));
  return 0;
}

/* Why a read outside the loop cannot find the last tile in slot 0 (the
 * words the decline adds; "" where another reason says it). */
static const char *why_not_slot0(const pl_options *opts, const sibling_memo *memo) {
  if (!opts->last_slot || !memo || memo->other_tile_loop)
    return "";
  if (!memo->may_end_on_slot0)
    return "; the ring cannot end on slot 0, the tile's place, without the trip count at loop "
           "entry";
  return "";
}

/* A read of the tile outside the loop that finds the last tile in slot 0,
 * where the ring ends (noted in `memo`); one that may run before an entry
 * into the loop needs the barrier before the prologue, which may fill slot
 * 0. Returns 0 where the ring cannot end on slot 0. */
static int last_slot_read(pl_host *host, const pl_candidate *c, LLVMValueRef user,
                          sibling_memo *memo) {
  if (!memo || !memo->may_end_on_slot0 || memo->other_tile_loop)
    return 0;
  if (!memo->last_slot_read)
    memo->last_slot_read = user;
  memo->read_before |= !after_for_good(host, c, LLVMGetInstructionParent(user));
  return 1;
}

/* A use of tile `t` (a memory access `user`, outside `c`, in `c`'s function).
 * Accepted when it lies in another tile loop that fills the tile with the
 * same bytes (sibling_fills), or when it is a plain store whose bytes
 * `c`'s unpredicated copies overwrite on every iteration (a
 * zero-initialization before the loop, a store after it): no read of the
 * tile can see such a store, since every read is in a tile loop after
 * that iteration's copies; or any plain store after the loop for good
 * (after_for_good), and a load of what its own thread stored so
 * (reads_own_later_store). Under the copy-back argument (and when
 * pl_copy_back_possible), a read anywhere else is accepted too, and noted
 * in `memo`: the rewrite puts the last slot back into the tile. Any other
 * use declines the loop: a read outside every tile loop sees what the
 * loop left in the tile, which the ring alone does not put back. */
static int outside_use_ok(pl_host *host, const pl_candidate *c, const pl_loop_table *table,
                          const pl_tile *t, LLVMValueRef user, const pl_options *opts,
                          sibling_memo *memo, pl_fail *f) {
  int copy_back = opts->copy_back && pl_copy_back_possible(c);
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
  pl_loop_ref other = NULL;
  for (pl_loop_ref lp = pl_loop_for_block(host, bb); lp && !pl_loop_contains(lp, c->header);
       lp = pl_loop_parent(lp)) {
    LLVMBasicBlockRef h = pl_loop_header(lp);
    if (pl_candidate_has_block(c, h))
      break; /* a loop inside c: c's own use */
    if (!other)
      other = lp;
    for (size_t k = 0; memo && k < memo->n; ++k)
      if (memo->ok[k] == h)
        return 1;
    const pl_table_entry *e = pl_table_find(table, h);
    if (e && e->ok && pl_tile_index(&e->c, t->global) >= 0) {
      if (memo)
        memo->other_tile_loop = 1;
      int ok = sibling_fills(host, c, t, &e->c, lp, opts, f);
      if (ok && memo && memo->n < sizeof memo->ok / sizeof *memo->ok)
        memo->ok[memo->n++] = h;
      if (ok || !copy_back)
        return ok;
      /* with the copy-back, that loop's reads see the tile as the original
       * left it; its stores are judged as any other below */
      pl_fail_clear(f);
      break;
    }
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(user);
  if (op == LLVMStore) {
    LLVMValueRef val = LLVMGetOperand(user, 0);
    unsigned bytes = (unsigned)pl_type_store_size(c->module, LLVMTypeOf(val));
    if (bytes && !LLVMGetVolatile(user) &&
        (bytes_covered(host, c, t->global, LLVMGetOperand(user, 1), bytes, NULL) ||
         after_for_good(host, c, bb)))
      return 1;
    return pl_failf(f, PL_R_TILE_OUTSIDE_LOOP, user,
                    "tile '%s' is also used outside the loop: written there in bytes that the "
                    "loop's copies do not overwrite on every iteration",
                    t->name);
  }
  if (op == LLVMLoad && !LLVMGetVolatile(user) && reads_own_later_store(host, c, user))
    return 1;
  if (op == LLVMLoad && !LLVMGetVolatile(user) && last_slot_read(host, c, user, memo))
    return 1;
  if (op == LLVMLoad && copy_back) {
    if (memo)
      memo->copy_back_reads = 1;
    return 1;
  }
  if (other && op == LLVMLoad) {
    char *w = loop_words(other);
    pl_failf(f, PL_R_TILE_LEFT_BY_OTHER_LOOP, user,
             "tile '%s' is read by %s, which does not copy into it first, so it reads what "
             "this loop leaves in the tile",
             t->name, w);
    free(w);
    return 0;
  }
  if (op == LLVMLoad)
    return pl_failf(f, PL_R_TILE_OUTSIDE_LOOP, user,
                    "tile '%s' is also used outside the loop: read there, after the loop, where "
                    "it sees what the loop left in the tile%s",
                    t->name, why_not_slot0(opts, memo));
  return pl_failf(f, PL_R_TILE_OUTSIDE_LOOP, user, "tile '%s' is also used outside the loop",
                  t->name);
}

/* What a use of a tile outside the loop that is neither a load nor a store
 * does, in the words of a decline. */
static const char *outside_use_words(LLVMValueRef user) {
  switch (LLVMGetInstructionOpcode(user)) {
  case LLVMAtomicRMW:
  case LLVMAtomicCmpXchg:
    return "updated by an atomic";
  case LLVMCall:
    return pl_is_memcpy(user) || pl_is_memset(user) ? "copied or set by a memcpy or memset"
                                                    : "passed to a call";
  default:
    return "used by an instruction other than a load or a store";
  }
}

/* One walk over a tile's uses (pl_walk_uses): what check_tile_uses asks. */
typedef struct tile_walk {
  pl_host *host;
  const pl_candidate *c;
  const pl_loop_table *table;
  const pl_tile *t;
  const pl_options *opts;
  pl_fail *f;
  int local;
  sibling_memo *memo;
} tile_walk;

/* A use of the tile's address by a function other than `c`'s: another
 * kernel's is another grid's shared memory (the ring is a new array of this
 * kernel, and the other kernel keeps the tile), and so is a function no
 * code can call (the copy of a device function left over after it was
 * inlined into every caller); with `local`, any. Else the loop is declined. */
static pl_walk_step other_function_use(tile_walk *w, LLVMValueRef owner) {
  if (pl_is_kernel(owner) || !pl_function_may_be_called(owner, w->opts->rdc) || w->local)
    return PL_WALK_SKIP;
  size_t n = 0;
  const char *fname = LLVMGetValueName2(owner, &n);
  char *dm = pl_demangle(fname ? fname : "");
  pl_failf(w->f, PL_R_TILE_OUTSIDE_LOOP, NULL,
           "tile '%s' is also used in function '%s', which this kernel may call", w->t->name,
           dm ? dm : "");
  free(dm);
  return PL_WALK_STOP;
}

/* Declines for `f`'s reason (set by the caller) and stops the walk. */
static pl_walk_step stop(int failed) {
  (void)failed;
  return PL_WALK_STOP;
}

/* A memory access `user` of the tile in the loop: a load or an intrinsic
 * that reads it after the first barrier, or a copy's store. */
static pl_walk_step in_loop_use(tile_walk *w, LLVMValueRef user, LLVMValueRef v) {
  const pl_candidate *c = w->c;
  const char *name = w->t->name;
  pl_fail *f = w->f;
  LLVMOpcode op = LLVMGetInstructionOpcode(user);
  if (op == LLVMStore) {
    if (LLVMGetOperand(user, 0) == v)
      return stop(pl_failf(f, PL_R_TILE_ESCAPES, user,
                           "the address of tile '%s' is stored to memory", name));
    if (!pl_is_copy_store(c, user))
      return stop(pl_failf(f, PL_R_TILE_WRITTEN, user,
                           "tile '%s' is written outside the copy stage", name));
    return PL_WALK_SKIP;
  }
  if (op == LLVMCall) {
    if (pl_is_copy_store(c, user) && LLVMGetOperand(user, 0) == v)
      return PL_WALK_SKIP;
    LLVMValueRef callee = LLVMGetCalledValue(user);
    if (!callee || !LLVMIsAFunction(callee) || !LLVMGetIntrinsicID(callee))
      return stop(pl_failf(f, PL_R_TILE_ESCAPES, user,
                           "the address of tile '%s' is passed to a call", name));
    if (pl_copy_mod_ref(w->host, user, v) & PL_MOD)
      return stop(pl_failf(f, PL_R_TILE_WRITTEN, user,
                           "tile '%s' is written by '%s' outside the copy stage", name,
                           pl_callee_name(user)));
  } else if (op != LLVMLoad) {
    return stop(pl_failf(f, PL_R_TILE_ESCAPES, user, "the address of tile '%s' flows into %s", name,
                         pl_opcode_phrase(user)));
  }
  if (pl_in_copy_stage(w->host, c, user))
    return stop(pl_failf(f, PL_R_TILE_READ_EARLY, user,
                         "tile '%s' is read before the first barrier", name));
  return PL_WALK_SKIP;
}

/* (a) Every use of a tile-derived value. With `local`, only the uses
 * inside `c` count (another loop's own tile check, sibling_fills). */
static pl_walk_step visit_tile_use(void *ctx, LLVMValueRef user, LLVMValueRef v, unsigned depth) {
  (void)depth;
  tile_walk *w = ctx;
  const char *name = w->t->name;
  if (LLVMIsAConstantExpr(user)) {
    if (pl_derives_address(user, v))
      return PL_WALK_INTO;
    return stop(pl_failf(w->f, PL_R_TILE_ESCAPES, NULL,
                         "the address of tile '%s' escapes into a constant expression", name));
  }
  if (!LLVMIsAInstruction(user)) {
    return stop(pl_failf(w->f, PL_R_TILE_ESCAPES, NULL,
                         "the address of tile '%s' is stored in a global initializer", name));
  }
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
  LLVMValueRef owner = LLVMGetBasicBlockParent(bb);
  if (owner != w->c->function)
    return other_function_use(w, owner);
  if (pl_derives_address(user, v))
    return PL_WALK_INTO;
  if (pl_candidate_has_block(w->c, bb))
    return in_loop_use(w, user, v);
  if (w->local)
    return PL_WALK_SKIP;
  LLVMOpcode op = LLVMGetInstructionOpcode(user);
  /* an atomic after the loop for good (a block reduction by shared
   * atomics): a read of what the loop left, then a store after the loop */
  int atomic = op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg;
  if (atomic && LLVMGetOperand(user, 0) == v && after_for_good(w->host, w->c, bb) &&
      last_slot_read(w->host, w->c, user, w->memo))
    return PL_WALK_SKIP;
  if (op != LLVMLoad && op != LLVMStore)
    return stop(pl_failf(w->f, PL_R_TILE_OUTSIDE_LOOP, user,
                         "tile '%s' is also used outside the loop: %s there, which reads "
                         "what the loop left in the tile",
                         name, outside_use_words(user)));
  if (op == LLVMStore && LLVMGetOperand(user, 0) == v)
    return stop(pl_failf(w->f, PL_R_TILE_ESCAPES, user,
                         "the address of tile '%s' is stored to memory", name));
  return outside_use_ok(w->host, w->c, w->table, w->t, user, w->opts, w->memo, w->f) ? PL_WALK_SKIP
                                                                                     : PL_WALK_STOP;
}

/* (a) Walks every use of tile `t` and the values derived from it
 * (visit_tile_use), deeper than PL_MAX_DERIVED_DEPTH levels of GEPs and
 * casts declining the loop. */
static int check_tile_uses(pl_host *host, const pl_candidate *c, const pl_loop_table *table,
                           const pl_tile *t, const pl_options *opts, pl_fail *f, int local,
                           sibling_memo *memo) {
  tile_walk w = {host, c, table, t, opts, f, local, memo};
  int r = pl_walk_uses(t->global, PL_MAX_DERIVED_DEPTH, visit_tile_use, &w);
  if (r < 0)
    pl_failf(f, PL_R_TILE_ESCAPES, NULL,
             "the address of tile '%s' is derived too deeply to follow (more than %d levels of "
             "GEPs and casts)",
             t->name, PL_MAX_DERIVED_DEPTH);
  return r == 1;
}

/* pl_tile_fresh_at_entry's walk: stops at a use outside the loop that may
 * write the tile and can run before the loop (not another kernel's, whose
 * launch has shared memory of its own: a file-scope `extern __shared__`
 * array, or one named alike in `extern "C"` kernels, is one global). */
typedef struct fresh_walk {
  pl_host *host;
  const pl_candidate *c;
} fresh_walk;

static pl_walk_step visit_fresh(void *ctx, LLVMValueRef user, LLVMValueRef v, unsigned depth) {
  (void)depth;
  fresh_walk *w = ctx;
  if (pl_derives_address(user, v))
    return PL_WALK_INTO;
  if (!LLVMIsAInstruction(user))
    return PL_WALK_STOP;
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(user);
  LLVMValueRef owner = LLVMGetBasicBlockParent(bb);
  if (owner != w->c->function) /* another kernel's: another grid's shared memory */
    return pl_is_kernel(owner) || LLVMGetInstructionOpcode(user) == LLVMLoad ? PL_WALK_SKIP
                                                                             : PL_WALK_STOP;
  if (pl_candidate_has_block(w->c, bb) || LLVMGetInstructionOpcode(user) == LLVMLoad)
    return PL_WALK_SKIP;
  return after_for_good(w->host, w->c, bb) ? PL_WALK_SKIP : PL_WALK_STOP;
}

int pl_loop_may_reenter(const pl_candidate *c) { return !c->exit || reaches_header(c, c->exit); }

int pl_tile_fresh_at_entry(pl_host *host, const pl_candidate *c, size_t tile) {
  if (pl_loop_may_reenter(c))
    return 0;
  fresh_walk w = {host, c};
  return pl_walk_uses(c->tiles[tile].global, PL_MAX_DERIVED_DEPTH, visit_fresh, &w) == 1;
}

int pl_copy_back_possible(const pl_candidate *c) {
  for (size_t i = 0; i < c->ncopies; ++i)
    if (c->copies[i].pred || c->copies[i].in_loop)
      return 0;
  return 1;
}

int pl_check_tile_uses(pl_host *host, const pl_candidate *c, const pl_loop_table *table,
                       size_t tile, const pl_options *opts, int last_slot, pl_fail *f,
                       pl_tile_verdict *v) {
  sibling_memo memo = {0};
  memo.may_end_on_slot0 = last_slot;
  int ok = check_tile_uses(host, c, table, &c->tiles[tile], opts, f, 0, &memo);
  if (ok && memo.last_slot_read && (memo.other_tile_loop || memo.n)) {
    /* another tile loop fills the tile too: which loop's tile a read after
     * both sees is not this loop's to say */
    ok = pl_failf(f, PL_R_TILE_OUTSIDE_LOOP, memo.last_slot_read,
                  "tile '%s' is also used outside the loop: read there, after the loop, where "
                  "it sees what the loop left in the tile, and another loop fills the tile too",
                  c->tiles[tile].name);
  }
  v->copy_back = ok && memo.copy_back_reads;
  v->last_slot = ok && memo.last_slot_read;
  v->read_before = ok && memo.read_before;
  return ok;
}
