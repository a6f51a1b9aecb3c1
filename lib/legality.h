/*===- lib/legality.h - may this tile loop be pipelined? ----------------===*\
 *
 * One ordered list of checks (LoopDistribute's processLoop is the model);
 * the first failure declines the loop. Legality only answers: it changes
 * no IR and writes nothing into the candidate.
 *   predicates a copy under a branch: its condition is the same on every
 *              iteration (the same threads fill the same bytes of a slot)
 *   (a) tiles  of known size, and not visible to other translation units
 *              under -fgpu-rdc; only the copy stage writes a tile;
 *              nothing reads it before the first barrier; its address goes
 *              nowhere we cannot see; it is used in this loop only
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
\*===----------------------------------------------------------------------===*/
#ifndef PL_LEGALITY_H
#define PL_LEGALITY_H

#include "candidate.h"
#include "options.h"
#include "reasons.h"

/** Parses the function's "target-cpu" (e.g. "sm_90a") into its SM number
 * (90), and writes the attribute's text (or "unknown") to `name` (at most
 * `len` bytes). Returns 0 when the attribute is missing or not sm_NN. */
unsigned pl_target_sm(LLVMValueRef fn, char *name, size_t len);

/** Nonzero when every copy of `c` runs on every iteration (no predicate):
 * then each thread can copy the last slot of its own copies back into the
 * tile after the loop (issue 9, part 4: the copy-back argument). Zero for
 * a copy in a copy loop (`pl_copy.in_loop`): the copy-back emits one load
 * and one store per copy at the copy's address, and a copy loop's address
 * is a phi of its inner loop, with no value on the exit edge. */
int pl_copy_back_possible(const pl_candidate *c);

/** Nonzero when, under the copy-back argument, tile number `tile` of the
 * legal candidate `c` is read outside the loop where the read may see what
 * the loop left in the tile (after the loop, or in another loop that does
 * not fill the same bytes first): the rewrite must then copy the last slot
 * back into the tile after the drain. 0 without the argument. Changes
 * nothing. */
int pl_tile_needs_copy_back(pl_host *host, const pl_candidate *c, size_t tile,
                            const pl_options *opts);

/** Runs the checks above on `c`, in order. Returns 1 when all pass, else 0
 * with the reason in `f`. Changes nothing. */
int pl_check_legality(pl_host *host, const pl_candidate *c, const pl_options *opts, pl_fail *f);

#endif /* PL_LEGALITY_H */
