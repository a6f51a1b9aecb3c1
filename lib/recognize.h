/*===- lib/recognize.h - find the tile-loop shape -----------------------===*\
 *
 * A candidate loop has a preheader, a single latch that is also its only
 * exiting block (rotated form), and a body that reads
 *
 *   copy stage:  global loads stored unchanged into __shared__ tiles
 *                (or llvm.memcpy of 4, 8 or 16 bytes into a tile)
 *   barrier      (llvm.nvvm.barrier0 or llvm.nvvm.barrier.sync(0))
 *   compute      reads the tiles
 *   barrier      last memory operation before the latch's branch
 *
 * Recognition runs in three steps along those seams: the loop (blocks and
 * shape), the barriers, the copy stage. A copy may be guarded for ragged
 * tiles, `x = c ? A[i] : 0`, written as a select or as a branch around
 * the load merged by a phi; such a copy zero-fills when the guard is false
 * (PTX ISA, "cp.async": src-size). A compound guard -- a chain of selects,
 * or nested branches around the load with zeros on every other path --
 * combines its conditions (up to PL_MAX_GUARD_TERMS); a fill other than
 * zero, the same on every failing path, is kept (pl_copy.fill) for the
 * register lowering; the plan declines it under lowering=cp.async
 * (NonZeroFill). A store of a side-effect-free conversion of one load is
 * a converting copy (pl_copy.value), staged through registers. A copy
 * stage that contains loops (copy loops) is kept whole as
 * pl_candidate.region when it holds only copies, their arithmetic, phis and
 * branches (else CopyLoopBody, or CopyInInnerLoop for nested loops).
\*===----------------------------------------------------------------------===*/
#ifndef PL_RECOGNIZE_H
#define PL_RECOGNIZE_H

#include "candidate.h"
#include "dynamic_tile.h"
#include "reasons.h"

/** Fills `c` (which the caller zero-initializes and later frees with
 * pl_candidate_free) from `loop` of function `fn`. `hand_pipelined` is
 * what pl_find_async_copy_machinery found in `fn` before the pass changed
 * it (NULL: nothing); a loop with barriers or shared stores of such a
 * kernel is declined as AlreadyPipelined. The footprints of dynamic
 * shared memory arrays (dynamic_tile.h) are asked of `footprints`, which
 * the caller keeps while `fn` is unchanged. Returns 1 when the loop has the
 * tile-loop shape; otherwise returns 0 with the reason in `f`. Changes no
 * IR. */
int pl_recognize(pl_host *host, pl_loop_ref loop, LLVMValueRef fn, LLVMValueRef hand_pipelined,
                 pl_footprints *footprints, pl_candidate *c, pl_fail *f);

/** The first instruction of `fn` that is hand-written asynchronous-copy
 * machinery (pl_is_async_copy_machinery), or NULL. */
LLVMValueRef pl_find_async_copy_machinery(LLVMValueRef fn);

#endif /* PL_RECOGNIZE_H */
