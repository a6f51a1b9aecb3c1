// Real-world shape 9: float4 copies through __ldg with a vector guard,
//   float4 t; if (ok) t = __ldg(p); else t = make_float4(0, 0, 0, 0);
//
// Imitates pairwise-score kernels (a QK^T score matrix, a Gram or kernel
// matrix, k-NN distances) written with the read-only cache intrinsic on
// float4 and bounds checks on every edge: S = X * Y^T, X (M x D), Y (N x D),
// both row-major, S (M x N). A 64x64 block tile, D step 16; 16x16 threads,
// each copying one float4 of X and one of Y per iteration and computing a
// 4x4 micro-tile. M and N are arbitrary (ragged rows are zero-filled, and
// their outputs not written); D a multiple of 4, ragged against the step
// (trip count ceil(D / 16)).
#ifndef BENCH_GRAM_LDG4_CUH
#define BENCH_GRAM_LDG4_CUH
#include "tile_copy.h"

#define GR_B 64
#define GR_K 16

__global__ void __launch_bounds__(256)
    gramLdg4(int M, int N, int D, const float *__restrict__ X, const float *__restrict__ Y,
             float *__restrict__ S) {
  __shared__ __align__(16) float Xs[GR_B][GR_K + 4];
  __shared__ __align__(16) float Ys[GR_B][GR_K + 4];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tid = ty * 16 + tx;
  const int r = tid / 4, c = (tid % 4) * 4; // 64 rows of 4 float4
  const int xrow = blockIdx.y * GR_B + r, yrow = blockIdx.x * GR_B + r;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < D; k0 += GR_K) {
    const bool xok = xrow < M && k0 + c < D;
    const bool yok = yrow < N && k0 + c < D;
    float4 xv, yv;
    if (xok)
      xv = __ldg(reinterpret_cast<const float4 *>(&X[(size_t)xrow * D + k0 + c]));
    else
      xv = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (yok)
      yv = __ldg(reinterpret_cast<const float4 *>(&Y[(size_t)yrow * D + k0 + c]));
    else
      yv = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&Xs[r][c]) = xv);
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&Ys[r][c]) = yv);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < GR_K; ++k) {
      float a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        a[i] = Xs[ty * 4 + i][k];
#pragma unroll
      for (int j = 0; j < 4; ++j)
        b[j] = Ys[tx * 4 + j][k];
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int row = blockIdx.y * GR_B + ty * 4 + i;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int col = blockIdx.x * GR_B + tx * 4 + j;
      if (row < M && col < N)
        S[(size_t)row * N + col] = acc[i][j];
    }
  }
}
#endif
