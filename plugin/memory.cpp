//===- plugin/memory.cpp - memory ------------------------------------------===//
//
// FILE: plugin/memory.cpp
// DESCRIPTION:
//   Implements lib/host_memory.h: memory effects, alias analysis, known bits
//   and value ranges (AAResults, ValueTracking, LazyValueInfo).
//
//===----------------------------------------------------------------------===//
#include "../lib/host_memory.h"
#include "llvm_compat.h"
#include "pl_module_host.h"

#include "llvm/Analysis/AliasAnalysis.h"
#include "llvm/Analysis/AssumptionCache.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/LazyValueInfo.h"
#include "llvm/Analysis/ValueTracking.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/KnownBits.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/PromoteMemToReg.h"

using namespace llvm;

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

void pl_drop_poison_flags(LLVMValueRef Inst) {
  unwrap<Instruction>(Inst)->dropPoisonGeneratingFlags();
}

void pl_keep_common_flags(LLVMValueRef Inst, LLVMValueRef Other) {
  unwrap<Instruction>(Inst)->andIRFlags(unwrap(Other));
}

LLVMValueRef pl_constant_from_pieces(LLVMModuleRef M, LLVMTypeRef Ty, const LLVMValueRef *Pieces,
                                     const uint64_t *Offsets, size_t N) {
  const DataLayout &DL = unwrap(M)->getDataLayout();
  Type *T = unwrap(Ty);
  if (!DL.isLittleEndian() || !T->isSized())
    return nullptr;
  uint64_t Bytes = DL.getTypeStoreSize(T);
  if (!Bytes || Bytes > 64)
    return nullptr;
  LLVMContext &Ctx = T->getContext();
  APInt Acc(unsigned(Bytes * 8), 0);
  for (size_t K = 0; K < N; ++K) {
    auto *C = dyn_cast<Constant>(unwrap(Pieces[K]));
    uint64_t PB = C ? uint64_t(DL.getTypeStoreSize(C->getType())) : 0;
    if (!PB || Offsets[K] + PB > Bytes)
      return nullptr;
    auto *I = dyn_cast_or_null<ConstantInt>(
        ConstantFoldLoadFromConst(C, IntegerType::get(Ctx, unsigned(PB * 8)), APInt(64, 0), DL));
    if (!I)
      return nullptr;
    Acc.insertBits(I->getValue(), unsigned(Offsets[K] * 8));
  }
  Constant *R = ConstantFoldLoadFromConst(ConstantInt::get(Ctx, Acc), T, APInt(64, 0), DL);
  return R && !isa<ConstantExpr>(R) ? wrap(R) : nullptr;
}

unsigned pl_mem_align(LLVMValueRef Call, int Source) {
  auto *MI = cast<MemIntrinsic>(unwrap<Instruction>(Call));
  MaybeAlign A = Source ? cast<MemTransferInst>(MI)->getSourceAlign() : MI->getDestAlign();
  return A ? static_cast<unsigned>(A->value()) : 1;
}

size_t pl_promote_allocas(pl_host *H, LLVMValueRef *Allocas, size_t N) {
  SmallVector<AllocaInst *, 4> Promotable;
  for (size_t K = 0; K < N; ++K) {
    auto *AI = cast<AllocaInst>(unwrap(Allocas[K]));
    if (isAllocaPromotable(AI) && !is_contained(Promotable, AI))
      Promotable.push_back(AI);
  }
  if (!Promotable.empty())
    PromoteMemToReg(Promotable, H->DT());
  return Promotable.size();
}

LLVMValueRef pl_underlying_object(LLVMValueRef Ptr) {
  return wrap(getUnderlyingObject(unwrap(Ptr), /*MaxLookup=*/0));
}

int pl_based_on_read_only_objects(LLVMValueRef Ptr, LLVMValueRef Fn) {
  const Function *F = unwrap<Function>(Fn);
  SmallVector<const Value *, 8> Objs;
  getUnderlyingObjects(unwrap(Ptr), Objs);
  return !Objs.empty() && all_of(Objs, [&](const Value *V) {
    if (const auto *A = dyn_cast<Argument>(V))
      return A->getParent() == F && A->hasNoAliasAttr() && A->onlyReadsMemory();
    if (const auto *GV = dyn_cast<GlobalVariable>(V))
      return GV->isConstant();
    return false;
  });
}

unsigned pl_mod_ref(pl_host *H, LLVMValueRef Inst, LLVMValueRef Ptr) {
  const Instruction *I = unwrap<Instruction>(Inst);
  MemoryLocation Loc = MemoryLocation::getBeforeOrAfter(unwrap(Ptr));
  ModRefInfo MR = H->AA().getModRefInfo(I, Loc);
  return (isRefSet(MR) ? unsigned(PL_REF) : 0u) | (isModSet(MR) ? unsigned(PL_MOD) : 0u);
}

int pl_may_alias(pl_host *H, LLVMValueRef A, uint64_t SizeA, LLVMValueRef B, uint64_t SizeB) {
  auto Size = [](uint64_t S) {
    return S == PL_SIZE_UNKNOWN ? LocationSize::beforeOrAfterPointer() : LocationSize::precise(S);
  };
  MemoryLocation LA(unwrap(A), Size(SizeA));
  MemoryLocation LB(unwrap(B), Size(SizeB));
  return H->AA().alias(LA, LB) != AliasResult::NoAlias;
}

unsigned pl_known_alignment(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx) {
  Value *Val = unwrap(V);
  const DataLayout &DL = H->F.getParent()->getDataLayout();
  KnownBits Known =
      pl_compat::known_bits(Val, DL, &H->AC(), Ctx ? unwrap<Instruction>(Ctx) : nullptr, &H->DT());
  unsigned TZ = std::min(Known.countMinTrailingZeros(), 12u);
  return 1u << TZ;
}
int pl_known_bits(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx, uint64_t *Zero, uint64_t *One) {
  *Zero = *One = 0;
  Value *Val = unwrap(V);
  if (!Val->getType()->isIntegerTy() || Val->getType()->getIntegerBitWidth() > 64)
    return 0;
  const DataLayout &DL = H->F.getParent()->getDataLayout();
  KnownBits Known =
      pl_compat::known_bits(Val, DL, &H->AC(), Ctx ? unwrap<Instruction>(Ctx) : nullptr, &H->DT());
  *Zero = Known.Zero.getZExtValue();
  *One = Known.One.getZExtValue();
  return 1;
}

int pl_not_poison(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx) {
  Value *Val = unwrap(V);
  auto *CtxI = unwrap<Instruction>(Ctx);
  if (!CtxI || CtxI->getFunction() != &H->F)
    return 0;
  auto &AC = H->FAM.getResult<AssumptionAnalysis>(H->F);
  auto &DT = H->FAM.getResult<DominatorTreeAnalysis>(H->F);
  if (isGuaranteedNotToBePoison(Val, &AC, CtxI, &DT))
    return 1;
  auto *I = dyn_cast<Instruction>(Val);
  return I && programUndefinedIfPoison(I);
}

int pl_value_range(pl_host *H, LLVMValueRef V, LLVMValueRef Ctx, uint64_t *Lo, uint64_t *Hi) {
  *Lo = 0;
  *Hi = UINT64_MAX;
  Value *Val = unwrap(V);
  auto *CtxI = unwrap<Instruction>(Ctx);
  if (!Val->getType()->isIntegerTy() || Val->getType()->getIntegerBitWidth() > 64 || !CtxI ||
      CtxI->getFunction() != &H->F)
    return 0;
  LazyValueInfo &LVI = H->FAM.getResult<LazyValueAnalysis>(H->F);
  ConstantRange R = LVI.getConstantRange(Val, CtxI, /*UndefAllowed=*/false);
  // ScalarEvolution's range holds wherever the value is defined: for a
  // loop's counter it knows the bound the trip count gives where
  // LazyValueInfo sees only the phi (a counter the exit test does not read).
  ScalarEvolution &SE = H->SE();
  if (SE.isSCEVable(Val->getType())) {
    // each a set of the values it may take: the unsigned and the signed
    // range narrow each other
    auto RangeOf = [&SE](const SCEV *X) {
      return SE.getUnsignedRange(X).intersectWith(SE.getSignedRange(X), ConstantRange::Unsigned);
    };
    const SCEV *S = SE.getSCEV(Val);
    ConstantRange Known = RangeOf(S);
    // A phi ScalarEvolution cannot read (where a loop's counter stopped, or
    // 0 where the loop did not run) is one of its incoming values.
    auto *Phi = dyn_cast<PHINode>(Val);
    if (isa<SCEVUnknown>(S) && Phi && Phi->getNumIncomingValues() <= 4) {
      ConstantRange Union = ConstantRange::getEmpty(Known.getBitWidth());
      for (Value *In : Phi->incoming_values())
        Union =
            Union.unionWith(In == Phi ? Known : RangeOf(SE.getSCEV(In)), ConstantRange::Unsigned);
      Known = Known.intersectWith(Union, ConstantRange::Unsigned);
    }
    R = R.intersectWith(Known, ConstantRange::Unsigned);
  }
  if (R.isFullSet() || R.isEmptySet())
    return 0;
  *Lo = R.getUnsignedMin().getZExtValue();
  *Hi = R.getUnsignedMax().getZExtValue();
  return 1;
}

/// The values of `R` within [0, N), with N at most 2^(R's width).
static uint64_t countBelow(const ConstantRange &R, uint64_t N) {
  if (R.isEmptySet())
    return 0;
  if (R.isFullSet())
    return N;
  if (R.isUpperWrapped()) // [L, 2^w) and [0, U): what its inverse leaves
    return N - countBelow(R.inverse(), N);
  uint64_t L = R.getLower().getZExtValue(), U = R.getUpper().getZExtValue();
  return L >= N ? 0 : std::min(U, N) - L;
}

uint64_t pl_icmp_count_below(LLVMValueRef Cmp, int Negated, uint64_t N) {
  auto *I = dyn_cast<ICmpInst>(unwrap(Cmp));
  auto *K = I ? dyn_cast<ConstantInt>(I->getOperand(1)) : nullptr;
  if (!K || K->getBitWidth() > 64)
    return UINT64_MAX;
  unsigned W = K->getBitWidth();
  if (W < 64 && N > (1ull << W))
    N = 1ull << W;
  CmpInst::Predicate P = Negated ? I->getInversePredicate() : I->getPredicate();
  return countBelow(ConstantRange::makeExactICmpRegion(P, K->getValue()), N);
}

LLVMValueRef pl_build_masked_load(LLVMBuilderRef B, LLVMTypeRef Ty, LLVMValueRef Ptr, unsigned A,
                                  LLVMValueRef Mask, LLVMValueRef PassThru, const char *Name) {
  return wrap(unwrap(B)->CreateMaskedLoad(unwrap(Ty), unwrap(Ptr), Align(A), unwrap(Mask),
                                          unwrap(PassThru), Name));
}
