/*===- lib/align.h - alignments a copy's addresses provably have ---------===*\
 *
 * FILE: lib/align.h
 * DESCRIPTION:
 *   The alignment a copy's source and destination provably have, for the
 *   plan's choice of lowering and widening (cp.async needs its addresses
 *   aligned to its size: PTX ISA, "cp.async"). The source's: the IR's own
 *   alignment, known bits (llvm::computeKnownBits) and a vector lane's
 *   offset. The destination's: its offset within the tile, from the GEP
 *   chain down to it, since every ring slot starts 16-byte aligned.
\*===----------------------------------------------------------------------===*/
#ifndef PL_ALIGN_H
#define PL_ALIGN_H

#include "candidate.h"

/** The alignment (bytes, at most 16) proven for the source of copy `cp` of
 * `c` (the IR's, known bits', and a lane's offset) and for its destination
 * within its tile (every ring slot starts 16-byte aligned). `cp` may be a
 * copy the plan made by widening several of `c`'s. */
void pl_copy_alignment(pl_host *host, const pl_candidate *c, const pl_copy *cp, unsigned *src_align,
                       unsigned *dst_align);

#endif /* PL_ALIGN_H */
