// Four copies unrolled to a thread under one zero-fill guard, in the two
// shapes of test/realworld/Inputs/guarded_unrolled.cuh: under a thread
// predicate (`if (tid < 128)`; clang splits each copy into a store of the
// load and a store of zeros, under that predicate), and with `am + 3`
// written `(tid >> 1) | 3` (distinct from `((tid >> 1) & 508) | 2` by its
// known low bits). Each is pipelined as a ring of zero-filling cp.async,
// with no store of zeros left in the loop. Near miss: indices whose
// known bits do not tell them apart (`x | 1` beside `(x & 508) | 1`, equal
// where bit 1 of x is 0). And a guarded copy whose predicate changes with
// the tile counter (`if (k < tid)`): a ring whose skipped copies keep the
// slot before's bytes (docs/design.md, "Skipped copies").
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: guarded_unrolled.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'AsT' 2048 -> {{[0-9]+}} bytes, tile 'Bs' 2048 -> {{[0-9]+}} bytes; 6 cp.async copies of 4 bytes{{.*}}predicatedLoads
// CHECK-DAG: guarded_unrolled.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'AsT' 4096 -> {{[0-9]+}} bytes, tile 'Bs' 4096 -> {{[0-9]+}} bytes; 8 cp.async copies of 4 bytes{{.*}}rowMajorThreads
// The A copies zero-fill where k0 + ak >= K: four each in predicatedLoads
// (two of them split copies) and in rowMajorThreads, with the B copies.
// PTX-LABEL: .entry _Z15predicatedLoadsILi64ELi8EEviiiPKfS1_Pf(
// PTX-COUNT-6: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-LABEL: .entry _Z15rowMajorThreadsILi128ELi8EEviiiPKfS1_Pf(
// PTX-COUNT-8: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// IR-LABEL: define {{.*}}predicatedLoads
// IR-NOT: store float 0.000000e+00, ptr {{.*}}AsT
// IR: ret void
// IR-LABEL: define {{.*}}rowMajorThreads
// IR-NOT: store float 0.000000e+00, ptr {{.*}}AsT
// IR: ret void
#include <cuda_runtime.h>

#include "Inputs/guarded_unrolled.cuh"

template __global__ void predicatedLoads<64, 8>(int, int, int, const float *, const float *,
                                                float *);
template __global__ void rowMajorThreads<128, 8>(int, int, int, const float *, const float *,
                                                 float *);

// Row x | 1 and row (x & 508) | 1 of one thread are the same row where bit
// 1 of x is 0: the copies may overlap, and no ring may take them.
__global__ void __launch_bounds__(256) bitsOverlap(const float *__restrict__ A, float *out, int n) {
  __shared__ float t[512];
  const int x = threadIdx.x >> 1;
  float acc = 0.0f;
  // CHECK-DAG: guarded_unrolled.cu:[[@LINE+1]]:3: remark: {{.*}}no ring: two copies into tile 't' may write the same bytes{{.*}}bitsOverlap
  for (int k = 0; k < n; ++k) {
    t[x | 1] = A[k * 512 + (x | 1)];
    t[(x & 508) | 1] = A[k * 512 + x + 1];
    __syncthreads();
    acc += t[threadIdx.x] * t[511 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// The guarded copy's predicate compares the tile counter: some iterations
// skip it, and the fix-up moves the slot before's bytes into the skipped
// ones, as the tile keeps them.
__global__ void __launch_bounds__(256) varyingPredicate(const float *__restrict__ A, float *out,
                                                        int n, int K) {
  __shared__ float t[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: guarded_unrolled.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: tile 't' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; 1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}varyingPredicate
  for (int k = 0; k < n; ++k) {
    if (k < tid) {
      if (k * 8 + tid % 8 < K)
        t[tid] = A[k * 256 + tid];
      else
        t[tid] = 0.0f;
    }
    __syncthreads();
    acc += t[(tid * 7) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}
