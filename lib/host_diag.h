/*===- lib/host_diag.h - remarks and diagnostics ---------------------------===*\
 *
 * FILE: lib/host_diag.h (implemented by plugin/diagnostics.cpp)
 * DESCRIPTION:
 *   What the user is told: optimization remarks built field by field,
 *   warnings and errors through LLVM's diagnostic handler, the verifier's
 *   verdict, and the names shown in them (demangled functions, source names
 *   of parameters).
 *   Each function forwards to one LLVM facility and decides nothing,
 *   unless its comment says which rule it holds.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_DIAG_H
#define PL_HOST_DIAG_H

#include "host.h"

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Runs LLVM's verifier on the function `fn` (llvm::verifyFunction).
 * Returns NULL when it is well formed, else the verifier's message, which
 * the caller frees with free(). */
char *pl_verify_function(LLVMValueRef fn);

/** Reports an error about the function `fn` through its context, located
 * at `fn`'s definition (its DISubprogram's file and line; the clang plugin
 * keeps location-tracking debug info, so kernels have one): clang prints
 * `file:line:1: error: <message>` (where `fn` has no DISubprogram, clang
 * places it at the function's declaration when it knows it, else prints no
 * location) and the compile fails; opt prints `error: file:line:0:
 * <message>` and exits non-zero. */
void pl_report_error(LLVMValueRef fn, const char *message);

/** Reports an error about the module `m` as a whole, without a source
 * location (LLVMContext::emitError): clang prints `error: <message>` and
 * the compile fails; opt prints it and exits non-zero. */
void pl_report_module_error(LLVMModuleRef m, const char *message);

/** The source name of the function argument `arg`: its IR name when it
 * has one, else the name the clang plugin read from the declaration
 * (clang drops value names from a release build's IR). NULL when neither
 * is known. The string lives as long as the host. */
const char *pl_param_name(pl_host *host, LLVMValueRef arg);

/** Demangles an Itanium name (llvm::demangle). Returns a malloc'ed string
 * the caller frees with free(); a copy of the input when it is not
 * mangled; NULL only when memory runs out. */
char *pl_demangle(const char *name);

/** Kinds of optimization remark, as LLVM's OptimizationRemark classes. */
typedef enum pl_remark_kind {
  PL_REMARK_PASSED,   /**< OptimizationRemark: -Rpass=cuda-pipeline */
  PL_REMARK_MISSED,   /**< OptimizationRemarkMissed: -Rpass-missed= */
  PL_REMARK_ANALYSIS, /**< OptimizationRemarkAnalysis: -Rpass-analysis= */
} pl_remark_kind;

/** A remark being built: text pieces and named fields (ore::NV), in order.
 * The printed message is their concatenation; optimization records carry
 * each field as a YAML `Args` entry under its key. */
typedef struct pl_remark pl_remark;

/** Starts a remark of pass `cuda-pipeline` named `name`, located at `inst`
 * when it has a debug location, else at the loop's start. `loop` may be
 * NULL for a remark about a function (then `inst` must not be). The caller
 * finishes it with pl_remark_emit(), which frees it. */
pl_remark *pl_remark_begin(pl_host *host, pl_remark_kind kind, const char *name, pl_loop_ref loop,
                           LLVMValueRef inst);

/** Appends plain text. */
void pl_remark_text(pl_remark *r, const char *text);

/** Appends a string field `key` (shown as its value). */
void pl_remark_str(pl_remark *r, const char *key, const char *value);

/** Appends an unsigned integer field `key` (shown in decimal). */
void pl_remark_u64(pl_remark *r, const char *key, uint64_t value);

/** Emits the remark through OptimizationRemarkEmitter and frees it. */
void pl_remark_emit(pl_remark *r);

/** Reports a one-line warning for the module `m` through its context
 * (LLVMContext::diagnose with a plugin diagnostic of severity warning):
 * clang prints it as `warning: <message> [-Wbackend-plugin]`, so
 * -Wno-backend-plugin silences it and -Werror makes it an error; opt
 * prints `warning: <message>`. */
void pl_report_warning(LLVMModuleRef m, const char *message);

/** Starts a remark like pl_remark_begin, about the function `host`
 * analyses but located at the DILocation `location` (may be NULL: no
 * location), for a loop that no longer exists. */
pl_remark *pl_remark_begin_at(pl_host *host, pl_remark_kind kind, const char *name,
                              LLVMMetadataRef location);

/** Nonzero when an instruction of the function `fn` has a debug location
 * whose inlining chain (DILocation::getInlinedAt) passes through the
 * subprogram of the DILocation `location` (DIScope::getSubprogram): `fn`
 * holds code inlined from the function `location` is in. */
int pl_function_inlines_location(LLVMValueRef fn, LLVMMetadataRef location);

/** Erases the named metadata `name` of module `m` (NamedMDNode::
 * eraseFromParent), when it exists. */
void pl_erase_named_metadata(LLVMModuleRef m, const char *name);

/** The CUDA version module `m` was compiled against: clang's driver passes
 * the toolkit it found (`--cuda-path`) to the device compilation, which
 * records it as the module flag "SDK Version" (Module::getSDKVersion),
 * and the same toolkit's ptxas assembles the PTX. Sets *major and *minor
 * (12 and 3 for CUDA 12.3) and returns 1; returns 0, both set to 0, where
 * the module has no such flag (IR written by hand, or given to opt). */
int pl_module_sdk_version(LLVMModuleRef m, unsigned *major, unsigned *minor);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_DIAG_H */
