// Shape 3, copy loops inside sync-first loops (Inputs/sync_first_copy_loops.cuh):
//   for (...) { __syncthreads(); for (y = ty; y < 128; y += 8) tile[y][tx] = ..; __syncthreads(); compute; }
// The copy stage with loops is cloned whole for each issue; its first block
// opens with the top barrier, which is removed and never cloned. Declined
// (CopyInInnerLoop) before.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// CHECK: sync_first_copy_loops.cuh:18:3: remark: pipelined loop with 2 stages: tile 'tile' 16896 -> 33792 bytes; 1 cp.async copy of 4 bytes; removed the top barrier (sm_90: predicted {{.*}}[sm_90, kernel 'stripColumnSums
// CHECK: sync_first_copy_loops.cuh:45:3: remark: pipelined loop with 3 stages: tile 'As' 4352 -> 13056 bytes, tile 'Bs' 4096 -> 12288 bytes; 2 cp.async copies of 4 bytes; removed the top barrier (sm_90: predicted {{.*}}[sm_90, kernel 'void sgemmSyncFirst<64, 64, 16>
// The strips kernel: one barrier before the prologue's copy loop, then one
// per iteration, after the wait, before the next iteration's copy loop.
// PTX-LABEL: .entry _Z15stripColumnSums
// PTX: bar.sync 0;
// PTX: cp.async.ca.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 4;
// PTX: cp.async.wait_group 0;
// PTX-NEXT: bar.sync 0;
// PTX-NOT: bar.sync
// PTX: cp.async.ca.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-NOT: bar.sync
// PTX-LABEL: .entry _Z14sgemmSyncFirst
// PTX: cp.async.wait_group 1;
//
// In a sync-first loop with copy loops, a copy loop that writes the same
// bytes twice stays declined as in any other loop.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.nm.ll -DNEAR_MISS -fplugin-arg-pipeline-only=overlapping -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NEAR-MISS
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.nm.plain.ll -DNEAR_MISS -fplugin-arg-pipeline-disable -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: diff %t.nm.plain.ll %t.nm.ll
// NEAR-MISS: sync_first_copy_loop.cu:[[@LINE+12]]:3: remark: loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations

#include "Inputs/sync_first_copy_loops.cuh"

template __global__ void sgemmSyncFirst<64, 64, 16>(int, int, int, const float *, const float *,
                                                    float *);

#ifdef NEAR_MISS
// Rows y and y + 8 of a thread's copies land on the same row when y % 64 wraps.
__global__ void __launch_bounds__(256) overlapping(const float *__restrict__ in, float *out, int n) {
  __shared__ float tile[64][33];
  float acc = 0.0f;
  for (int s = 0; s < n; ++s) {
    __syncthreads();
    for (int y = threadIdx.y; y < 128; y += 8)
      tile[y % 64][threadIdx.x] = in[(s * 128 + y) * 32 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.y][threadIdx.x];
  }
  out[threadIdx.y * 32 + threadIdx.x] = acc;
}
#endif
