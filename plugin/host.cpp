//===- plugin/host.cpp - C wrappers over C++-only LLVM facilities --------===//
//
// FILE: plugin/host.cpp
// DESCRIPTION:
//   Implements lib/host.h: each function forwards to one LLVM analysis
//   or utility and decides nothing.
//
//===----------------------------------------------------------------------===//
#include "../lib/host.h"
#include "pl_module_host.h"

#include "llvm/ADT/DepthFirstIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/DomTreeUpdater.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/OptimizationRemarkEmitter.h"
#include "llvm/Analysis/ScalarEvolution.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LoopUtils.h"
#include "llvm/Transforms/Utils/ScalarEvolutionExpander.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

static Loop *unwrapLoop(pl_loop_ref L) { return reinterpret_cast<Loop *>(L); }
static pl_loop_ref wrapLoop(Loop *L) { return reinterpret_cast<pl_loop_ref>(L); }

pl_host *pl_host_for_function(pl_module_host *MH, LLVMValueRef Fn) {
  Function *F = unwrap<Function>(Fn);
  std::unique_ptr<pl_host> &H = MH->Hosts[F];
  if (!H)
    H.reset(new pl_host{*F, MH->FAM, MH->ParamNames});
  return H.get();
}

void pl_host_invalidate(pl_host *H) { H->FAM.invalidate(H->F, PreservedAnalyses::none()); }

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

int pl_dominates(pl_host *H, LLVMBasicBlockRef A, LLVMBasicBlockRef B) {
  return H->DT().dominates(unwrap(A), unwrap(B));
}

int pl_inst_dominates(pl_host *H, LLVMValueRef A, LLVMValueRef B) {
  return H->DT().dominates(unwrap<Instruction>(A), unwrap<Instruction>(B));
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
} // namespace

size_t pl_blocks_reaching(pl_host *, LLVMBasicBlockRef To, pl_loop_ref Avoid,
                          LLVMBasicBlockRef *Out, size_t Cap) {
  AvoidLoopSet Visited;
  Visited.Avoid = unwrapLoop(Avoid);
  size_t N = 0;
  for (BasicBlock *BB : inverse_depth_first_ext(unwrap(To), Visited)) {
    if (N < Cap)
      Out[N] = wrap(BB);
    ++N;
  }
  return N;
}

size_t pl_blocks_reachable(LLVMBasicBlockRef From, LLVMBasicBlockRef *Out, size_t Cap) {
  size_t N = 0;
  for (BasicBlock *BB : depth_first(unwrap(From))) {
    if (N < Cap)
      Out[N] = wrap(BB);
    ++N;
  }
  return N;
}

unsigned pl_pred_count(LLVMBasicBlockRef BB) { return pred_size(unwrap(BB)); }

unsigned pl_memory_effects(LLVMValueRef Inst) {
  const Instruction *I = unwrap<Instruction>(Inst);
  return (I->mayReadFromMemory() ? unsigned(PL_REF) : 0u) |
         (I->mayWriteToMemory() ? unsigned(PL_MOD) : 0u);
}

int pl_may_have_side_effects(LLVMValueRef Inst) {
  return unwrap<Instruction>(Inst)->mayHaveSideEffects();
}

int pl_is_trivially_dead(LLVMValueRef Inst) {
  return isInstructionTriviallyDead(unwrap<Instruction>(Inst));
}

LLVMValueRef pl_underlying_object(LLVMValueRef Ptr) {
  return wrap(getUnderlyingObject(unwrap(Ptr), /*MaxLookup=*/0));
}

int pl_loop_has_trip_count(pl_host *H, pl_loop_ref LR) {
  Loop *L = unwrapLoop(LR);
  ScalarEvolution &SE = H->SE();
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  if (isa<SCEVCouldNotCompute>(BTC) || !BTC->getType()->isIntegerTy() ||
      !SE.isLoopInvariant(BTC, L))
    return 0;
  BasicBlock *At = L->getLoopPreheader();
  if (!At)
    for (BasicBlock *P : predecessors(L->getHeader()))
      if (!L->contains(P))
        At = At ? H->DT().findNearestCommonDominator(At, P) : P;
  if (!At)
    return 0;
  SCEVExpander Exp(SE, H->F.getParent()->getDataLayout(), "pl.btc");
  return Exp.isSafeToExpandAt(BTC, At->getTerminator());
}

LLVMValueRef pl_loop_expand_backedge_count(pl_host *H, pl_loop_ref LR, LLVMValueRef InsertBefore) {
  if (!pl_loop_has_trip_count(H, LR))
    return nullptr;
  Loop *L = unwrapLoop(LR);
  ScalarEvolution &SE = H->SE();
  const SCEV *BTC = SE.getBackedgeTakenCount(L);
  SCEVExpander Exp(SE, H->F.getParent()->getDataLayout(), "pl.btc");
  Value *V = Exp.expandCodeFor(BTC, BTC->getType(), unwrap<Instruction>(InsertBefore));
  return wrap(V);
}

unsigned pl_mod_ref(pl_host *H, LLVMValueRef Inst, LLVMValueRef Ptr) {
  const Instruction *I = unwrap<Instruction>(Inst);
  MemoryLocation Loc = MemoryLocation::getBeforeOrAfter(unwrap(Ptr));
  ModRefInfo MR = H->AA().getModRefInfo(I, Loc);
  return (isRefSet(MR) ? unsigned(PL_REF) : 0u) | (isModSet(MR) ? unsigned(PL_MOD) : 0u);
}

int pl_may_alias(pl_host *H, LLVMValueRef A, uint64_t SizeA, LLVMValueRef B, uint64_t SizeB) {
  MemoryLocation LA(unwrap(A), LocationSize::precise(SizeA));
  MemoryLocation LB(unwrap(B), LocationSize::precise(SizeB));
  return H->AA().alias(LA, LB) != AliasResult::NoAlias;
}

unsigned pl_known_alignment(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx) {
  Value *Val = unwrap(V);
  const DataLayout &DL = H->F.getParent()->getDataLayout();
  KnownBits Known =
      computeKnownBits(Val, DL, 0, &H->AC(), Ctx ? unwrap<Instruction>(Ctx) : nullptr, &H->DT());
  unsigned TZ = std::min(Known.countMinTrailingZeros(), 12u);
  return 1u << TZ;
}

LLVMBasicBlockRef pl_split_edge(pl_host *H, LLVMBasicBlockRef From, LLVMBasicBlockRef To) {
  return wrap(SplitEdge(unwrap(From), unwrap(To), &H->DT(), &H->LI()));
}

char *pl_verify_function(LLVMValueRef Fn) {
  std::string Msg;
  raw_string_ostream OS(Msg);
  if (!verifyFunction(*unwrap<Function>(Fn), &OS))
    return nullptr;
  OS.flush();
  char *Out = static_cast<char *>(std::malloc(Msg.size() + 1));
  if (Out)
    std::memcpy(Out, Msg.c_str(), Msg.size() + 1);
  return Out;
}

void pl_report_error(LLVMValueRef Fn, const char *Message) {
  unwrap<Function>(Fn)->getContext().emitError(Message);
}

const char *pl_param_name(pl_host *H, LLVMValueRef Arg) {
  const Argument *A = unwrap<Argument>(Arg);
  if (A->hasName())
    return A->getName().data();
  if (!H->ParamNames)
    return nullptr;
  auto It = H->ParamNames->find(A->getParent()->getName().str());
  if (It == H->ParamNames->end() || A->getArgNo() >= It->second.size() ||
      It->second[A->getArgNo()].empty())
    return nullptr;
  return It->second[A->getArgNo()].c_str();
}

char *pl_demangle(const char *Name) {
  std::string S = llvm::demangle(Name);
  char *Out = static_cast<char *>(std::malloc(S.size() + 1));
  if (Out)
    std::memcpy(Out, S.c_str(), S.size() + 1);
  return Out;
}

struct pl_remark {
  pl_host *H;
  std::unique_ptr<DiagnosticInfoOptimizationBase> D;
};

pl_remark *pl_remark_begin(pl_host *H, pl_remark_kind Kind, const char *Name, pl_loop_ref LR,
                           LLVMValueRef Inst) {
  Loop *L = unwrapLoop(LR);
  DebugLoc DL;
  if (Inst)
    DL = unwrap<Instruction>(Inst)->getDebugLoc();
  if (!DL)
    DL = L->getStartLoc();
  BasicBlock *Region = L->getHeader();
  static const char Pass[] = "cuda-pipeline";
  auto *R = new pl_remark{H, nullptr};
  switch (Kind) {
  case PL_REMARK_PASSED:
    R->D = std::make_unique<OptimizationRemark>(Pass, Name, DL, Region);
    break;
  case PL_REMARK_MISSED:
    R->D = std::make_unique<OptimizationRemarkMissed>(Pass, Name, DL, Region);
    break;
  case PL_REMARK_ANALYSIS:
    R->D = std::make_unique<OptimizationRemarkAnalysis>(Pass, Name, DL, Region);
    break;
  }
  return R;
}

void pl_remark_text(pl_remark *R, const char *Text) { *R->D << Text; }

void pl_remark_str(pl_remark *R, const char *Key, const char *Value) {
  *R->D << ore::NV(Key, StringRef(Value));
}

void pl_remark_u64(pl_remark *R, const char *Key, uint64_t Value) { *R->D << ore::NV(Key, Value); }

void pl_remark_emit(pl_remark *R) {
  R->H->ORE().emit(*R->D);
  delete R;
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
