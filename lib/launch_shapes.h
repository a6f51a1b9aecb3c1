/*===- lib/launch_shapes.h - block shapes of a kernel's launches --------===*\
 *
 * FILE: lib/launch_shapes.h
 * DESCRIPTION:
 *   Most CUDA files launch their kernels in the same translation unit, with
 *   constant block shapes (`k<<<grid, 256>>>`, `dim3 block(32, 8)`). The
 *   clang plugin reads them from the AST of the device compilation
 *   (plugin/launches.h) and the pass writes them into the module before it
 *   runs:
 *
 *     !pl.launch.shapes = !{!N, ...}
 *     !N = !{!"<kernel's mangled name>", i32 x, i32 y, i32 z}
 *
 *   one node per launch, x = y = z = 0 for a launch whose shape is not a
 *   constant. The cost model takes a kernel's block size from them where
 *   the kernel has no launch bounds and asserts no block shape
 *   (lib/cost.c); opt's input may carry the metadata itself.
\*===----------------------------------------------------------------------===*/
#ifndef PL_LAUNCH_SHAPES_H
#define PL_LAUNCH_SHAPES_H

#include <llvm-c/Core.h>

/** What !pl.launch.shapes says of one kernel's launches. */
typedef struct pl_launches {
  unsigned n;           /**< launches recorded */
  unsigned unknown;     /**< of which with a block shape that is not a constant */
  unsigned min_threads; /**< fewest threads per block of the constant ones */
  unsigned max_threads; /**< most threads per block of the constant ones */
  unsigned shape[3];    /**< the last constant one's block shape (x, y, z) */
  int differ;           /**< two constant ones differ in shape */
} pl_launches;

/** The launches of kernel `fn` recorded in its module's
 * !pl.launch.shapes, into *out (all 0 when none is). Malformed nodes are
 * ignored. Changes nothing. */
void pl_launches_of(LLVMValueRef fn, pl_launches *out);

/** Erases !pl.launch.shapes from module `m`, once the pass is done with it,
 * so that the module's output is as without the plugin. */
void pl_launches_erase(LLVMModuleRef m);

#endif /* PL_LAUNCH_SHAPES_H */
