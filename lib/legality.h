/*===- lib/legality.h - may this tile loop be pipelined? ----------------===*\
 *
 * One ordered list of checks (LoopDistribute's processLoop is the model);
 * the first failure declines the loop. Legality only answers, over the
 * candidate and its facts (facts.h): it changes no IR and writes nothing
 * into the candidate. In the order of the table in legality.c:
 *   storage    every tile has a known size and is not visible to other
 *              translation units under -fgpu-rdc
 *   predicates a copy under a branch: its condition is the same on every
 *              iteration (the same threads fill the same bytes of a slot)
 *   (a) tiles  only the copy stage writes a tile; nothing reads it
 *              before the first barrier; its address goes nowhere we
 *              cannot see; it is used in this loop only (tile_uses.h)
 *   source     every copy reads global memory: a kernel's pointer
 *              parameters point to global memory (CUDA C++ Programming
 *              Guide, "Device Memory Spaces"), as do addrspace(1) pointers
 *   (b) writes nothing in the loop may write the copied global memory
 *              (LLVM alias analysis; shared-memory stores are disjoint),
 *              unless it is a store whose address range, like every
 *              copy's source range, is known at loop entry: then a runtime
 *              check versions the loop (alias_check.h); nor anything
 *              before it (the prologue reads early)
 *   order      nothing before the kept barrier (other than the copies) may
 *              conflict with an access after it: the removed barrier
 *              ordered them across iterations (in a sync-first loop, also
 *              what precedes the top barrier against the copy stage)
 *   (c) addrs  each copy's addresses and guard are side-effect-free
 *              functions of induction variables (loop-invariant steps) and
 *              loop-invariant values
 *   copy loops a copy stage with loops runs them the same way on every
 *              iteration, and runs nothing but copies and their
 *              arithmetic (legality_copies.h)
 *   (a') dests the same bytes of a tile on every iteration, no two copies
 *              writing the same bytes
 *   trip       the trip count is known at loop entry (trip.h)
 *   dynamic    the kernel uses no dynamic shared memory beside the ring
 * What a lowering can do -- the target, (d) cp.async's sizes and
 * alignment, conversions, fills -- is the plan's choice of lowering
 * (plan.h), as is (e), the budget; (f), barriers every thread reaches, is
 * part of recognition. These checks hold for every lowering: each reads a
 * copy's source after the kept barrier of the iteration before and writes
 * its slot before the kept barrier of its own iteration.
 *
 * Two shapes. A ring (rewrite.h) replaces the tiles and removes a barrier,
 * so it needs every check. The in-place shape (rewrite_in_place.h) keeps
 * the tiles, both barriers and every store where it was, and only loads
 * each copy's source one iteration early into registers: the checks on
 * tiles and on the removed barrier -- storage, predicates (a skipped
 * store stays skipped in its own iteration), (a) tiles, order, (a') dests,
 * dynamic -- do not concern it. It needs instead that every copy
 * is a load (or __ldg) and a store, or an unguarded llvm.memcpy, in
 * straight-line code (no copy loops), each load under one condition, and
 * that the user allows it
 * (in-place=on, lowering not cp.async). It is the shape of tiles in
 * dynamic shared memory (extern __shared__, whose size is unknown) and of
 * loops whose tiles are not ours to replace.
\*===----------------------------------------------------------------------===*/
#ifndef PL_LEGALITY_H
#define PL_LEGALITY_H

#include "context.h"
#include "reasons.h"

/** Which shape a loop may take (above). */
typedef enum pl_legal {
  PL_ILLEGAL = 0,    /**< neither */
  PL_LEGAL_IN_PLACE, /**< the in-place shape only; `f` says why not a ring */
  PL_LEGAL_RING,     /**< a ring (and so, if possible, the in-place shape) */
} pl_legal;

/** Runs the checks above on the loop of `x`, in order, over its facts.
 * Returns the shape the loop may take. Where it is not a ring, `f` holds
 * the first failure in the order of the checks: the ring's reason for
 * PL_LEGAL_IN_PLACE, and for PL_ILLEGAL the reason a loop would be given
 * with one shape only. Changes no IR. */
pl_legal pl_check_legality(const pl_loop_ctx *x, pl_fail *f);

/** Why the in-place shape cannot serve the loop of `x`, beyond the checks
 * of pl_check_legality: a clause for a remark ("its copy stage has loops,
 * ..."), "" where the user ruled it out (in-place=off, lowering=cp.async),
 * or NULL when it can (for a ring that does not fit the budget). */
const char *pl_in_place_obstacle(const pl_loop_ctx *x);

/** Appends "; nor in place: OBSTACLE" to the message of `f`, a ring's
 * decline, where `obstacle` (pl_in_place_obstacle) names one; nothing for
 * NULL or "" (the user's choice). */
void pl_fail_nor_in_place(pl_fail *f, const char *obstacle);

#endif /* PL_LEGALITY_H */
