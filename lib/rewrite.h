/*===- lib/rewrite.h - turn a legal tile loop into a cp.async ring -----===*\
 *
 * With S stages and trip count T (BTC = T - 1, from ScalarEvolution):
 *
 *   ring      each tile becomes an internal addrspace(3) array of S slots,
 *             each slot the tile rounded up to 16 bytes, 16-byte aligned
 *   prologue  in the preheader, for k = 0 .. S-2: issue iteration k's
 *             copies into slot k (zero-filling when k > BTC or the copy's
 *             own guard is false), then cp.async.commit_group, unguarded
 *   steady    iteration i (slot s = i mod S, a rotating counter):
 *             cp.async.wait_group S-2; barrier; issue iteration i+S-1 into
 *             slot (s+S-1) mod S, zero-filled when i+S-1 > BTC; commit;
 *             compute on slot s. The second barrier is removed: the next
 *             iteration's barrier orders this compute before that slot is
 *             refilled.
 *   drain     on the exit edge: cp.async.wait_group 0, and a barrier
 *             unless no shared-memory access can follow.
 *
 * Sources: PTX ISA, "cp.async", "cp.async.commit_group",
 * "cp.async.wait_group" (completion and visibility to the issuing thread),
 * and "bar.sync" (ordering among the CTA's threads).
\*===----------------------------------------------------------------------===*/
#ifndef PL_REWRITE_H
#define PL_REWRITE_H

#include "candidate.h"

/** Rewrites the loop of `c` according to `plan`. Call it only after
 * pl_check_legality and pl_make_plan succeeded. Returns the number of
 * cp.async instructions emitted. The tile globals are deleted. */
unsigned pl_rewrite(pl_host *host, pl_candidate *c, const pl_plan *plan);

#endif /* PL_REWRITE_H */
