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

#endif /* PL_LIMITS_H */
