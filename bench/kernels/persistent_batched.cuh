// Real-world shapes 7 and 3: a batched GEMM whose blocks loop over the
// batch (grid-stride / persistent style) around the K loop.
//
// Imitates batched kernels that launch a fixed grid and walk the batch,
//   for (int b = blockIdx.z; b < batch; b += gridDim.z) { ... K loop ... }
// so the tile loop is an inner loop of an outer loop, with a trip count
// (n / 32) that does not change from one batch to the next (shape 7). The
// 32x32 tiles are copied by 32x8 threads, four rows each, at offsets of 8
// rows (`As[ty + 8 * j][tx]`: several copies into one tile by one thread,
// 2-D thread indices, shape 3). Each thread computes 4 outputs.
// C[b] = A[b] * B[b], each n x n row-major, n a multiple of 32.
#ifndef BENCH_PERSISTENT_BATCHED_CUH
#define BENCH_PERSISTENT_BATCHED_CUH
#include "tile_copy.h"

#define PB_T 32
#define PB_TY 8

__global__ void __launch_bounds__(256)
    persistentBatchedGemm(int n, int batch, const float *__restrict__ A,
                          const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[PB_T][PB_T + 1];
  __shared__ float Bs[PB_T][PB_T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * PB_T, col0 = blockIdx.x * PB_T;
  for (int b = blockIdx.z; b < batch; b += gridDim.z) {
    const size_t off = (size_t)b * n * n;
    const float *Ab = A + off, *Bb = B + off;
    float acc[PB_T / PB_TY] = {};
    for (int k0 = 0; k0 < n; k0 += PB_T) {
#pragma unroll
      for (int j = 0; j < PB_T / PB_TY; ++j) {
        PL_TILE_COPY(As[ty + PB_TY * j][tx] = Ab[(size_t)(row0 + ty + PB_TY * j) * n + k0 + tx]);
        PL_TILE_COPY(Bs[ty + PB_TY * j][tx] = Bb[(size_t)(k0 + ty + PB_TY * j) * n + col0 + tx]);
      }
      __syncthreads();
#pragma unroll
      for (int k = 0; k < PB_T; ++k) {
        const float bv = Bs[k][tx];
#pragma unroll
        for (int j = 0; j < PB_T / PB_TY; ++j)
          acc[j] += As[ty + PB_TY * j][k] * bv;
      }
      __syncthreads();
    }
#pragma unroll
    for (int j = 0; j < PB_T / PB_TY; ++j)
      C[off + (size_t)(row0 + ty + PB_TY * j) * n + col0 + tx] = acc[j];
  }
}
#endif
