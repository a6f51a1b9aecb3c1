/*===- lib/host.h - the host interface: what the core asks of LLVM -------===*\
 *
 * FILE: lib/host.h (implemented by plugin/host.cpp)
 * DESCRIPTION:
 *   The handful of LLVM facilities the core (lib/, C11 on llvm-c) needs but
 *   that LLVM exposes only in C++: loop info, dominators, scalar evolution,
 *   alias analysis, known bits, edge splitting, demangling and optimization
 *   remarks. Each is one small C function over opaque refs. These functions
 *   hold no policy: every decision is taken in lib/.
 *
 *   A pl_host is the per-function analysis context. It is created and owned
 *   by plugin/pass.cpp and handed to lib/ for the duration of one call of
 *   pl_run_function(); lib/ never frees it.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_H
#define PL_HOST_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque per-function analysis context (owned by plugin/). */
typedef struct pl_host pl_host;
/** Opaque per-module context: hands out a pl_host per function. */
typedef struct pl_module_host pl_module_host;
/** Opaque llvm::Loop*; valid until the next pl_host_invalidate(). */
typedef struct pl_loop_opaque *pl_loop_ref;

/** Kinds of optimization remark, as LLVM's OptimizationRemark classes. */
typedef enum pl_remark_kind {
  PL_REMARK_PASSED,   /**< OptimizationRemark: -Rpass=cuda-pipeline */
  PL_REMARK_MISSED,   /**< OptimizationRemarkMissed: -Rpass-missed= */
  PL_REMARK_ANALYSIS, /**< OptimizationRemarkAnalysis: -Rpass-analysis= */
} pl_remark_kind;

/** The analysis context of function `fn` (a definition in the module
 * being run). Owned by `mh`; valid until pl_run_module returns. */
pl_host *pl_host_for_function(pl_module_host *mh, LLVMValueRef fn);

/** Drops every cached analysis of the function (after lib/ changed the IR)
 * and recomputes them on next use. Every pl_loop_ref becomes invalid. */
void pl_host_invalidate(pl_host *host);

/** Writes up to `cap` loops of the function to `out`, outermost first
 * (pre-order over LoopInfo's forest). Returns the total number of loops,
 * which may exceed `cap`. */
size_t pl_loops_preorder(pl_host *host, pl_loop_ref *out, size_t cap);

/** Header block of `loop`. */
LLVMBasicBlockRef pl_loop_header(pl_loop_ref loop);
/** Preheader (Loop::getLoopPreheader), or NULL when the loop has none. */
LLVMBasicBlockRef pl_loop_preheader(pl_loop_ref loop);
/** The unique latch (Loop::getLoopLatch), or NULL. */
LLVMBasicBlockRef pl_loop_latch(pl_loop_ref loop);
/** The unique exiting block (Loop::getExitingBlock), or NULL. */
LLVMBasicBlockRef pl_loop_exiting_block(pl_loop_ref loop);
/** The unique exit block (Loop::getUniqueExitBlock), or NULL. */
LLVMBasicBlockRef pl_loop_exit_block(pl_loop_ref loop);
/** Nonzero when `bb` belongs to `loop` (or to one of its subloops). */
int pl_loop_contains(pl_loop_ref loop, LLVMBasicBlockRef bb);
/** Nonzero when `bb` belongs to a strict subloop of `loop`. */
int pl_loop_in_subloop(pl_host *host, pl_loop_ref loop, LLVMBasicBlockRef bb);

/** Nonzero when block `a` dominates block `b` (DominatorTree::dominates). */
int pl_dominates(pl_host *host, LLVMBasicBlockRef a, LLVMBasicBlockRef b);

/** Nonzero when ScalarEvolution computes a loop-invariant backedge-taken
 * count for `loop` that SCEVExpander can materialize safely. */
int pl_loop_has_trip_count(pl_host *host, pl_loop_ref loop);
/** Materializes the backedge-taken count (trip count - 1, an integer of
 * ScalarEvolution's type for the loop) before `insert_before`, which must be
 * in the preheader. Returns NULL when pl_loop_has_trip_count() is false. */
LLVMValueRef pl_loop_expand_backedge_count(pl_host *host, pl_loop_ref loop,
                                           LLVMValueRef insert_before);

/** Bits of pl_mod_ref's answer. */
enum { PL_REF = 1, PL_MOD = 2 };
/** Alias analysis: whether `inst` may read (PL_REF) and/or write (PL_MOD)
 * any byte of the object `ptr` points into (AAResults::getModRefInfo with
 * a location of unknown size around `ptr`). Returns 0 when it touches none
 * of it. */
unsigned pl_mod_ref(pl_host *host, LLVMValueRef inst, LLVMValueRef ptr);

/** Alias analysis: nonzero unless the `size_a` bytes at `a` and the
 * `size_b` bytes at `b` are proven disjoint (AAResults::alias != NoAlias),
 * both taken at the same point of the same iteration. */
int pl_may_alias(pl_host *host, LLVMValueRef a, uint64_t size_a, LLVMValueRef b, uint64_t size_b);

/** Known bits: the largest power of two (bytes, capped at 4096) that
 * provably divides the address `ptr` when `ctx` executes
 * (llvm::getKnownAlignment / computeKnownBits). */
unsigned pl_known_alignment(pl_host *host, LLVMValueRef ptr, LLVMValueRef ctx);

/** Splits the CFG edge from -> to (llvm::SplitEdge), keeping loop info and
 * dominators up to date. Returns the new block on the edge. */
LLVMBasicBlockRef pl_split_edge(pl_host *host, LLVMBasicBlockRef from, LLVMBasicBlockRef to);

/** Demangles an Itanium name (llvm::demangle). Returns a malloc'ed string
 * the caller frees with free(); the input itself when not mangled. */
char *pl_demangle(const char *name);

/** Emits an optimization remark of pass `cuda-pipeline` named `name` with
 * text `msg`, located at `inst` when non-NULL, else at the loop's start. */
void pl_remark(pl_host *host, pl_remark_kind kind, const char *name, pl_loop_ref loop,
               LLVMValueRef inst, const char *msg);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_H */
