/*===- lib/ring_query.h - the host's question: how many bytes to launch with ---===*\
 *
 * FILE: lib/ring_query.h
 * DESCRIPTION:
 *   A ring in dynamic shared memory runs only where the launch gives its
 *   bytes (docs/design.md, "Rings in dynamic shared memory"), a number the
 *   device compilation knows and the host code does not. include/
 *   libpipeline.h lets host code ask for it: pl_dynamic_ring_bytes<k>()
 *   reads a `__device__` variable template instantiated for the kernel k,
 *   which clang emits in the device module because host code uses it, as
 *
 *     @<mangled> = ... addrspace(1) externally_initialized global
 *                  { i32 PL_RING_QUERY_MAGIC, i32 0, i32 0, i32 0 }
 *
 *   its name demangling to "pl_ring_info_v<&KERNEL>", KERNEL the kernel's
 *   own demangled name (the initializer does not name the kernel, so that
 *   a file that only declares it still compiles; its variable then stays
 *   0). After every kernel of the module was looked at, the pass writes into
 *   each such variable the bytes k's rings need (the largest of its loops'
 *   pl_plan.dynamic_bytes), and for rings whose footprint the kernel's
 *   arguments set (pl_ring_layout.symbolic) the slots they need of the
 *   launch's own bytes and the slots' alignment, where k has any; the host
 *   reads them with cudaMemcpyFromSymbol. Without the plugin, or under nvcc,
 *   they stay 0. A variable of two fields (an older libpipeline.h) gets the
 *   bytes only.
\*===----------------------------------------------------------------------===*/
#ifndef PL_RING_QUERY_H
#define PL_RING_QUERY_H

#include <llvm-c/Core.h>

struct pl_report;

/** The first field of libpipeline.h's pl_ring_info ("PLRB"), which marks
 * a variable as a query; keep the two in step. */
#define PL_RING_QUERY_MAGIC 0x504C5242u

/** Fills every query variable of module `m` (see the file comment) whose
 * kernel has a pipelined loop in `r` that needs dynamic shared memory;
 * returns how many it changed. Leaves every other global alone. */
unsigned pl_ring_queries_fill(LLVMModuleRef m, const struct pl_report *r);

/** Nonzero when module `m` holds a query variable (see the file comment)
 * for kernel `fn`: the host code of this translation unit asks how many
 * bytes to launch `fn` with, so a launch of it can give a ring in dynamic
 * shared memory its bytes. Compares demangled names, as the report does
 * (report.c). Changes nothing. */
int pl_ring_query_asked(LLVMModuleRef m, LLVMValueRef fn);

#endif /* PL_RING_QUERY_H */
