//===- plugin/loops.cpp - loops --------------------------------------------===//
//
// FILE: plugin/loops.cpp
// DESCRIPTION:
//   Implements lib/host_loops.h: LoopInfo's view of a function's loops, and
//   making a preheader (llvm::InsertPreheaderForLoop).
//
//===----------------------------------------------------------------------===//
#include "../lib/host_loops.h"
#include "pl_module_host.h"

#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/LoopSimplify.h"
#include "llvm/Transforms/Utils/LoopUtils.h"

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
