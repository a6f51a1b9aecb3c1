// Shape 8, sources reached through an array of pointers
// (Inputs/pointer_array_gemm.cuh): `const float *A = Aarray[blockIdx.z]` is
// a generic pointer loaded before the loop, which no compile-time rule
// proves global. The loop is versioned on a runtime test, once per block:
// isspacep.global of each such pointer, made block-uniform by
// __syncthreads_or; the pipelined loop runs where every one is global, the
// original loop otherwise. (profitability=off: at the default the cost
// model declines this kernel, 8 resident blocks covering its latency.)
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// CHECK: pointer_array_gemm.cuh:22:3: remark: pipelined loop with 3 stages: tile 'As' 1088 -> 3264 bytes, tile 'Bs' 1088 -> 3264 bytes; 2 cp.async copies of 4 bytes; removed the second barrier; with a runtime test that its sources are global; cp.async [sm_90, kernel 'void gemmPointerArray<16>
// CHECK: pointer_array_gemm.cuh:22:3: remark: runtime check before the loop, once per block: 2 source pointers computed before the loop and not provably global (a pointer loaded from memory) tested with isspacep.global (1 barrier); where one is not global, the original loop runs
// The test, and no range check (nothing in the loop writes memory).
// IR-LABEL: define {{.*}}gemmPointerArray
// IR: call i1 @llvm.nvvm.isspacep.global(ptr
// IR: call i1 @llvm.nvvm.isspacep.global(ptr
// IR-NOT: atomicrmw
// IR: [[SYNC_OR]]
// IR: cp.async.ca.shared.global.4
//
// A pointer loaded in the loop, per iteration, cannot be tested once:
// declined, the IR as written.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-only=perTile --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.nm.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NEAR-MISS
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.nm.plain.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: diff %t.nm.plain.ll %t.nm.ll
// NEAR-MISS: pointer_array_sources.cu:[[@LINE+11]]:3: remark: loop not pipelined: cannot prove the copy into tile 'tile' reads global memory

#include "Inputs/pointer_array_gemm.cuh"

template __global__ void gemmPointerArray<16>(int, const float *const *, const float *const *,
                                              float *const *);

// Each tile of a block's row comes from its own buffer (`tiles[t]`).
__global__ void __launch_bounds__(256) perTile(int ntiles, const float *const *tiles, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
    tile[threadIdx.x] = tiles[t][blockIdx.x * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
