/*===- lib/pressure.h - registers per thread, estimated from the IR -----===*\
 *
 * FILE: lib/pressure.h
 * DESCRIPTION:
 *   The registers a kernel needs are what ptxas allocates, and ptxas runs
 *   after the pass. Running it from the pass (lib/ptxas.h) costs a second
 *   compile of each kernel it is asked about, so by default the cost model
 *   estimates the count from the IR instead: the most 32-bit words of
 *   values live at once anywhere in the kernel (register pressure, from
 *   SSA liveness: Appel, "Modern Compiler Implementation", ch. 10), scaled
 *   by a factor fitted to ptxas's counts (docs/design.md, "Registers").
 *   Only values that need a register of their own count: not constants,
 *   kernel parameters (ptxas reads them from the constant bank), globals,
 *   allocas, predicates (i1: a register file of their own), nor values
 *   that fold into their users (casts, GEPs with constant indices,
 *   extractvalue of a struct still held).
 * USAGE:
 *   unsigned words = pl_register_pressure(module, kernel);
\*===----------------------------------------------------------------------===*/
#ifndef PL_PRESSURE_H
#define PL_PRESSURE_H

#include <llvm-c/Core.h>

/** The most 32-bit words of SSA values live at once at any point of
 * function `fn` of module `m` (sizes from m's data layout; a value in the
 * shared state space, or a pointer into a __shared__ variable, is one
 * word: the shared window is 32 bits wide, PTX ISA "Shared State Space").
 * A GEP with the base and variable indices of an earlier one, less the
 * constants added to them, is that GEP's register plus an immediate.
 * 0 for a declaration. Never changes the IR; linear in the instructions
 * but for the liveness sets (blocks x values / 64 words, to a fixed
 * point). */
unsigned pl_register_pressure(LLVMModuleRef m, LLVMValueRef fn);

#endif /* PL_PRESSURE_H */
