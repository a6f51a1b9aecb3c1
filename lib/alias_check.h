/*===- lib/alias_check.h - runtime alias checks -------------------------===*\
 *
 * A loop whose stores may write the global memory its copies read (no
 * __restrict__, so alias analysis cannot tell) is still pipelined when
 * the address ranges can be computed at loop entry: the loop is versioned,
 * as LLVM's LoopVersioning does for the vectorizer, with a runtime overlap
 * check in the preheader -- the pipelined loop where the ranges are
 * disjoint, the original loop where they may overlap.
 *
 * Ranges. Each copy's source and each such store covers, over the whole
 * loop, [min(start, end), max(start, end) + size) of its SCEV
 * add-recurrence (LoopAccessAnalysis's getStartAndEndForAccess, under
 * PredicatedScalarEvolution, whose no-wrap predicates join the check), or
 * the bounds interval arithmetic gives its address (host_versioning.h).
 * All are compared as generic addresses (64-bit), where global, shared and
 * local memory never overlap.
 *
 * Per iteration. Where every access has a window -- its bytes on iteration
 * i are [lo + i*D, end + i*D) with one step D in every thread -- only the
 * copies the pipelined loop moves ahead of a write can read it early: those
 * of iterations i+1 .. i+ahead, issued before the writes of iteration i,
 * and those of iteration i itself where the write may precede a copy of its
 * own iteration (pl_alias_check_nearest).
 * Shifted by i steps, the test is the same for every i: the writes'
 * windows on iteration 0 against each copy's window on iterations 1 ..
 * ahead. A loop that writes back into tiles it has read (`A[tile i] =
 * f(tile i)`) overlaps its copies over the whole loop, but not per
 * iteration.
 *
 * Soundness on a GPU. Pipelining moves the copy of thread u for iteration
 * i+S-1 ahead of the stores of every other thread of the block for
 * iterations < i+S-1, so a thread comparing its own reads with its own
 * writes proves nothing. The check compares each thread's read ranges with
 * the union of the write ranges of all threads of the block: one thread
 * initializes a 16-byte __shared__ scratch, barrier, each thread folds its
 * write range in with a 64-bit shared atomic min and max, barrier, each
 * thread tests its read ranges against the block's write range (and the
 * predicates), and llvm.nvvm.barrier0.or (__syncthreads_or) makes the
 * answer the same for the whole block: both versions have barriers, so
 * threads taking different versions would deadlock. Reads of one block
 * against writes of another block need no check: with no order between
 * blocks, such an overlap is already a data race in the original program.
 *
 * Cost, once per block and entry into the loop (not per iteration): three
 * barriers, two shared atomics, a few compares per copy and store, and 16
 * bytes of shared memory.
 *
 * Spaces. A copy whose source pointer is computed before the loop but not
 * provably global (`const float *A = Aarray[blockIdx.x]`, a pointer loaded
 * from an array of pointers) is tested in the same check: each such
 * pointer with `isspacep.global` (PTX ISA, "isspacep"), the original loop
 * where one is not global (cp.async reads only the global space). Without
 * writes to check, that test and the one barrier of __syncthreads_or are
 * the whole check.
\*===----------------------------------------------------------------------===*/
#ifndef PL_ALIAS_CHECK_H
#define PL_ALIAS_CHECK_H

#include "candidate.h"
#include "facts.h"
#include "plan_types.h"

/** Emits the check in the preheader of `c` and versions the loop
 * (pl_loop_version), from the bounds of `facts` (facts.h), over which
 * legality accepted every write the loop may make to a copy's source: `c`'s
 * loop becomes the version that runs when the ranges are disjoint and
 * `also_original` (an i1 available in the preheader, the same in every
 * thread of the block; NULL: none) is false, and `c`'s preheader and exit
 * are updated to the blocks around it. One version serves both reasons to
 * run the loop as written, so that its code is not there twice. Per
 * iteration where `plan` says so (alias_windows), over the distances from
 * alias_nearest to pl_plan_issue_ahead. Cannot fail. */
void pl_emit_alias_check(pl_host *host, pl_candidate *c, pl_loop_facts *facts, const pl_plan *plan,
                         LLVMValueRef also_original);

/** The nearest iteration distance the per-iteration check tests: 1 where
 * every write the check covers (pl_facts_writes) comes after the kept
 * barrier, so after every copy of its own iteration; 0 where one may come
 * before a copy of its own iteration (in the copy stage, or before a
 * sync-first loop's top barrier: pl_in_copy_stage), which the pipelined
 * loop issues before it. */
unsigned pl_alias_check_nearest(pl_host *host, const pl_candidate *c, pl_loop_facts *facts);

/** Puts a barrier on the exit edge of the other version (the original
 * loop) of the versioned `c`, after pl_emit_alias_check, for a plan whose
 * ring is shared with another loop (pl_plan.share_ring) and whose tile no
 * other loop keeps. The other version uses slot 0 of the ring in
 * place of the tile (pl_rewrite), and a sync-first loop ends with its
 * compute: without the barrier, a thread could leave it and, through an
 * outer loop, issue another loop's prologue into the shared ring while
 * another thread still reads slot 0. Every thread that entered the loop
 * reaches the barrier (the version is chosen block-uniformly, and the loop
 * has barriers every thread reaches). Changes the CFG (llvm::SplitEdge). */
void pl_alias_check_exit_barrier(pl_host *host, const pl_candidate *c);

/** Bytes of __shared__ scratch the check adds to the kernel. */
#define PL_ALIAS_CHECK_SHARED_BYTES 16u

#endif /* PL_ALIAS_CHECK_H */
