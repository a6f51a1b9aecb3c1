/*===- lib/limits.h - every limit of the pass, named ----------------------===*\
 *
 * FILE: lib/limits.h
 * DESCRIPTION:
 *   The bounds the pass puts on its own work: recursion depths of its walks
 *   over IR, the sizes of fixed arrays. Each says why it is what it is. A
 *   loop declined because a limit was hit says which limit in its remark.
\*===----------------------------------------------------------------------===*/
#ifndef PL_LIMITS_H
#define PL_LIMITS_H

/** Levels of GEPs and casts followed from a tile to its uses: a tile
 * address real code derives in more than a few steps (multi-dimensional
 * arrays, pointer casts, offsets) is unheard of; past this the tile is taken
 * to escape. */
#define PL_MAX_DERIVED_DEPTH 64

/** Operands followed down from a value to decide whether it is the same
 * on every iteration (pl_invariant): an address or a condition computed in
 * more steps than this is taken to vary. */
#define PL_MAX_VALUE_DEPTH 32

/** Operands followed down from a copy's address, guard or predicate to
 * prove it can be computed again for a later iteration: address arithmetic
 * is a handful of operations deep; deeper, the copy is declined. */
#define PL_MAX_ADDRESS_DEPTH 48

/** Operands followed inside one index or condition: the arithmetic of an
 * index (`(row + 1) * 32 + col`), the and/or chain of a bounds guard.
 * Deeper, the index is one opaque term and the condition proves nothing. */
#define PL_MAX_INDEX_DEPTH 8

/** Pointer induction variables followed back to their start to find the
 * object a copy reads (a pointer bumped by another bumped pointer): more
 * than a few are unheard of; past this the phi itself is the object. */
#define PL_MAX_IV_CHAIN 8

/** Levels of constant expressions and called functions followed to find
 * the static __shared__ arrays a kernel uses besides its tiles; deeper
 * references are not counted in the budget. */
#define PL_MAX_CONST_DEPTH 16

/** Copies of one loop looked at when proving that they write every byte of
 * a tile another loop reads: a copy stage has a few; past this the bytes
 * are not proved covered and the other loop's use declines the tile. */
#define PL_MAX_COVERING_COPIES 64

/** Copies into one tile in one copy loop read together when proving that
 * they write distinct bytes whatever the loop's step: a loop clang unrolled
 * by a runtime count holds its body four or eight times; past this the
 * copies are not proved distinct and the loop is declined. */
#define PL_MAX_LOOP_COPIES 16

/** Trips of a copy loop the register lowering unrolls it to
 * (copy_loop_unroll.h): each copy of the unrolled body runs under the exit
 * tests of the copies before it, which the copy reads as the terms of its
 * condition, at most PL_MAX_GUARD_TERMS. */
#define PL_MAX_UNROLLED_COPY_TRIPS 8

/** Variable terms of one destination's address compared when proving two
 * copies disjoint by a constant distance; more, and the proof rests on
 * ScalarEvolution alone. */
#define PL_MAX_ADDRESS_TERMS 8

/** Conditions one copy's bounds guard may combine with && (`guard` and
 * more_guards of pl_copy): a tile copy checks its row and column against
 * two bounds each; past it the copy's conditions are not read as a guard
 * and the loop is declined with the guard's shape. */
#define PL_MAX_GUARD_TERMS 8
/** What a remark adds where a guard was cut at PL_MAX_GUARD_TERMS (a
 * printf format taking the limit). */
#define PL_GUARD_CUT_FORMAT                                                                        \
  "the copy's zero-fill guard has more than %d terms (PL_MAX_GUARD_TERMS), the most the pass "     \
  "reads as a guard: the selects or branches past them read as a conversion"

/** and/or instructions followed from a compare on blockDim to the branch
 * that halts the kernel (the block shape a kernel asserts, cost.c). */
#define PL_MAX_HALT_TERMS 16

/** Memory instructions after a loop's exit that the plan compares with the
 * loop's accesses, to decide whether a barrier must follow the drain
 * (plan.c); past it the barrier stays, which is always safe. */
#define PL_MAX_EXIT_SCAN 4096

/** Loops of a kernel remembered as filling a shared tile the same way
 * (only a cache: past it, a loop is checked again). */
#define PL_MAX_SIBLING_MEMO 16

/** Operations followed back from a value stored into __shared__ memory to
 * the global load it comes from, when deciding before recognition whether a
 * loop copies into a tile (census.h): a conversion and a guard's select are
 * a few steps; deeper, the store is not taken for a copy. */
#define PL_MAX_COPY_VALUE_DEPTH 6

/** Calls followed into their callees' bodies when asking whether a loop
 * orders memory between threads (pl_is_memory_ordering): a fence three
 * helpers down counts; deeper, a call counts as one. */
#define PL_MAX_CALL_DEPTH 4

/** The copies SimplifyCFG merged (unmerge.h): blocks of a copy stage
 * looked at, and blocks walked to find them (more, and nothing is taken
 * apart); cases of a switch lowered to compares (halo code tests two sides
 * per axis, a radius-2 halo four); instructions of a merged block
 * duplicated onto each edge into it; the depth of an address two arms
 * compute that is matched to be hoisted (a GEP of a cast of a sum of a
 * product is four). */
#define PL_UNMERGE_STAGE_BLOCKS 64
#define PL_UNMERGE_VISIT_BLOCKS 256
#define PL_UNMERGE_MAX_CASES 4
#define PL_UNMERGE_MAX_INSTS 48
#define PL_UNMERGE_HOIST_DEPTH 8

/** Blocks of a chain of branches into a copy's fill folded into one
 * branch (fill_chain.h): a halo's four bounds may come as four branches. */
#define PL_FILL_CHAIN_MAX 8

/** Constant stores one split copy's fill may be made of: a `char4`'s four
 * lanes filled one by one beside the copy of its 4 bytes, up to a 16-byte
 * copy's sixteen (classify.c). */
#define PL_MAX_FILL_PIECES 16

/** Equalities one copy's predicate terms may give a range proof of its
 * destination (legality_copies.c, `tx == 0 && ty == 0` gives two). */
#define PL_MAX_TERM_EQS 8

/** The widest alignment a tile read of a ring claims (rewrite.c,
 * slot_read_alignments): 16 bytes, the widest shared load
 * (ld.shared.v4.b32; PTX ISA, "ld"). */
#define PL_SLOT_READ_ALIGN 16

/** The most dynamic shared memory a block can be given on any target the
 * pass knows: 227 KiB on sm_90 (CUDA C++ Programming Guide, "Technical
 * Specifications per Compute Capability"). A footprint beyond it
 * (dynamic_tile.h) is no footprint any launch could serve. */
#define PL_MAX_DYNAMIC_FOOTPRINT (227u * 1024u)

/** The alignment of each slot of a ring in dynamic shared memory: 128
 * bytes, what code may assume of the dynamic memory's start (the widest of
 * the alignments its accesses need: 32 for wmma.load, 16 for vectors, 128
 * for the lines of bulk copies). */
#define PL_DYNAMIC_RING_ALIGN 128

#endif /* PL_LIMITS_H */
