//===- plugin/snapshot.cpp - a function's body, kept aside ---------------===//
//
// FILE: plugin/snapshot.cpp
// DESCRIPTION:
//   Implements lib/host_snapshot.h with llvm::CloneFunctionInto. The copy is
//   cloned into a private module whose declarations stand for the global
//   values the body names; the way back clones it into the emptied original
//   with those declarations mapped back. Every metadata node the body
//   carries is mapped to itself both ways, so distinct nodes (loop IDs,
//   DIAssignIDs) are shared rather than duplicated and the restored body is
//   the same IR. Decides nothing.
//
//===----------------------------------------------------------------------===//
#include "../lib/host_snapshot.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DebugProgramInstruction.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>
#include <vector>

using namespace llvm;

struct pl_snapshot {
  std::unique_ptr<Module> Private;
  Function *Copy = nullptr;
  /// The private declarations, each to the module's global value.
  DenseMap<const GlobalValue *, GlobalValue *> Back;
  /// Each block and instruction of the function when taken, to its copy.
  DenseMap<const Value *, Value *> Taken;
  /// Each block and instruction of the copy, to the last restored body's.
  DenseMap<const Value *, Value *> Restored;
  /// The use-list order of each argument, block and instruction of the
  /// function when taken (numbered in that order), as (user, operand)
  /// pairs, the user numbered among the instructions.
  std::vector<SmallVector<std::pair<unsigned, unsigned>, 4>> UseOrder;
};

/// The arguments, blocks and instructions of `F`, in order.
static SmallVector<Value *, 256> localValues(Function &F) {
  SmallVector<Value *, 256> Out;
  for (Argument &A : F.args())
    Out.push_back(&A);
  for (BasicBlock &BB : F)
    Out.push_back(&BB);
  for (Instruction &I : instructions(F))
    Out.push_back(&I);
  return Out;
}

/// The order of every local value's uses in `F` (pl_snapshot::UseOrder),
/// which a clone does not keep: a block's use list is the order of its
/// predecessors, which the IR printer lists.
static void recordUseOrder(Function &F, pl_snapshot &S) {
  DenseMap<const Value *, unsigned> Index;
  unsigned N = 0;
  for (Instruction &I : instructions(F))
    Index[&I] = N++;
  SmallVector<Value *, 256> Values = localValues(F);
  S.UseOrder.assign(Values.size(), {});
  for (size_t V = 0; V < Values.size(); ++V)
    for (const Use &U : Values[V]->uses()) {
      auto It = Index.find(U.getUser());
      S.UseOrder[V].push_back({It == Index.end() ? ~0u : It->second, U.getOperandNo()});
    }
}

/// Sorts the use list of each local value of the restored `F` into the
/// order recorded when the snapshot was taken.
static void restoreUseOrder(Function &F, const pl_snapshot &S) {
  DenseMap<const Value *, unsigned> Index;
  unsigned N = 0;
  for (Instruction &I : instructions(F))
    Index[&I] = N++;
  SmallVector<Value *, 256> Values = localValues(F);
  for (size_t V = 0; V < Values.size() && V < S.UseOrder.size(); ++V) {
    const auto &Order = S.UseOrder[V];
    if (Order.size() < 2)
      continue;
    DenseMap<std::pair<unsigned, unsigned>, unsigned> Rank;
    for (unsigned R = 0; R < Order.size(); ++R)
      Rank.try_emplace(Order[R], R);
    auto RankOf = [&](const Use &U) {
      auto It = Index.find(U.getUser());
      auto K = Rank.find({It == Index.end() ? ~0u : It->second, U.getOperandNo()});
      return K == Rank.end() ? ~0u : K->second;
    };
    Values[V]->sortUseList([&](const Use &L, const Use &R) { return RankOf(L) < RankOf(R); });
  }
}

/// Maps every metadata node `F` and its instructions carry to itself, and
/// the compile units, scopes, subprograms and types they reach (which
/// CloneFunctionInto would otherwise clone into a new module).
static void mapMetadataToSelf(const Function &F, ValueToValueMapTy &VMap) {
  auto Self = [&VMap](const Metadata *MD) {
    if (auto *N = dyn_cast_or_null<MDNode>(MD))
      VMap.MD()[N].reset(const_cast<MDNode *>(N));
  };
  DebugInfoFinder Finder;
  if (DISubprogram *SP = F.getSubprogram())
    Finder.processSubprogram(SP);
  for (const Instruction &I : instructions(F))
    Finder.processInstruction(*F.getParent(), I);
  for (DICompileUnit *CU : Finder.compile_units())
    Self(CU);
  for (DISubprogram *SP : Finder.subprograms())
    Self(SP);
  for (DIType *T : Finder.types())
    Self(T);
  for (DIScope *Sc : Finder.scopes())
    Self(Sc);
  SmallVector<std::pair<unsigned, MDNode *>, 8> MDs;
  F.getAllMetadata(MDs);
  for (auto &KV : MDs)
    Self(KV.second);
  for (const Instruction &I : instructions(F)) {
    MDs.clear();
    I.getAllMetadata(MDs);
    for (auto &KV : MDs)
      Self(KV.second);
    Self(I.getDebugLoc().getAsMDNode());
    for (const Use &U : I.operands())
      if (auto *MV = dyn_cast<MetadataAsValue>(U.get()))
        Self(MV->getMetadata());
    for (const DbgRecord &R : I.getDbgRecordRange()) {
      Self(R.getDebugLoc().getAsMDNode());
      if (auto *V = dyn_cast<DbgVariableRecord>(&R)) {
        Self(V->getRawVariable());
        Self(V->getRawExpression());
        if (V->isDbgAssign()) {
          Self(V->getRawAssignID());
          Self(V->getRawAddressExpression());
        }
      } else if (auto *L = dyn_cast<DbgLabelRecord>(&R)) {
        Self(L->getRawLabel());
      }
    }
  }
}

/// A declaration in `M` that stands for the global value `GV`.
static GlobalValue *declare(Module &M, const GlobalValue *GV) {
  if (auto *Fn = dyn_cast<Function>(GV))
    return Function::Create(Fn->getFunctionType(), GlobalValue::ExternalLinkage,
                            Fn->getAddressSpace(), Fn->getName(), &M);
  return new GlobalVariable(M, GV->getValueType(), false, GlobalValue::ExternalLinkage, nullptr,
                            GV->getName(), nullptr, GV->getThreadLocalMode(),
                            GV->getAddressSpace());
}

/// Every global value `C` names, through constant expressions and
/// aggregates, into `Out`.
static void collectGlobals(const Constant *C, SmallPtrSetImpl<const GlobalValue *> &Seen,
                           SmallVectorImpl<const GlobalValue *> &Out) {
  if (auto *GV = dyn_cast<GlobalValue>(C)) {
    if (Seen.insert(GV).second)
      Out.push_back(GV);
    return;
  }
  for (const Use &U : C->operands())
    if (auto *Op = dyn_cast<Constant>(U.get()))
      collectGlobals(Op, Seen, Out);
}

pl_snapshot *pl_snapshot_take(LLVMValueRef Fn) {
  Function &F = *unwrap<Function>(Fn);
  auto S = std::make_unique<pl_snapshot>();
  S->Private = std::make_unique<Module>("pl.snapshot", F.getContext());
  S->Private->setDataLayout(F.getParent()->getDataLayout());
  S->Private->setTargetTriple(F.getParent()->getTargetTriple());
  S->Copy = Function::Create(F.getFunctionType(), F.getLinkage(), F.getAddressSpace(), F.getName(),
                             S->Private.get());
  ValueToValueMapTy VMap;
  SmallPtrSet<const GlobalValue *, 16> Seen;
  SmallVector<const GlobalValue *, 16> Globals;
  Seen.insert(&F);
  VMap[&F] = S->Copy;
  S->Back[S->Copy] = &F;
  for (const Instruction &I : instructions(F))
    for (const Use &U : I.operands())
      if (auto *C = dyn_cast<Constant>(U.get()))
        collectGlobals(C, Seen, Globals);
  for (const GlobalValue *GV : Globals) {
    GlobalValue *D = declare(*S->Private, GV);
    VMap[GV] = D;
    S->Back[D] = const_cast<GlobalValue *>(GV);
  }
  auto CopyArg = S->Copy->arg_begin();
  for (const Argument &A : F.args()) {
    CopyArg->setName(A.getName());
    VMap[&A] = &*CopyArg++;
  }
  mapMetadataToSelf(F, VMap);
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(S->Copy, &F, VMap, CloneFunctionChangeType::DifferentModule, Returns);
  for (const BasicBlock &BB : F) {
    S->Taken[&BB] = VMap[&BB];
    for (const Instruction &I : BB)
      S->Taken[&I] = VMap[&I];
  }
  recordUseOrder(F, *S);
  return S.release();
}

void pl_snapshot_restore(pl_snapshot *S, LLVMValueRef Fn) {
  Function &F = *unwrap<Function>(Fn);
  for (BasicBlock &BB : F)
    BB.dropAllReferences();
  while (!F.empty())
    F.begin()->eraseFromParent();
  F.clearMetadata();
  ValueToValueMapTy VMap;
  for (auto &KV : S->Back)
    VMap[KV.first] = KV.second;
  auto Arg = F.arg_begin();
  for (const Argument &A : S->Copy->args())
    VMap[&A] = &*Arg++;
  mapMetadataToSelf(*S->Copy, VMap);
  // Cloning into another module lists the compile units it meets in
  // !llvm.dbg.cu, making that list where the module had none.
  Module &M = *F.getParent();
  bool HadUnits = M.getNamedMetadata("llvm.dbg.cu") != nullptr;
  SmallVector<ReturnInst *, 4> Returns;
  CloneFunctionInto(&F, S->Copy, VMap, CloneFunctionChangeType::DifferentModule, Returns);
  if (NamedMDNode *Units = M.getNamedMetadata("llvm.dbg.cu"); Units && !HadUnits)
    M.eraseNamedMetadata(Units);
  restoreUseOrder(F, *S);
  S->Restored.clear();
  for (const BasicBlock &BB : *S->Copy) {
    S->Restored[&BB] = VMap[&BB];
    for (const Instruction &I : BB)
      S->Restored[&I] = VMap[&I];
  }
}

LLVMValueRef pl_snapshot_value(const pl_snapshot *S, LLVMValueRef V) {
  auto T = S->Taken.find(unwrap(V));
  if (T == S->Taken.end())
    return nullptr;
  auto R = S->Restored.find(T->second);
  return R == S->Restored.end() ? nullptr : wrap(R->second);
}

void pl_snapshot_free(pl_snapshot *S) { delete S; }
