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
 *   iteration, or a read after the loop for good, which then needs the
 *   ring to end on slot 0 (or, under the copy-back argument, any read,
 *   with the last slot copied back into the tile after the loop). Another
 *   kernel's use is another grid's shared memory. Changes no IR.
\*===----------------------------------------------------------------------===*/
#ifndef PL_TILE_USES_H
#define PL_TILE_USES_H

#include "candidate.h"
#include "options.h"
#include "reasons.h"
#include "table.h"

/** What a ring owes a tile's reads after the loop (pl_check_tile_uses). */
typedef struct pl_tile_verdict {
  /** A read outside the loop sees the tile because the copy-back argument
   * copies the last slot back after the drain. */
  int copy_back;
  /** A read after the loop for good sees the tile because the ring ends
   * on slot 0: the slots rotate so that the last iteration fills slot 0,
   * and the tile's other uses move to slot 0 (docs/design.md, "The last
   * tile in slot 0"). */
  int last_slot;
  /** Such a read may run before an entry into the loop (in an outer loop,
   * or before it): the prologue, which may fill slot 0, must wait for it
   * behind a barrier. */
  int read_before;
} pl_tile_verdict;

/** Checks every use of tile number `tile` of `c` (see the file comment),
 * the other loops of its function looked up in `table` (table.h).
 * `last_slot` nonzero: the ring may end on slot 0 (the trip count is
 * known at entry), so a plain read outside the loop is accepted where no
 * other tile loop fills the tile (a tile in dynamic shared memory too:
 * its ring's slot 0 starts where the tile does): between the exit's drain and barrier and the next
 * entry's barrier before the prologue, slot 0 holds what the tile would. Returns 1 when the loop
 * may replace the tile by a ring, with `v` saying what the rewrite owes the reads outside the loop;
 * else 0 with the reason in `f`. */
int pl_check_tile_uses(pl_host *host, const pl_candidate *c, const pl_loop_table *table,
                       size_t tile, const pl_options *opts, int last_slot, pl_fail *f,
                       pl_tile_verdict *v);

/** Nonzero when `c` may start again once it has left: its header can be
 * reached from its exit block (a loop around it), or it has no single
 * exit. */
int pl_loop_may_reenter(const pl_candidate *c);

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
