/*===- lib/host_cfg.h - dominance and CFG edits ----------------------------===*\
 *
 * FILE: lib/host_cfg.h (implemented by plugin/cfg.cpp)
 * DESCRIPTION:
 *   Dominance, walks over the CFG, and the CFG edits the rewrite makes
 *   (splitting edges and blocks), each keeping loop info and dominators up
 *   to date where it says so.
 *   Each function forwards to one LLVM facility and decides nothing,
 *   unless its comment says which rule it holds.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_CFG_H
#define PL_HOST_CFG_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Nonzero when block `a` dominates block `b` (DominatorTree::dominates;
 * a block dominates itself). */
int pl_dominates(pl_host *host, LLVMBasicBlockRef a, LLVMBasicBlockRef b);

/** Nonzero when instruction `a` dominates instruction `b`
 * (DominatorTree::dominates(Instruction*, Instruction*)): in one block, `a`
 * comes strictly before `b`; an instruction does not dominate itself. */
int pl_inst_dominates(pl_host *host, LLVMValueRef a, LLVMValueRef b);

/** For a phi `phi` of two incoming values: the branch that decides which
 * of them it takes, where there is one -- the conditional branch ending
 * the immediate dominator D of the phi's block, whose true edge dominates
 * one incoming edge and whose false edge the other (DominatorTree's edge
 * dominance; an incoming edge from D itself is that edge). Writes the
 * branch's condition to *cond and the index of the incoming value taken
 * when it holds to *when_true. Returns 0 when there is no such branch. */
int pl_phi_decided_by(pl_host *host, LLVMValueRef phi, LLVMValueRef *cond, unsigned *when_true);

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

/** Writes to `out` (at most `cap`) the block of each CFG edge into `bb`
 * (llvm::predecessors: a block with two edges into it twice), and returns
 * how many there are, which may exceed `cap`. */
size_t pl_preds(LLVMBasicBlockRef bb, LLVMBasicBlockRef *out, size_t cap);

/** Makes the phis of `bb` take from `now` what they took from `was`
 * (BasicBlock::replacePhiUsesWith): the edge was -> bb became now -> bb. */
void pl_replace_phi_uses(LLVMBasicBlockRef bb, LLVMBasicBlockRef was, LLVMBasicBlockRef now);

/** Drops the incoming values the phis of `bb` take from `pred`
 * (BasicBlock::removePredecessor, phis with one value left kept), for an
 * edge pred -> bb about to go. */
void pl_remove_phi_edge(LLVMBasicBlockRef bb, LLVMBasicBlockRef pred);

/** Splits the CFG edge from -> to (llvm::SplitEdge), keeping loop info and
 * dominators up to date. Returns the new block on the edge. */
LLVMBasicBlockRef pl_split_edge(pl_host *host, LLVMBasicBlockRef from, LLVMBasicBlockRef to);

/** Splits the block of `split_before` before it and branches on the i1
 * `cond` into a new block that falls through to the rest
 * (llvm::SplitBlockAndInsertIfThen), keeping loop info and dominators up
 * to date. Returns the new block's terminator (an unconditional branch). */
LLVMValueRef pl_split_block_if_then(pl_host *host, LLVMValueRef cond, LLVMValueRef split_before);

/** Copy loops. Splits the block of `inst` before it
 * (BasicBlock::splitBasicBlock): `inst` and what follows move into a new
 * block, which is returned; the old block ends in a branch to it, and the
 * phis of the moved terminator's successors name the new block. Leaves the
 * analyses stale: call it only where the driver invalidates them after. */
LLVMBasicBlockRef pl_split_block_before(LLVMValueRef inst);

/** Removes `pred` from the phis of `bb` (BasicBlock::removePredecessor,
 * keeping phis left with one input), for an edge the caller removes. */
void pl_remove_predecessor(LLVMBasicBlockRef bb, LLVMBasicBlockRef pred);

/** Deletes every block of `fn` that no path from its entry reaches
 * (llvm::removeUnreachableBlocks), the uses of their values outside them
 * replaced by poison and the phis of the blocks they branched to left
 * without their edges. Returns how many blocks it deleted. Leaves the
 * analyses stale: the caller invalidates them (pl_host_invalidate). */
unsigned pl_remove_unreachable_blocks(LLVMValueRef fn);

/** Replaces the switch `sw` by a chain of `icmp eq` compares of its
 * condition, one per case in case order, each branching to the case's
 * block or to the next compare (a new block), the last to the default;
 * phis of the destinations name the block their edge now comes from.
 * Every destination must be distinct (else nothing changes and 0 is
 * returned). Returns 1. Leaves the analyses stale. */
int pl_switch_to_branches(LLVMValueRef sw);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_CFG_H */
