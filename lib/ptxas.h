/*===- lib/ptxas.h - registers per thread, as ptxas allocates them ------===*\
 *
 * FILE: lib/ptxas.h
 * DESCRIPTION:
 *   Registers are unknown before ptxas, and occupancy hangs on them: a
 *   block of 1024 threads fits twice on an SM at 32 registers per thread
 *   and once at 33 (CUDA C++ Programming Guide, "Technical Specifications
 *   per Compute Capability": 64 K 32-bit registers per SM). No estimate
 *   from the IR finds such a cliff reliably: the CUDA Samples' matrixMul
 *   takes 40 registers with its asserts before and in the loop, 32 with
 *   either alone, for the same loop (docs/design.md, "Registers from
 *   ptxas"). With `ptxas=on` (or a path) the plan asks ptxas itself, for
 *   the loops whose decision depends on the count within a factor of 2 of
 *   its estimate (pl_cost_registers_matter); by default it estimates
 *   (lib/pressure.h), since each kernel asked about costs a second compile.
 *   Each count is kept in
 *   a cache on disk (`ptxas-cache`), named by the BLAKE3 hash of the
 *   kernel's bitcode taken alone with what it uses (pl_extract_bitcode) and
 *   of the LLVM, the target and the ptxas: a kernel compiled before,
 *   unchanged, is not compiled again, whatever else changed in its file.
 *   Where the cache does not hold it, the kernel is taken alone, compiled
 *   to PTX by LLVM's own NVPTX back end (LLVMTargetMachineEmitToMemoryBuffer,
 *   for the kernel's target-cpu and target-features) and assembled by
 *   `ptxas -v`, whose "Used N registers" line is read back: one run per
 *   kernel asked about, since few kernels are (a run over every kernel that
 *   might ask, at the first question, compiled most of a file's kernels for
 *   nothing). Nothing of the module changes.
 * USAGE:
 *   pl_ptxas *p = pl_ptxas_new("ptxas", pl_ptxas_cache_default());
 *   unsigned regs = pl_ptxas_registers(p, kernel, rdc); // 0: unknown
 *   pl_ptxas_free(p);
\*===----------------------------------------------------------------------===*/
#ifndef PL_PTXAS_H
#define PL_PTXAS_H

#include <llvm-c/Core.h>

/** The register counts of one module's kernels, taken as asked (opaque;
 * owned by whoever called pl_ptxas_new). */
typedef struct pl_ptxas pl_ptxas;

/** A new, empty set of counts that will run the executable `ptxas` (a
 * path, or a name looked up on PATH as execvp(3) does) and keep them in the
 * cache directory `cache_dir` (created as needed; NULL or "": no cache);
 * never NULL. */
pl_ptxas *pl_ptxas_new(const char *ptxas, const char *cache_dir);

/** The cache's directory by default, a malloc'd path: the environment's
 * LIBPIPELINE_CACHE_DIR (NULL when it is "off" or empty), else
 * $XDG_CACHE_HOME/libpipeline, else $HOME/.cache/libpipeline (the XDG Base
 * Directory Specification's place for "user-specific non-essential data
 * files"), else NULL. */
char *pl_ptxas_cache_default(void);

/** Frees `p` (NULL is fine). */
void pl_ptxas_free(pl_ptxas *p);

/** 32-bit registers per thread that ptxas allocates to kernel `kernel`
 * (an NVPTX entry function) as it stands at the first call about it;
 * later calls read what was found. `rdc` nonzero: the
 * device code is relocatable, and ptxas compiles without linking (`-c`).
 * Returns 0 when the count is unknown: the back end or ptxas could not be
 * run, ptxas failed, or its output names no count for the kernel; then
 * pl_ptxas_failure says why. Never changes the module. A cache that
 * cannot be read or written is no cache (the count is measured). */
unsigned pl_ptxas_registers(pl_ptxas *p, LLVMValueRef kernel, int rdc);

/** Why the counts are unknown ("" when they are known or not asked for
 * yet), as a lower-case clause for a remark, e.g. "ptxas was not found". */
const char *pl_ptxas_failure(const pl_ptxas *p);

/** The warning for a ptxas the user named (`ptxas=PATH`) that could not
 * serve: a malloc'ed one-line message the caller frees, naming the path,
 * the architecture `arch` (e.g. "sm_90") and what failed -- it could not
 * be run (not found, not executable: the spawn's error), it exited with a
 * non-zero status (with the first line it printed), or a signal ended it --
 * and saying that the cost model estimates the registers instead. NULL
 * when `p` is NULL, ptxas was not run (no question came, or the NVPTX back
 * end or the temporary file failed first), or it succeeded. */
char *pl_ptxas_warning(const pl_ptxas *p, const char *arch);

#endif /* PL_PTXAS_H */
