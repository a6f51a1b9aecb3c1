// Public kernels that reuse their dynamic shared memory after a tile loop
// (Inputs/dynamic_reuse.cuh): a block reduction through the buffer the row's
// chunks were staged in, a carry of the last chunk's last element, and a
// total the threads add into the buffer with shared atomics. The
// ring lives in dynamic shared memory and ends on slot 0, which starts where
// the buffer does (docs/design.md, "The last tile in slot 0"), so the code
// after the loop finds the buffer as the loop as written leaves it.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// CHECK-DAG: remark: pipelined loop with 3 stages: tile 'buf' (dynamic shared memory, of which the kernel uses 1024 bytes at most) -> 3072 bytes;{{.*}}the last iteration fills slot 0 of the ring, the bytes of tile 'buf', which is read after the loop;{{.*}}kernel 'void rowAutocorr<256>(
// CHECK-DAG: remark: pipelined loop with 3 stages: tile '__smem' (dynamic shared memory, of which the kernel uses 512 bytes at most) -> 1536 bytes;{{.*}}the last iteration fills slot 0 of the ring, the bytes of tile '__smem', which is read after the loop;{{.*}}kernel 'void blockedDiff<int, 128>(
// CHECK-DAG: remark: pipelined loop with 3 stages: tile 'cbuf' (dynamic shared memory, of which the kernel uses 512 bytes at most) -> 1536 bytes;{{.*}}the last iteration fills slot 0 of the ring, the bytes of tile 'cbuf', which is read after the loop;{{.*}}kernel 'void rowTotals<128>(
#include "Inputs/dynamic_reuse.cuh"

template __global__ void rowAutocorr<256>(const float *, float *, int);
template __global__ void blockedDiff<int, 128>(const int *, int *, int *, int);
template __global__ void rowTotals<128>(const unsigned *, unsigned *, int);
