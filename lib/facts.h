/*===- lib/facts.h - what is known of one loop, computed once --------------===*\
 *
 * FILE: lib/facts.h
 * DESCRIPTION:
 *   After recognition, the driver makes one pl_loop_facts for the loop and
 *   hands it to legality, the plan and the rewrite, as LoopDistribute hands
 *   one LoopAccessInfo to its checks and then to LoopVersioning. Each fact
 *   is computed the first time a stage asks for it and kept:
 *     trip     how "does iteration j exist?" is answered (trip.h)
 *     writes   the loop's instructions that may write a copy's source
 *              (access.h), in block order, each with its copy
 *     bounds   the address ranges of every copy's source and of those
 *              writes at loop entry, in one set (host_versioning.h): a write
 *              is covered by the runtime alias check when its range and all
 *              the copies' are known; the rewrite expands these very
 *              bounds, so the check legality accepted cannot fail later
 *     tiles    per tile, the verdict on its uses (tile_uses.h) and whether
 *              the copy-back argument needs its last slot put back
 *   Stages read facts and decide; facts decide nothing. Each computation
 *   runs once per loop: `runs` counts them (test-count-analyses reports
 *   the counts). A pl_loop_facts lives from recognition to the remark of
 *   its loop; release it with pl_facts_free().
\*===----------------------------------------------------------------------===*/
#ifndef PL_FACTS_H
#define PL_FACTS_H

#include "candidate.h"
#include "host_versioning.h"
#include "options.h"
#include "reasons.h"
#include "table.h"
#include "tile_uses.h"
#include "trip.h"

/** How often each fact was computed for one loop. */
typedef struct pl_fact_runs {
  unsigned trip, writes, bounds, tiles;
} pl_fact_runs;

/** One tile's verdict (pl_check_tile_uses). */
typedef struct pl_tile_fact {
  int done, ok;
  pl_tile_verdict verdict;
  pl_fail fail;
} pl_tile_fact;

/** The facts of one recognized loop. Read them through the functions
 * below; the fields are the memo. */
typedef struct pl_loop_facts {
  pl_host *host;
  const pl_candidate *c;
  const pl_options *opts;
  const pl_loop_table *table;
  int trip_done, has_trip;
  pl_trip trip;
  pl_fail no_trip;
  int const_trip_done;
  unsigned const_trip;
  int writes_done;
  LLVMValueRef *writes;
  int *write_copy;
  size_t nwrites;
  int bounds_done, reads_known, all_added, windows_done, windows;
  pl_access_bounds *bounds;
  int *read_index, *write_index;
  pl_tile_fact *tiles;
  int before_done;
  LLVMValueRef before; /* pl_facts_write_before */
  int pressure_done;
  unsigned pressure;               /* pl_facts_pressure */
  int unrollable_done, unrollable; /* pl_facts_unrollable */
  int spaces_done;
  LLVMValueRef *spaces; /* pl_facts_space_checks */
  size_t nspaces;
  pl_fact_runs runs;
} pl_loop_facts;

/** Starts the facts of the recognized loop `c` of the function whose loops
 * `table` holds (nothing is computed yet). `c`, `host`, `opts` and `table`
 * must outlive `facts`. */
void pl_facts_init(pl_loop_facts *facts, pl_host *host, const pl_candidate *c,
                   const pl_options *opts, const pl_loop_table *table);

/** Frees what `facts` owns (the bounds too) and zeroes it. */
void pl_facts_free(pl_loop_facts *facts);

/** The trip strategy (trip.h), or NULL with the reason (NoTripCount)
 * copied into `f`. */
const pl_trip *pl_facts_trip(pl_loop_facts *facts, pl_fail *f);

/** The loop's trip count when ScalarEvolution knows it as a constant
 * (pl_loop_const_trip_count), else 0: computed at the first question (the
 * cost model's), not for loops declined before it. */
unsigned pl_facts_const_trip(pl_loop_facts *facts);

/** The most 32-bit words live at once in the loop's function
 * (pl_register_pressure): computed at the first question (the cost
 * model's), once for every plan of the loop (a ring, the register
 * lowering's, in place). */
unsigned pl_facts_pressure(pl_loop_facts *facts);

/** Nonzero unless something keeps ptxas from unrolling the loop or from
 * moving its loads across barriers (docs/design.md, "The plain loop's
 * batch"): `#pragma unroll 1`, a call that is not an intrinsic, volatile
 * inline assembly, a fence, a clock read, a float division without `arcp`,
 * an integer division by a variable, a conditional branch in the compute
 * stage other than the latch's. Computed at the cost model's first
 * question, once for every plan of the loop. */
int pl_facts_unrollable(pl_loop_facts *facts);

/** The loop's instructions that may write a copy's source, in block order
 * (pl_writes_copy_source); *copy receives, for each, the index of such a
 * copy. Returns how many there are. */
size_t pl_facts_writes(pl_loop_facts *facts, LLVMValueRef const **writes, int const **copy);

/** The first instruction before the loop -- in a block from which its
 * preheader is reached -- that may write a copy's source (alias analysis,
 * pl_copy_mod_ref), or NULL. The prologue reads the sources of iterations
 * 1..S-2 before any barrier of the loop has run, where the original read
 * them after one: a write before the loop by another thread of the block,
 * which those barriers ordered, is then ordered by a barrier before the
 * prologue (plan.entry_barrier). */
LLVMValueRef pl_facts_write_before(pl_loop_facts *facts);

/** The copies' source objects that are not provably global but can be
 * tested at run time (pl_space_checkable), each once, into *objs (owned by
 * `facts`). Returns how many there are. */
size_t pl_facts_space_checks(pl_loop_facts *facts, LLVMValueRef const **objs);

/** Nonzero when the runtime alias check covers write number `i` of
 * pl_facts_writes: its range and every copy's source range are known at
 * loop entry, in the one set of bounds; or every copy and every write has
 * a window of one step (pl_facts_alias_windows). */
int pl_facts_write_covered(pl_loop_facts *facts, size_t i);

/** Nonzero when every copy's source and every write of pl_facts_writes has
 * a window with one block-uniform step (host_versioning.h,
 * pl_access_bounds_windows): the check then compares each iteration's
 * writes with the copies the pipelined loop issues ahead of them, not the
 * whole loop's (alias_check.h). */
int pl_facts_alias_windows(pl_loop_facts *facts);

/** The bounds of every copy's source (index read_index[copy]) and of every
 * write (index write_index[write]), for the rewrite to expand once every
 * write is covered. Owned by `facts`. */
pl_access_bounds *pl_facts_bounds(pl_loop_facts *facts, int const **read_index,
                                  int const **write_index);

/** The verdict on the uses of tile number `t` (pl_check_tile_uses, the
 * ring allowed to end on slot 0 where ScalarEvolution counts the loop's
 * trips): returns 1, with *v (if not NULL) saying what the rewrite owes
 * the tile's reads outside the loop; else 0 with the reason copied into
 * `f`. */
int pl_facts_tile(pl_loop_facts *facts, size_t t, pl_fail *f, pl_tile_verdict *v);

#endif /* PL_FACTS_H */
