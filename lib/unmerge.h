/*===- lib/unmerge.h - copies SimplifyCFG merged, taken apart -------------===*\
 *
 * FILE: lib/unmerge.h
 * DESCRIPTION:
 *   Public halo code loads each side of a tile under its own condition:
 *     tile[ty + 1][tx + 1] = in[...];
 *     if (ty == 0)      tile[0][tx + 1]      = in[...];
 *     if (ty == BS - 1) tile[BS + 1][tx + 1] = in[...];
 *     if (tx == 0) ...  if (tx == BS - 1) ...
 *   By the time the pass runs, SimplifyCFG has turned each pair of tests
 *   into a `switch` and sunk the two copies into one block whose addresses
 *   are phis of the two paths (SimplifyCFG's sinking of common
 *   instructions). Such a copy has no address of its own and runs under no
 *   chain of two-way branches, so no ring can serve it.
 *
 *   pl_unmerge undoes both in a loop's copy stage, changing no behaviour:
 *   a block of merged copies is duplicated into a new block on each edge
 *   that enters it, its phis replaced by what flows in along that edge
 *   (tail duplication), and a switch becomes a chain of `icmp eq` and
 *   conditional branches, one per case. The driver does it inside a
 *   transaction and keeps it only when the loop then takes a ring.
 *
 *   Where the arms of a copy's branch each compute its address (the copy
 *   on one, its zero fill on the other: SimplifyCFG sinks a shared store
 *   only when the arms match up to it, and `zext nneg` on one path stops
 *   it), the address is computed once before the branch, its
 *   poison-generating flags dropped, and phis joining the two become it.
 *   Where an arm runs, its own address was that value or poison (a store
 *   through it undefined), so the change refines the program.
\*===----------------------------------------------------------------------===*/
#ifndef PL_UNMERGE_H
#define PL_UNMERGE_H

#include "host.h"
#include "reasons.h"

/** Nonzero when the copy stage of `loop` -- its header and the blocks
 * reachable from it before a block holding a barrier, inner loops left out
 * (but for calls and addresses) -- holds what pl_unmerge takes apart: calls
 * pl_mem_calls_wanted counts; a fill entered by a chain of branches
 * (pl_fill_chain_find); two arms of a branch writing __shared__
 * memory at the same expression; a switch of at most
 * PL_UNMERGE_MAX_CASES cases to distinct blocks, or a block of merged
 * copies (phis; a load and a store; only loads, stores, address and
 * integer arithmetic; entered only from the copy stage; used nowhere
 * else; ending in a branch to a block without phis). Changes nothing. */
int pl_unmerge_wanted(pl_host *host, pl_loop_ref loop);

/** What pl_unmerge changed: bits of its answer. */
enum {
  PL_UNMERGED_COPIES = 1,
  PL_UNMERGED_HOISTED = 2,
  PL_UNMERGED_MEM_CALLS = 4,
  PL_UNMERGED_FILL_CHAINS = 8
};

/** Takes apart what pl_unmerge_wanted finds: first the chains of branches
 * into a copy's fill, each folded into one branch (fill_chain.h; the
 * analyses are invalidated and the loop found again after each), then,
 * while the dominators still hold, the memcpy and memset calls of the copy stage
 * (pl_mem_calls_split) and the addresses two arms of a branch compute
 * alike (hoisted), then the merged blocks, then the switches. Returns
 * PL_UNMERGED_FILL_CHAINS when it folded a chain, PL_UNMERGED_MEM_CALLS
 * when it split calls, PL_UNMERGED_HOISTED when it hoisted addresses, PL_UNMERGED_COPIES when it
 * duplicated a block or lowered a switch, or'ed, or 0. Every analysis of the function is stale
 * afterwards (the caller invalidates them). */
unsigned pl_unmerge(pl_host *host, pl_loop_ref loop);

/** Replaces `f`, the reason of the loop as written, by `unmerged`, the
 * reason it got no ring once pl_unmerge made the changes `kinds` (its
 * answer), the message saying so and ending with `f`'s ("; as written,
 * ..."): what the driver reports where it rolled the change back. Where
 * both say the same, `f` stays as it is. */
void pl_fail_unmerged(pl_fail *f, const pl_fail *unmerged, unsigned kinds);

#endif /* PL_UNMERGE_H */
