// A naive tiled SGEMM as tutorials write it: 64 x 64 block tiles, K in
// steps of 16, each of 256 threads computing 4 x 4 outputs, and copy loops
// whose copies are skipped past the matrix edges with no else
// (`if (row < M && k < K) As[r][c] = A[..]`): a skipped element keeps the
// tile before's value, which only outputs that are not stored, or the
// products past K, see. Any M, N and K >= 16 (the first K tile full).
#ifndef BENCH_SKIP_GEMM_CUH
#define BENCH_SKIP_GEMM_CUH
#include "tile_copy.h"

#define SG_BM 64
#define SG_BN 64
#define SG_BK 16
#define SG_NT 256

__global__ void __launch_bounds__(SG_NT) skipGemm(int M, int N, int K, const float *__restrict__ A,
                                                  const float *__restrict__ B,
                                                  float *__restrict__ C) {
  __shared__ float As[SG_BM][SG_BK];
  __shared__ float Bs[SG_BK][SG_BN];
  const int tid = threadIdx.x, row0 = blockIdx.y * SG_BM, col0 = blockIdx.x * SG_BN;
  const int tr = tid / 16 * 4, tc = tid % 16 * 4;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < K; k0 += SG_BK) {
    for (int i = tid; i < SG_BM * SG_BK; i += SG_NT) {
      const int r = i / SG_BK, c = i % SG_BK;
      if (row0 + r < M && k0 + c < K)
        PL_TILE_COPY(As[r][c] = A[(size_t)(row0 + r) * K + k0 + c]);
    }
    for (int i = tid; i < SG_BK * SG_BN; i += SG_NT) {
      const int r = i / SG_BN, c = i % SG_BN;
      if (k0 + r < K && col0 + c < N)
        PL_TILE_COPY(Bs[r][c] = B[(size_t)(k0 + r) * N + col0 + c]);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < SG_BK; ++kk)
#pragma unroll
      for (int y = 0; y < 4; ++y)
#pragma unroll
        for (int x = 0; x < 4; ++x)
          acc[y][x] += As[tr + y][kk] * Bs[kk][tc + x];
    __syncthreads();
  }
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      if (row0 + tr + y < M && col0 + tc + x < N)
        C[(size_t)(row0 + tr + y) * N + col0 + tc + x] = acc[y][x];
}
#endif
