/*===- lib/host_extract.h - a few kernels, in a module of their own -------===*\
 *
 * FILE: lib/host_extract.h (implemented by plugin/extract.cpp)
 * DESCRIPTION:
 *   What the register counts of lib/ptxas.h need of LLVM: some entry
 *   functions of a module, with everything they use and nothing else, as
 *   bitcode, so that the NVPTX back end and ptxas compile only them, and so
 *   that a kernel's bitcode names its content (the key of the counts'
 *   cache) whatever else the translation unit holds. Decides nothing: the
 *   caller says which functions.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_EXTRACT_H
#define PL_HOST_EXTRACT_H

#include <llvm-c/Core.h>
#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/** The bitcode of a new module that defines the `n` functions `roots` (>= 1
 * definitions of one module) and every function and global variable they
 * reach through their instructions' operands and the initializers of the
 * global variables so reached, as the module defines them now, and holds
 * nothing else: no other function or variable, not even as a declaration;
 * of the named metadata only the module flags and, of `nvvm.annotations`,
 * the entries about what it holds; no `llvm.used` or `llvm.compiler.used`; no debug information
 * (llvm::StripDebugInfo); the module's identifier and source file name
 * empty. The same functions reaching the same definitions give the same
 * bytes, wherever they stand in the source. The module itself is not
 * changed. Returns a memory buffer the caller disposes of
 * (LLVMDisposeMemoryBuffer); never NULL (running out of memory aborts, as in
 * LLVM). */
LLVMMemoryBufferRef pl_extract_bitcode(LLVMValueRef *roots, size_t n);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_EXTRACT_H */
