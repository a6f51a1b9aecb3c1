/*===- lib/host.h - the host interface: what the core asks of LLVM -------===*\
 *
 * FILE: lib/host.h (implemented by plugin/host.cpp)
 * DESCRIPTION:
 *   The LLVM facilities the core (lib/, C11 on llvm-c) needs but that LLVM
 *   exposes only in C++: loop info, dominators, scalar evolution, alias
 *   analysis, known bits, memory effects, CFG walks, edge splitting,
 *   demangling and optimization remarks. Each is one small C function over
 *   opaque refs that forwards to one LLVM analysis or utility. They hold no
 *   policy: every decision is taken in lib/. The core owns this header;
 *   plugin/ implements it and includes lib/, never the reverse.
 *
 *   A pl_host is the per-function analysis context. It is created and owned
 *   by plugin/pass.cpp and handed to lib/ for the duration of one call of
 *   pl_run_module(); lib/ never frees it.
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

/** The analysis context of function `fn` (a definition in the module
 * being run). Owned by `mh`; valid until pl_run_module returns. */
pl_host *pl_host_for_function(pl_module_host *mh, LLVMValueRef fn);

/** Drops every cached analysis of the function (after lib/ changed the IR)
 * and recomputes them on next use. Every pl_loop_ref becomes invalid. */
void pl_host_invalidate(pl_host *host);

/* ---- loops (LoopInfo) ------------------------------------------------- */

/** Writes up to `cap` loops of the function to `out`, outermost first
 * (pre-order over LoopInfo's forest; `out` may be NULL when `cap` is 0).
 * Returns the total number of loops, which may exceed `cap`. */
size_t pl_loops_preorder(pl_host *host, pl_loop_ref *out, size_t cap);
/** The loop whose header is `header`, or NULL when `header` heads none
 * (LoopInfo::getLoopFor, checked against Loop::getHeader). */
pl_loop_ref pl_loop_for_header(pl_host *host, LLVMBasicBlockRef header);

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
/** Gives `loop` a preheader when it has none (llvm::InsertPreheaderForLoop,
 * as LoopSimplify does), keeping dominators and loop info up to date and
 * making ScalarEvolution forget the loop. Returns the preheader (the
 * existing one when there is one), or NULL when none can be made: a block
 * entering the loop ends in an indirectbr or callbr. */
LLVMBasicBlockRef pl_loop_ensure_preheader(pl_host *host, pl_loop_ref loop);

/* ---- dominance and the CFG ------------------------------------------- */

/** Nonzero when block `a` dominates block `b` (DominatorTree::dominates;
 * a block dominates itself). */
int pl_dominates(pl_host *host, LLVMBasicBlockRef a, LLVMBasicBlockRef b);
/** Nonzero when instruction `a` dominates instruction `b`
 * (DominatorTree::dominates(Instruction*, Instruction*)): in one block, `a`
 * comes strictly before `b`; an instruction does not dominate itself. */
int pl_inst_dominates(pl_host *host, LLVMValueRef a, LLVMValueRef b);
/** The immediate dominator of block `bb` (DomTreeNode::getIDom), or NULL
 * for the entry block and unreachable blocks. */
LLVMBasicBlockRef pl_idom(pl_host *host, LLVMBasicBlockRef bb);

/** Writes to `out` (at most `cap`) the blocks from which `to` can be
 * reached without entering a block of `avoid` (may be NULL), `to` first: a
 * depth-first walk over predecessors (llvm::inverse_depth_first_ext).
 * Returns how many there are, which may exceed `cap`. */
size_t pl_blocks_reaching(pl_host *host, LLVMBasicBlockRef to, pl_loop_ref avoid,
                          LLVMBasicBlockRef *out, size_t cap);
/** Writes to `out` (at most `cap`) the blocks reachable from `from`, `from`
 * first, in depth-first pre-order (llvm::depth_first). Returns how many
 * there are, which may exceed `cap`. */
size_t pl_blocks_reachable(LLVMBasicBlockRef from, LLVMBasicBlockRef *out, size_t cap);
/** Number of CFG edges into `bb` (llvm::pred_size). */
unsigned pl_pred_count(LLVMBasicBlockRef bb);

/** Splits the CFG edge from -> to (llvm::SplitEdge), keeping loop info and
 * dominators up to date. Returns the new block on the edge. */
LLVMBasicBlockRef pl_split_edge(pl_host *host, LLVMBasicBlockRef from, LLVMBasicBlockRef to);
/** Splits the block of `split_before` before it and branches on the i1
 * `cond` into a new block that falls through to the rest
 * (llvm::SplitBlockAndInsertIfThen), keeping loop info and dominators up
 * to date. Returns the new block's terminator (an unconditional branch). */
LLVMValueRef pl_split_block_if_then(pl_host *host, LLVMValueRef cond, LLVMValueRef split_before);

/* ---- instructions: memory effects and dead code ---------------------- */

/** Bits of pl_mod_ref's and pl_memory_effects's answers. */
enum { PL_REF = 1, PL_MOD = 2 };
/** What `inst` may do to memory, from its opcode and, for calls, the
 * callee's memory attributes (Instruction::mayReadFromMemory and
 * mayWriteToMemory): PL_REF, PL_MOD, both, or 0 for none. */
unsigned pl_memory_effects(LLVMValueRef inst);
/** Nonzero when `inst` may have side effects (Instruction::
 * mayHaveSideEffects: writes memory, may throw or may not return). */
int pl_may_have_side_effects(LLVMValueRef inst);
/** Nonzero when the instruction `inst` is unused and may be deleted with
 * no effect on the program (llvm::isInstructionTriviallyDead). */
int pl_is_trivially_dead(LLVMValueRef inst);

/** The object `ptr` is based on, through GEPs, casts and aliases, as
 * instructions or constant expressions (llvm::getUnderlyingObject, with no
 * lookup limit). */
LLVMValueRef pl_underlying_object(LLVMValueRef ptr);

/* ---- scalar evolution -------------------------------------------------- */

/** Nonzero when ScalarEvolution computes a loop-invariant backedge-taken
 * count for `loop` that SCEVExpander can materialize safely at the end of
 * the preheader; for a loop without one, at the end of the nearest common
 * dominator of the blocks entering it, which dominates exactly what the
 * preheader pl_loop_ensure_preheader() would create is dominated by. */
int pl_loop_has_trip_count(pl_host *host, pl_loop_ref loop);
/** Materializes the backedge-taken count (trip count - 1, an integer of
 * ScalarEvolution's type for the loop) before `insert_before`, which must be
 * in the preheader. Returns NULL when pl_loop_has_trip_count() is false. */
LLVMValueRef pl_loop_expand_backedge_count(pl_host *host, pl_loop_ref loop,
                                           LLVMValueRef insert_before);

/** ScalarEvolution: whether the header phi `phi` of `loop` is an affine
 * add-recurrence {start,+,step}<loop> whose step is loop invariant and that
 * SCEVExpander can materialize in the preheader. Returns 0 when it is not;
 * 1 when the step is a constant, written to *step; 2 when it is not a
 * constant (pl_scev_expand_iv_step materializes it). A pointer phi's step
 * is in bytes. SCEV's recurrences are exact modulo 2^width: the phi's value
 * at iteration j is start + j * step, wrapping as the loop's own
 * arithmetic does. */
int pl_scev_iv_step(pl_host *host, pl_loop_ref loop, LLVMValueRef phi, int64_t *step);
/** Materializes the step of such a phi before `insert_before`, which must
 * be in the preheader (SCEVExpander): an integer of the phi's type, or of
 * the index type (bytes) for a pointer phi. NULL when pl_scev_iv_step()
 * returns 0. */
LLVMValueRef pl_scev_expand_iv_step(pl_host *host, pl_loop_ref loop, LLVMValueRef phi,
                                    LLVMValueRef insert_before);
/** ScalarEvolution: nonzero when a - b (two integers of one type, or two
 * pointers with the same base, ScalarEvolution::getPointerBase) is the
 * same constant wherever both are defined (getMinusSCEV folds to a
 * SCEVConstant); the constant, in bytes for pointers, goes to *d. Reads of
 * %tid, %ntid, %ctaid and %nctaid count as one value per register (PTX
 * ISA, "Special Registers": constant for a thread's whole execution), so
 * two loops that each read threadIdx.x compare. */
int pl_scev_const_distance(pl_host *host, LLVMValueRef a, LLVMValueRef b, int64_t *d);

/* ---- alias analysis and known bits ----------------------------------- */

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
 * (llvm::computeKnownBits). */
unsigned pl_known_alignment(pl_host *host, LLVMValueRef ptr, LLVMValueRef ctx);

/* ---- the verifier and errors ----------------------------------------- */

/** Runs LLVM's verifier on the function `fn` (llvm::verifyFunction).
 * Returns NULL when it is well formed, else the verifier's message, which
 * the caller frees with free(). */
char *pl_verify_function(LLVMValueRef fn);
/** Reports an error about the function `fn` through its context, located
 * at `fn`'s definition (its DISubprogram's file and line; the clang plugin
 * keeps location-tracking debug info, so kernels have one): clang prints
 * `file:line:1: error: <message>` (where `fn` has no DISubprogram, clang
 * places it at the function's declaration when it knows it, else prints no
 * location) and the compile fails; opt prints `error: file:line:0:
 * <message>` and exits non-zero. */
void pl_report_error(LLVMValueRef fn, const char *message);

/** Reports an error about the module `m` as a whole, without a source
 * location (LLVMContext::emitError): clang prints `error: <message>` and
 * the compile fails; opt prints it and exits non-zero. */
void pl_report_module_error(LLVMModuleRef m, const char *message);

/* ---- names ------------------------------------------------------------ */

/** The source name of the function argument `arg`: its IR name when it
 * has one, else the name the clang plugin read from the declaration
 * (clang drops value names from a release build's IR). NULL when neither
 * is known. The string lives as long as the host. */
const char *pl_param_name(pl_host *host, LLVMValueRef arg);

/** Demangles an Itanium name (llvm::demangle). Returns a malloc'ed string
 * the caller frees with free(); a copy of the input when it is not
 * mangled; NULL only when memory runs out. */
char *pl_demangle(const char *name);

/* ---- optimization remarks --------------------------------------------- */

/** Kinds of optimization remark, as LLVM's OptimizationRemark classes. */
typedef enum pl_remark_kind {
  PL_REMARK_PASSED,   /**< OptimizationRemark: -Rpass=cuda-pipeline */
  PL_REMARK_MISSED,   /**< OptimizationRemarkMissed: -Rpass-missed= */
  PL_REMARK_ANALYSIS, /**< OptimizationRemarkAnalysis: -Rpass-analysis= */
} pl_remark_kind;

/** A remark being built: text pieces and named fields (ore::NV), in order.
 * The printed message is their concatenation; optimization records carry
 * each field as a YAML `Args` entry under its key. */
typedef struct pl_remark pl_remark;

/** Starts a remark of pass `cuda-pipeline` named `name`, located at `inst`
 * when it has a debug location, else at the loop's start. `loop` may be
 * NULL for a remark about a function (then `inst` must not be). The caller
 * finishes it with pl_remark_emit(), which frees it. */
pl_remark *pl_remark_begin(pl_host *host, pl_remark_kind kind, const char *name, pl_loop_ref loop,
                           LLVMValueRef inst);
/** Appends plain text. */
void pl_remark_text(pl_remark *r, const char *text);
/** Appends a string field `key` (shown as its value). */
void pl_remark_str(pl_remark *r, const char *key, const char *value);
/** Appends an unsigned integer field `key` (shown in decimal). */
void pl_remark_u64(pl_remark *r, const char *key, uint64_t value);
/** Emits the remark through OptimizationRemarkEmitter and frees it. */
void pl_remark_emit(pl_remark *r);

/* ---- the cost model (lib/cost.c) -------------------------------------- */

/** ScalarEvolution's constant trip count of `loop`
 * (ScalarEvolution::getSmallConstantTripCount), or 0 when it is not a
 * known constant. */
unsigned pl_loop_const_trip_count(pl_host *host, pl_loop_ref loop);
/** The innermost loop containing `bb` (LoopInfo::getLoopFor), or NULL. */
pl_loop_ref pl_loop_for_block(pl_host *host, LLVMBasicBlockRef bb);
/** The loop that immediately contains `loop` (Loop::getParentLoop), or
 * NULL for an outermost loop. */
pl_loop_ref pl_loop_parent(pl_loop_ref loop);

/* ---- the user's view (issue 13) --------------------------------------- */

/** The function `host` analyses. */
LLVMValueRef pl_host_function(pl_host *host);

/** Where `loop` starts in the source (Loop::getStartLoc): the file, joined
 * to its compile directory when relative, as a malloc'ed string the caller
 * frees, with its line and column; NULL (and 0, 0) when the loop has no
 * debug location. */
char *pl_loop_source(pl_loop_ref loop, unsigned *line, unsigned *column);

/** Reports a one-line warning for the module `m` through its context
 * (LLVMContext::diagnose with a plugin diagnostic of severity warning):
 * clang prints it as `warning: <message> [-Wbackend-plugin]`, so
 * -Wno-backend-plugin silences it and -Werror makes it an error; opt
 * prints `warning: <message>`. */
void pl_report_warning(LLVMModuleRef m, const char *message);

/* ---- runtime alias checks (issue 9, part 5) --------------------------- */

/** The address ranges a loop's accesses cover over all its iterations, as
 * LoopAccessAnalysis builds them for RuntimePointerChecking
 * (getStartAndEndForAccess), over one PredicatedScalarEvolution of the
 * loop, whose predicates (no-wrap assumptions) the runtime check must also
 * test. Create one per loop and question; free it with
 * pl_access_bounds_free(). */
typedef struct pl_access_bounds pl_access_bounds;

/** Starts the bounds of `loop`'s accesses. NULL when memory runs out. */
pl_access_bounds *pl_access_bounds_create(pl_host *host, pl_loop_ref loop);
/** Adds the access of `size` bytes at the pointer `ptr` (an instruction's
 * pointer operand in the loop) on every iteration. Its bounds are
 * computable when the pointer's SCEV is loop invariant, or an affine
 * add-recurrence of the loop (directly, or under a no-wrap predicate,
 * PredicatedScalarEvolution::getAsAddRec) whose backedge-taken count
 * PredicatedScalarEvolution computes: [min(start, end), max(start, end) +
 * size) with end = start + step * BTC; a no-wrap predicate on the pointer
 * is added unless SCEV proves it. Every bound must be expandable where the
 * loop is entered (its preheader, or where pl_loop_has_trip_count would
 * expand). Returns the access's index (0, 1, ...) or -1 when its bounds
 * cannot be computed at loop entry. */
int pl_access_bounds_add(pl_access_bounds *b, LLVMValueRef ptr, uint64_t size);
/** Gives `b` the backedge-taken count the latch compare implies, for a
 * loop whose count ScalarEvolution does not compute (trip.h's latch form:
 * the header phi `phi`, an add-recurrence of a constant step toward the
 * loop-invariant `bound`, compared as `pred` -- "continue while" --
 * against iv(j - lag) at the end of iteration j - 1; the caller makes sure
 * the IV cannot wrap, its increment's no-wrap flag). The count is
 * max(|bound - start| - strict + lag * |step|, 0) / |step|, in 64 bits.
 * Accesses added afterwards use it when ScalarEvolution has none, with no
 * SCEV predicate: only pointers that are add-recurrences as they are, whose
 * not wrapping is then tested at run time. Returns 0 (nothing set) for an
 * IV wider than 32 bits, a non-constant step or a step away from the
 * bound. */
int pl_access_bounds_set_latch_trip(pl_access_bounds *b, LLVMValueRef phi, LLVMValueRef bound,
                                    LLVMIntPredicate pred, unsigned lag);
/** Materializes the bounds of access `index` before `insert_before`
 * (SCEVExpander): *lo, the first byte, and *hi, one past the last, both
 * pointers of the access pointer's type. */
void pl_access_bounds_expand(pl_access_bounds *b, int index, LLVMValueRef insert_before,
                             LLVMValueRef *lo, LLVMValueRef *hi);
/** Materializes the predicates the bounds assume
 * (SCEVExpander::expandCodeForPredicate), and for bounds over the latch
 * count that no pointer wraps (start + step * count computed in 128 bits
 * leaves [0, 2^64)), before `insert_before`: an i1 that is true when one
 * of them fails, so the bounds may be wrong. NULL when the bounds assume
 * nothing. */
LLVMValueRef pl_access_bounds_expand_predicates(pl_access_bounds *b, LLVMValueRef insert_before);
/** Frees `b`. */
void pl_access_bounds_free(pl_access_bounds *b);

/** Versions `loop` as LLVM's LoopVersioning does (versionLoop): the
 * preheader P is split at its terminator, so that P keeps its code and a
 * new empty preheader enters the loop; the loop and that preheader are
 * cloned (llvm::cloneLoopWithPreheader, remapInstructionsInBlocks); P
 * branches on the i1 `take_clone` (an instruction in P, or any value
 * available there) to the clone when true, to `loop` when false. The exit
 * block is made dedicated (llvm::SplitEdge) and the loop put in LCSSA form
 * (llvm::formLCSSA) first, so both versions meet in it and each value used
 * after the loop gets one phi there. Loop info and dominators stay up to
 * date; ScalarEvolution forgets the loop. `loop` stays the loop it was.
 * Returns its new preheader, or NULL (nothing changed) when the loop has
 * no preheader or no unique exit block. */
LLVMBasicBlockRef pl_loop_version(pl_host *host, pl_loop_ref loop, LLVMValueRef take_clone);

/** Replaces every use of the global `g` by instructions of the function
 * `fn`, also through constant expressions (which become instructions in
 * `fn`, llvm::convertUsersOfConstantsToInstructions), with `with`, a value
 * of the same type. Uses in other functions are left alone. */
void pl_replace_global_uses_in(LLVMValueRef g, LLVMValueRef with, LLVMValueRef fn);
/* ---- loops gone before the pass (issue 9, part 1) --------------------- */

/** The DILocation where `loop` starts (Loop::getStartLoc: the first
 * location of its llvm.loop metadata, else its preheader's or header's),
 * or NULL when it has none. */
LLVMMetadataRef pl_loop_start_location(pl_loop_ref loop);

/** Starts a remark like pl_remark_begin, about the function `host`
 * analyses but located at the DILocation `location` (may be NULL: no
 * location), for a loop that no longer exists. */
pl_remark *pl_remark_begin_at(pl_host *host, pl_remark_kind kind, const char *name,
                              LLVMMetadataRef location);

/** Nonzero when an instruction of the function `fn` has a debug location
 * whose inlining chain (DILocation::getInlinedAt) passes through the
 * subprogram of the DILocation `location` (DIScope::getSubprogram): `fn`
 * holds code inlined from the function `location` is in. */
int pl_function_inlines_location(LLVMValueRef fn, LLVMMetadataRef location);

/** Erases the named metadata `name` of module `m` (NamedMDNode::
 * eraseFromParent), when it exists. */
void pl_erase_named_metadata(LLVMModuleRef m, const char *name);
/** Copy loops (issue 9, part 2). Splits the block of `inst` before it
 * (BasicBlock::splitBasicBlock): `inst` and what follows move into a new
 * block, which is returned; the old block ends in a branch to it, and the
 * phis of the moved terminator's successors name the new block. Leaves the
 * analyses stale: call it only where the driver invalidates them after. */
LLVMBasicBlockRef pl_split_block_before(LLVMValueRef inst);
/** ScalarEvolution's view of the pointer `ptr` in the innermost loop that
 * contains the block `bb`: returns 1 when it is an affine add-recurrence of
 * that loop, with the step in bytes bounded by [*min_step, *max_step]
 * (ScalarEvolution::getSignedRange of the step: a constant step gives
 * min == max; a runtime one such as blockDim.x * 4 its known range);
 * 0 otherwise (not an add-recurrence of that loop, or not a pointer). */
int pl_scev_loop_stride(pl_host *host, LLVMValueRef ptr, LLVMBasicBlockRef bb, int64_t *min_step,
                        int64_t *max_step);

/** Removes `pred` from the phis of `bb` (BasicBlock::removePredecessor,
 * keeping phis left with one input), for an edge the caller removes. */
void pl_remove_predecessor(LLVMBasicBlockRef bb, LLVMBasicBlockRef pred);

/** Nonzero when ScalarEvolution proves SCEV(a1) - SCEV(b1) and
 * SCEV(a2) - SCEV(b2) the same expression (four integers of one type), and
 * that expression invariant in the innermost loops of the blocks `bb1` and
 * `bb2` (NULL: no loop to check): a copy loop's destination and source
 * indices move in lockstep. */
int pl_scev_same_difference(pl_host *host, LLVMValueRef a1, LLVMValueRef b1, LLVMBasicBlockRef bb1,
                            LLVMValueRef a2, LLVMValueRef b2, LLVMBasicBlockRef bb2);

/** Remembers where `loop` starts (Loop::getStartLoc: its llvm.loop
 * location, else its preheader's or header's) for the loop's later
 * remarks: called before the rewrite, whose new blocks may leave LoopInfo
 * unable to find the loop ID, so the remark would move to the header's
 * first line. */
void pl_loop_pin_location(pl_host *host, pl_loop_ref loop);
/** Known bits of the integer value `v` (at most 64 bits wide) where `ctx`
 * executes (NULL: anywhere): sets *zero and *one to the bits
 * llvm::computeKnownBits proves 0 and 1 (bit i of the value is bit i of
 * the masks). Returns 0, with both masks 0, when `v` is not an integer of
 * at most 64 bits. */
int pl_known_bits(pl_host *host, LLVMValueRef v, LLVMValueRef ctx, uint64_t *zero, uint64_t *one);

/** The unsigned range of the integer value `v` (at most 64 bits wide) where
 * instruction `ctx` executes, as llvm::LazyValueInfo proves it: from range
 * metadata, assumes, and the conditions of the branches on every path to
 * `ctx` -- an `assert(blockDim.x == 32)` makes the value 32 after it. Sets
 * *lo and *hi (inclusive; 0 and UINT64_MAX when nothing is known). Returns
 * 1 when the range is narrower than the type's, else 0 (also for a value
 * that is not such an integer, or a `ctx` outside the host's function). */
int pl_value_range(pl_host *host, LLVMValueRef v, LLVMValueRef ctx, uint64_t *lo, uint64_t *hi);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_H */
