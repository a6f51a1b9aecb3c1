// A transposed A tile filled by four unrolled copies under one zero-fill
// guard, `for (j < 4) AsT[ak][am + j] = (k0 + ak < K) ? A[...] : 0`, as
// SGEMM kernels with a ragged K write it. clang merges the four guards into
// two branches and splits two of the copies into a store of the load on one
// arm and a store of zeros on the other; each such pair is one guarded
// copy. The stores of zeros go with the copies they belong to.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// Every copy of the ring is a zero-filling cp.async; no store of zeros into
// the tile is left in the loop.
// PTX-LABEL: .entry _Z10raggedGemmiiiPKfS0_Pf(
// PTX-COUNT-4: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// IR-LABEL: define {{.*}}raggedGemm
// IR-NOT: store float 0.000000e+00, ptr {{.*}}AsT
// IR: ret void
#include <cuda_runtime.h>

#define BM 64
#define BK 8

__global__ void raggedGemm(int M, int N, int K, const float *__restrict__ A,
                           const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float AsT[BK][BM + 4];
  __shared__ float Bs[BK][BM];
  const int tid = threadIdx.x; // 128 threads
  const int ak = tid / 16, am = (tid % 16) * 4;
  const int bk = tid / 16, bn = (tid % 16) * 4;
  float acc[4] = {};
  // CHECK: split_zero_fill.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'AsT' 2176 -> {{[0-9]+}} bytes, tile 'Bs' 2048 -> {{[0-9]+}} bytes; {{[0-9]+}} cp.async copies
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      AsT[ak][am + j] = (k0 + ak < K) ? A[(blockIdx.y * BM + am + j) * K + k0 + ak] : 0.0f;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      Bs[bk][bn + j] = (k0 + bk < K) ? B[(k0 + bk) * N + blockIdx.x * BM + bn + j] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int i = 0; i < 4; ++i)
        acc[i] += AsT[k][(tid / 16) * 4 + i] * Bs[k][(tid % 16) * 4];
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    C[(blockIdx.y * BM + (tid / 16) * 4 + i) * N + blockIdx.x * BM + (tid % 16) * 4] = acc[i];
}

// Near miss: the zeros go to another element than the load (`if (ok)
// t[x] = A[i]; else t[x + 1] = 0;`): not one copy, declined.
__global__ void zerosElsewhere(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float t[257];
  float acc = 0.0f;
  // CHECK: split_zero_fill.cu:[[@LINE+1]]:3: remark: loop not pipelined: a store into tile 't' writes the constant {{[0-9]+}} on one way of a branch whose other way copies into the tile, but not to the same bytes
  for (int k0 = 0; k0 < K; k0 += 256) {
    if (k0 + (int)threadIdx.x < K)
      t[threadIdx.x] = A[k0 + threadIdx.x];
    else
      t[threadIdx.x + 1] = 0.0f;
    __syncthreads();
    acc += t[(threadIdx.x * 3) % 256];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
