/*===- lib/layout.h - the row layout of a ring ---------------------------===*\
 *
 * FILE: lib/layout.h
 * DESCRIPTION:
 *   The plugin owns the ring, so it may choose where each row of a tile
 *   lives in a slot. A tile `T t[N][M]` of rows of R = M * sizeof(T) bytes
 *   may get P bytes of padding after each row: the byte at offset `off` of
 *   the tile moves to off + (off / R) * P.
 *
 *   Why: an NVPTX matrix read (wmma.load of a f16 fragment, ldmatrix)
 *   reads 8 rows of 16 bytes per phase; shared memory has 32 banks of 4
 *   bytes (128 bytes per bank row). Rows R bytes apart fall into the same
 *   four banks whenever R is a multiple of 128, and into the same banks in
 *   pairs or fours for R = 64 or 256: the 8 rows are conflict-free exactly
 *   when R / 16 is odd (CUDA C++ Programming Guide, "Shared Memory";
 *   PTX ISA, "ldmatrix"). With P = 16 a row of 64 bytes becomes 80 (5 x
 *   16), one of 256 becomes 272 (17 x 16).
 *
 *   When: every access of the tile (the copies, plain loads and stores,
 *   WMMA loads whose leading dimension is the row, ldmatrix) reaches it
 *   through a chain of GEPs and casts whose indices split into
 *     row terms   an index times a multiple of R (an array dimension of
 *                 whole rows, or a constant's whole rows), and
 *     column terms  the rest, each provably in [0, max] (known bits: the
 *                 index is non-negative and its unknown bits bound it),
 *   and the column terms plus the access width w stay within one row
 *   (sum of maxima + w <= R). Indices split through add, or disjoint, shl
 *   and mul by constants and extensions, where GEP's sign extension of the
 *   index distributes over them (64-bit arithmetic, or nsw; zext nneg), so
 *   a flattened row * 32 + column gives a row and a column term. A
 *   one-dimensional tile read by WMMA loads has rows of their ldm. Then
 *   off / R is the sum of the row terms divided by R and the move is
 *   linear: every GEP scales its row terms by (R + P) / R and keeps its
 *   column terms, wherever it is (hoisted out of the loop or not), so the
 *   ring's address machinery clones it as it is.
 *   A WMMA load reads 16 (or 8, 32) elements per row, w = that many
 *   elements, its ldm becomes (R + P) / element size; its address must
 *   stay 32-byte aligned (wmma.load's rule), which the row terms' known
 *   trailing zeros prove. P = 16 keeps every row start 16-byte aligned, as
 *   16-byte cp.async needs.
 *   What it will not do: a tile reached through a phi, a select, an
 *   integer cast of a pointer, a call other than those above, or a column
 *   term that may be negative or cross a row keeps its layout; the plan
 *   says why in an analysis remark (RingLayout). Plain scalar loads never ask for padding
 *   (the plugin cannot see their lane pattern); an XOR swizzle is not
 *   offered (WMMA loads need a strided layout).
\*===----------------------------------------------------------------------===*/
#ifndef PL_LAYOUT_H
#define PL_LAYOUT_H

#include "candidate.h"

/** Padding the layout adds after each row: one 16-byte bank group. */
#define PL_ROW_PAD 16u

/** What the analysis of one tile found. */
typedef struct pl_tile_layout {
  uint64_t row;        /**< bytes of one row (0: not a 2-D array) */
  unsigned elem;       /**< element bytes of its WMMA loads (0: none) */
  unsigned wmma_reads; /**< WMMA loads of the tile */
  unsigned ldmatrix;   /**< ldmatrix reads of the tile */
  int conflicted;      /**< WMMA reads of rows `row` apart conflict */
  int rewritable;      /**< every access can be rewritten for PL_ROW_PAD */
  char *why;           /**< owned: why not rewritable (NULL when it is) */
  LLVMValueRef why_at; /**< the access or value `why` is about, or NULL */
} pl_tile_layout;

/** Analyzes tile `t` of the candidate `c`: its row, its matrix reads,
 * whether WMMA reads conflict (row / 16 even), and whether every access
 * can be moved to rows of row + PL_ROW_PAD bytes (the rules above). Fills
 * `out` (release with pl_tile_layout_free); changes no IR. */
void pl_layout_analyze(pl_host *host, const pl_candidate *c, size_t t, pl_tile_layout *out);

/** Frees what `l` owns and zeroes it. */
void pl_tile_layout_free(pl_tile_layout *l);

/** Rewrites every address of tile `t` of `c` for rows padded by `pad`
 * bytes (a tile pl_layout_analyze found rewritable): each GEP over the
 * tile becomes an i8 GEP of the moved offset, with no wrap flags (the
 * offsets exceed the tile until the ring replaces it); each WMMA load's
 * ldm becomes (row + pad) / elem; loads and stores aligned above 16 bytes
 * are aligned to 16. The copies' `dst` in `copies` (n of them, the
 * candidate's and the plan's) follow their replaced GEPs. Run right
 * before the ring rewrite, which then sees the padded addresses. */
void pl_layout_apply(const pl_candidate *c, size_t t, uint64_t row, unsigned pad, unsigned elem,
                     pl_copy *copies, size_t n, pl_copy *more, size_t nmore);

#endif /* PL_LAYOUT_H */
