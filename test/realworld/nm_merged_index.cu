// A guarded, unrolled copy whose tile index clang computes on both paths of
// the guard and merges with a phi (`phi [zext %j, %a], [zext %j, %b]`): the
// index is computed once before the guard's branch (lib/unmerge.c) and the
// loop pipelined (the bench's colgemv). Near miss (known limit): a
// z-marching stencil whose counter's increment is duplicated in both
// branches of the compute and merged before the latch. ScalarEvolution
// does not see that merge through, so the copies are not recomputable for
// a later iteration: declined, with the merge named by its source line and
// no IR in the remark (the bench's zstencil; docs/design.md, Known
// limits). clang 22 merges the stencil's counter differently: its
// copy loop is then legal (the destination a mixed radix of the copy loop's
// counter, `plane[i / PX][i % PX]`), and the cost model declines it as too
// close to call without ptxas's register count.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefixes=CHECK,%if llvm-19 %{L19%} %else %{L22%} --implicit-check-not="kernel 'zStencil(int, int, int, float, float, float, float const*, float*)'] [-Rpass=cuda-pipeline]"
// CHECK-DAG: col_gemv.cuh:47:3: remark: pipelined loop with 4 stages: tile 'ta' 4224 -> 16896 bytes, tile 'xs' 128 -> 512 bytes; 5 cp.async copies of 4 bytes{{.*}}[sm_90, kernel 'void colGemv<32, 8, 32>
// L22-DAG: z_stencil.cuh:37:3: remark: loop not pipelined: on sm_90 a ring pays at some of the plain kernel's register counts {{.*}}[sm_90, kernel 'zStencil
// L19-DAG: z_stencil.cuh:37:3: remark: loop not pipelined: the copy into tile 'plane' depends on a value merged from 2 paths near line {{[0-9]+}}, which is not an induction variable with a loop-invariant step [sm_90, kernel 'zStencil
// CHECK-NOT: phi i
#include "../../bench/kernels/col_gemv.cuh"
#include "../../bench/kernels/z_stencil.cuh"

template __global__ void colGemv<32, 8, 32>(int, int, const float *__restrict__,
                                            const float *__restrict__, float *__restrict__);
