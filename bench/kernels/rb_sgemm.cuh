// Register-blocked SGEMM: block tile 128x128, K step 8, 256 threads, each
// computing 8x8 outputs; tiles copied with float4. C = A * B, row-major,
// M and N multiples of 128, K a multiple of 8.
#ifndef BENCH_RB_SGEMM_CUH
#define BENCH_RB_SGEMM_CUH
#include "tile_copy.h"

#define RB_BM 128
#define RB_BN 128
#define RB_BK 8

__global__ void __launch_bounds__(256)
    rbSgemm(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
            float *__restrict__ C) {
  __shared__ __align__(16) float As[RB_BM][RB_BK];
  __shared__ __align__(16) float Bs[RB_BK][RB_BN];
  const int tid = threadIdx.x;
  const int tx = tid % 16, ty = tid / 16;
  const int row0 = blockIdx.y * RB_BM, col0 = blockIdx.x * RB_BN;
  (void)M;
  float acc[8][8] = {};
  for (int k0 = 0; k0 < K; k0 += RB_BK) {
    const int ar = tid / 2, ac = (tid % 2) * 4;
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&As[ar][ac]) =
                     *reinterpret_cast<const float4 *>(&A[(size_t)(row0 + ar) * K + k0 + ac]));
    const int br = tid / 32, bc = (tid % 32) * 4;
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&Bs[br][bc]) =
                     *reinterpret_cast<const float4 *>(&B[(size_t)(k0 + br) * N + col0 + bc]));
    __syncthreads();
#pragma unroll
    for (int k = 0; k < RB_BK; ++k) {
      float a[8], b[8];
#pragma unroll
      for (int i = 0; i < 8; ++i)
        a[i] = As[ty * 8 + i][k];
#pragma unroll
      for (int j = 0; j < 8; ++j)
        b[j] = Bs[k][tx * 8 + j];
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
          acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j)
      C[(size_t)(row0 + ty * 8 + i) * N + col0 + tx * 8 + j] = acc[i][j];
}
#endif
