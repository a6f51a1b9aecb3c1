//===- plugin/launches.h - block shapes of kernel launches ---------------===//
//
// The block shape of a `<<<grid, block>>>` launch, read from clang's AST
// where it is a constant. Only in libpipeline.so (clang's symbols).
//
//===----------------------------------------------------------------------===//
#ifndef PL_LAUNCHES_H
#define PL_LAUNCHES_H

#include "clang/AST/ASTContext.h"
#include "clang/AST/ExprCXX.h"

#include <set>

/// The kernel that the call `E` launches, with the block argument of its
/// launch in *Block: a `<<<grid, block>>>` launch (CUDAKernelCallExpr), or a
/// call of cudaLaunchKernel or cudaLaunchCooperativeKernel (the runtime's
/// functions and their C++ templates) naming the kernel itself, possibly
/// cast; null for any other call, or a kernel reached through a pointer.
const clang::FunctionDecl *plLaunchedKernel(const clang::CallExpr *E, const clang::Expr **Block);

/// Adds to `Named` the names of kernels that the call `E` uses as a launch
/// or a query of the runtime, not a launch elsewhere: a `<<<...>>>`
/// launch's callee, and the kernel arguments of cudaLaunchKernel,
/// cudaLaunchCooperativeKernel and the runtime's cudaFunc* and
/// cudaOccupancy* functions (possibly cast, with `&`, or a substituted
/// template parameter). Changes nothing else.
void plKernelNamesUsed(const clang::CallExpr *E, std::set<const clang::DeclRefExpr *> &Named);

/// Adds to `Named` the kernel names among the template arguments of the
/// name `E` (`pl_dynamic_smem_bytes<gemm>`, `launch<gemm>`): not a launch
/// there; a launch in the template's instantiation is read where it is.
void plKernelTemplateArgs(const clang::DeclRefExpr *E, std::set<const clang::DeclRefExpr *> &Named);

/// Whether `E` is written in the plugin's own header, include/libpipeline.h,
/// whose templates (pl_dynamic_smem_bytes<K>) name kernels to read their
/// ring's bytes and never launch them.
bool plInOwnHeader(const clang::Expr *E, const clang::SourceManager &SM);

/// The block shape of a launch's block argument `Block` into Shape (x, y,
/// z): returns true when it is an integer constant expression (`256`,
/// `BLOCK * BLOCK`, a template argument), a `dim3` built from such
/// constants (`dim3(32, 8)`, missing dimensions 1), or a `dim3` variable
/// whose initializer is one and that its function never assigns, changes,
/// takes the address of or binds to a non-const reference
/// (`dim3 block(32, 8); k<<<grid, block>>>(...)`); false otherwise (a
/// runtime value, a function's result). Changes nothing.
bool plLaunchBlockShape(const clang::Expr *Block, clang::ASTContext &Ctx, unsigned Shape[3]);

#endif // PL_LAUNCHES_H
