//===- plugin/extract.cpp - a few kernels, in a module of their own ------===//
//
// FILE: plugin/extract.cpp
// DESCRIPTION:
//   Implements lib/host_extract.h: a new module receives what the roots
//   reach, the functions' bodies by llvm::CloneFunctionInto;
//   llvm::StripDebugInfo (which drops the llvm.dbg.cu the cloning adds) and
//   llvm::WriteBitcodeToFile finish the copy. The cost is that of what is
//   reached, not of the module. Decides nothing.
//
//===----------------------------------------------------------------------===//
#include "../lib/host_extract.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Bitcode/BitcodeWriter.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalAlias.h"
#include "llvm/IR/GlobalIFunc.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"
#include "llvm/Transforms/Utils/ValueMapper.h"

#include <memory>

using namespace llvm;

namespace {

/// The global values reachable from some roots: through the operands of
/// their instructions, of constants, and of global variables' initializers
/// and aliases' aliasees.
class Reach {
public:
  SmallPtrSet<const GlobalValue *, 32> Globals;

  void add(const GlobalValue *G) {
    if (Globals.insert(G).second)
      Work.push_back(G);
  }

  void run() {
    while (!Work.empty()) {
      const GlobalValue *G = Work.pop_back_val();
      if (const auto *F = dyn_cast<Function>(G)) {
        for (const Instruction &I : instructions(*F))
          for (const Value *Op : I.operands())
            value(Op);
      } else if (const auto *V = dyn_cast<GlobalVariable>(G)) {
        if (V->hasInitializer())
          value(V->getInitializer());
      } else if (const auto *A = dyn_cast<GlobalAlias>(G)) {
        value(A->getAliasee());
      }
    }
  }

private:
  SmallVector<const GlobalValue *, 32> Work;
  SmallPtrSet<const Constant *, 32> Seen;

  void value(const Value *V) {
    if (const auto *G = dyn_cast<GlobalValue>(V)) {
      add(G);
      return;
    }
    const auto *C = dyn_cast<Constant>(V);
    if (!C || !Seen.insert(C).second)
      return;
    for (const Value *Op : C->operands())
      value(Op);
  }
};

/// A new module in `M`'s context with `M`'s data layout, target, module
/// assembly and module flags, and the global values of `R`, in `M`'s order:
/// each function and variable a definition where `M` defines it (bodies
/// cloned with llvm::CloneFunctionInto, initializers mapped), a declaration
/// where it declares it; each alias with its aliasee mapped; an ifunc (which
/// PTX does not have) a declaration; and of `M`'s `nvvm.annotations` the
/// entries about the definitions.
std::unique_ptr<Module> copyReached(const Module &M, const Reach &R) {
  auto Copy = std::make_unique<Module>("", M.getContext());
  Copy->setDataLayout(M.getDataLayout());
  Copy->setTargetTriple(M.getTargetTriple());
  Copy->setModuleInlineAsm(M.getModuleInlineAsm());
  ValueToValueMapTy VMap;
  for (const GlobalVariable &V : M.globals()) {
    if (!R.Globals.count(&V))
      continue;
    auto *NV = new GlobalVariable(*Copy, V.getValueType(), V.isConstant(), V.getLinkage(), nullptr,
                                  V.getName(), nullptr, V.getThreadLocalMode(),
                                  V.getType()->getAddressSpace());
    NV->copyAttributesFrom(&V);
    VMap[&V] = NV;
  }
  for (const Function &F : M) {
    if (!R.Globals.count(&F))
      continue;
    Function *NF = Function::Create(F.getFunctionType(), F.getLinkage(), F.getAddressSpace(),
                                    F.getName(), Copy.get());
    NF->copyAttributesFrom(&F);
    VMap[&F] = NF;
  }
  for (const GlobalAlias &A : M.aliases())
    if (R.Globals.count(&A))
      VMap[&A] = GlobalAlias::create(A.getValueType(), A.getAddressSpace(), A.getLinkage(),
                                     A.getName(), Copy.get());
  for (const GlobalIFunc &I : M.ifuncs())
    if (R.Globals.count(&I))
      VMap[&I] =
          Function::Create(cast<FunctionType>(I.getValueType()), GlobalValue::ExternalLinkage,
                           I.getAddressSpace(), I.getName(), Copy.get());
  for (const GlobalVariable &V : M.globals())
    if (R.Globals.count(&V) && V.hasInitializer())
      cast<GlobalVariable>(VMap[&V])->setInitializer(MapValue(V.getInitializer(), VMap));
  for (const GlobalAlias &A : M.aliases())
    if (R.Globals.count(&A))
      cast<GlobalAlias>(VMap[&A])->setAliasee(MapValue(A.getAliasee(), VMap));
  for (const Function &F : M) {
    if (!R.Globals.count(&F) || F.isDeclaration())
      continue;
    auto *NF = cast<Function>(VMap[&F]);
    for (const Argument &A : F.args()) {
      Argument *NA = NF->getArg(A.getArgNo());
      NA->setName(A.getName());
      VMap[&A] = NA;
    }
    SmallVector<ReturnInst *, 4> Returns;
    CloneFunctionInto(NF, &F, VMap, CloneFunctionChangeType::DifferentModule, Returns);
  }
  SmallVector<Module::ModuleFlagEntry, 8> Flags;
  M.getModuleFlagsMetadata(Flags);
  for (const Module::ModuleFlagEntry &E : Flags)
    Copy->addModuleFlag(E.Behavior, E.Key->getString(), E.Val);
  if (const NamedMDNode *A = M.getNamedMetadata("nvvm.annotations")) {
    NamedMDNode *NA = nullptr;
    for (const MDNode *N : A->operands()) {
      if (N->getNumOperands() == 0)
        continue;
      auto *G = mdconst::dyn_extract_or_null<GlobalValue>(N->getOperand(0));
      if (!G || !R.Globals.count(G) || G->isDeclaration())
        continue;
      if (!NA)
        NA = Copy->getOrInsertNamedMetadata("nvvm.annotations");
      NA->addOperand(MapMetadata(N, VMap));
    }
  }
  return Copy;
}

} // namespace

extern "C" LLVMMemoryBufferRef pl_extract_bitcode(LLVMValueRef *roots, size_t n) {
  Reach R;
  const Module *M = nullptr;
  for (size_t i = 0; i < n; ++i) {
    const auto *F = cast<Function>(unwrap(roots[i]));
    M = F->getParent();
    R.add(F);
  }
  R.run();
  std::unique_ptr<Module> Copy = copyReached(*M, R);
  StripDebugInfo(*Copy);
  Copy->setModuleIdentifier("");
  Copy->setSourceFileName("");
  SmallVector<char, 0> Bytes;
  raw_svector_ostream OS(Bytes);
  WriteBitcodeToFile(*Copy, OS);
  return LLVMCreateMemoryBufferWithMemoryRangeCopy(Bytes.data(), Bytes.size(), "");
}
