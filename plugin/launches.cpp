//===- plugin/launches.cpp - block shapes of kernel launches -------------===//
//
// FILE: plugin/launches.cpp
// DESCRIPTION:
//   Implements plugin/launches.h: the constant block shape of a kernel
//   launch, read from clang's AST (the clang plugin hands the shapes to the
//   pass, which writes them into the module for lib/cost.c).
//
//===----------------------------------------------------------------------===//
#include "launches.h"

#include "clang/AST/RecursiveASTVisitor.h"

using namespace clang;

namespace {
/// Whether a function body may change the variable VD: assigns it or a
/// member of it, increments it, takes its address or binds it to a
/// reference that is not const.
class Changes : public RecursiveASTVisitor<Changes> {
  const VarDecl *VD;

  bool refers(const Expr *E) const {
    E = E->IgnoreParenImpCasts();
    while (const auto *M = dyn_cast<MemberExpr>(E))
      E = M->getBase()->IgnoreParenImpCasts();
    const auto *D = dyn_cast<DeclRefExpr>(E);
    return D && D->getDecl() == VD;
  }

public:
  bool Found = false;
  explicit Changes(const VarDecl *V) : VD(V) {}
  bool VisitBinaryOperator(BinaryOperator *B) {
    Found |= B->isAssignmentOp() && refers(B->getLHS());
    return !Found;
  }
  bool VisitUnaryOperator(UnaryOperator *U) {
    Found |=
        (U->isIncrementDecrementOp() || U->getOpcode() == UO_AddrOf) && refers(U->getSubExpr());
    return !Found;
  }
  bool VisitCXXOperatorCallExpr(CXXOperatorCallExpr *C) {
    Found |= C->isAssignmentOp() && C->getNumArgs() && refers(C->getArg(0));
    return !Found;
  }
  bool VisitCallExpr(CallExpr *C) {
    const FunctionDecl *F = C->getDirectCallee();
    for (unsigned I = 0; I < C->getNumArgs() && !Found; ++I) {
      if (!refers(C->getArg(I)))
        continue;
      if (!F || I >= F->getNumParams()) {
        Found = true;
        break;
      }
      QualType T = F->getParamDecl(I)->getType();
      Found = T->isReferenceType() && !T->getPointeeType().isConstQualified();
    }
    return !Found;
  }
  bool VisitVarDecl(VarDecl *D) {
    const Expr *Init = D->getInit();
    Found |= D != VD && D->getType()->isReferenceType() &&
             !D->getType()->getPointeeType().isConstQualified() && Init && refers(Init);
    return !Found;
  }
};

bool shapeOf(const Expr *E, ASTContext &Ctx, unsigned Shape[3], unsigned Depth);

/// The constant value of the integer expression E, into V.
bool constant(const Expr *E, ASTContext &Ctx, unsigned &V) {
  Expr::EvalResult R;
  if (E->isValueDependent() || !E->EvaluateAsInt(R, Ctx) || !R.Val.isInt())
    return false;
  const llvm::APSInt &I = R.Val.getInt();
  if (I.isNegative() || I.getActiveBits() > 31)
    return false;
  V = static_cast<unsigned>(I.getZExtValue());
  return true;
}

/// The shape of the dim3 variable VD, when it is never changed.
bool shapeOfVariable(const VarDecl *VD, ASTContext &Ctx, unsigned Shape[3], unsigned Depth) {
  if (!VD->getInit() || VD->hasGlobalStorage() != VD->getType().isConstQualified())
    return false; // a global that is not const may be written anywhere
  if (!VD->getType().isConstQualified()) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!F || !F->getBody())
      return false;
    Changes C(VD);
    C.TraverseStmt(F->getBody());
    if (C.Found)
      return false;
  }
  return shapeOf(VD->getInit(), Ctx, Shape, Depth + 1);
}

bool shapeOf(const Expr *E, ASTContext &Ctx, unsigned Shape[3], unsigned Depth) {
  if (!E || Depth > 8)
    return false;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (const auto *F = dyn_cast<CXXFunctionalCastExpr>(E))
    return shapeOf(F->getSubExpr(), Ctx, Shape, Depth + 1);
  if (const auto *C = dyn_cast<CXXConstructExpr>(E)) {
    if (C->getConstructor()->isCopyOrMoveConstructor())
      return shapeOf(C->getArg(0), Ctx, Shape, Depth + 1);
    if (C->getNumArgs() > 3)
      return false;
    Shape[0] = Shape[1] = Shape[2] = 1;
    for (unsigned I = 0; I < C->getNumArgs(); ++I)
      if (!constant(C->getArg(I), Ctx, Shape[I]))
        return false;
    return true;
  }
  if (const auto *D = dyn_cast<DeclRefExpr>(E))
    if (const auto *VD = dyn_cast<VarDecl>(D->getDecl()))
      if (!VD->getType()->isIntegerType())
        return shapeOfVariable(VD, Ctx, Shape, Depth);
  if (E->getType()->isIntegerType()) {
    Shape[1] = Shape[2] = 1;
    return constant(E, Ctx, Shape[0]);
  }
  return false;
}
} // namespace

const FunctionDecl *plLaunchedKernel(const CallExpr *E, const Expr **Block) {
  *Block = nullptr;
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(E)) {
    const CallExpr *Config = K->getConfig();
    if (!Config || Config->getNumArgs() < 2)
      return nullptr;
    *Block = Config->getArg(1);
    return K->getDirectCallee();
  }
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || !Callee->getIdentifier() || E->getNumArgs() < 3)
    return nullptr;
  StringRef Name = Callee->getName();
  if (Name != "cudaLaunchKernel" && Name != "cudaLaunchCooperativeKernel")
    return nullptr;
  const Expr *Fn = E->getArg(0)->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(Fn); U && U->getOpcode() == UO_AddrOf)
    Fn = U->getSubExpr()->IgnoreParenCasts();
  const auto *D = dyn_cast<DeclRefExpr>(Fn);
  const auto *FD = D ? dyn_cast<FunctionDecl>(D->getDecl()) : nullptr;
  if (!FD)
    return nullptr;
  *Block = E->getArg(2);
  return FD;
}

bool plLaunchBlockShape(const Expr *Block, ASTContext &Ctx, unsigned Shape[3]) {
  return shapeOf(Block, Ctx, Shape, 0);
}
