// Real-world shape 4: a sync-first tile loop,
//   for (...) { __syncthreads(); copy; __syncthreads(); compute; }
//
// Imitates the many tutorial and course matmuls that put the barrier that
// protects the tile from the previous iteration's readers at the *top* of
// the loop body, before the copy, instead of at the bottom. After loop
// rotation the loop's latch holds the compute, not a barrier. A 64x64 block
// tile, K step 16, 16x16 threads, each computing a 4x4 micro-tile; each
// thread copies one float4 of A and one float4 of B per iteration (one
// copy per tile, so nothing else in here needs the other shapes).
// C = A * B, row-major; M and N multiples of 64, K a multiple of 16 (trip
// count K / 16).
#ifndef BENCH_SYNC_FIRST_CUH
#define BENCH_SYNC_FIRST_CUH
#include "tile_copy.h"

#define SF_BM 64
#define SF_BN 64
#define SF_BK 16

__global__ void __launch_bounds__(256)
    matmulSyncFirst(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                    float *__restrict__ C) {
  __shared__ __align__(16) float As[SF_BM][SF_BK];
  __shared__ __align__(16) float Bs[SF_BK][SF_BN];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tid = ty * blockDim.x + tx;
  const int row0 = blockIdx.y * SF_BM, col0 = blockIdx.x * SF_BN;
  const int ar = tid / 4, ac = (tid % 4) * 4;   // A tile: 64 rows of 4 float4
  const int br = tid / 16, bc = (tid % 16) * 4; // B tile: 16 rows of 16 float4
  (void)M;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < K; k0 += SF_BK) {
    __syncthreads(); // everyone is done reading the previous tile
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&As[ar][ac]) =
                     *reinterpret_cast<const float4 *>(&A[(size_t)(row0 + ar) * K + k0 + ac]));
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&Bs[br][bc]) =
                     *reinterpret_cast<const float4 *>(&B[(size_t)(k0 + br) * N + col0 + bc]));
    __syncthreads(); // the tile is complete
#pragma unroll
    for (int k = 0; k < SF_BK; ++k) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        a[i] = As[ty * 4 + i][k];
#pragma unroll
      for (int j = 0; j < 4; ++j)
        b[j] = Bs[k][tx * 4 + j];
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += a[i] * b[j];
    }
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(row0 + ty * 4 + i) * N + col0 + tx * 4 + j] = acc[i][j];
}
#endif
