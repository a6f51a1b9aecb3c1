/*===- lib/legality.c - may this tile loop be pipelined? ----------------===*/
#include "legality.h"

#include "access.h"
#include "alias_check.h"
#include "host_cfg.h"
#include "host_diag.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "limits.h"
#include "recognize.h"
#include "trip.h"
#include "uses.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

unsigned pl_target_sm(LLVMValueRef fn, char *name, size_t len) {
  unsigned n = 0;
  LLVMAttributeRef a =
      LLVMGetStringAttributeAtIndex(fn, LLVMAttributeFunctionIndex, "target-cpu", 10);
  const char *v = a ? LLVMGetStringAttributeValue(a, &n) : NULL;
  if (name && len) {
    snprintf(name, len, "%.*s", v ? (int)n : 7, v ? v : "unknown");
  }
  if (!v || n < 4 || strncmp(v, "sm_", 3) != 0)
    return 0;
  unsigned sm = 0;
  for (unsigned i = 3; i < n && v[i] >= '0' && v[i] <= '9'; ++i)
    sm = sm * 10 + (unsigned)(v[i] - '0');
  return sm;
}

static const char *opcode_word(LLVMValueRef inst) {
  if (LLVMIsAPHINode(inst))
    return "phi";
  if (LLVMIsASelectInst(inst))
    return "select";
  if (LLVMIsAPtrToIntInst(inst))
    return "ptrtoint";
  if (LLVMIsACallInst(inst))
    return "call";
  if (LLVMIsAStoreInst(inst))
    return "store";
  if (LLVMIsAICmpInst(inst))
    return "comparison";
  if (LLVMIsAAtomicRMWInst(inst) || LLVMIsAAtomicCmpXchgInst(inst))
    return "atomic";
  return "instruction";
}

/* The same word with its indefinite article ("a phi", "an atomic"). */
static const char *opcode_phrase(LLVMValueRef inst) {
  const char *w = opcode_word(inst);
  static const char *const phrases[][2] = {
      {"phi", "a phi"},           {"select", "a select"},
      {"ptrtoint", "a ptrtoint"}, {"call", "a call"},
      {"store", "a store"},       {"comparison", "a comparison"},
      {"atomic", "an atomic"},    {"instruction", "an instruction"}};
  for (size_t i = 0; i < sizeof phrases / sizeof *phrases; ++i)
    if (strcmp(w, phrases[i][0]) == 0)
      return phrases[i][1];
  return "an instruction";
}

/* Several loops over one tile (issue 9, part 4). The headers of the other
 * loops already found to fill the tile with the same bytes, so that each
 * is looked at once per check. */
typedef struct sibling_memo {
  LLVMBasicBlockRef ok[16];
  size_t n;
  /** Set when a read of the tile outside the loop was accepted only because
   * the last slot will be copied back (the copy-back argument). */
  int copy_back_reads;
} sibling_memo;

static int check_tile_uses(pl_host *host, const pl_candidate *c, const pl_tile *t,
                           const pl_options *opts, pl_fail *f, int local, sibling_memo *memo);

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

/* Nonzero when every byte a write of `bytes` bytes at `dst` (by one
 * thread) covers is also written by that thread's copies into `tile` in
 * `c`: intervals at a constant ScalarEvolution distance from `dst`, from
 * copies whose predicate is none or the same as `pred` (negated as
 * `pred_negated`; NULL: only unpredicated copies count). A guarded copy
 * writes its bytes whatever its guard (zeros or its fill where it fails). */
static int bytes_covered(pl_host *host, const pl_candidate *c, LLVMValueRef tile, LLVMValueRef dst,
                         unsigned bytes, LLVMValueRef pred, int pred_negated) {
  int64_t lo[64], hi[64];
  size_t n = 0;
  for (size_t i = 0; i < c->ncopies && n < 64; ++i) {
    const pl_copy *y = &c->copies[i];
    if (c->tiles[y->tile].global != tile)
      continue;
    if (y->pred && (!same_condition(y->pred, pred) || y->pred_negated != pred_negated))
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
        !bytes_covered(host, b, tile, x->dst, x->bytes, x->pred, x->pred_negated))
      return 0;
  }
  return 1;
}

static int invariant(const pl_candidate *c, LLVMValueRef v, int depth);

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
  int ok = check_tile_uses(host, c2, &c2->tiles[j], opts, &f2, 1, NULL);
  pl_fail_clear(&f2);
  for (size_t i = 0; i < c2->ncopies && ok; ++i) {
    const pl_copy *cp = &c2->copies[i];
    if (cp->tile == (unsigned)j)
      ok = invariant(c2, cp->dst, 0) && (!cp->pred || invariant(c2, cp->pred, 0));
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

/* A use of tile `t` (a memory access `user`, outside `c`, in `c`'s function).
 * Accepted when it lies in another tile loop that fills the tile with the
 * same bytes (sibling_fills), or when it is a plain store whose bytes
 * `c`'s unpredicated copies overwrite on every iteration (a
 * zero-initialization before the loop, a store after it): no read of the
 * tile can see such a store, since every read is in a tile loop after
 * that iteration's copies. Under the copy-back argument (and when
 * pl_copy_back_possible), a read anywhere else is accepted too, and noted
 * in `memo`: the rewrite puts the last slot back into the tile. Any other
 * use declines the loop: a read outside every tile loop sees what the
 * loop left in the tile, which the ring alone does not put back. */
static int outside_use_ok(pl_host *host, const pl_candidate *c, const pl_tile *t, LLVMValueRef user,
                          const pl_options *opts, sibling_memo *memo, pl_fail *f) {
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
    pl_candidate c2 = {0};
    pl_fail f2 = {0};
    int tile_loop =
        pl_recognize(host, lp, c->function, NULL, &c2, &f2) && pl_tile_index(&c2, t->global) >= 0;
    pl_fail_clear(&f2);
    if (tile_loop) {
      int ok = sibling_fills(host, c, t, &c2, lp, opts, f);
      pl_candidate_free(&c2);
      if (ok && memo && memo->n < sizeof memo->ok / sizeof *memo->ok)
        memo->ok[memo->n++] = h;
      if (ok || !copy_back)
        return ok;
      /* with the copy-back, that loop's reads see the tile as the original
       * left it; its stores are judged as any other below */
      pl_fail_clear(f);
      break;
    }
    pl_candidate_free(&c2);
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(user);
  if (op == LLVMStore) {
    LLVMValueRef val = LLVMGetOperand(user, 0);
    unsigned bytes = (unsigned)pl_type_store_size(c->module, LLVMTypeOf(val));
    if (bytes && !LLVMGetVolatile(user) &&
        bytes_covered(host, c, t->global, LLVMGetOperand(user, 1), bytes, NULL, 0))
      return 1;
    return pl_failf(f, PL_R_TILE_OUTSIDE_LOOP, user,
                    "tile '%s' is also used outside the loop: written there in bytes that the "
                    "loop's copies do not overwrite on every iteration",
                    t->name);
  }
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
                    "it sees what the loop left in the tile",
                    t->name);
  return pl_failf(f, PL_R_TILE_OUTSIDE_LOOP, user, "tile '%s' is also used outside the loop",
                  t->name);
}

/* One walk over a tile's uses (pl_walk_uses): what check_tile_uses asks. */
typedef struct tile_walk {
  pl_host *host;
  const pl_candidate *c;
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
                         opcode_phrase(user)));
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
  if (op != LLVMLoad && op != LLVMStore)
    return stop(pl_failf(w->f, PL_R_TILE_OUTSIDE_LOOP, user,
                         "tile '%s' is also used outside the loop", name));
  if (op == LLVMStore && LLVMGetOperand(user, 0) == v)
    return stop(pl_failf(w->f, PL_R_TILE_ESCAPES, user,
                         "the address of tile '%s' is stored to memory", name));
  return outside_use_ok(w->host, w->c, w->t, user, w->opts, w->memo, w->f) ? PL_WALK_SKIP
                                                                           : PL_WALK_STOP;
}

/* (a) Walks every use of tile `t` and the values derived from it
 * (visit_tile_use), deeper than PL_MAX_DERIVED_DEPTH levels of GEPs and
 * casts declining the loop. */
static int check_tile_uses(pl_host *host, const pl_candidate *c, const pl_tile *t,
                           const pl_options *opts, pl_fail *f, int local, sibling_memo *memo) {
  tile_walk w = {host, c, t, opts, f, local, memo};
  int r = pl_walk_uses(t->global, PL_MAX_DERIVED_DEPTH, visit_tile_use, &w);
  if (r < 0)
    pl_failf(f, PL_R_TILE_ESCAPES, NULL,
             "the address of tile '%s' is derived too deeply to follow (more than %d levels of "
             "GEPs and casts)",
             t->name, PL_MAX_DERIVED_DEPTH);
  return r == 1;
}

int pl_copy_back_possible(const pl_candidate *c) {
  for (size_t i = 0; i < c->ncopies; ++i)
    if (c->copies[i].pred || c->copies[i].in_loop)
      return 0;
  return 1;
}

int pl_tile_needs_copy_back(pl_host *host, const pl_candidate *c, size_t tile,
                            const pl_options *opts) {
  if (!opts->copy_back || !pl_copy_back_possible(c))
    return 0;
  sibling_memo memo = {0};
  pl_fail f = {0};
  const pl_tile *t = &c->tiles[tile];
  int ok = check_tile_uses(host, c, t, opts, &f, 0, &memo);
  pl_fail_clear(&f);
  return ok && memo.copy_back_reads;
}

static int check_tiles(pl_host *host, const pl_candidate *c, const pl_options *opts, pl_fail *f) {
  for (size_t i = 0; i < c->ntiles; ++i) {
    const pl_tile *t = &c->tiles[i];
    sibling_memo memo = {0};
    if (!check_tile_uses(host, c, t, opts, f, 0, &memo))
      return 0;
  }
  return 1;
}

static int check_sources(pl_host *host, const pl_candidate *c, pl_fail *f) {
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    LLVMValueRef obj = pl_source_object(c, cp->src);
    if (!pl_is_global_object(obj)) {
      char buf[80];
      pl_failf(f, PL_R_SOURCE_NOT_GLOBAL, cp->load ? cp->load : cp->store,
               "cannot prove the copy into tile '%s' reads global memory", c->tiles[cp->tile].name);
      pl_fail_detail(f,
                     "the source is based on %s, which is neither a kernel pointer "
                     "parameter (passed by address, not by value) nor a global-space pointer",
                     pl_value_label(host, obj, buf, sizeof buf));
      return 0;
    }
  }
  return 1;
}

/* Before the loop: the prologue reads the sources of iterations 1..S-2
 * before any barrier of the loop has run. A write before the loop that
 * another thread's later iteration reads was ordered by those barriers. */
/* The blocks outside the loop from which it is entered: from which the
 * preheader can be reached, or, for a loop that has none yet, any block
 * entering it (malloc'ed, *n of them; NULL when memory runs out). */
static LLVMBasicBlockRef *blocks_before(pl_host *host, const pl_candidate *c, size_t *n) {
  size_t nroots = c->preheader ? 1 : pl_entering_blocks(c, NULL, 0);
  LLVMBasicBlockRef *roots = malloc((nroots ? nroots : 1) * sizeof *roots);
  if (!roots)
    return NULL;
  if (c->preheader)
    roots[0] = c->preheader;
  else
    pl_entering_blocks(c, roots, nroots);
  LLVMBasicBlockRef *all = NULL;
  *n = 0;
  for (size_t r = 0; r < nroots; ++r) {
    size_t m = pl_blocks_reaching(host, roots[r], c->loop, NULL, 0);
    LLVMBasicBlockRef *some = malloc((m ? m : 1) * sizeof *some);
    if (!some)
      break;
    pl_blocks_reaching(host, roots[r], c->loop, some, m);
    for (size_t k = 0; k < m; ++k) {
      int dup = 0;
      for (size_t j = 0; j < *n && !dup; ++j)
        dup = all[j] == some[k];
      if (!dup) {
        all = pl_append(all, *n, sizeof *all);
        all[(*n)++] = some[k];
      }
    }
    free(some);
  }
  free(roots);
  return all ? all : calloc(1, sizeof *all);
}

static int check_writes_before(pl_host *host, const pl_candidate *c, pl_fail *f) {
  size_t n;
  LLVMBasicBlockRef *before = blocks_before(host, c, &n);
  if (!before)
    return pl_failf(f, PL_R_SOURCE_WRITTEN_BEFORE, NULL, "out of memory");
  int ok = 1;
  for (size_t k = 0; k < n && ok; ++k) {
    LLVMBasicBlockRef b = before[k];
    for (LLVMValueRef i = LLVMGetFirstInstruction(b); i && ok; i = LLVMGetNextInstruction(i)) {
      /* cp.async machinery an earlier loop's rewrite left here (issue 9,
       * part 4) writes only shared memory (cp.async's source is read-only,
       * IntrinsicsNVVM.td) or nothing (commit, wait) */
      if (!pl_touches_memory(i) || LLVMIsALoadInst(i) || pl_is_any_barrier(i) ||
          pl_writes_only_shared(i) || pl_is_own_cp_async(i))
        continue;
      for (size_t j = 0; j < c->ncopies; ++j) {
        LLVMValueRef obj = pl_source_object(c, c->copies[j].src);
        if (pl_copy_mod_ref(host, i, obj) & PL_MOD) {
          char buf[80];
          pl_failf(f, PL_R_SOURCE_WRITTEN_BEFORE, i,
                   "a write before the loop may change the global memory tile '%s' is copied "
                   "from, and the prologue reads it before the loop's first barrier",
                   c->tiles[c->copies[j].tile].name);
          pl_fail_detail(f, "this %s may write the memory that %s points to", opcode_word(i),
                         pl_value_label(host, obj, buf, sizeof buf));
          ok = 0;
          break;
        }
      }
    }
  }
  free(before);
  return ok;
}

/* (b) Nothing in the loop may write the copied memory, unless a runtime
 * check can tell (alias_check.h): a store whose range, like every copy's
 * source range, is known at loop entry. */
static int check_writes(pl_host *host, const pl_candidate *c, pl_fail *f) {
  for (size_t k = 0; k < c->nblocks; ++k)
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[k]); i; i = LLVMGetNextInstruction(i)) {
      int j = pl_writes_copy_source(host, c, i);
      if (j < 0 || pl_alias_check_covers(host, c, i))
        continue;
      LLVMValueRef obj = pl_source_object(c, c->copies[j].src);
      char buf[80];
      pl_failf(f, PL_R_SOURCE_WRITTEN, i,
               "the loop may write the global memory tile '%s' is copied from%s",
               c->tiles[c->copies[j].tile].name,
               LLVMIsAArgument(obj) ? "; mark the pointers __restrict__ if they never overlap"
                                    : "");
      if (LLVMIsAArgument(obj))
        pl_fail_detail(f,
                       "this %s may write the memory that %s points to, and its address range "
                       "or a copy's is not known at loop entry for a runtime check; mark the "
                       "pointers __restrict__ if they never overlap",
                       opcode_word(i), pl_value_label(host, obj, buf, sizeof buf));
      else
        pl_fail_detail(f,
                       "this %s may write the memory that %s points to, and its address range "
                       "or a copy's is not known at loop entry for a runtime check",
                       opcode_word(i), pl_value_label(host, obj, buf, sizeof buf));
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
static int check_order(pl_host *host, const pl_candidate *c, pl_fail *f) {
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

/* (c) Side-effect-free function of IVs and invariants. */
static int recomputable(pl_host *host, const pl_candidate *c, LLVMValueRef v, pl_vmap *seen,
                        pl_fail *f, const char *tname, int depth) {
  if (!LLVMIsAInstruction(v) || pl_vmap_get(seen, v))
    return 1;
  if (!pl_candidate_has_block(c, LLVMGetInstructionParent(v)))
    return 1;
  char buf[80];
  if (depth > 48)
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the address of the copy into tile '%s' is too deep to recompute", tname);
  pl_vmap_put(seen, v, v);
  if (LLVMIsAPHINode(v)) {
    if (pl_find_iv(c, v))
      return 1;
    /* A phi of a copy loop (its induction variable, a merge in the copy
     * stage): the rewrite clones it with the loop; its incoming values
     * must be recomputable too. */
    LLVMBasicBlockRef pb = LLVMGetInstructionParent(v);
    if (pb != c->header && pl_in_region(c, pb)) {
      for (unsigned i = 0; i < LLVMCountIncoming(v); ++i)
        if (!recomputable(host, c, LLVMGetIncomingValue(v, i), seen, f, tname, depth + 1))
          return 0;
      return 1;
    }
    pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
             "the copy into tile '%s' depends on %s, which is not an induction "
             "variable with a loop-invariant step",
             tname, pl_value_label(host, v, buf, sizeof buf));
    return 0;
  }
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  switch (op) {
  case LLVMAdd:
  case LLVMSub:
  case LLVMMul:
  case LLVMShl:
  case LLVMLShr:
  case LLVMAShr:
  case LLVMAnd:
  case LLVMOr:
  case LLVMXor:
  case LLVMTrunc:
  case LLVMZExt:
  case LLVMSExt:
  case LLVMBitCast:
  case LLVMAddrSpaceCast:
  case LLVMGetElementPtr:
  case LLVMICmp:
  case LLVMFCmp:
  case LLVMSelect:
  case LLVMFreeze:
  case LLVMPtrToInt:
  case LLVMIntToPtr:
    break;
  case LLVMUDiv:
  case LLVMSDiv:
  case LLVMURem:
  case LLVMSRem: {
    LLVMValueRef d = LLVMGetOperand(v, 1);
    if (LLVMIsAConstantInt(d) && LLVMConstIntGetZExtValue(d) != 0 &&
        LLVMConstIntGetSExtValue(d) != -1)
      break;
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the copy into tile '%s' depends on a division that may trap "
                    "if computed for a later iteration",
                    tname);
  }
  case LLVMCall:
    /* an intrinsic that touches no memory and has no side effects (special
     * registers, min/max, ...) may be computed again for a later iteration */
    if (pl_intrinsic_id(v) && !pl_touches_memory(v) && !pl_may_have_side_effects(v))
      break;
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the address of the copy into tile '%s' depends on a call", tname);
  case LLVMLoad:
    pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
             "the address of the copy into tile '%s' depends on a load in the loop "
             "(%s)",
             tname, pl_value_label(host, v, buf, sizeof buf));
    return 0;
  default:
    return pl_failf(f, PL_R_ADDRESS_NOT_AFFINE, v,
                    "the address of the copy into tile '%s' depends on an instruction "
                    "that cannot be recomputed for a later iteration",
                    tname);
  }
  int n = LLVMGetNumOperands(v);
  if (op == LLVMCall)
    --n; /* the callee */
  for (int i = 0; i < n; ++i)
    if (!recomputable(host, c, LLVMGetOperand(v, (unsigned)i), seen, f, tname, depth + 1))
      return 0;
  return 1;
}

/* Nonzero when `v` has the same value on every iteration. */
static int invariant(const pl_candidate *c, LLVMValueRef v, int depth) {
  if (!LLVMIsAInstruction(v) || !pl_candidate_has_block(c, LLVMGetInstructionParent(v)))
    return 1;
  if (depth > 32 || LLVMIsAPHINode(v) || pl_touches_memory(v))
    return 0;
  int n = LLVMGetNumOperands(v);
  if (LLVMIsACallInst(v))
    --n;
  for (int i = 0; i < n; ++i)
    if (!invariant(c, LLVMGetOperand(v, (unsigned)i), depth + 1))
      return 0;
  return 1;
}

/* Nonzero when `v` takes the same sequence of values on every iteration
 * of the tile loop, in a copy stage with loops: it depends on values from
 * outside the loop and on phis of the copy loops, whose incoming values
 * are such values themselves, and on no induction variable of the tile
 * loop and no load. (An inner IV `i = tid; i += blockDim.x` is; one that
 * starts at the tile loop's `k0` is not.) */
static int region_invariant(const pl_candidate *c, LLVMValueRef v, pl_vmap *seen, int depth) {
  if (!LLVMIsAInstruction(v) || !pl_candidate_has_block(c, LLVMGetInstructionParent(v)) ||
      pl_vmap_get(seen, v))
    return 1;
  if (depth > 48 || pl_touches_memory(v))
    return 0;
  pl_vmap_put(seen, v, v);
  LLVMBasicBlockRef bb = LLVMGetInstructionParent(v);
  if (LLVMIsAPHINode(v)) {
    if (bb == c->header || !pl_in_region(c, bb))
      return 0;
    for (unsigned i = 0; i < LLVMCountIncoming(v); ++i)
      if (!region_invariant(c, LLVMGetIncomingValue(v, i), seen, depth + 1))
        return 0;
    return 1;
  }
  int n = LLVMGetNumOperands(v);
  if (LLVMIsACallInst(v))
    --n;
  for (int i = 0; i < n; ++i)
    if (!region_invariant(c, LLVMGetOperand(v, (unsigned)i), seen, depth + 1))
      return 0;
  return 1;
}

/* A destination the same on every iteration: invariant, or in a copy
 * stage with loops, region_invariant. */
static int same_destination(const pl_candidate *c, LLVMValueRef dst) {
  if (!c->region)
    return invariant(c, dst, 0);
  pl_vmap seen;
  pl_vmap_init(&seen);
  int ok = region_invariant(c, dst, &seen, 0);
  pl_vmap_free(&seen);
  return ok;
}

/* An address as base + ext(index) * sizeof(element): a GEP whose indices
 * are all constant zeros but the last, which may be extended. */
typedef struct indexed {
  LLVMValueRef base, index;
  LLVMTypeRef elem;
  LLVMOpcode ext; /* LLVMZExt, LLVMSExt, or 0 */
} indexed;

static int split_indexed(LLVMValueRef p, indexed *x) {
  if (!LLVMIsAGetElementPtrInst(p))
    return 0;
  int n = LLVMGetNumOperands(p);
  LLVMTypeRef ty = LLVMGetGEPSourceElementType(p);
  for (int i = 1; i + 1 < n; ++i) {
    LLVMValueRef idx = LLVMGetOperand(p, (unsigned)i);
    if (!LLVMIsAConstantInt(idx) || LLVMConstIntGetZExtValue(idx) != 0)
      return 0;
    if (i > 1) {
      if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
        return 0;
      ty = LLVMGetElementType(ty);
    }
  }
  if (n > 2) {
    if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
      return 0;
    ty = LLVMGetElementType(ty);
  }
  x->base = LLVMGetOperand(p, 0);
  x->elem = ty;
  x->index = LLVMGetOperand(p, (unsigned)(n - 1));
  x->ext = 0;
  if (LLVMIsAZExtInst(x->index) || LLVMIsASExtInst(x->index)) {
    x->ext = LLVMGetInstructionOpcode(x->index);
    x->index = LLVMGetOperand(x->index, 0);
  }
  return 1;
}

/* Nonzero when every copy into tile `t` of a copy stage with loops moves in
 * lockstep with the first: destination and source are the same base plus
 * an index of the same element type and extension, neither base varies
 * within a copy loop, and destination index minus source index is one
 * expression, fixed within each copy loop (ScalarEvolution). Then two
 * copies that write the same tile bytes read the same source bytes: the
 * same value, in whatever order cp.async completes them -- which covers a
 * copy loop that clang unrolled at run time into a main loop and a
 * remainder loop. The copies must move whole, unguarded elements of one
 * size. */
static int lockstep(pl_host *host, const pl_candidate *c, unsigned t) {
  const pl_copy *first = NULL;
  indexed fd = {0}, fs = {0};
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *a = &c->copies[i];
    if (a->tile != t)
      continue;
    indexed d, s;
    if (a->guard || a->offset || a->value || !a->load || !split_indexed(a->dst, &d) ||
        !split_indexed(a->src, &s))
      return 0;
    LLVMValueRef bases[2] = {d.base, s.base};
    for (int k = 0; k < 2; ++k)
      if (LLVMIsAInstruction(bases[k]) &&
          pl_loop_in_subloop(host, c->loop, LLVMGetInstructionParent(bases[k])))
        return 0;
    LLVMBasicBlockRef bb = a->in_loop ? LLVMGetInstructionParent(a->store) : NULL;
    if (!first) {
      first = a;
      fd = d;
      fs = s;
      if (!pl_scev_same_difference(host, d.index, s.index, bb, d.index, s.index, bb))
        return 0;
      continue;
    }
    LLVMBasicBlockRef fb = first->in_loop ? LLVMGetInstructionParent(first->store) : NULL;
    if (a->bytes != first->bytes || d.base != fd.base || d.elem != fd.elem || d.ext != fd.ext ||
        s.base != fs.base || s.elem != fs.elem || s.ext != fs.ext ||
        !pl_scev_same_difference(host, d.index, s.index, bb, fd.index, fs.index, fb))
      return 0;
  }
  return first != NULL;
}

/* Nonzero when `a` is an arm of a guard around loads that rejoins at
 * `m`: its only predecessor branches to it, it stores nothing and calls
 * nothing (copy loads and arithmetic), and it branches to `m` or to
 * further such arms (the nested `if`s of a compound guard). */
static int load_arm(const pl_candidate *c, LLVMBasicBlockRef a, LLVMBasicBlockRef m, int depth) {
  if (depth > PL_MAX_GUARD_TERMS || !pl_in_region(c, a) || pl_pred_count(a) != 1)
    return 0;
  LLVMValueRef t = LLVMGetBasicBlockTerminator(a);
  for (LLVMValueRef i = LLVMGetFirstInstruction(a); i && i != t; i = LLVMGetNextInstruction(i))
    if (pl_touches_memory(i) && !pl_is_copy_source(c, i))
      return 0;
  for (unsigned s = 0; s < LLVMGetNumSuccessors(t); ++s) {
    LLVMBasicBlockRef to = LLVMGetSuccessor(t, s);
    if (to != m && !load_arm(c, to, m, depth + 1))
      return 0;
  }
  return 1;
}

/* Nonzero when the branch `t` only decides whether copy loads run -- the
 * guard of a zero-filling copy, `x = c ? A[i] : 0` as a branch around the
 * load -- and both ways rejoin before any store: which copies run does not
 * depend on it, so it may change from iteration to iteration (the cloned
 * copy applies it as src-size). */
static int skips_loads_only(const pl_candidate *c, LLVMValueRef t) {
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(t, 0), s1 = LLVMGetSuccessor(t, 1);
  return load_arm(c, s0, s1, 0) || load_arm(c, s1, s0, 0);
}

/* Copy loops (issue 9, part 2). The rewrite issues iteration i+S-1 as a
 * clone of the copy stage's control flow, so that control flow must be the
 * same on every iteration: every branch of the copy stage (a copy loop's
 * exit test, a guard around it) decides on region_invariant values only,
 * which also keeps the trip count the one the program computes. Within a
 * copy loop a thread's copies into one tile must write distinct bytes on
 * every iteration of that loop -- cp.async orders nothing within a group:
 * by ScalarEvolution, each destination steps by at least its size, and
 * several copies of one loop (an unrolled loop) step by one constant that
 * covers the bytes they all write in one iteration. Copies in different
 * loops are checked against each other by check_destinations. */
static int check_copy_loops(pl_host *host, const pl_candidate *c, pl_fail *f) {
  if (!c->region)
    return 1;
  for (size_t k = 0; k < c->nregion; ++k) {
    LLVMValueRef t = LLVMGetBasicBlockTerminator(c->region[k]);
    if (!LLVMIsConditional(t))
      continue;
    if (skips_loads_only(c, t)) {
      /* cloned for a later iteration: as a copy's guard, recomputable */
      pl_vmap seen;
      pl_vmap_init(&seen);
      int ok =
          recomputable(host, c, LLVMGetCondition(t), &seen, f, c->tiles[c->copies[0].tile].name, 0);
      pl_vmap_free(&seen);
      if (!ok)
        return 0;
      continue;
    }
    pl_vmap seen;
    pl_vmap_init(&seen);
    int ok = region_invariant(c, LLVMGetCondition(t), &seen, 0);
    pl_vmap_free(&seen);
    if (!ok)
      return pl_failf(f, PL_R_COPY_LOOP_VARIES, t,
                      "a loop of the copy stage runs a different number of times, or over "
                      "different bounds, from one iteration of the tile loop to the next; its "
                      "start, step and bound must not depend on the tile loop's counter");
  }
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *a = &c->copies[i];
    if (!a->in_loop || lockstep(host, c, a->tile))
      continue;
    const char *tn = c->tiles[a->tile].name;
    LLVMBasicBlockRef bb = LLVMGetInstructionParent(a->store);
    int64_t lo, hi;
    if (!pl_scev_loop_stride(host, a->dst, bb, &lo, &hi))
      return pl_failf(f, PL_R_OVERLAP, a->store,
                      "the copy loop into tile '%s' may write the same bytes on two of its "
                      "iterations (its destination does not step by a known amount), and "
                      "cp.async gives them no order",
                      tn);
    int64_t span_lo = 0, span_hi = (int64_t)a->bytes;
    for (size_t j = 0; j < c->ncopies; ++j) {
      const pl_copy *b = &c->copies[j];
      int64_t d;
      if (j == i || b->tile != a->tile || LLVMGetInstructionParent(b->store) == NULL ||
          pl_loop_for_block(host, LLVMGetInstructionParent(b->store)) !=
              pl_loop_for_block(host, bb))
        continue;
      if (lo != hi || !pl_scev_const_distance(host, b->dst, a->dst, &d))
        return pl_failf(f, PL_R_OVERLAP, b->store,
                        "two copies of one copy loop into tile '%s' may write the same bytes "
                        "on different iterations of it, and cp.async gives them no order",
                        tn);
      if (d < span_lo)
        span_lo = d;
      if (d + (int64_t)b->bytes > span_hi)
        span_hi = d + (int64_t)b->bytes;
    }
    if (!(lo >= span_hi - span_lo || hi <= -(span_hi - span_lo)))
      return pl_failf(f, PL_R_OVERLAP, a->store,
                      "the copy loop into tile '%s' may write the same bytes on two of its "
                      "iterations (its destination may step by less than the %lld bytes it "
                      "writes), and cp.async gives them no order",
                      tn, (long long)(span_hi - span_lo));
  }
  return 1;
}

/* A copy under a predicate (a branch) runs on the iterations where it
 * holds, and leaves the slot alone on the others: it would keep the bytes
 * of S iterations earlier. Only a predicate that is the same on every
 * iteration -- a per-thread condition such as `threadIdx.x < 192` -- is
 * safe: then the same threads fill the same bytes of every slot (the
 * destination is the same on every iteration too, (a')). */
static int check_predicates(pl_host *host, const pl_candidate *c, pl_fail *f) {
  (void)host;
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    if (cp->pred && !invariant(c, cp->pred, 0))
      return pl_failf(f, PL_R_CONDITIONAL_COPY, cp->store,
                      "the copy into tile '%s' runs under a condition that changes from "
                      "iteration to iteration and writes no zeros otherwise, so a slot would "
                      "keep stale data; write zeros in the other branch (x = c ? A[i] : 0)",
                      c->tiles[cp->tile].name);
  }
  return 1;
}

/* A value written as (base >> shift) + c, exactly: no wrap anywhere. */
typedef struct lin {
  LLVMValueRef base; /* NULL: the value is the constant c */
  unsigned shift;
  int64_t c;
  int nuw; /* the form holds in unsigned arithmetic (zext may pass) */
} lin;

static lin linear(LLVMValueRef v, int depth) {
  lin r = {v, 0, 0, 1};
  if (LLVMIsAConstantInt(v)) {
    r.base = NULL;
    r.c = LLVMConstIntGetSExtValue(v);
    r.nuw = r.c >= 0;
    return r;
  }
  if (!LLVMIsAInstruction(v) || depth > 8)
    return r;
  LLVMOpcode op = LLVMGetInstructionOpcode(v);
  LLVMValueRef a = LLVMGetOperand(v, 0);
  LLVMValueRef k = LLVMGetNumOperands(v) > 1 ? LLVMGetOperand(v, 1) : NULL;
  if (op == LLVMZExt) {
    lin l = linear(a, depth + 1);
    return l.nuw ? l : r;
  }
  if ((op == LLVMAdd && (LLVMGetNUW(v) || LLVMGetNSW(v))) ||
      (op == LLVMOr && LLVMGetIsDisjoint(v))) {
    if (k && LLVMIsAConstantInt(k)) {
      lin l = linear(a, depth + 1);
      int64_t add = LLVMConstIntGetSExtValue(k);
      l.c += add;
      l.nuw = l.nuw && (op == LLVMOr || LLVMGetNUW(v)) && add >= 0;
      return l;
    }
    return r;
  }
  if (op == LLVMLShr && k && LLVMIsAConstantInt(k)) {
    unsigned s = (unsigned)LLVMConstIntGetZExtValue(k);
    lin l = linear(a, depth + 1);
    /* (b + c) >> s == (b >> s) + (c >> s) when c is a multiple of 2^s and
     * b + c does not wrap */
    if (s < 32 && l.nuw && l.shift == 0 && l.c >= 0 && (l.c & ((1ll << s) - 1)) == 0) {
      if (!l.base)
        return (lin){NULL, 0, l.c >> s, 1};
      return (lin){l.base, s, l.c >> s, 1};
    }
    return r;
  }
  return r;
}

/* A destination as constant + sum of lin * scale over the GEP chain down
 * to the tile. Returns the number of terms, or -1 when not decomposable. */
typedef struct term {
  lin l;
  int64_t scale;
} term;
static int decompose(const pl_candidate *c, LLVMValueRef v, term *t, int cap, int64_t *konst) {
  int n = 0;
  *konst = 0;
  LLVMTargetDataRef td = LLVMGetModuleDataLayout(c->module);
  for (int depth = 0; depth < 16; ++depth) {
    if (pl_tile_index(c, v) >= 0)
      return n;
    LLVMOpcode op;
    if (!pl_opcode(v, &op))
      return -1;
    if (op == LLVMBitCast || op == LLVMAddrSpaceCast) {
      v = LLVMGetOperand(v, 0);
      continue;
    }
    if (op != LLVMGetElementPtr)
      return -1;
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(v);
    int nops = LLVMGetNumOperands(v);
    for (int i = 1; i < nops; ++i) {
      LLVMValueRef idx = LLVMGetOperand(v, (unsigned)i);
      if (i > 1) {
        LLVMTypeKind kind = LLVMGetTypeKind(ty);
        if (kind == LLVMStructTypeKind) {
          unsigned field = (unsigned)LLVMConstIntGetZExtValue(idx);
          *konst += (int64_t)LLVMOffsetOfElement(td, ty, field);
          ty = LLVMStructGetTypeAtIndex(ty, field);
          continue;
        }
        if (kind != LLVMArrayTypeKind && kind != LLVMVectorTypeKind)
          return -1;
        ty = LLVMGetElementType(ty);
      }
      int64_t scale = (int64_t)LLVMABISizeOfType(td, ty);
      lin l = linear(idx, 0);
      if (!l.base) {
        *konst += l.c * scale;
      } else {
        if (n == cap)
          return -1;
        t[n++] = (term){l, scale};
      }
    }
    v = LLVMGetOperand(v, 0);
  }
  return -1;
}

/* Nonzero when the two destinations are provably disjoint by a constant
 * distance: the same variable terms, different constants. */
static int disjoint_by_offset(const pl_candidate *c, const pl_copy *a, const pl_copy *b) {
  term ta[8], tb[8];
  int64_t ka, kb;
  int na = decompose(c, a->dst, ta, 8, &ka), nb = decompose(c, b->dst, tb, 8, &kb);
  if (na < 0 || nb != na)
    return 0;
  int used[8] = {0};
  int64_t diff = kb - ka;
  for (int i = 0; i < na; ++i) {
    int match = -1;
    for (int j = 0; j < nb && match < 0; ++j)
      if (!used[j] && tb[j].l.base == ta[i].l.base && tb[j].l.shift == ta[i].l.shift &&
          tb[j].scale == ta[i].scale)
        match = j;
    if (match < 0)
      return 0;
    used[match] = 1;
    diff += (tb[match].l.c - ta[i].l.c) * ta[i].scale;
  }
  return diff >= (int64_t)a->bytes || diff <= -(int64_t)b->bytes;
}

/* Nonzero when ScalarEvolution proves that the destinations of `a` and
 * `b` lie a constant distance apart, far enough that their bytes are
 * disjoint: a - b is a SCEVConstant d, and d >= b's size or -d >= a's.
 * This covers one thread's unrolled strided copies (`j * 32 * BK`), the
 * four scalars of a transposed float4 (`(4 * c + j) * BM + r`) and 2-D
 * thread indices; disjoint_by_offset remains for what SCEV does not fold,
 * such as `(tid + 256) / 4` against `tid / 4`. */
static int disjoint_by_scev(pl_host *host, const pl_copy *a, const pl_copy *b) {
  int64_t d;
  if (!pl_scev_const_distance(host, a->dst, b->dst, &d))
    return 0;
  return d >= (int64_t)b->bytes || d <= -(int64_t)a->bytes;
}

/* Every iteration must fill the same bytes of a tile: a slot holds one
 * iteration's copies only, so bytes an iteration leaves alone would show
 * another iteration's data (or zeros) instead of the last one written.
 * And two copies must not write the same bytes: cp.async orders nothing
 * within a group (PTX ISA, "cp.async": no ordering among the operations). */
static int check_destinations(pl_host *host, const pl_candidate *c, pl_fail *f) {
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *a = &c->copies[i];
    if (!same_destination(c, a->dst))
      return pl_failf(f, PL_R_DEST_VARIES, a->store,
                      "where the copy into tile '%s' writes changes from iteration to "
                      "iteration, so a ring slot would mix data of different iterations",
                      c->tiles[a->tile].name);
    int same_values = c->region && lockstep(host, c, a->tile);
    for (size_t j = i + 1; j < c->ncopies && !same_values; ++j) {
      const pl_copy *b = &c->copies[j];
      if (a->tile == b->tile && pl_may_alias(host, a->dst, a->bytes, b->dst, b->bytes) &&
          !disjoint_by_scev(host, a, b) && !disjoint_by_offset(c, a, b)) {
        if (a->in_loop || b->in_loop)
          return pl_failf(f, PL_R_OVERLAP, b->store,
                          "copies into tile '%s' in different loops of the copy stage (or in a "
                          "loop and outside it) may write the same bytes, and cp.async gives "
                          "them no order; a copy loop that clang unrolled at run time becomes "
                          "two such loops: write '#pragma unroll 1' on it",
                          c->tiles[a->tile].name);
        return pl_failf(f, PL_R_OVERLAP, b->store,
                        "two copies into tile '%s' may write the same bytes, and cp.async "
                        "gives them no order",
                        c->tiles[a->tile].name);
      }
    }
  }
  return 1;
}

static int check_addresses(pl_host *host, const pl_candidate *c, pl_fail *f) {
  pl_vmap seen;
  pl_vmap_init(&seen);
  int ok = 1;
  for (size_t i = 0; i < c->ncopies && ok; ++i) {
    const pl_copy *cp = &c->copies[i];
    const char *tn = c->tiles[cp->tile].name;
    ok = recomputable(host, c, cp->src, &seen, f, tn, 0) &&
         recomputable(host, c, cp->dst, &seen, f, tn, 0) &&
         (!cp->guard || recomputable(host, c, cp->guard, &seen, f, tn, 0)) &&
         (!cp->pred || recomputable(host, c, cp->pred, &seen, f, tn, 0));
    for (unsigned g = 0; g < cp->nmore_guards && ok; ++g)
      ok = recomputable(host, c, cp->more_guards[g], &seen, f, tn, 0);
  }
  pl_vmap_free(&seen);
  return ok;
}

/* The trip count at loop entry (trip.h). */
static int check_trip(pl_host *host, const pl_candidate *c, pl_fail *f) {
  pl_trip trip;
  return pl_find_trip(host, c, &trip, f);
}

/* (e') Dynamic shared memory: a static ring beside an array sized at launch
 * could make the launch exceed the limit, and the budget cannot count it. */
static int check_dynamic_shared(pl_host *host, const pl_candidate *c, pl_fail *f) {
  (void)host;
  LLVMValueRef dynamic;
  pl_other_shared_bytes(c, &dynamic);
  if (!dynamic)
    return 1;
  size_t n = 0;
  const char *name = LLVMGetValueName2(dynamic, &n);
  char *dm = pl_demangle(name ? name : "");
  pl_failf(f, PL_R_DYNAMIC_SHARED, NULL,
           "the kernel also uses dynamic shared memory ('%s'), sized at launch; a larger "
           "static ring could make the launch exceed the shared-memory limit",
           dm ? dm : "");
  free(dm);
  return 0;
}

/* (a) The tile's storage: of a size known at compile time, and ours to
 * replace. Without -fgpu-rdc the device module is the whole device program
 * (CUDA C++ Programming Guide, "Separate Compilation"), so a tile of a
 * template kernel (linkonce_odr), of an inline helper or at namespace scope
 * is as private as a static one. Under -fgpu-rdc another translation unit
 * may use an externally visible tile. */
static int check_tile_storage(const pl_candidate *c, const pl_options *opts, pl_fail *f) {
  for (size_t i = 0; i < c->ntiles; ++i) {
    const pl_tile *t = &c->tiles[i];
    if (t->bytes == 0)
      return pl_failf(f, PL_R_DYNAMIC_SHARED, NULL,
                      "tile '%s' is dynamic shared memory (extern __shared__), whose "
                      "size is unknown at compile time; declare it with a constant size",
                      t->name);
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
 * and alignment) and the budget are the plan's. */
typedef int (*pl_check)(pl_host *, const pl_candidate *, pl_fail *);
static const pl_check checks[] = {
    check_sources,      check_writes,    check_writes_before,
    check_order,        check_addresses, check_copy_loops,
    check_destinations, check_trip,      check_dynamic_shared,
};

int pl_check_legality(pl_host *host, const pl_candidate *c, const pl_options *opts, pl_fail *f) {
  /* The checks that need the options (-fgpu-rdc) come first, in order. */
  if (!check_tile_storage(c, opts, f) || !check_predicates(host, c, f) ||
      !check_tiles(host, c, opts, f))
    return 0;
  for (size_t i = 0; i < sizeof checks / sizeof *checks; ++i)
    if (!checks[i](host, c, f))
      return 0;
  return 1;
}
