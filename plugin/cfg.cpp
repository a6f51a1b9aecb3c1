//===- plugin/cfg.cpp - the CFG --------------------------------------------===//
//
// FILE: plugin/cfg.cpp
// DESCRIPTION:
//   Implements lib/host_cfg.h: dominance and CFG walks (DominatorTree,
//   depth_first), and the edits that keep them up to date (SplitEdge,
//   SplitBlockAndInsertIfThen).
//
//===----------------------------------------------------------------------===//
#include "../lib/host_cfg.h"
#include "pl_module_host.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

int pl_dominates(pl_host *H, LLVMBasicBlockRef A, LLVMBasicBlockRef B) {
  return H->DT().dominates(unwrap(A), unwrap(B));
}

int pl_inst_dominates(pl_host *H, LLVMValueRef A, LLVMValueRef B) {
  return H->DT().dominates(unwrap<Instruction>(A), unwrap<Instruction>(B));
}

/// Whether the edge `E` dominates the phi's incoming edge from `P` into
/// `BB` (an edge dominates itself).
static bool edgeDominates(DominatorTree &DT, const BasicBlockEdge &E, BasicBlock *P,
                          BasicBlock *BB) {
  if (E.getStart() == P)
    return E.getEnd() == BB;
  return DT.dominates(E, P);
}

int pl_phi_decided_by(pl_host *H, LLVMValueRef Phi, LLVMValueRef *Cond, unsigned *WhenTrue) {
  auto *PN = dyn_cast<PHINode>(unwrap(Phi));
  if (!PN || PN->getNumIncomingValues() != 2)
    return 0;
  DominatorTree &DT = H->DT();
  BasicBlock *BB = PN->getParent();
  DomTreeNode *N = DT.getNode(BB);
  BasicBlock *D = N && N->getIDom() ? N->getIDom()->getBlock() : nullptr;
  auto *BI = D ? dyn_cast<BranchInst>(D->getTerminator()) : nullptr;
  if (!BI || !BI->isConditional() || BI->getSuccessor(0) == BI->getSuccessor(1))
    return 0;
  BasicBlockEdge T(D, BI->getSuccessor(0)), F(D, BI->getSuccessor(1));
  for (unsigned I = 0; I < 2; ++I) {
    BasicBlock *PT = PN->getIncomingBlock(I), *PF = PN->getIncomingBlock(1 - I);
    if (edgeDominates(DT, T, PT, BB) && edgeDominates(DT, F, PF, BB)) {
      *Cond = wrap(BI->getCondition());
      *WhenTrue = I;
      return 1;
    }
  }
  return 0;
}

namespace {
/// The visited set of a depth-first walk that never enters `Avoid`.
struct AvoidLoopSet : SmallPtrSet<BasicBlock *, 32> {
  Loop *Avoid = nullptr;
  std::pair<iterator, bool> insert(BasicBlock *BB) {
    if (Avoid && Avoid->contains(BB))
      return {end(), false};
    return SmallPtrSet<BasicBlock *, 32>::insert(BB);
  }
  void completed(BasicBlock *) {}
};

/// Writes the blocks of `Range` to `Out` (at most `Cap`) and returns how
/// many there are, which may exceed `Cap`.
template <typename RangeT> size_t writeBlocks(RangeT &&Range, LLVMBasicBlockRef *Out, size_t Cap) {
  size_t N = 0;
  for (BasicBlock *BB : Range) {
    if (N < Cap)
      Out[N] = wrap(BB);
    ++N;
  }
  return N;
}
} // namespace

size_t pl_blocks_reaching(pl_host *, LLVMBasicBlockRef To, pl_loop_ref Avoid,
                          LLVMBasicBlockRef *Out, size_t Cap) {
  AvoidLoopSet Visited;
  Visited.Avoid = unwrapLoop(Avoid);
  return writeBlocks(inverse_depth_first_ext(unwrap(To), Visited), Out, Cap);
}

size_t pl_blocks_reachable(LLVMBasicBlockRef From, LLVMBasicBlockRef *Out, size_t Cap) {
  return writeBlocks(depth_first(unwrap(From)), Out, Cap);
}

unsigned pl_pred_count(LLVMBasicBlockRef BB) { return pred_size(unwrap(BB)); }

size_t pl_preds(LLVMBasicBlockRef BB, LLVMBasicBlockRef *Out, size_t Cap) {
  return writeBlocks(predecessors(unwrap(BB)), Out, Cap);
}

void pl_replace_phi_uses(LLVMBasicBlockRef BB, LLVMBasicBlockRef Was, LLVMBasicBlockRef Now) {
  unwrap(BB)->replacePhiUsesWith(unwrap(Was), unwrap(Now));
}

void pl_remove_phi_edge(LLVMBasicBlockRef BB, LLVMBasicBlockRef Pred) {
  unwrap(BB)->removePredecessor(unwrap(Pred), /*KeepOneInputPHIs=*/true);
}

unsigned pl_remove_unreachable_blocks(LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  size_t Before = F->size();
  removeUnreachableBlocks(*F);
  return static_cast<unsigned>(Before - F->size());
}

LLVMBasicBlockRef pl_split_edge(pl_host *H, LLVMBasicBlockRef From, LLVMBasicBlockRef To) {
  return wrap(SplitEdge(unwrap(From), unwrap(To), &H->DT(), &H->LI()));
}

LLVMBasicBlockRef pl_idom(pl_host *H, LLVMBasicBlockRef BB) {
  DomTreeNode *N = H->DT().getNode(unwrap(BB));
  return N && N->getIDom() ? wrap(N->getIDom()->getBlock()) : nullptr;
}

LLVMValueRef pl_split_block_if_then(pl_host *H, LLVMValueRef Cond, LLVMValueRef SplitBefore) {
  DomTreeUpdater DTU(H->DT(), DomTreeUpdater::UpdateStrategy::Eager);
  Instruction *Term = SplitBlockAndInsertIfThen(unwrap(Cond), unwrap<Instruction>(SplitBefore),
                                                /*Unreachable=*/false, nullptr, &DTU, &H->LI());
  return wrap(Term);
}

LLVMBasicBlockRef pl_split_block_before(LLVMValueRef Inst) {
  Instruction *I = unwrap<Instruction>(Inst);
  return wrap(I->getParent()->splitBasicBlock(I, "pl.copy.after"));
}

void pl_remove_predecessor(LLVMBasicBlockRef BB, LLVMBasicBlockRef Pred) {
  unwrap(BB)->removePredecessor(unwrap(Pred), /*KeepOneInputPHIs=*/true);
}

int pl_switch_to_branches(LLVMValueRef Sw) {
  auto *SI = cast<SwitchInst>(unwrap(Sw));
  BasicBlock *P = SI->getParent(), *Default = SI->getDefaultDest();
  SmallPtrSet<BasicBlock *, 8> Dests;
  Dests.insert(Default);
  SmallVector<std::pair<ConstantInt *, BasicBlock *>, 4> Cases;
  for (auto &C : SI->cases()) {
    if (!Dests.insert(C.getCaseSuccessor()).second)
      return 0;
    Cases.push_back({C.getCaseValue(), C.getCaseSuccessor()});
  }
  Value *X = SI->getCondition();
  DebugLoc DL = SI->getDebugLoc();
  LLVMContext &Ctx = P->getContext();
  SI->eraseFromParent();
  BasicBlock *Cur = P;
  for (size_t K = 0; K < Cases.size(); ++K) {
    BasicBlock *Next = K + 1 < Cases.size()
                           ? BasicBlock::Create(Ctx, "pl.case", P->getParent(), Default)
                           : Default;
    IRBuilder<> B(Cur);
    B.SetCurrentDebugLocation(DL);
    B.CreateCondBr(B.CreateICmpEQ(X, Cases[K].first, "pl.case.eq"), Cases[K].second, Next);
    if (Cur != P)
      Cases[K].second->replacePhiUsesWith(P, Cur);
    Cur = Next == Default ? Cur : Next;
  }
  if (Cur != P)
    Default->replacePhiUsesWith(P, Cur);
  if (Cases.empty())
    BranchInst::Create(Default, P)->setDebugLoc(DL);
  return 1;
}
