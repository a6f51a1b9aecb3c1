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
#include "clang/Basic/SourceManager.h"
#include "llvm/Support/Path.h"

using namespace clang;

namespace {
/// Whether a function body may change the variable VD: every reference to
/// it must be a plain read -- a copy (the launch's own, `dim3 g = b`) or a
/// member's value (`b.x`); any other (an assignment, an address, a
/// reference bound to it through a call, a constructor, an aggregate, a
/// conditional or a cast, a lambda's capture) counts as a change.
class Changes : public RecursiveASTVisitor<Changes> {
  const VarDecl *VD;
  unsigned Refs = 0, Reads = 0;

  bool isVar(const Expr *E) const {
    const auto *D = dyn_cast<DeclRefExpr>(E->IgnoreParens());
    return D && D->getDecl() == VD;
  }
  bool isMemberOfVar(const Expr *E) const {
    E = E->IgnoreParens();
    bool Member = false;
    while (const auto *M = dyn_cast<MemberExpr>(E)) {
      Member = true;
      E = M->getBase()->IgnoreParens();
    }
    return Member && isVar(E);
  }

public:
  explicit Changes(const VarDecl *V) : VD(V) {}
  bool found() const { return Refs > Reads; }
  bool shouldVisitImplicitCode() const { return true; }
  bool VisitDeclRefExpr(DeclRefExpr *D) {
    Refs += D->getDecl() == VD;
    return true;
  }
  bool VisitImplicitCastExpr(ImplicitCastExpr *C) {
    if (C->getCastKind() == CK_LValueToRValue &&
        (isMemberOfVar(C->getSubExpr()) || isVar(C->getSubExpr())))
      ++Reads;
    return true;
  }
  bool VisitCXXConstructExpr(CXXConstructExpr *C) {
    if (C->getConstructor()->isCopyConstructor() && C->getNumArgs() >= 1 &&
        isVar(C->getArg(0)->IgnoreImpCasts()))
      ++Reads;
    return true;
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
  if (isa<ParmVarDecl>(VD) || !VD->getInit() || VD->getInit()->containsErrors() ||
      (VD->hasGlobalStorage() && !VD->getType().isConstQualified()))
    return false; // a parameter's default argument, or a global anyone may write
  if (!VD->getType().isConstQualified()) {
    const auto *F = dyn_cast_or_null<FunctionDecl>(VD->getParentFunctionOrMethod());
    if (!F || !F->getBody())
      return false;
    Changes C(VD);
    C.TraverseStmt(F->getBody());
    if (C.found())
      return false;
  }
  return shapeOf(VD->getInit(), Ctx, Shape, Depth + 1);
}

bool shapeOf(const Expr *E, ASTContext &Ctx, unsigned Shape[3], unsigned Depth) {
  if (!E || Depth > 8 || E->containsErrors() || E->getType().isNull())
    return false;
  E = E->IgnoreImplicit()->IgnoreParens();
  if (E->getType().isNull())
    return false;
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

/// The kernel name that `E` is, through parentheses, casts, `&` and the
/// substitution of a template parameter (which IgnoreParenCasts looks
/// through); null when it is none.
static const DeclRefExpr *kernelRef(const Expr *E) {
  E = E->IgnoreParenCasts();
  if (const auto *U = dyn_cast<UnaryOperator>(E); U && U->getOpcode() == UO_AddrOf)
    E = U->getSubExpr()->IgnoreParenCasts();
  return dyn_cast<DeclRefExpr>(E);
}

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
  const DeclRefExpr *D = kernelRef(E->getArg(0));
  const auto *FD = D ? dyn_cast<FunctionDecl>(D->getDecl()) : nullptr;
  if (!FD)
    return nullptr;
  *Block = E->getArg(2);
  return FD;
}

void plKernelNamesUsed(const CallExpr *E, std::set<const DeclRefExpr *> &Named) {
  if (const auto *K = dyn_cast<CUDAKernelCallExpr>(E)) {
    if (const DeclRefExpr *D = kernelRef(K->getCallee()))
      Named.insert(D);
    return;
  }
  const FunctionDecl *Callee = E->getDirectCallee();
  if (!Callee || !Callee->getIdentifier())
    return;
  StringRef Name = Callee->getName();
  if (Name != "cudaLaunchKernel" && Name != "cudaLaunchCooperativeKernel" &&
      !Name.starts_with("cudaFunc") && !Name.starts_with("cudaOccupancy"))
    return;
  for (const Expr *A : E->arguments())
    if (const DeclRefExpr *D = kernelRef(A))
      Named.insert(D);
}

void plKernelTemplateArgs(const DeclRefExpr *E, std::set<const DeclRefExpr *> &Named) {
  for (const TemplateArgumentLoc &A : E->template_arguments())
    if (A.getArgument().getKind() == TemplateArgument::Expression)
      if (const DeclRefExpr *D = kernelRef(A.getSourceExpression()))
        Named.insert(D);
}

bool plInOwnHeader(const Expr *E, const SourceManager &SM) {
  SourceLocation L = SM.getSpellingLoc(E->getBeginLoc());
  return L.isValid() && llvm::sys::path::filename(SM.getFilename(L)) == "libpipeline.h";
}

bool plLaunchBlockShape(const Expr *Block, ASTContext &Ctx, unsigned Shape[3]) {
  return shapeOf(Block, Ctx, Shape, 0);
}
