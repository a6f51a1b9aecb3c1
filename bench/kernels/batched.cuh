// Batched small GEMM: blockIdx.z picks the batch; TILE 16, 256 threads.
// C[b] = A[b] * B[b], each n x n row-major, n a multiple of 16.
#ifndef BENCH_BATCHED_CUH
#define BENCH_BATCHED_CUH
#include "tile_copy.h"

#define BT 16

__global__ void batchedGemm(int n, const float *__restrict__ A, const float *__restrict__ B,
                            float *__restrict__ C) {
  __shared__ float As[BT][BT + 1];
  __shared__ float Bs[BT][BT + 1];
  const size_t off = (size_t)blockIdx.z * n * n;
  const int row = blockIdx.y * BT + threadIdx.y, col = blockIdx.x * BT + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n / BT; ++t) {
    PL_TILE_COPY(As[threadIdx.y][threadIdx.x] = A[off + (size_t)row * n + t * BT + threadIdx.x]);
    PL_TILE_COPY(Bs[threadIdx.y][threadIdx.x] = B[off + (size_t)(t * BT + threadIdx.y) * n + col]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BT; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[off + (size_t)row * n + col] = acc;
}
#endif
