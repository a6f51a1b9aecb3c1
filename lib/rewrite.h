/*===- lib/rewrite.h - the schedule skeleton of a ring -------------------===*\
 *
 * With S stages and the plan's trip strategy, independent of how a copy is
 * lowered (lowering.h):
 *
 *   ring      each tile becomes an internal addrspace(3) array of S slots
 *             laid out as the plan says
 *   prologue  in the preheader, after a barrier when the plan asks for
 *             one (sync-first loops), for k = 0 .. S-2: issue iteration k's
 *             copies into slot k (zero-filled when iteration k does not
 *             exist), then commit, unguarded, so that every thread has
 *             S-1 groups
 *   steady    iteration i (slot s = i mod S, a rotating counter):
 *             wait for all but S-2 groups; barrier; issue iteration i+S-1
 *             into slot (s+S-1) mod S, zero-filled past the end; commit;
 *             compute on slot s. The candidate's removed barrier goes
 *             (the second, or the top one of a sync-first loop): the next
 *             iteration's kept barrier orders this compute before that
 *             slot is refilled.
 *   predicate a copy with a loop-invariant predicate is issued, in the
 *             prologue and the steady state alike, under `if (pred)`: a
 *             branch around its data move, never a zero-fill.
 *   copy      a copy stage with loops (pl_candidate.region) is issued, in
 *   loops     the prologue and the steady state alike, as a clone of its
 *             blocks: the same loops, with each copy replaced by its
 *             lowering's issue for iteration k (a loop of copies); the
 *             original copy stage is bypassed.
 *   skipped   a copy loop's copy under a branch that changes from one
 *   copies    iteration to the next, with no else (plan->fixups): after
 *             the wait of iteration i and before the kept barrier, a
 *             second clone of the copy stage runs for iteration i itself,
 *             in which each edge that bypasses a skip block moves that
 *             block's copies' bytes from slot (s+S-1) mod S (iteration
 *             i-1's, complete after the wait) into slot s, as the
 *             original tile keeps them. Only the skipping thread writes
 *             those bytes (legality: every thread that would write them
 *             makes the same skip), the slot before is refilled only after
 *             the barrier, and the barrier publishes the moves. On
 *             iteration 0 the slot before holds no copy: those bytes were
 *             undefined in the tile too (pl_tile_fresh_at_entry).
 *   epilogue  on the exit edge: drain (wait for every group), and a
 *             barrier when the plan asks for one.
 *   stores    when the plan's lowerings store after the compute
 *   after     (plan->stores_after_compute: registers), S is 2; a copy's
 *   compute   issue reads into registers; in the prologue it is stored at
 *             once, in the steady state at the end of the body (before the
 *             latch's terminator), into the slot the issue targeted:
 *             (i+1) mod 2, which iteration i-1 computed on. The kept
 *             barrier of iteration i+1 orders those stores before every
 *             thread's compute of that slot, and the kept barrier of
 *             iteration i ordered the compute of i-1 before them
 *             (docs/design.md, "Register staging").
 *
 * Sources: PTX ISA, "bar.sync" (ordering among the CTA's threads); the
 * lowering's own sources for what a commit and a wait mean.
\*===----------------------------------------------------------------------===*/
#ifndef PL_REWRITE_H
#define PL_REWRITE_H

#include "candidate.h"
#include "facts.h"
#include "plan_types.h"
#include "txn.h"

/** Makes every change the plan for `c` asks for, in one order, within the
 * transaction `txn` on the loop's function (txn.h): a preheader where the
 * loop has none (llvm::InsertPreheaderForLoop), the runtime alias check's
 * two versions from the bounds in `facts` (alias_check.h), the rows'
 * layout (layout.h), then the ring (above). Call it only after
 * pl_check_legality and pl_make_plan succeeded; it decides nothing and
 * cannot fail. Updates `c`'s preheader and exit and, for padded rows, the
 * copies' destinations in `c` and `plan`. Writes each tile's ring global
 * to `rings` (c->ntiles of them). Returns the number of copy instructions
 * emitted. The tile globals are retired (erased at commit where no other
 * kernel uses them). */
unsigned pl_rewrite(pl_host *host, pl_candidate *c, pl_plan *plan, pl_loop_facts *facts,
                    pl_txn *txn, LLVMValueRef *rings);

#endif /* PL_REWRITE_H */
