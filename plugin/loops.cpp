//===- plugin/loops.cpp - loops --------------------------------------------===//
//
// FILE: plugin/loops.cpp
// DESCRIPTION:
//   Implements lib/host_loops.h: LoopInfo's view of a function's loops,
//   making a preheader (llvm::InsertPreheaderForLoop), and unrolling a loop
//   every thread of a block runs alike (llvm::UnrollLoop).
//
//===----------------------------------------------------------------------===//
#include "../lib/host_loops.h"
#include "llvm_compat.h"
#include "pl_module_host.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LCSSA.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

#include <map>

using namespace llvm;

size_t pl_loops_preorder(pl_host *H, pl_loop_ref *Out, size_t Cap) {
  SmallVector<Loop *, 8> Loops = H->LI().getLoopsInPreorder();
  for (size_t I = 0; I < Loops.size() && I < Cap; ++I)
    Out[I] = wrapLoop(Loops[I]);
  return Loops.size();
}

pl_loop_ref pl_loop_for_header(pl_host *H, LLVMBasicBlockRef Header) {
  Loop *L = H->LI().getLoopFor(unwrap(Header));
  return L && L->getHeader() == unwrap(Header) ? wrapLoop(L) : nullptr;
}

LLVMBasicBlockRef pl_loop_header(pl_loop_ref L) { return wrap(unwrapLoop(L)->getHeader()); }
LLVMBasicBlockRef pl_loop_preheader(pl_loop_ref L) {
  return wrap(unwrapLoop(L)->getLoopPreheader());
}
LLVMBasicBlockRef pl_loop_latch(pl_loop_ref L) { return wrap(unwrapLoop(L)->getLoopLatch()); }
LLVMBasicBlockRef pl_loop_exiting_block(pl_loop_ref L) {
  return wrap(unwrapLoop(L)->getExitingBlock());
}
LLVMBasicBlockRef pl_loop_exit_block(pl_loop_ref L) {
  return wrap(unwrapLoop(L)->getUniqueExitBlock());
}
int pl_loop_contains(pl_loop_ref L, LLVMBasicBlockRef BB) {
  return unwrapLoop(L)->contains(unwrap(BB));
}
int pl_loop_in_subloop(pl_host *H, pl_loop_ref L, LLVMBasicBlockRef BB) {
  Loop *Inner = H->LI().getLoopFor(unwrap(BB));
  return Inner && Inner != unwrapLoop(L) && unwrapLoop(L)->contains(Inner);
}

LLVMBasicBlockRef pl_loop_ensure_preheader(pl_host *H, pl_loop_ref LR) {
  Loop *L = unwrapLoop(LR);
  if (BasicBlock *P = L->getLoopPreheader())
    return wrap(P);
  BasicBlock *P = InsertPreheaderForLoop(L, &H->DT(), &H->LI(), nullptr, /*PreserveLCSSA=*/false);
  if (P)
    if (auto *SE = H->FAM.getCachedResult<ScalarEvolutionAnalysis>(H->F))
      SE->forgetLoop(L);
  return wrap(P);
}

unsigned pl_loop_const_trip_count(pl_host *H, pl_loop_ref L) {
  return H->SE().getSmallConstantTripCount(unwrapLoop(L));
}

unsigned pl_loop_max_trip_count(pl_host *H, pl_loop_ref L) {
  return H->SE().getSmallConstantMaxTripCount(unwrapLoop(L));
}

pl_loop_ref pl_loop_for_block(pl_host *H, LLVMBasicBlockRef BB) {
  return wrapLoop(H->LI().getLoopFor(unwrap(BB)));
}

pl_loop_ref pl_loop_parent(pl_loop_ref L) { return wrapLoop(unwrapLoop(L)->getParentLoop()); }

char *pl_loop_source(pl_loop_ref LR, unsigned *Line, unsigned *Column) {
  *Line = *Column = 0;
  DebugLoc DL = unwrapLoop(LR)->getStartLoc();
  if (!DL)
    return nullptr;
  *Line = DL.getLine();
  *Column = DL.getCol();
  auto *Scope = cast<DIScope>(DL.getScope());
  std::string Path = Scope->getFilename().str();
  StringRef Dir = Scope->getDirectory();
  if (!Path.empty() && Path[0] != '/' && !Dir.empty())
    Path = (Dir + "/" + Path).str();
  char *Out = static_cast<char *>(std::malloc(Path.size() + 1));
  if (Out)
    std::memcpy(Out, Path.c_str(), Path.size() + 1);
  return Out;
}

LLVMMetadataRef pl_loop_start_location(pl_loop_ref L) {
  DebugLoc DL = unwrapLoop(L)->getStartLoc();
  return DL ? wrap(static_cast<Metadata *>(DL.get())) : nullptr;
}

void pl_loop_pin_location(pl_host *H, pl_loop_ref L) {
  const Loop *Lp = unwrapLoop(L);
  H->Pinned[Lp] = Lp->getStartLoc();
}

void pl_loop_request_full_unroll(pl_loop_ref LR) {
  Loop *L = unwrapLoop(LR);
  LLVMContext &Ctx = L->getHeader()->getContext();
  SmallVector<Metadata *, 4> Ops = {nullptr}; // the self-reference
  if (MDNode *ID = L->getLoopID())
    for (unsigned I = 1, E = ID->getNumOperands(); I < E; ++I)
      Ops.push_back(ID->getOperand(I));
  Ops.push_back(MDNode::get(Ctx, MDString::get(Ctx, "llvm.loop.unroll.full")));
  MDNode *NewID = MDNode::getDistinct(Ctx, Ops);
  NewID->replaceOperandWith(0, NewID);
  L->setLoopID(NewID);
}

/// The mark of a call swapConvergent took `convergent` from (the unroll's
/// copies carry it too), for restoreConvergent to give it back.
static const char kConvergentMark[] = "pl.unroll.convergent";

/// Swaps each convergent call of `L` to a convergent function for a call
/// of a stand-in of the same type without the attribute (`StandIn`:
/// callee -> stand-in), and takes the attribute off, marking the call,
/// where the call carries it itself (inline assembly, which clang marks
/// convergent in device code); 0, with nothing changed, where a convergent
/// call is through a pointer or an invoke.
static int swapConvergent(Loop *L, std::map<Function *, Function *> &StandIn) {
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB)
      if (auto *CB = dyn_cast<CallBase>(&I); CB && CB->isConvergent())
        if (!isa<CallInst>(CB) || (!CB->getCalledFunction() && !CB->isInlineAsm()))
          return 0;
  Module &M = *L->getHeader()->getModule();
  MDNode *Mark = MDNode::get(M.getContext(), {});
  for (BasicBlock *BB : L->blocks())
    for (Instruction &I : *BB) {
      auto *CI = dyn_cast<CallInst>(&I);
      if (!CI || !CI->isConvergent())
        continue;
      if (CI->getAttributes().hasFnAttr(Attribute::Convergent)) {
        CI->removeFnAttr(Attribute::Convergent);
        CI->setMetadata(kConvergentMark, Mark);
      }
      if (Function *Callee = CI->getCalledFunction(); Callee && Callee->isConvergent()) {
        Function *&S = StandIn[Callee];
        if (!S)
          S = Function::Create(CI->getFunctionType(), GlobalValue::ExternalLinkage,
                               "pl.unroll.standin", M);
        CI->setCalledFunction(S);
      }
    }
  return 1;
}

/// Undoes swapConvergent on every call of `F` it changed, the unroll's
/// copies too; the stand-ins go.
static void restoreConvergent(Function &F, std::map<Function *, Function *> &StandIn) {
  for (auto &[Callee, S] : StandIn) {
    while (!S->use_empty())
      cast<CallInst>(S->user_back())->setCalledFunction(Callee);
    S->eraseFromParent();
  }
  for (Instruction &I : instructions(F))
    if (I.getMetadata(kConvergentMark)) {
      cast<CallInst>(&I)->addFnAttr(Attribute::Convergent);
      I.setMetadata(kConvergentMark, nullptr);
    }
}

/// Whether llvm::UnrollLoop can unroll `L` `Count` times with a runtime
/// remainder and leave a loop: one exit, at the latch; a trip count
/// computable before the loop; more than `Count` trips possible.
static bool unrollable(pl_host *H, Loop *L, unsigned Count) {
  if (!L->getLoopPreheader() || !L->getExitingBlock() || L->getExitingBlock() != L->getLoopLatch())
    return false;
  ScalarEvolution &SE = H->SE();
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC) || !SE.isLoopInvariant(BTC, L))
    return false;
  unsigned Max = SE.getSmallConstantMaxTripCount(L);
  return !Max || Max > Count;
}

int pl_loop_unrollable_uniform(pl_host *H, pl_loop_ref LR, unsigned Count) {
  return unrollable(H, unwrapLoop(LR), Count);
}

int pl_loop_unroll_uniform(pl_host *H, pl_loop_ref *LR, unsigned Count) {
  Loop *Old = unwrapLoop(*LR);
  BasicBlock *Header = Old->getHeader();
  auto Pin = H->Pinned.find(Old);
  DebugLoc Where = Pin != H->Pinned.end() ? Pin->second : Old->getStartLoc();
  pl_host_invalidate(H);
  Loop *L = H->LI().getLoopFor(Header);
  std::map<Function *, Function *> StandIn;
  LoopUnrollResult R = LoopUnrollResult::Unmodified;
  if (L && L->getHeader() == Header && Count >= 2 && Count <= 8 && unrollable(H, L, Count) &&
      swapConvergent(L, StandIn)) {
    auto &TTI = H->FAM.getResult<TargetIRAnalysis>(H->F);
    simplifyLoop(L, &H->DT(), &H->LI(), &H->SE(), &H->AC(), nullptr, /*PreserveLCSSA=*/false);
    formLCSSARecursively(*L, H->DT(), &H->LI(), &H->SE());
    R = UnrollLoop(L, pl_compat::runtime_unroll(Count), &H->LI(), &H->SE(), &H->DT(), &H->AC(),
                   &TTI, &H->ORE(), /*PreserveLCSSA=*/true);
    restoreConvergent(H->F, StandIn);
  }
  pl_host_invalidate(H);
  L = H->LI().getLoopFor(Header);
  if (L && L->getHeader() != Header)
    L = nullptr;
  if (L)
    H->Pinned[L] = Where;
  *LR = wrapLoop(L);
  return R != LoopUnrollResult::Unmodified;
}

/// Gives `L`'s latch the extra exit test of a counter from 0: it continues
/// only while also the counter's next value is below `Max`.
static void boundTrips(Loop *L, unsigned Max) {
  BasicBlock *Header = L->getHeader(), *Pre = L->getLoopPreheader(), *Latch = L->getLoopLatch();
  auto *BI = cast<BranchInst>(Latch->getTerminator());
  IRBuilder<> B(&*Header->getFirstInsertionPt());
  Type *I32 = B.getInt32Ty();
  PHINode *K = PHINode::Create(I32, 2, "pl.trip", Header->begin());
  B.SetInsertPoint(BI);
  Value *Next = B.CreateNUWAdd(K, B.getInt32(1), "pl.trip.next");
  K->addIncoming(B.getInt32(0), Pre);
  K->addIncoming(Next, Latch);
  Value *Below = B.CreateICmpULT(Next, ConstantInt::get(I32, Max), "pl.trip.below");
  Value *C = BI->getCondition();
  BI->setCondition(BI->getSuccessor(0) == Header ? B.CreateAnd(C, Below, "pl.trip.go")
                                                 : B.CreateOr(C, B.CreateNot(Below), "pl.trip.go"));
}

int pl_loop_unroll_bounded(pl_host *H, pl_loop_ref LR, unsigned MaxTrips) {
  Loop *L = unwrapLoop(LR);
  if (MaxTrips < 1 || MaxTrips > 64 || !L->isInnermost())
    return 0;
  simplifyLoop(L, &H->DT(), &H->LI(), &H->SE(), &H->AC(), nullptr, /*PreserveLCSSA=*/false);
  BasicBlock *Latch = L->getLoopLatch();
  if (!L->getLoopPreheader() || !Latch || L->getExitingBlock() != Latch ||
      !isa<BranchInst>(Latch->getTerminator()) ||
      !cast<BranchInst>(Latch->getTerminator())->isConditional())
    return 0;
  unsigned Max = H->SE().getSmallConstantMaxTripCount(L);
  if (!Max || Max > MaxTrips) {
    boundTrips(L, MaxTrips);
    H->SE().forgetLoop(L);
    Max = H->SE().getSmallConstantMaxTripCount(L);
  }
  LoopUnrollResult R = LoopUnrollResult::Unmodified;
  if (Max && Max <= MaxTrips) {
    auto &TTI = H->FAM.getResult<TargetIRAnalysis>(H->F);
    formLCSSARecursively(*L, H->DT(), &H->LI(), &H->SE());
    R = UnrollLoop(L, pl_compat::complete_unroll(Max), &H->LI(), &H->SE(), &H->DT(), &H->AC(), &TTI,
                   &H->ORE(), /*PreserveLCSSA=*/true);
  }
  pl_host_invalidate(H);
  return R == LoopUnrollResult::FullyUnrolled;
}
