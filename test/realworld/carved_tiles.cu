// Tiles carved from one dynamic shared buffer and filled by copy loops
// whose step is the block size (test/realworld/Inputs/carved_tiles.cuh):
// each copy alone writes distinct bytes on every iteration of its loop, and
// the copies lie in windows of the buffer that no two share -- its
// constant plus the range its function of the loop's counter takes over
// the counter's range. Pipelined: one loop filling both tiles with one
// index, one loop filling one tile transposed and the other as it is, one
// loop per tile, and a 2-D halo tile beside a weight tile. Declined, the
// IR left as written: a second tile that starts inside what the loop writes
// of the first, in one loop and in two.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: carved_tiles.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'smem' (dynamic shared memory, of which the kernel uses 2048 bytes at most) -> 6144 bytes; 2 cp.async copies of 4 bytes{{.*}}carvedGemm<32, 8>
// CHECK-DAG: carved_tiles.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'smem' (dynamic shared memory, of which the kernel uses 4096 bytes at most) -> 12288 bytes; 2 cp.async copies of 4 bytes{{.*}}carvedTransposed
// CHECK-DAG: carved_tiles.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'smem' (dynamic shared memory, of which the kernel uses 8192 bytes at most) -> 24576 bytes; 2 cp.async copies of 4 bytes{{.*}}carvedTwoLoops(
// CHECK-DAG: carved_tiles.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'buf' (dynamic shared memory, of which the kernel uses 2592 bytes at most) -> 8064 bytes; 2 cp.async copies of 4 bytes{{.*}}carvedHalo
// CHECK-DAG: carved_tiles.cuh:{{[0-9]+}}:3: remark: loop not pipelined: two copies of one copy loop into tile 'smem' may write the same bytes on different iterations of it, and cp.async gives them no order{{.*}}carvedOverlap
// CHECK-DAG: carved_tiles.cuh:{{[0-9]+}}:3: remark: loop not pipelined: copies into tile 'smem' in different loops of the copy stage (or in a loop and outside it) may write the same bytes{{.*}}carvedTwoLoopsOverlap
// Each pipelined kernel issues its two copies of every iteration as cp.async
// into the ring (the prologue's and the steady state's); the template's
// instance comes last.
// PTX-LABEL: .entry _Z16carvedTransposedPKfS0_Pfii(
// PTX-COUNT-4: cp.async.ca.shared.global
// PTX: ret;
// PTX-LABEL: .entry _Z14carvedTwoLoopsPKfS0_Pfi(
// PTX-COUNT-4: cp.async.ca.shared.global
// PTX: ret;
// PTX-LABEL: .entry _Z10carvedHaloPKfS0_Pfii(
// PTX-COUNT-4: cp.async.ca.shared.global
// PTX: ret;
// PTX-LABEL: .entry _Z13carvedOverlapPKfS0_Pfi(
// PTX-NOT: cp.async
// PTX: ret;
// PTX-LABEL: .entry _Z21carvedTwoLoopsOverlapPKfS0_Pfi(
// PTX-NOT: cp.async
// PTX: ret;
// PTX-LABEL: .entry _Z10carvedGemmILi32ELi8EEvPKfS1_Pfii(
// PTX-COUNT-4: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], [%rd{{[0-9]+}}], 4{{(, %r[0-9]+)?}};
// PTX: ret;
// IR-LABEL: define {{.*}}carvedOverlap
// IR-NOT: pl.
// IR: ret void
// IR-LABEL: define {{.*}}carvedTwoLoopsOverlap
// IR-NOT: pl.
// IR: ret void
#include <cuda_runtime.h>

#include "Inputs/carved_tiles.cuh"

template __global__ void carvedGemm<32, 8>(const float *, const float *, float *, int, int);
