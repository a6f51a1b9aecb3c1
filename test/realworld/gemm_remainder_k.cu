// A tiled SGEMM template whose K loop runs over the full
// tiles, followed by a remainder loop for the last, ragged tile, both
// through one helper that loads the tiles and over the same __shared__
// arrays; asserts as public code writes them. Both loops are pipelined,
// each with a ring of its own.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="not pipelined"
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
#include <assert.h>

template <int T>
__device__ __forceinline__ void loadTiles(float (*As)[T + 1], float (*Bs)[T + 1], const float *A,
                                          const float *B, int M, int N, int K, int k0, int row,
                                          int col) {
  const int ty = threadIdx.y, tx = threadIdx.x;
  As[ty][tx] = (row < M && k0 + tx < K) ? A[(size_t)row * K + k0 + tx] : 0.0f;
  Bs[ty][tx] = (k0 + ty < K && col < N) ? B[(size_t)(k0 + ty) * N + col] : 0.0f;
}

template <int T>
__global__ void __launch_bounds__(T *T)
    sgemmRemainder(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                   float *__restrict__ C) {
  __shared__ float As[T][T + 1];
  __shared__ float Bs[T][T + 1];
  assert(blockDim.x == T && blockDim.y == T);
  const int ty = threadIdx.y, tx = threadIdx.x;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  const int full = K / T;
  int t = 0;
  // CHECK: gemm_remainder_k.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (; t < full; ++t) {
    loadTiles<T>(As, Bs, A, B, M, N, K, t * T, row, col);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  // CHECK: gemm_remainder_k.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (; t * T < K; ++t) {
    loadTiles<T>(As, Bs, A, B, M, N, K, t * T, row, col);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  if (row < M && col < N)
    C[(size_t)row * N + col] = acc;
}

template __global__ void sgemmRemainder<16>(int, int, int, const float *, const float *, float *);
