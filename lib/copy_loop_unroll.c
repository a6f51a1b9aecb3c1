/*===- lib/copy_loop_unroll.c - copy loops unrolled for the register lowering ===*/
#include "copy_loop_unroll.h"

#include "gep.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "ir.h"
#include "limits.h"

#include <stdlib.h>
#include <string.h>

/* The tile `ptr` addresses through getelementptr inbounds and pointer
 * casts alone, with at least one GEP: *inner is the outermost GEP and
 * *base the pointer the innermost one indexes (the tile, or a cast of it),
 * of the same type, the two pointers whose difference ScalarEvolution
 * reads. -1 when another instruction or a GEP
 * without inbounds lies on the way, the types differ, or the root is no
 * static tile. */
static int inbounds_tile(const pl_candidate *c, LLVMValueRef ptr, LLVMValueRef *inner,
                         LLVMValueRef *base) {
  LLVMOpcode op;
  *inner = *base = NULL;
  for (unsigned depth = 0; depth < PL_MAX_ADDRESS_DEPTH; ++depth) {
    if (pl_is_pointer_cast(ptr)) {
      ptr = LLVMGetOperand(ptr, 0);
      continue;
    }
    if (!pl_opcode(ptr, &op) || op != LLVMGetElementPtr) {
      int t = *inner ? pl_tile_index(c, ptr) : -1;
      if (t < 0 || c->tiles[t].dynamic || !c->tiles[t].bytes)
        return -1;
      return LLVMTypeOf(*inner) == LLVMTypeOf(*base) ? t : -1;
    }
    if (!LLVMIsInBounds(ptr))
      return -1;
    if (!*inner)
      *inner = ptr;
    *base = LLVMGetOperand(ptr, 0);
    ptr = *base;
  }
  return -1;
}

/* What index_rec has read of a GEP's indices so far: their sum as one
 * recurrence (the step that of the one index that varies, 0 before it). */
typedef struct index_sum {
  pl_host *host;
  pl_loop_ref loop;
  pl_scev_rec sum;
} index_sum;

/* a + b, held at INT64_MIN or INT64_MAX where it would pass them (a bound
 * not known stays not known) */
static int64_t add_held(int64_t a, int64_t b) {
  int64_t r;
  if (a == INT64_MIN || b == INT64_MIN)
    return INT64_MIN;
  if (a == INT64_MAX || b == INT64_MAX)
    return INT64_MAX;
  return __builtin_add_overflow(a, b, &r) ? (b < 0 ? INT64_MIN : INT64_MAX) : r;
}

/* pl_gep_indices' visitor for index_rec: one index (or a struct field's
 * offset) added to the sum; 0 where it is neither a constant, nor a value
 * the loop does not change, nor a recurrence of the loop, or where a
 * second index varies. Indices are seen through `zext nneg` and `sext`,
 * which keep their value where it is not negative (a negative offset is
 * out of the tile, as inbounds reads it). */
static int add_index(void *ctx, LLVMValueRef idx, uint64_t scale, int64_t offset) {
  index_sum *t = ctx;
  pl_scev_rec r = {offset, offset, 0};
  LLVMOpcode op;
  while (idx && pl_opcode(idx, &op) && (op == LLVMSExt || (op == LLVMZExt && LLVMGetNNeg(idx))))
    idx = LLVMGetOperand(idx, 0);
  if (idx && LLVMIsAConstantInt(idx)) {
    int64_t v = LLVMConstIntGetSExtValue(idx);
    if (v < INT32_MIN || v > INT32_MAX || scale > (1u << 20))
      return 0;
    r.start_min = r.start_max = v * (int64_t)scale;
  } else if (idx && !pl_scev_rec_of_index(t->host, t->loop, idx, scale, &r)) {
    return 0;
  }
  if (r.step && t->sum.step)
    return 0;
  if (r.step)
    t->sum.step = r.step;
  t->sum.start_min = add_held(t->sum.start_min, r.start_min);
  t->sum.start_max = add_held(t->sum.start_max, r.start_max);
  return 1;
}

/* The offset of `ptr` from the tile `t` of `c` (the GEPs and casts down
 * to it, every index of every GEP counted: `p = tile + 1280; p[tid -
 * 256*j]`, or LLVM 22's `t[row]` off a hoisted `tile + tx`) read index by
 * index as one recurrence of `loop` into *rec: exactly one index a
 * recurrence of it, the others constants or values it does not change,
 * whose ranges widen the start's (`tile[ty + 8*j][tx]`: rows step 8, tx in
 * [0, 1023]). ScalarEvolution reads indices where it cannot read the
 * address: a zext of a recurrence whose flags it does not trust. 0 for
 * another form, or a chain that does not end at the tile. */
static int index_rec(pl_host *host, const pl_candidate *c, pl_loop_ref loop, LLVMValueRef ptr,
                     int t, pl_scev_rec *rec) {
  index_sum sum = {host, loop, {0, 0, 0}};
  LLVMValueRef root = NULL;
  if (pl_gep_chain(LLVMGetModuleDataLayout(c->module), ptr, add_index, &sum, &root) !=
          PL_CHAIN_ROOT ||
      pl_tile_index(c, root) != t || !sum.sum.step)
    return 0;
  *rec = sum.sum;
  return 1;
}

/* The iterations j of the recurrence `rec` whose access of `access` bytes
 * at offset b + j * s lies inside `bytes` bytes: b + j * s in [0, bytes -
 * access]. Where b is least (s > 0) or greatest (s < 0), the most; b is at
 * least 0 where the access runs at all, and at most bytes - access. Sets
 * *trips (0 when not even the first fits: every start lies outside) and
 * returns 1; returns 0 when the sizes say nothing. */
static int trips_within(const pl_scev_rec *rec, uint64_t bytes, uint64_t access, unsigned *trips) {
  if (!access || access > bytes || bytes > (uint64_t)INT64_MAX / 2 || !rec->step)
    return 0;
  int64_t last = (int64_t)(bytes - access), room, s = rec->step;
  if (s > 0) {
    room = last - (rec->start_min > 0 ? rec->start_min : 0);
  } else {
    room = rec->start_max < last ? rec->start_max : last;
    s = -s;
  }
  uint64_t k = room < 0 ? 0 : (uint64_t)(room / s) + 1;
  *trips = k > UINT32_MAX ? UINT32_MAX : (unsigned)k;
  return 1;
}

/* Nonzero when the copy `cp` writes its bytes on every iteration of
 * `loop`: its store's block dominates the latch, or for a copy clang
 * split in two (a store on each arm of a branch, pl_copy.twins) the
 * branch's block does. */
static int every_iteration(pl_host *host, const pl_copy *cp, pl_loop_ref loop) {
  LLVMBasicBlockRef latch = pl_loop_latch(loop);
  LLVMBasicBlockRef at =
      cp->ntwins && cp->issue_block ? cp->issue_block : LLVMGetInstructionParent(cp->store);
  return latch && pl_loop_contains(loop, at) && pl_dominates(host, at, latch);
}

/* The iterations of copy loop `loop` whose store of copy `cp` (on every
 * iteration, into a static tile through inbounds GEPs) fits in the tile,
 * in *trips (0 when not even the first fits). Returns 0 where nothing is
 * known of them. */
static int store_fits(pl_host *host, const pl_candidate *c, pl_loop_ref loop, const pl_copy *cp,
                      unsigned *trips) {
  LLVMValueRef inner, base;
  if (!cp->in_loop || !every_iteration(host, cp, loop))
    return 0;
  int t = inbounds_tile(c, cp->dst, &inner, &base);
  if (t < 0)
    return 0;
  pl_scev_rec rec;
  uint64_t bytes = c->tiles[t].bytes;
  int known =
      pl_scev_rec_of(host, loop, inner, base, &rec) && trips_within(&rec, bytes, cp->bytes, trips);
  /* else a bound from the GEP's indices read one by one */
  return known || (index_rec(host, c, loop, cp->dst, t, &rec) &&
                   trips_within(&rec, bytes, cp->bytes, trips));
}

/* Nonzero when the store of copy `cp` (into a static tile through
 * inbounds GEPs) lies outside the tile wherever it runs: the least offset
 * of its address, the GEPs' constant bytes plus each variable index's
 * least value (pl_value_range at the store, an index known non-negative)
 * times its scale, is past the tile's last `cp->bytes`. Clang's runtime
 * unroll writes the fifth copy of `t[j * 64 + tid]` as `(j << 6 | 256) +
 * tid`, which ScalarEvolution reads as no recurrence, and whose least
 * value is 256. */
static int store_outside(pl_host *host, const pl_candidate *c, const pl_copy *cp) {
  LLVMValueRef inner, base;
  int t = inbounds_tile(c, cp->dst, &inner, &base);
  pl_gep_terms g;
  if (t < 0 || !cp->bytes || cp->bytes > c->tiles[t].bytes ||
      pl_gep_terms_of(LLVMGetModuleDataLayout(c->module), cp->dst, &g) == NULL)
    return 0;
  int64_t least = g.konst;
  if (least > INT32_MAX || least < INT32_MIN)
    return 0;
  for (size_t k = 0; k < g.n; ++k) { /* each term below 2^48: no sum overflows */
    uint64_t lo, hi;
    unsigned w = LLVMGetIntTypeWidth(LLVMTypeOf(g.idx[k]));
    if (!pl_value_range(host, g.idx[k], cp->store, &lo, &hi) || w > 64 || hi >> (w - 1) ||
        g.scale[k] > (1u << 16) || lo > (uint64_t)UINT32_MAX)
      return 0; /* possibly negative, or too large to add up */
    least += (int64_t)(lo * g.scale[k]);
  }
  return least > (int64_t)(c->tiles[t].bytes - cp->bytes);
}

unsigned pl_copy_loop_trip_bound(pl_host *host, const pl_candidate *c, pl_loop_ref loop,
                                 int *never) {
  LLVMBasicBlockRef latch = pl_loop_latch(loop);
  int one_exit = latch && pl_loop_exiting_block(loop) == latch;
  unsigned trips = pl_loop_max_trip_count(host, loop);
  *never = 0;
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    unsigned k = 0;
    int fits = store_fits(host, c, loop, cp, &k);
    if (fits && k && (!trips || k < trips))
      trips = k;
    /* the store itself on every iteration: a copy clang split in two runs
     * on every iteration only as the pair, one arm of which may store in
     * bounds where the other's address, under its arm's condition, never
     * is (`if (i >= 256) t[i] = A[i]; else t[i] = 0;`) */
    if (one_exit && !*never && cp->in_loop && !cp->ntwins &&
        pl_dominates(host, LLVMGetInstructionParent(cp->store), latch) &&
        ((fits && !k) || store_outside(host, c, cp)))
      *never = 1;
  }
  return trips;
}

/* The loop of `bb` just below c's loop, or NULL where bb is in c's loop
 * itself. */
static pl_loop_ref copy_loop_of(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef bb) {
  pl_loop_ref l = pl_loop_for_block(host, bb);
  while (l && pl_loop_parent(l) && pl_loop_parent(l) != c->loop)
    l = pl_loop_parent(l);
  return l && pl_loop_parent(l) == c->loop ? l : NULL;
}

/* Nonzero when `v` is available at the end of block `d`: not an
 * instruction, or one that dominates d's terminator. */
static int available_in(pl_host *host, LLVMValueRef v, LLVMBasicBlockRef d) {
  return !LLVMIsAInstruction(v) || pl_inst_dominates(host, v, LLVMGetBasicBlockTerminator(d));
}

/* After the unroll: the phis of the copy stage (the blocks of the tile
 * loop with header `header` that the kept barrier's block `kept` does not
 * dominate) that join two values available before a branch deciding
 * between them become selects on that branch's condition. A loop clang
 * unrolled at run time leaves its remainder's start so, a phi of the main
 * loop's end and its skip; as a select of loop-invariant values on a
 * loop-invariant condition the register lowering can compute it for the
 * next tile; it goes in the tile loop's preheader where its operands are
 * available there, so that ScalarEvolution takes it as invariant and the
 * copies' source ranges are known at entry (the runtime alias check).
 * Changes no behaviour. Returns how many phis it replaced. */
static unsigned phis_to_selects(pl_host *host, LLVMBasicBlockRef header, LLVMBasicBlockRef kept) {
  pl_loop_ref loop = pl_loop_for_header(host, header);
  if (!loop)
    return 0;
  LLVMValueRef fn = LLVMGetBasicBlockParent(header);
  LLVMBasicBlockRef pre = pl_loop_preheader(loop);
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(LLVMGetGlobalParent(fn)));
  unsigned n = 0;
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
    if (bb == header || !pl_loop_contains(loop, bb) || pl_dominates(host, kept, bb))
      continue;
    LLVMValueRef at = LLVMGetFirstInstruction(bb);
    while (at && LLVMIsAPHINode(at))
      at = LLVMGetNextInstruction(at);
    for (LLVMValueRef phi = LLVMGetFirstInstruction(bb), next; phi && LLVMIsAPHINode(phi);
         phi = next) {
      next = LLVMGetNextInstruction(phi);
      LLVMValueRef cond;
      unsigned t;
      if (!pl_phi_decided_by(host, phi, &cond, &t))
        continue;
      LLVMBasicBlockRef d = pl_idom(host, bb);
      LLVMValueRef vt = LLVMGetIncomingValue(phi, t), vf = LLVMGetIncomingValue(phi, 1 - t);
      if (!available_in(host, vt, d) || !available_in(host, vf, d))
        continue;
      /* in the preheader where it can be: there ScalarEvolution sees an
       * invariant of the tile loop (the copies' source ranges at entry) */
      int hoist = pre && available_in(host, cond, pre) && available_in(host, vt, pre) &&
                  available_in(host, vf, pre);
      LLVMPositionBuilderBefore(b, hoist ? LLVMGetBasicBlockTerminator(pre) : at);
      LLVMValueRef sel = LLVMBuildSelect(b, cond, vt, vf, "pl.unrolled.start");
      LLVMReplaceAllUsesWith(phi, sel);
      LLVMInstructionEraseFromParent(phi);
      ++n;
    }
  }
  LLVMDisposeBuilder(b);
  return n;
}

#define PL_DISJOINT_MARK "pl.copies.disjoint"

static unsigned mark_kind(LLVMValueRef inst) {
  return LLVMGetMDKindIDInContext(LLVMGetTypeContext(LLVMTypeOf(inst)), PL_DISJOINT_MARK,
                                  sizeof PL_DISJOINT_MARK - 1);
}

int pl_copies_marked_disjoint(const pl_copy *a, const pl_copy *b) {
  LLVMValueRef ma = LLVMGetMetadata(a->store, mark_kind(a->store));
  return ma && ma == LLVMGetMetadata(b->store, mark_kind(b->store));
}

void pl_copy_marks_clear(LLVMValueRef fn) {
  for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb))
    for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i))
      if (LLVMHasMetadata(i) && LLVMGetMetadata(i, mark_kind(i)))
        LLVMSetMetadata(i, mark_kind(i), NULL);
}

/* Marks the copies of `c` (their stores and twins) for
 * pl_copies_marked_disjoint; one transaction holds marks at a time. */
static void mark_copies(const pl_candidate *c) {
  LLVMContextRef ctx = LLVMGetModuleContext(c->module);
  LLVMMetadataRef name = LLVMMDStringInContext2(ctx, "copies", 6);
  LLVMValueRef mark = LLVMMetadataAsValue(ctx, LLVMMDNodeInContext2(ctx, &name, 1));
  for (size_t i = 0; i < c->ncopies; ++i) {
    const pl_copy *cp = &c->copies[i];
    LLVMSetMetadata(cp->store, mark_kind(cp->store), mark);
    for (unsigned t = 0; t < cp->ntwins; ++t)
      LLVMSetMetadata(cp->twins[t], mark_kind(cp->twins[t]), mark);
  }
}

/* The loops of c's copy stage with their headers and bounds, as
 * pl_copy_loops_unroll unrolls them; 0 with the reason in `why` where one
 * cannot be. Changes nothing. */
static size_t collect(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef *headers,
                      unsigned *trips, unsigned *most_trips, pl_fail *why) {
  size_t n = 0;
  for (size_t i = 0; i < c->nregion; ++i) {
    pl_loop_ref l = copy_loop_of(host, c, c->region[i]);
    LLVMBasicBlockRef h = l ? pl_loop_header(l) : NULL;
    size_t j = 0;
    while (j < n && headers[j] != h)
      ++j;
    if (!l || j < n)
      continue;
    if (n == PL_MAX_LOOP_COPIES)
      return (size_t)pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL,
                              "the copy stage has more than %d loops", PL_MAX_LOOP_COPIES);
    if (pl_loop_for_block(host, c->region[i]) != l)
      return (size_t)pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL,
                              "a loop of the copy stage has a loop inside it, which is not "
                              "unrolled");
    int never;
    unsigned k = pl_copy_loop_trip_bound(host, c, l, &never);
    if (never) {
      headers[n] = h; /* removed, not unrolled */
      trips[n++] = 0;
      continue;
    }
    if (!k || k > PL_MAX_UNROLLED_COPY_TRIPS * 1024) /* no bound but its counter's range */
      return (size_t)pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL,
                              "no bound on the trips of a loop of the copy stage is known (a "
                              "constant step and bound, or a copy on every iteration into a "
                              "static tile)");
    if (k > PL_MAX_UNROLLED_COPY_TRIPS)
      return (size_t)pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL,
                              "a loop of the copy stage may run %u times, more than the %d the "
                              "register lowering unrolls a copy loop to",
                              k, PL_MAX_UNROLLED_COPY_TRIPS);
    headers[n] = h;
    trips[n++] = k;
    if (k > *most_trips)
      *most_trips = k;
  }
  if (!*most_trips)
    return (size_t)pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL,
                            n ? "every loop of the copy stage would store outside its tile on "
                                "its first trip"
                              : "the copy stage has no loop of its own");
  return n;
}

/* The entries of collect's answer that are unrolled (a bound of at least
 * one trip), not removed. */
static unsigned live_loops(const unsigned *trips, size_t n) {
  unsigned live = 0;
  for (size_t i = 0; i < n; ++i)
    live += trips[i] != 0;
  return live;
}

/* Nonzero when the instructions of `bb` other than its phis and its
 * terminator are all pure (pl_is_pure): dropping a path through it drops
 * nothing another execution could observe. */
static int only_pure(LLVMBasicBlockRef bb) {
  LLVMValueRef term = LLVMGetBasicBlockTerminator(bb);
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && i != term; i = LLVMGetNextInstruction(i))
    if (!LLVMIsAPHINode(i) && !pl_is_pure(i, PL_PURE_ANY))
      return 0;
  return 1;
}

/* Removes the copy loop of c with header `h`, which no execution enters
 * (pl_copy_loop_trip_bound's `never`): the two-way branch of c's loop that leads
 * to it, through blocks of pure instructions only, goes its other way
 * always, and the blocks no path reaches any more are deleted. Returns 0,
 * having changed nothing, where the loop is entered otherwise. The
 * analyses are stale after. */
static int remove_unentered(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef h) {
  pl_loop_ref l = pl_loop_for_header(host, h);
  LLVMBasicBlockRef preds[8], to = h, e = NULL;
  size_t np = l ? pl_preds(h, preds, 8) : 0;
  if (np > 8)
    return 0;
  for (size_t i = 0; i < np; ++i)
    if (!pl_loop_contains(l, preds[i])) {
      if (e)
        return 0; /* entered from two blocks */
      e = preds[i];
    }
  /* up through the blocks that only lead to it */
  while (e && pl_candidate_has_block(c, e) && !LLVMIsConditional(LLVMGetBasicBlockTerminator(e))) {
    if (LLVMGetNumSuccessors(LLVMGetBasicBlockTerminator(e)) != 1 || pl_pred_count(e) != 1 ||
        !only_pure(e))
      return 0;
    to = e;
    pl_preds(e, &e, 1);
  }
  if (!e || !pl_candidate_has_block(c, e))
    return 0;
  LLVMValueRef br = LLVMGetBasicBlockTerminator(e);
  if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br))
    return 0;
  LLVMBasicBlockRef s0 = LLVMGetSuccessor(br, 0), s1 = LLVMGetSuccessor(br, 1);
  if ((s0 == to) == (s1 == to))
    return 0;
  LLVMBuilderRef b = LLVMCreateBuilderInContext(LLVMGetModuleContext(c->module));
  LLVMPositionBuilderBefore(b, br);
  LLVMBuildBr(b, s0 == to ? s1 : s0);
  LLVMDisposeBuilder(b);
  pl_remove_phi_edge(to, e);
  LLVMInstructionEraseFromParent(br);
  pl_remove_unreachable_blocks(LLVMGetBasicBlockParent(h));
  pl_host_invalidate(host);
  return 1;
}

/* Nonzero when the i1 `a` is `cond` (`same`) or its negation (!same):
 * the value itself, or an integer compare of the same operands under the
 * inverse predicate. */
static int is_condition(LLVMValueRef a, LLVMValueRef cond, int same) {
  if (same)
    return a == cond;
  if (!LLVMIsAICmpInst(a) || !LLVMIsAICmpInst(cond))
    return 0;
  return LLVMGetICmpPredicate(a) == pl_icmp_inverse(LLVMGetICmpPredicate(cond)) &&
         LLVMGetOperand(a, 0) == LLVMGetOperand(cond, 0) &&
         LLVMGetOperand(a, 1) == LLVMGetOperand(cond, 1);
}

/* Nonzero when block `bb` calls llvm.assume on `cond` (`same`) or on its
 * negation. */
static int assumes(LLVMBasicBlockRef bb, LLVMValueRef cond, int same) {
  for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i; i = LLVMGetNextInstruction(i)) {
    const char *callee = LLVMIsACallInst(i) ? pl_callee_name(i) : NULL;
    if (callee && !strcmp(callee, "llvm.assume") && is_condition(LLVMGetOperand(i, 0), cond, same))
      return 1;
  }
  return 0;
}

/* Clang 22's runtime unroll enters the remainder (a loop, or one copy
 * where it unrolls by two) at block P from two blocks of c's loop: past
 * the main loop where the count is below the unroll factor, and at the
 * main loop's exit where a remainder is left (`br rem == 0, exit, P`), P
 * assuming `rem != 0` (as the first path implies). Clang 19 joins the two paths first and
 * tests there, and only that shape leaves the unrolled copies under a
 * chain of two-way branches. This makes it: a new block J takes both
 * edges into P and the exit test (`br rem == 0, exit, P`), whose
 * condition is available on both paths; the exit block's edge from the
 * test now comes from J, and the first path, where P assumes the test
 * goes to P, never takes it (poison there). Returns 0, having changed
 * nothing, where the shape differs; else 1, the analyses stale. */
static int join_remainder_entry(pl_host *host, const pl_candidate *c, LLVMBasicBlockRef p) {
  LLVMBasicBlockRef e[3];
  if (pl_preds(p, e, 3) != 2 || e[0] == e[1])
    return 0;
  for (int k = 0; k < 2; ++k) {
    LLVMBasicBlockRef e1 = e[k], e2 = e[1 - k];
    LLVMValueRef t1 = LLVMGetBasicBlockTerminator(e1), t2 = LLVMGetBasicBlockTerminator(e2);
    if (!pl_candidate_has_block(c, e1) || !pl_candidate_has_block(c, e2) ||
        !LLVMIsABranchInst(t1) || !LLVMIsABranchInst(t2) || !LLVMIsConditional(t2))
      continue;
    LLVMValueRef cond = LLVMGetCondition(t2);
    unsigned to_p = LLVMGetSuccessor(t2, 0) == p ? 0 : 1;
    LLVMBasicBlockRef x = LLVMGetSuccessor(t2, 1 - to_p);
    if (x == p || !assumes(p, cond, to_p == 0) ||
        (LLVMIsAInstruction(cond) && !pl_inst_dominates(host, cond, t1)))
      continue;
    LLVMContextRef ctx = LLVMGetModuleContext(c->module);
    LLVMBasicBlockRef j = LLVMInsertBasicBlockInContext(ctx, p, "pl.remainder.entry");
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    LLVMPositionBuilderAtEnd(b, j);
    /* P's phis move to J, whose only successor on these edges P is */
    for (LLVMValueRef phi = LLVMGetFirstInstruction(p), next; phi && LLVMIsAPHINode(phi);
         phi = next) {
      next = LLVMGetNextInstruction(phi);
      LLVMValueRef moved = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
      for (unsigned i = 0; i < LLVMCountIncoming(phi); ++i) {
        LLVMValueRef v = LLVMGetIncomingValue(phi, i);
        LLVMBasicBlockRef from = LLVMGetIncomingBlock(phi, i);
        LLVMAddIncoming(moved, &v, &from, 1);
      }
      LLVMReplaceAllUsesWith(phi, moved);
      LLVMInstructionEraseFromParent(phi);
    }
    /* the exit's values from the test's block, poison on the first path */
    for (LLVMValueRef phi = LLVMGetFirstInstruction(x); phi && LLVMIsAPHINode(phi);
         phi = LLVMGetNextInstruction(phi))
      for (unsigned i = 0; i < LLVMCountIncoming(phi); ++i)
        if (LLVMGetIncomingBlock(phi, i) == e2) {
          LLVMValueRef v[2] = {LLVMGetIncomingValue(phi, i), LLVMGetPoison(LLVMTypeOf(phi))};
          LLVMBasicBlockRef from[2] = {e2, e1};
          LLVMValueRef merged = LLVMBuildPhi(b, LLVMTypeOf(phi), "");
          LLVMAddIncoming(merged, v, from, 2);
          LLVMSetOperand(phi, i, merged);
        }
    pl_replace_phi_uses(x, e2, j);
    LLVMValueRef br = to_p ? LLVMBuildCondBr(b, cond, x, p) : LLVMBuildCondBr(b, cond, p, x);
    (void)br;
    for (unsigned i = 0; i < LLVMGetNumSuccessors(t1); ++i)
      if (LLVMGetSuccessor(t1, i) == p)
        LLVMSetSuccessor(t1, i, j);
    LLVMPositionBuilderBefore(b, t2);
    LLVMBuildBr(b, j);
    LLVMInstructionEraseFromParent(t2);
    LLVMDisposeBuilder(b);
    pl_host_invalidate(host);
    return 1;
  }
  return 0;
}

/* Nonzero when `bb` is still a block of `fn`. */
static int has_block(LLVMValueRef fn, LLVMBasicBlockRef bb) {
  for (LLVMBasicBlockRef x = LLVMGetFirstBasicBlock(fn); x; x = LLVMGetNextBasicBlock(x))
    if (x == bb)
      return 1;
  return 0;
}

unsigned pl_copy_loops_unroll(pl_host *host, const pl_candidate *c, unsigned *most_trips,
                              pl_fail *why) {
  LLVMBasicBlockRef headers[PL_MAX_LOOP_COPIES];
  unsigned trips[PL_MAX_LOOP_COPIES];
  size_t n = collect(host, c, headers, trips, most_trips, why);
  if (!n)
    return 0;
  LLVMBasicBlockRef kept = LLVMGetInstructionParent(c->first_barrier), header = c->header;
  mark_copies(c);
  LLVMValueRef fn = LLVMGetBasicBlockParent(header);
  /* the copy stage's blocks, before a removal deletes any */
  LLVMBasicBlockRef *region = malloc((c->nregion ? c->nregion : 1) * sizeof *region);
  if (!region)
    return pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL, "out of memory");
  memcpy(region, c->region, c->nregion * sizeof *region);
  for (size_t i = 0; i < n; ++i)
    if (!trips[i] && !remove_unentered(host, c, headers[i])) {
      free(region);
      return pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL,
                      "a loop of the copy stage would store outside its tile on its first trip, "
                      "and it is entered otherwise than by one two-way branch of the loop");
    }
  for (size_t i = 0; i < c->nregion; ++i)
    if (has_block(fn, region[i]))
      join_remainder_entry(host, c, region[i]);
  free(region);
  for (size_t i = 0; i < n; ++i) {
    if (!trips[i] || !has_block(fn, headers[i]))
      continue; /* removed, or only reached through a loop removed */
    pl_loop_ref l = pl_loop_for_header(host, headers[i]);
    if (!l || !pl_loop_unroll_bounded(host, l, trips[i]))
      return pl_failf(why, PL_R_COPY_LOOP_LOWERING, NULL,
                      "LLVM's unroller did not unroll a loop of the copy stage completely to "
                      "its %u trips",
                      trips[i]);
  }
  if (phis_to_selects(host, header, kept))
    pl_host_invalidate(host);
  return live_loops(trips, n);
}

void pl_fail_unroll_unpriced(pl_host *host, const pl_candidate *c, pl_fail *f) {
  LLVMBasicBlockRef headers[PL_MAX_LOOP_COPIES];
  unsigned trips[PL_MAX_LOOP_COPIES], most = 0;
  pl_fail why = {0};
  size_t n = collect(host, c, headers, trips, &most, &why);
  unsigned live = live_loops(trips, n);
  char *m;
  if (n)
    m = pl_strdupf("%s; the register lowering could unroll the copy %s completely (at most %u "
                   "trips%s), but the cost model does not take such a ring: one measured slower "
                   "than the loop as written (its staged loads select each address once per "
                   "exit test and guard); profitability=off or PL_STAGES(N) forces it",
                   f->message ? f->message : "", live > 1 ? "loops" : "loop", most,
                   live > 1 ? " each" : "");
  else
    m = pl_strdupf("%s; nor is it unrolled for the register lowering: %s",
                   f->message ? f->message : "", why.message ? why.message : "");
  if (n)
    f->reason = PL_R_NOT_PROFITABLE;
  free(f->message);
  f->message = m;
  pl_fail_clear(&why);
}

void pl_fail_unrolled(pl_fail *f, const pl_fail *unrolled, unsigned loops) {
  const char *was = f->message ? f->message : "";
  const char *why = unrolled->message ? unrolled->message : "";
  char *m;
  if (!loops) {
    if (!*why)
      return;
    m = pl_strdupf("%s; nor is it unrolled for the register lowering: %s", was, why);
  } else {
    m = pl_strdupf("once the %s of its copy stage %s unrolled completely for the register "
                   "lowering, %s; as written, %s",
                   loops > 1 ? "loops" : "loop", loops > 1 ? "are" : "is", why, was);
    pl_fail_copy(f, unrolled);
  }
  free(f->message);
  f->message = m;
}
