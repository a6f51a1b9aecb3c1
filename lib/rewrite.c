/*===- lib/rewrite.c - the schedule skeleton of a ring -------------------===*/
#include "rewrite.h"

#include "alias_check.h"
#include "dynamic_tile.h"
#include "gep.h"
#include "host_cfg.h"
#include "host_loops.h"
#include "host_memory.h"
#include "host_scev.h"
#include "host_versioning.h"
#include "layout.h"
#include "limits.h"
#include "plan.h"
#include "rewrite_in_place.h"
#include "rewrite_region.h"
#include "rewrite_skips.h"
#include "steady_unroll.h"
#include "uses.h"

#include <assert.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static LLVMContextRef ctx_of(const pl_candidate *c) { return LLVMGetModuleContext(c->module); }

/* (user, operand) pairs in the loop whose operand is a tile, a constant
 * expression over one, or an out-of-loop instruction derived from one. */
typedef struct use_site {
  LLVMValueRef user;
  unsigned op;
} use_site;

/* What collect_tile_uses gathers. */
typedef struct site_find {
  const pl_candidate *c;
  use_site **sites;
  size_t *n, *cap;
} site_find;

static void add_site(site_find *sf, LLVMValueRef user, unsigned op) {
  for (size_t k = 0; k < *sf->n; ++k)
    if ((*sf->sites)[k].user == user && (*sf->sites)[k].op == op)
      return;
  if (*sf->n == *sf->cap) {
    *sf->cap = *sf->cap ? 2 * *sf->cap : 64;
    *sf->sites = pl_xrealloc(*sf->sites, *sf->cap, sizeof **sf->sites);
  }
  (*sf->sites)[(*sf->n)++] = (use_site){user, op};
}

static pl_walk_step find_site(void *ctx, LLVMValueRef user, LLVMValueRef v, unsigned depth) {
  (void)depth;
  site_find *sf = ctx;
  if (LLVMIsAConstantExpr(user))
    return PL_WALK_INTO;
  if (!LLVMIsAInstruction(user) ||
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) != sf->c->function)
    return PL_WALK_SKIP; /* another kernel's use of a tile it keeps */
  if (!pl_candidate_has_block(sf->c, LLVMGetInstructionParent(user))) {
    /* an address derived outside the loop (legality allows no other use
     * there); the other version of a versioned loop (alias_check.h) keeps
     * its uses, even through cycles of its phis; another loop's accesses
     * of a tile it shares with this one are that loop's */
    return pl_is_gep(user) || pl_is_pointer_cast(user) ? PL_WALK_INTO : PL_WALK_SKIP;
  }
  int nops = LLVMGetNumOperands(user);
  for (int i = 0; i < nops; ++i)
    if (LLVMGetOperand(user, (unsigned)i) == v)
      add_site(sf, user, (unsigned)i);
  return PL_WALK_SKIP;
}

static void collect_tile_uses(const pl_candidate *c, LLVMValueRef g, use_site **sites, size_t *n,
                              size_t *cap) {
  site_find sf = {c, sites, n, cap};
  pl_walk_uses(g, PL_MAX_DERIVED_DEPTH, find_site, &sf);
}

/* Asks every lowering the plan uses to commit (wait_pending < 0) or to
 * wait for all but `wait_pending` groups; those with no groups do nothing. */
static void commit_or_wait(pl_skeleton *k, int wait_pending) {
  for (unsigned kind = 0; kind < PL_NUM_LOWERINGS; ++kind) {
    if (!(k->plan->used & (1u << kind)))
      continue;
    const pl_lowering *low = pl_lowering_for((pl_lowering_kind)kind);
    if (wait_pending < 0 && low->commit)
      low->commit(k->c, k->b);
    else if (wait_pending >= 0 && low->wait)
      low->wait(k->c, k->b, (unsigned)wait_pending);
  }
}

/* Records the data moves of a copy for predicate_moves when it has a
 * predicate (computed at the issue point). */
static void keep_moves(pl_skeleton *k, const pl_copy *cp, LLVMValueRef pred, pl_vec *moves) {
  for (size_t m = 0; m < moves->len && cp->pred; ++m) {
    pl_vec_push(&k->guarded, moves->v[m]);
    pl_vec_push(&k->guards, pred);
  }
}

/* Issues the copies of the iteration `e` describes, zero-filled unless
 * `exists`, then commits them as one group. The predicate of a copy is
 * computed before it; its data moves are put under it at the end
 * (predicate_moves), once no step needs the loop's blocks as they were.
 * The commit is never predicated: every thread commits S-1+i groups. A
 * lowering that stores after the compute leaves its state in
 * `staged[copy]` for emit_stores; without `staged` (the prologue, where
 * there is no compute to wait for) it stores at once. */
static void issue_stage(pl_skeleton *k, pl_emitter *e, LLVMValueRef exists, pl_copy_state *staged) {
  const pl_plan *plan = k->plan;
  pl_copy_state *sts = pl_xcalloc(plan->ncopies, sizeof *sts);
  if (k->c->region)
    pl_rw_issue_region(k, e, exists);
  for (size_t i = 0; i < plan->ncopies; ++i) {
    const pl_copy *cp = &plan->copies[i];
    if (k->c->region && pl_in_region(k->c, LLVMGetInstructionParent(cp->store)))
      continue; /* issued in the clone of the copy stage */
    const pl_lowering *low = pl_rw_lowering_of(k, i);
    LLVMValueRef pred = pl_rw_copy_pred(e, cp);
    pl_vec moves = {0};
    pl_copy_state *st = &sts[i];
    pl_rw_copy_state(plan, i, st);
    st->shared = plan->share[i] != SIZE_MAX ? &sts[plan->share[i]] : NULL;
    size_t lane = plan->lane_base ? plan->lane_base[i] : SIZE_MAX;
    if (lane != SIZE_MAX && lane != i) {
      st->lane = &sts[lane];
      st->lane_dist = plan->lane_dist[i];
    } else if (lane == i) {
      st->lane_span = plan->lane_span[i];
      st->lane_lo = plan->lane_lo[i];
    }
    k->issued += low->issue(e, cp, exists, &moves, st);
    if (low->store && staged)
      staged[i] = *st;
    else if (low->store)
      low->store(e, cp, st, &moves);
    keep_moves(k, cp, pred, &moves);
    pl_vec_free(&moves);
  }
  free(sts);
  commit_or_wait(k, -1);
}

/* Puts each data move of a predicated copy under `if (pred)`: its block is
 * split before it and it moves into the new block. */
static void predicate_moves(pl_skeleton *k, pl_host *host) {
  for (size_t i = 0; i < k->guarded.len; ++i) {
    LLVMValueRef move = k->guarded.v[i];
    LLVMValueRef then = pl_split_block_if_then(host, k->guards.v[i], move);
    LLVMInstructionRemoveFromParent(move);
    LLVMPositionBuilderBefore(k->b, then);
    LLVMInsertIntoBuilder(k->b, move);
  }
}

/* Points the tiles of `e` at slot `slot` (an i32) of every ring, with GEPs
 * named `name`. */
static void point_at_slot(pl_skeleton *k, pl_emitter *e, LLVMValueRef slot, int inbounds,
                          const char *name) {
  LLVMTypeRef i8 = LLVMInt8TypeInContext(ctx_of(k->c)), i32 = LLVMInt32TypeInContext(ctx_of(k->c));
  for (size_t t = 0; t < k->c->ntiles; ++t) {
    uint64_t stride = k->plan->rings[t].stride;
    LLVMValueRef off;
    if (k->plan->rings[t].symbolic)
      off = LLVMIsAConstantInt(slot) && !LLVMConstIntGetZExtValue(slot)
                ? LLVMConstInt(i32, 0, 0)
                : LLVMBuildMul(k->b, slot, k->dyn_stride, "");
    else
      off = LLVMIsAConstantInt(slot) ? LLVMConstInt(i32, LLVMConstIntGetZExtValue(slot) * stride, 0)
                                     : LLVMBuildMul(k->b, slot, LLVMConstInt(i32, stride, 0), "");
    e->tile_base[t] = inbounds ? LLVMBuildInBoundsGEP2(k->b, i8, k->ring[t], &off, 1, name)
                               : LLVMBuildGEP2(k->b, i8, k->ring[t], &off, 1, name);
    e->tile_off[t] = off;
  }
}

/* An emitter that issues a later iteration's copies: it clones the loop's
 * address arithmetic (without poison-generating flags), re-bases hoisted
 * tile addresses on slot 0, and steps invariant-step IVs by their
 * expanded steps. */
static void init_issuer(pl_skeleton *k, pl_emitter *e) {
  pl_emitter_init(e, k->c, k->b);
  e->clone_loop = 1;
  e->drop_flags = 1;
  e->slot0 = &k->slot0;
  e->iv_steps = k->iv_steps;
}

/* The slot of iteration 0 (k->s0), in the preheader: 0, or, where the ring
 * ends on slot 0 (plan.end_on_slot0), (S - btc mod S) mod S, so that the
 * last iteration, btc, fills slot 0 and leaves its tile in the tile's own
 * bytes; btc is ScalarEvolution's or the latch compare's (legality allowed
 * the ring to end on slot 0 only where one is known, pl_trip_count_known). */
static LLVMValueRef first_slot(pl_skeleton *k) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx_of(k->c));
  if (!k->plan->end_on_slot0)
    return LLVMConstInt(i32, 0, 0);
  LLVMValueRef btc = k->btc ? k->btc : pl_rw_emit_btc(k->c, &k->plan->trip, k->b);
  LLVMTypeRef ty = LLVMTypeOf(btc);
  LLVMValueRef s = LLVMConstInt(ty, k->plan->stages, 0);
  LLVMValueRef last = LLVMBuildURem(k->b, btc, s, "pl.last.from0");
  LLVMValueRef first = LLVMBuildURem(k->b, LLVMBuildSub(k->b, s, last, ""), s, "");
  return LLVMBuildIntCast2(k->b, first, i32, 0, "pl.slot.first");
}

/* Slot `j` slots after iteration 0's (mod S). */
static LLVMValueRef slot_after_first(pl_skeleton *k, unsigned j) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx_of(k->c));
  if (LLVMIsAConstantInt(k->s0) && !LLVMConstIntGetZExtValue(k->s0))
    return LLVMConstInt(i32, j, 0);
  if (!j)
    return k->s0;
  LLVMValueRef s = LLVMBuildAdd(k->b, k->s0, LLVMConstInt(i32, j, 0), "");
  LLVMValueRef over = LLVMBuildICmp(k->b, LLVMIntUGE, s, LLVMConstInt(i32, k->plan->stages, 0), "");
  return LLVMBuildSelect(k->b, over,
                         LLVMBuildSub(k->b, s, LLVMConstInt(i32, k->plan->stages, 0), ""), s,
                         "pl.slot.pro");
}

/* Prologue: the backedge-taken count, then iterations 0 .. S-2 into slots
 * s0 .. s0+S-2 (mod S), one group each. */
static void emit_prologue(pl_skeleton *k, pl_host *host) {
  const pl_candidate *c = k->c;
  LLVMValueRef ph_term = LLVMGetBasicBlockTerminator(c->preheader);
  k->btc = k->plan->trip.use_scev ? pl_loop_expand_backedge_count(host, c->loop, ph_term) : NULL;
  for (size_t i = 0; i < c->nivs; ++i)
    if (c->ivs[i].runtime_step)
      k->iv_steps[i] = pl_scev_expand_iv_step(host, c->loop, c->ivs[i].phi, ph_term);
  LLVMPositionBuilderBefore(k->b, ph_term);
  if (k->plan->entry_barrier)
    pl_emit_cta_barrier(c->module, k->b);
  k->s0 = first_slot(k);
  for (unsigned j = 0; j + 1 < k->plan->stages; ++j) {
    pl_emitter e;
    init_issuer(k, &e);
    point_at_slot(k, &e, slot_after_first(k, j), 0, "pl.slot");
    pl_emit_map_ivs(&e, 1, j);
    issue_stage(k, &e, pl_rw_emit_exists(c, &k->plan->trip, &e, 1, j, k->btc, NULL), NULL);
    pl_emitter_free(&e);
  }
}

/* Header: the slot counter s (and, with ScalarEvolution's count, the
 * iteration counter n), and the current slot of every ring. */
static void emit_counters(pl_skeleton *k) {
  const pl_candidate *c = k->c;
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx_of(c));
  LLVMValueRef top = pl_first_non_phi(c->header);
  LLVMPositionBuilderBefore(k->b, LLVMGetFirstInstruction(c->header));
  k->n_phi = k->btc ? LLVMBuildPhi(k->b, LLVMTypeOf(k->btc), "pl.iter") : NULL;
  k->s_phi = LLVMBuildPhi(k->b, i32, "pl.slot.idx");
  LLVMPositionBuilderBefore(k->b, top);
  pl_emitter_init(&k->cur, c, k->b);
  k->cur.slot0 = &k->slot0;
  point_at_slot(k, &k->cur, k->s_phi, 1, "pl.cur");
  k->anchor = k->cur.tile_base[c->ntiles - 1];

  /* Latch: advance the counters. */
  LLVMPositionBuilderBefore(k->b, LLVMGetBasicBlockTerminator(c->latch));
  LLVMValueRef s_inc = LLVMBuildAdd(k->b, k->s_phi, LLVMConstInt(i32, 1, 0), "");
  LLVMValueRef wrap =
      LLVMBuildICmp(k->b, LLVMIntEQ, s_inc, LLVMConstInt(i32, k->plan->stages, 0), "");
  LLVMValueRef s_next = LLVMBuildSelect(k->b, wrap, LLVMConstInt(i32, 0, 0), s_inc, "pl.slot.rot");
  LLVMBasicBlockRef ph = c->preheader, latch = c->latch;
  if (k->n_phi) {
    LLVMTypeRef ty = LLVMTypeOf(k->btc);
    LLVMValueRef n_next = LLVMBuildAdd(k->b, k->n_phi, LLVMConstInt(ty, 1, 0), "pl.iter.next");
    LLVMValueRef zero = LLVMConstInt(ty, 0, 0);
    LLVMAddIncoming(k->n_phi, &zero, &ph, 1);
    LLVMAddIncoming(k->n_phi, &n_next, &latch, 1);
  }
  LLVMAddIncoming(k->s_phi, &k->s0, &ph, 1);
  LLVMAddIncoming(k->s_phi, &s_next, &latch, 1);
}

/* The stores after the compute (lowerings that store after it): at the end
 * of the body, iteration i+1's staged registers into its slot `slot`, the
 * one iteration i-1 computed on; the next iteration's kept barrier orders
 * them before every thread's compute of that slot (rewrite.h). */
static void emit_stores(pl_skeleton *k, LLVMValueRef slot) {
  const pl_candidate *c = k->c;
  LLVMPositionBuilderBefore(k->b, LLVMGetBasicBlockTerminator(c->latch));
  pl_emitter e;
  init_issuer(k, &e);
  point_at_slot(k, &e, slot, 1, "pl.store");
  pl_emit_map_ivs(&e, 0, 1);
  for (size_t i = 0; i < k->plan->ncopies; ++i) {
    const pl_copy *cp = &k->plan->copies[i];
    const pl_lowering *low = pl_rw_lowering_of(k, i);
    if (!low->store)
      continue;
    LLVMValueRef pred = pl_rw_copy_pred(&e, cp);
    pl_vec moves = {0};
    low->store(&e, cp, &k->staged[i], &moves);
    keep_moves(k, cp, pred, &moves);
    pl_vec_free(&moves);
  }
  pl_emitter_free(&e);
}

/* The slot of the iteration before the current one, which the steady
 * state refills with iteration i+S-1: (s + S - 1) mod S. */
static LLVMValueRef slot_before(pl_skeleton *k) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx_of(k->c));
  LLVMValueRef is0 = LLVMBuildICmp(k->b, LLVMIntEQ, k->s_phi, LLVMConstInt(i32, 0, 0), "");
  LLVMValueRef prev = LLVMBuildSub(k->b, k->s_phi, LLVMConstInt(i32, 1, 0), "");
  return LLVMBuildSelect(k->b, is0, LLVMConstInt(i32, k->plan->stages - 1, 0), prev,
                         "pl.slot.next");
}

/* Skipped copies, after the wait and before the kept barrier: each thread
 * that skips a copy on this iteration moves the copy's bytes from the slot
 * before (`prev`, an i32) into the current one (pl_rw_fixup_region), as
 * the original tile keeps them. The wait completed this thread's copies of both iterations,
 * and the slot before is refilled only after the barrier. On the first
 * iteration the slot before holds no copy: the bytes are as undefined as
 * the tile's were (legality: pl_tile_fresh_at_entry). */
static void emit_fixups(pl_skeleton *k, LLVMValueRef prev) {
  LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx_of(k->c));
  pl_emitter e;
  init_issuer(k, &e);
  point_at_slot(k, &e, k->s_phi, 1, "pl.fixup");
  pl_emit_map_ivs(&e, 0, 0);
  LLVMValueRef *delta = pl_xcalloc(k->c->ntiles, sizeof *delta);
  for (size_t t = 0; t < k->c->ntiles; ++t) {
    LLVMValueRef stride =
        k->plan->rings[t].symbolic ? k->dyn_stride : LLVMConstInt(i32, k->plan->rings[t].stride, 0);
    delta[t] = LLVMBuildMul(k->b, LLVMBuildSub(k->b, prev, k->s_phi, ""), stride, "pl.prev.off");
  }
  if (k->c->region)
    pl_rw_fixup_region(k, &e, delta);
  else
    pl_rw_fixup_straight(k, &e, delta);
  free(delta);
  pl_emitter_free(&e);
}

/* Steady state around the first barrier: wait, barrier, issue iteration
 * i+S-1 into the slot freed last iteration, commit. */
static void emit_steady_state(pl_skeleton *k) {
  const pl_candidate *c = k->c;
  const unsigned S = k->plan->stages;
  LLVMPositionBuilderBefore(k->b, c->first_barrier);
  commit_or_wait(k, (int)S - 2);
  /* the slot before: the fix-ups' source, before the barrier, and the
   * slot the issue refills after it */
  LLVMValueRef s_issue = k->plan->nfixups || k->plan->straight_skips ? slot_before(k) : NULL;
  if (s_issue)
    emit_fixups(k, s_issue);
  LLVMPositionBuilderBefore(k->b, LLVMGetNextInstruction(c->first_barrier));
  pl_emitter e;
  init_issuer(k, &e);
  if (!s_issue)
    s_issue = slot_before(k);
  point_at_slot(k, &e, s_issue, 1, "pl.fill");
  pl_emit_map_ivs(&e, 0, S - 1);
  issue_stage(k, &e, pl_rw_emit_exists(c, &k->plan->trip, &e, 0, S - 1, k->btc, k->n_phi),
              k->staged);
  pl_emitter_free(&e);
  if (k->plan->stores_after_compute)
    emit_stores(k, s_issue);
}

/* The synchronous copies go, with the address arithmetic only they used. */
static void remove_copies(const pl_candidate *c) {
  for (size_t i = 0; i < c->ncopies; ++i) {
    LLVMValueRef st = c->copies[i].store;
    LLVMValueRef ops[3 + PL_MAX_FILL_PIECES] = {LLVMGetOperand(st, 0), LLVMGetOperand(st, 1),
                                                LLVMIsACallInst(st) ? LLVMGetOperand(st, 2) : NULL};
    LLVMInstructionEraseFromParent(st);
    /* its operands: the constant, the copy's address or one past it */
    for (unsigned k = 0; k < c->copies[i].ntwins; ++k) {
      LLVMValueRef twin = c->copies[i].twins[k];
      ops[3 + k] = LLVMGetOperand(twin, 1);
      LLVMInstructionEraseFromParent(twin);
    }
    pl_erase_dead(ops, 3 + c->copies[i].ntwins);
  }
}

/* The compute reads the current slot. A plain load becomes a shared-space
 * access (InferAddressSpaces), so its hoisted address stays hoisted at no
 * register cost. An intrinsic such as wmma.load keeps a generic pointer;
 * hoisted, each such address would be a 64-bit generic pointer live across
 * the loop (measured: 124 -> 167 registers for the WMMA example), so
 * rebuild it from the slot pointer. */
static void redirect_compute(pl_skeleton *k) {
  const pl_candidate *c = k->c;
  LLVMPositionBuilderBefore(k->b, LLVMGetNextInstruction(k->anchor));
  use_site *sites = NULL;
  size_t nsites = 0, cap = 0;
  for (size_t t = 0; t < c->ntiles; ++t)
    collect_tile_uses(c, c->tiles[t].global, &sites, &nsites, &cap);
  pl_emitter rebuilt;
  pl_emitter_init(&rebuilt, c, k->b);
  memcpy(rebuilt.tile_base, k->cur.tile_base, c->ntiles * sizeof *rebuilt.tile_base);
  for (size_t i = 0; i < nsites; ++i) {
    LLVMValueRef user = sites[i].user;
    LLVMValueRef old = LLVMGetOperand(user, sites[i].op);
    pl_emitter *e = LLVMIsACallInst(user) ? &rebuilt : &k->cur;
    e->use_point = e == &k->cur ? user : NULL;
    LLVMSetOperand(user, sites[i].op, pl_emit_remap(e, old));
  }
  free(sites);
  pl_emitter_free(&rebuilt);
}

/* The alignment each tile read of the loop can claim once it reads a slot
 * (PL_SLOT_READ_ALIGN at most): the slot is aligned to its ring (16 bytes
 * or more, every stride a multiple of it), and the read's offset in it is
 * its offset in the tile, whose known trailing zero bits ScalarEvolution
 * gives (pl_scev_offset_alignment). A load keeps clang's natural
 * alignment (4 for a float) otherwise; ptxas merges adjacent ones into one
 * 16-byte LDS where the tile's address is a symbol, but not behind a slot
 * offset it cannot bound, and the backend's load-store vectorizer merges
 * shared loads only where the first says it is aligned (measured: a
 * register-blocked SGEMM's eight reads of a row stayed eight LDS.32 in the
 * ring, two LDS.128 plain; 0.90x). Appends the loads to `loads` and their
 * alignments to *aligns (owned by the caller), one walk over the loop. */
static void slot_read_alignments(pl_skeleton *k, pl_vec *loads, unsigned **aligns) {
  const pl_candidate *c = k->c;
  size_t cap = 0;
  *aligns = NULL;
  for (size_t b = 0; b < c->nblocks; ++b) {
    pl_loop_ref in = pl_loop_for_block(k->host, c->blocks[b]);
    if (in != c->loop && !pl_loop_const_trip_count(k->host, in))
      continue; /* ptxas unrolls that loop of scalar reads, not of vector ones */
    for (LLVMValueRef i = LLVMGetFirstInstruction(c->blocks[b]); i; i = LLVMGetNextInstruction(i)) {
      if (!LLVMIsALoadInst(i))
        continue;
      LLVMValueRef base = pl_underlying_object(LLVMGetOperand(i, 0));
      size_t t = 0;
      while (t < c->ntiles && c->tiles[t].global != base)
        ++t;
      if (t == c->ntiles || k->plan->rings[t].pad)
        continue; /* not a tile; padded rows move the reads (layout.h) */
      /* a ring shared with another loop has the alignment it was made with */
      unsigned a = pl_scev_offset_alignment(k->host, LLVMGetOperand(i, 0), base);
      unsigned ring = k->plan->rings[t].align, held = LLVMGetAlignment(k->ring[t]);
      a = a < ring ? a : ring;
      a = a < held ? a : held;
      a = a < PL_SLOT_READ_ALIGN ? a : PL_SLOT_READ_ALIGN;
      if (a <= LLVMGetAlignment(i))
        continue;
      if (loads->len == cap) {
        cap = cap ? 2 * cap : 16;
        *aligns = pl_xrealloc(*aligns, cap, sizeof **aligns);
      }
      (*aligns)[loads->len] = a;
      pl_vec_push(loads, i);
    }
  }
}

/* The copy-back (plan.copy_back): each thread copies the bytes of its own
 * copies from the last iteration's slot (s, the slot counter on the exit
 * edge) back into the tile, where a read after the loop finds them as the
 * original left them. Every copy runs on every iteration (no predicate:
 * pl_copy_back_possible), so its bytes in that slot are the last iteration's
 * (zeros or the fill where a guard failed, as the original stored); bytes
 * no copy writes were never written by the loop, and the tile keeps them.
 * This thread's copies are complete (the wait before); the barrier after
 * (exit_barrier) publishes the tile to every thread. Emitted before the
 * copies go, since the addresses are cloned from theirs. */
static void emit_copy_back(pl_skeleton *k) {
  const pl_candidate *c = k->c;
  int any = 0;
  for (size_t t = 0; t < c->ntiles; ++t)
    any |= k->plan->copy_back[t];
  if (!any)
    return;
  pl_emitter slot, tile;
  init_issuer(k, &slot);
  slot.slot0 = NULL;
  point_at_slot(k, &slot, k->s_phi, 1, "pl.back");
  pl_emitter_init(&tile, c, k->b);
  tile.clone_loop = 1;
  tile.drop_flags = 1;
  for (size_t t = 0; t < c->ntiles; ++t)
    tile.tile_base[t] = c->tiles[t].global;
  for (size_t i = 0; i < k->plan->ncopies; ++i) {
    const pl_copy *cp = &k->plan->copies[i];
    if (!k->plan->copy_back[cp->tile])
      continue;
    LLVMTypeRef ty = pl_rw_chunk_type(c, cp->bytes);
    unsigned align = k->plan->dst_align[i] ? k->plan->dst_align[i] : 1;
    unsigned tile_align = LLVMGetAlignment(c->tiles[cp->tile].global);
    LLVMValueRef v = LLVMBuildLoad2(k->b, ty, pl_emit_remap(&slot, cp->dst), "pl.back.v");
    LLVMSetAlignment(v, align);
    LLVMValueRef st = LLVMBuildStore(k->b, v, pl_emit_remap(&tile, cp->dst));
    LLVMSetAlignment(st, tile_align && tile_align < align ? tile_align : align);
  }
  pl_emitter_free(&slot);
  pl_emitter_free(&tile);
}

/* Epilogue on the exit edge: drain every group, the copy-back and the
 * barrier the plan asks for. */
static void emit_drain(pl_skeleton *k, pl_host *host) {
  const pl_candidate *c = k->c;
  LLVMBasicBlockRef exit = c->exit;
  if (pl_pred_count(exit) != 1)
    exit = pl_split_edge(host, c->latch, exit);
  LLVMPositionBuilderBefore(k->b, pl_first_non_phi(exit));
  commit_or_wait(k, 0);
  emit_copy_back(k);
  if (k->plan->exit_barrier)
    pl_emit_cta_barrier(c->module, k->b);
}

/* The tiles are gone from this kernel: clear the address chains left dead
 * (the compute's addresses the original loop hoisted, now rebuilt over the
 * ring), then retire the globals, which the transaction erases at commit
 * unless another kernel still uses one. */
static void delete_tiles(const pl_candidate *c, const pl_plan *plan, pl_txn *txn) {
  for (size_t i = 0; i < plan->ndead_stores; ++i) {
    LLVMValueRef ops[2] = {LLVMGetOperand(plan->dead_stores[i], 0),
                           LLVMGetOperand(plan->dead_stores[i], 1)};
    LLVMInstructionEraseFromParent(plan->dead_stores[i]);
    pl_erase_dead(ops, 2);
  }
  for (size_t t = 0; t < c->ntiles; ++t) {
    LLVMValueRef g = c->tiles[t].global;
    pl_vec dead = {0}, stack = {0};
    pl_vec_push(&stack, g);
    while (stack.len) {
      LLVMValueRef v = stack.v[--stack.len];
      for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAConstantExpr(user)) {
          pl_vec_push(&stack, user);
        } else if (LLVMIsAInstruction(user) && !pl_vec_has(&dead, user) &&
                   LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) == c->function) {
          /* follow address chains: a dead GEP may feed only dead GEPs */
          pl_vec_push(&dead, user);
          pl_vec_push(&stack, user);
        }
      }
    }
    pl_erase_dead(dead.v, dead.len);
    pl_vec_free(&dead);
    pl_vec_free(&stack);
    pl_txn_retire_global(txn, g);
  }
}

/* The ring (rewrite.h): rings, prologue, counters, steady state, drain.
 * *slot_phi is the header's slot counter, for pl_unroll_steady_state. */
static unsigned rewrite_ring(pl_host *host, const pl_candidate *c, const pl_plan *plan, pl_txn *txn,
                             LLVMValueRef dyn_stride, LLVMValueRef *rings, LLVMValueRef *slot_phi) {
  pl_skeleton k = {.host = host, .c = c, .plan = plan, .txn = txn, .dyn_stride = dyn_stride};
  k.b = LLVMCreateBuilderInContext(ctx_of(c));
  k.ring = pl_xcalloc(c->ntiles, sizeof *k.ring);
  k.iv_steps = pl_xcalloc(c->nivs, sizeof *k.iv_steps);
  k.staged = pl_xcalloc(plan->ncopies, sizeof *k.staged);
  pl_rw_make_rings(&k);
  memcpy(rings, k.ring, c->ntiles * sizeof *rings);
  pl_emitter_init(&k.slot0, c, LLVMCreateBuilderInContext(ctx_of(c)));
  memcpy(k.slot0.tile_base, k.ring, c->ntiles * sizeof *k.ring);

  emit_prologue(&k, host);
  emit_counters(&k);
  emit_steady_state(&k);
  emit_drain(&k, host); /* before the copies go: the copy-back clones their addresses */
  remove_copies(c);
  pl_vec aligned = {0};
  unsigned *aligns;
  slot_read_alignments(&k, &aligned, &aligns);
  redirect_compute(&k);
  for (size_t i = 0; i < aligned.len; ++i)
    LLVMSetAlignment(aligned.v[i], aligns[i]);
  pl_vec_free(&aligned);
  free(aligns);
  /* One barrier per iteration: the plan's removed barrier goes (the one
   * closing the body, or the top one of a sync-first loop). */
  LLVMInstructionEraseFromParent(c->removed_barrier);
  /* A versioned loop's other version (alias_check.h) keeps its tiles: it
   * uses slot 0 of each ring instead, as large and as aligned -- unless
   * another loop keeps the tile, which then stays. */
  /* A ring that ends on slot 0 leaves the last tile there: slot 0 becomes
   * the tile, for the reads after the loop and every other use. */
  for (size_t t = 0; t < c->ntiles; ++t)
    if ((plan->alias_check && !(plan->tile_kept && plan->tile_kept[t])) ||
        (plan->last_slot && plan->last_slot[t]))
      pl_replace_global_uses_in(c->tiles[t].global, k.ring[t], c->function);
  delete_tiles(c, plan, k.txn);
  pl_rw_grow_moved_tiles(&k);
  predicate_moves(&k, host);
  if (c->region) {
    pl_rw_drop_original_region(&k);
    pl_rw_link_regions(&k);
  }
  pl_vec_free(&k.guarded);
  pl_vec_free(&k.guards);

  pl_emitter_free(&k.cur);
  LLVMDisposeBuilder(k.slot0.b);
  pl_emitter_free(&k.slot0);
  LLVMDisposeBuilder(k.b);
  free(k.ring);
  free(k.iv_steps);
  free(k.staged);
  *slot_phi = k.s_phi;
  return k.issued;
}

/* Nonzero when the original version of a versioned loop uses slot 0 of a
 * ring another loop shares (the rewrite keeps the tile instead only where
 * another loop keeps it). */
static int original_in_shared_ring(const pl_candidate *c, const pl_plan *plan) {
  for (size_t t = 0; t < c->ntiles; ++t)
    if (plan->share_ring && plan->share_ring[t] && !(plan->tile_kept && plan->tile_kept[t]))
      return 1;
  return 0;
}

unsigned pl_rewrite(pl_host *host, pl_candidate *c, pl_plan *plan, pl_loop_facts *facts,
                    pl_txn *txn, LLVMValueRef *rings) {
  assert(facts->c == c && plan->nrings == c->ntiles &&
         (plan->in_place || (plan->stages >= PL_MIN_STAGES && plan->stages <= PL_MAX_STAGES)) &&
         "a plan made for this loop from its facts");
  if (!c->preheader)
    c->preheader = pl_loop_ensure_preheader(host, c->loop);
  assert(c->preheader && "recognition checked that a preheader can be made");
  if (plan->in_place) {
    if (plan->alias_check)
      pl_emit_alias_check(host, c, facts, plan, NULL);
    (void)txn;
    for (size_t t = 0; t < c->ntiles; ++t)
      rings[t] = NULL;
    unsigned copies = pl_rewrite_in_place(host, c, plan);
    pl_unroll_steady_state(host, c, plan, NULL);
    return copies;
  }
  /* One version of the loop as written, for a short launch or overlap */
  LLVMValueRef dyn_stride = NULL;
  LLVMValueRef small = plan->dynamic_bytes ? pl_rw_short_launch(host, c, plan, &dyn_stride) : NULL;
  if (small && !plan->alias_check) {
    c->preheader = pl_loop_version(host, c->loop, small);
    c->exit = pl_loop_exit_block(c->loop);
    assert(c->preheader && "recognition: the loop has a preheader and a unique exit");
  }
  if (plan->alias_check) {
    pl_emit_alias_check(host, c, facts, plan, small);
    if (original_in_shared_ring(c, plan))
      pl_alias_check_exit_barrier(host, c);
  }
  for (size_t t = 0; t < c->ntiles; ++t)
    if (plan->rings[t].pad)
      pl_layout_apply(c, t, plan->rings[t].row, plan->rings[t].pad, plan->rings[t].elem, c->copies,
                      c->ncopies, plan->copies, plan->ncopies);
  LLVMValueRef slot_phi;
  unsigned copies = rewrite_ring(host, c, plan, txn, dyn_stride, rings, &slot_phi);
  pl_unroll_steady_state(host, c, plan, slot_phi);
  return copies;
}
