/*===- lib/table.h - the tile loops of one function ------------------------===*\
 *
 * FILE: lib/table.h
 * DESCRIPTION:
 *   Every loop of a kernel recognized once, into a table, before any loop's
 *   legality (LoopFuse's collectFusionCandidates, then fuseCandidates): a
 *   question about another loop -- does it fill the same tile as a tile
 *   loop of its own? -- is a lookup, not a second recognition. The table
 *   also holds the rings that rewritten loops leave for a later loop over
 *   the same tile (the plan's ring sharing). The IR of a rewritten or
 *   rolled-back loop has changed, so the driver rebuilds the recognized
 *   loops after each; the rings stay.
\*===----------------------------------------------------------------------===*/
#ifndef PL_TABLE_H
#define PL_TABLE_H

#include "candidate.h"
#include "reasons.h"

/** One loop of the function: recognized as a tile loop (`ok`), or not
 * (`fail` says why). */
typedef struct pl_table_entry {
  LLVMBasicBlockRef header;
  int ok;
  pl_candidate c; /**< filled when ok */
  pl_fail fail;   /**< when not ok */
} pl_table_entry;

/** A ring a rewritten loop left for another loop that still uses its tile. */
typedef struct pl_left_ring {
  LLVMValueRef tile, ring;
} pl_left_ring;

typedef struct pl_loop_table {
  pl_table_entry *entries;
  size_t n;
  pl_left_ring *rings;
  size_t nrings;
} pl_loop_table;

/** Recognizes every loop of the kernel `fn` (pl_recognize, with the
 * function's hand-written asynchronous copies `hand_pipelined`) into the
 * entries of `t`, replacing the entries it had; keeps its rings. */
void pl_table_build(pl_loop_table *t, pl_host *host, LLVMValueRef fn, LLVMValueRef hand_pipelined);

/** The entry of the loop whose header is `header`, or NULL (as strchr, a
 * pointer into `t` that the driver may change: the rewrite updates its
 * loop's candidate). */
pl_table_entry *pl_table_find(const pl_loop_table *t, LLVMBasicBlockRef header);

/** The ring left for tile `tile` (pl_table_set_ring), or NULL. */
LLVMValueRef pl_table_ring(const pl_loop_table *t, LLVMValueRef tile);

/** Records `ring` as left for tile `tile` (NULL: none any more). */
void pl_table_set_ring(pl_loop_table *t, LLVMValueRef tile, LLVMValueRef ring);

/** Frees what `t` owns and zeroes it. */
void pl_table_free(pl_loop_table *t);

#endif /* PL_TABLE_H */
