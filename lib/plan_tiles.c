/*===- lib/plan_tiles.c - what becomes of each tile ----------------------===*\
 *
 * Which tiles outlive the rewrite, which rings reuse an earlier loop's
 * storage, and what the rewrite owes a tile's reads after the loop: the
 * copy-back, or a ring that ends on slot 0 (docs/design.md, "Several loops
 * over one tile" and "The last tile in slot 0").
\*===----------------------------------------------------------------------===*/
#include "plan_tiles.h"

#include "alloc.h"
#include "facts.h"
#include "ir.h"
#include "limits.h"
#include "table.h"
#include "uses.h"

#include <stdlib.h>

void pl_plan_reads_after(const pl_loop_ctx *x, pl_plan *plan) {
  const pl_candidate *c = x->c;
  plan->copy_back = pl_xcalloc(c->ntiles ? c->ntiles : 1, 1);
  plan->last_slot = pl_xcalloc(c->ntiles ? c->ntiles : 1, 1);
  for (size_t t = 0; t < c->ntiles; ++t) {
    pl_tile_verdict v = {0};
    pl_fail f = {0};
    pl_facts_tile(x->facts, t, &f, &v); /* legality passed: ok */
    pl_fail_clear(&f);
    plan->copy_back[t] = (unsigned char)v.copy_back;
    plan->last_slot[t] = (unsigned char)v.last_slot;
    plan->end_on_slot0 |= v.last_slot;
    /* the prologue may fill slot 0 (fewer than S trips) before the
     * barriers that ordered the original's copies after a use before the
     * loop: a read before an entry, or a tile not fresh at entry */
    plan->slot0_barrier |= v.last_slot && (v.read_before || !pl_tile_fresh_at_entry(x->host, c, t));
  }
}

/* What outside_accesses gathers. */
typedef struct outside_find {
  const pl_candidate *c;
  pl_vec *out;
} outside_find;

static pl_walk_step find_outside(void *ctx, LLVMValueRef user, LLVMValueRef v, unsigned depth) {
  (void)v;
  (void)depth;
  outside_find *of = ctx;
  if (LLVMIsAConstantExpr(user))
    return PL_WALK_INTO;
  if (!LLVMIsAInstruction(user) ||
      LLVMGetBasicBlockParent(LLVMGetInstructionParent(user)) != of->c->function ||
      pl_candidate_has_block(of->c, LLVMGetInstructionParent(user)))
    return PL_WALK_SKIP;
  if (pl_derives_address(user, v))
    return PL_WALK_INTO;
  if (!pl_vec_has(of->out, user))
    pl_vec_push(of->out, user);
  return PL_WALK_SKIP;
}

/* Collects, for tile `g` and the values derived from it (GEPs, casts,
 * constant expressions), the memory accesses of `c`'s function outside
 * the loop into `out`. */
static void outside_accesses(const pl_candidate *c, LLVMValueRef g, pl_vec *out) {
  outside_find of = {c, out};
  pl_walk_uses(g, PL_MAX_DERIVED_DEPTH, find_outside, &of);
}

/* Tiles that outlive the rewrite. Legality accepted these
 * uses of a tile outside the loop: another tile loop that fills the same
 * bytes, stores the copies overwrite, and reads after the loop. A tile
 * still used by another loop stays beside the ring until that loop is
 * rewritten too (it may be declined), so its bytes count against the
 * budget; so does one the copy-back copies into. A tile whose only other
 * uses are such stores is read by nobody once the loop reads its ring: the
 * stores are dead, and go with the tile. A tile the ring ends on becomes
 * slot 0: its uses move there, stores and reads alike. */
void pl_plan_outliving_tiles(const pl_candidate *c, pl_plan *plan) {
  plan->tile_kept = pl_xcalloc(c->ntiles, 1);
  for (size_t t = 0; t < c->ntiles; ++t) {
    if (plan->last_slot[t])
      continue;
    pl_vec acc = {0};
    outside_accesses(c, c->tiles[t].global, &acc);
    int only_stores = 1;
    for (size_t i = 0; i < acc.len && only_stores; ++i)
      only_stores = LLVMIsAStoreInst(acc.v[i]) != NULL;
    if (!only_stores) {
      /* a tile in dynamic shared memory is the launch's: no static bytes */
      if (!c->tiles[t].dynamic)
        plan->kept_tile_bytes += c->tiles[t].bytes;
      plan->tile_kept[t] = 1;
    } else {
      for (size_t i = 0; i < acc.len; ++i) {
        plan->dead_stores = pl_append(plan->dead_stores, plan->ndead_stores, sizeof(LLVMValueRef));
        plan->dead_stores[plan->ndead_stores++] = acc.v[i];
      }
    }
    pl_vec_free(&acc);
  }
}

/* Shared rings. An earlier loop of this kernel over the
 * same tile left its ring in the function's table (table.h) because this
 * loop still used the tile: its exit drains and has a barrier (its
 * plan set exit_barrier for the kept tile). The ring is that loop's alone:
 * only its body and its drain (a copy-back, before the barrier) touch it.
 * The two loops are disjoint (legality: neither contains the other; the
 * worklist takes outer loops first, so an earlier loop is never inside a
 * later one), so this loop's ring takes the same storage: every path from
 * that loop to this one's prologue leaves it by its only exit edge and
 * passes its drain (cp.async.wait_group 0, then a barrier: no thread still
 * reads its last slot, none of its zero-fills is in flight), and this
 * loop's exit gets the same for a way back (an outer loop around both).
 * The kernel then holds the larger ring, not both. (A ring in dynamic shared
 * memory is the launch's: the driver records none.) */
int pl_plan_sharing(const pl_loop_ctx *x, pl_plan *plan, pl_fail *f) {
  const pl_candidate *c = x->c;
  plan->share_ring = pl_xcalloc(c->ntiles, sizeof *plan->share_ring);
  for (size_t t = 0; t < c->ntiles; ++t) {
    LLVMValueRef g = pl_table_ring(x->table, c->tiles[t].global);
    if (g && plan->last_slot[t])
      return pl_failf(f, PL_R_TILE_OUTSIDE_LOOP, NULL,
                      "tile '%s' is read after the loop, whose ring would reuse the storage of "
                      "an earlier loop's over the tile",
                      c->tiles[t].name);
    if (g) {
      plan->share_ring[t] = g;
      plan->shared_reuse += pl_global_bytes(g);
    }
  }
  return 1;
}
