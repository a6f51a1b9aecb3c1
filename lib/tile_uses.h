/*===- lib/tile_uses.h - where a tile's address goes ----------------------===*\
 *
 * FILE: lib/tile_uses.h
 * DESCRIPTION:
 *   Whether a loop may take its tiles over: every use of a tile and of the
 *   addresses derived from it (one walk, lib/uses.h) is one the ring can
 *   serve. In the loop, only the copy stage writes a tile and nothing reads
 *   it before the first barrier; the address goes nowhere the pass cannot
 *   follow. Outside the loop, a use is accepted when it lies in another
 *   tile loop that fills the same bytes of the tile with copies of its own
 *   on every iteration (a sibling: each loop then reads only what it copied
 *   itself), or when it is a store the loop's copies overwrite on every
 *   iteration, or -- under the copy-back argument -- a read, which then
 *   needs the last slot copied back into the tile after the loop. Another
 *   kernel's use is another grid's shared memory. Changes no IR.
\*===----------------------------------------------------------------------===*/
#ifndef PL_TILE_USES_H
#define PL_TILE_USES_H

#include "candidate.h"
#include "options.h"
#include "reasons.h"
#include "table.h"

/** Checks every use of tile number `tile` of `c` (see the file comment),
 * the other loops of its function looked up in `table` (table.h).
 * Returns 1 when the loop may replace the tile by a ring, with
 * *copy_back_reads set when it may only because the copy-back argument
 * lets a read outside the loop see the tile (the rewrite then copies the
 * last slot back after the drain); else 0 with the reason in `f`. */
int pl_check_tile_uses(pl_host *host, const pl_candidate *c, const pl_loop_table *table,
                       size_t tile, const pl_options *opts, pl_fail *f, int *copy_back_reads);

/** Nonzero when tile number `tile` of `c` holds no value a thread wrote
 * whenever the loop starts: the loop cannot start again once it has left
 * (its header is unreachable from its exit), and nothing outside it writes
 * the tile before it -- every use outside the loop is a load, an address
 * computation, or a write that runs only after the loop for good (the rule
 * of a store after the loop). Then the bytes no copy of the first
 * iteration writes are uninitialized shared memory, whose value the
 * program cannot rely on (CUDA C++ Programming Guide, "Variable Memory
 * Space Specifiers": a __shared__ variable has no initializer). 0 when the walk cannot tell (a use
 * in another function that is not a load, an address derived too deeply). */
int pl_tile_fresh_at_entry(pl_host *host, const pl_candidate *c, size_t tile);

/** Nonzero when every copy of `c` runs on every iteration (no predicate):
 * then each thread can copy the last slot of its own copies back into the
 * tile after the loop (the copy-back argument). Zero for a copy in a copy
 * loop (`pl_copy.in_loop`): the copy-back emits one load and one store per
 * copy at the copy's address, and a copy loop's address is a phi of its
 * inner loop, with no value on the exit edge. */
int pl_copy_back_possible(const pl_candidate *c);

#endif /* PL_TILE_USES_H */
