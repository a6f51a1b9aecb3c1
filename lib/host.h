/*===- lib/host.h - the host interface: what the core asks of LLVM -------===*\
 *
 * FILE: lib/host.h (implemented by plugin/host.cpp)
 * DESCRIPTION:
 *   The LLVM facilities the core (lib/, C11 on llvm-c) needs but that LLVM
 *   exposes only in C++, one header per facility, each a handful of small C
 *   functions over opaque refs that forward to one LLVM analysis or
 *   utility and hold no policy (every decision is taken in lib/):
 *     host_loops.h       loops (LoopInfo), preheaders
 *     host_cfg.h         dominance, CFG walks and edits
 *     host_memory.h      memory effects, alias analysis, known bits, ranges
 *     host_scev.h        ScalarEvolution and SCEVExpander
 *     host_versioning.h  access ranges, loop versioning
 *     host_diag.h        remarks, warnings, errors, the verifier, names
 *     host_snapshot.h    a function's body kept aside (transactions)
 *     host_extract.h     some kernels alone, as bitcode (ptxas's counts)
 *   This header holds the analysis context they share. The core owns these
 *   headers; plugin/ implements them and includes lib/, never the reverse.
 *
 *   A pl_host is the per-function analysis context. It is created and owned
 *   by plugin/pass.cpp and handed to lib/ for the duration of one call of
 *   pl_run_module(); lib/ never frees it.
\*===----------------------------------------------------------------------===*/
#ifndef PL_HOST_H
#define PL_HOST_H

#include <llvm-c/Core.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/** Opaque per-function analysis context (owned by plugin/). */
typedef struct pl_host pl_host;

/** Opaque per-module context: hands out a pl_host per function. */
typedef struct pl_module_host pl_module_host;

/** Opaque llvm::Loop*; valid until the next pl_host_invalidate(). */
typedef struct pl_loop_opaque *pl_loop_ref;

/** The analysis context of function `fn` (a definition in the module
 * being run). Owned by `mh`; valid until pl_run_module returns. */
pl_host *pl_host_for_function(pl_module_host *mh, LLVMValueRef fn);

/** Drops every cached analysis of the function (after lib/ changed the IR)
 * and recomputes them on next use. Every pl_loop_ref becomes invalid. */
void pl_host_invalidate(pl_host *host);

/** The function `host` analyses. */
LLVMValueRef pl_host_function(pl_host *host);

#ifdef __cplusplus
}
#endif

#endif /* PL_HOST_H */
