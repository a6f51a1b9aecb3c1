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
#ifdef PL_HAND
#include "../cp_async.cuh"
// The hand-written ring: 3 slots of As and Bs, K tiles k+1 and k+2 in
// flight while tile k is computed, one barrier per tile, each copy by
// cp.async of 4 bytes. A skipped element must hold the tile before's value,
// as in the plain kernel, so after tile k lands each thread moves its own
// skipped elements from slot k-1 into slot k, before the barrier and before
// it issues tile k+2 into slot k-1. The same arithmetic in the same order.
__device__ __forceinline__ void sgIssue(float (*as)[SG_BK], float (*bs)[SG_BN], int M, int N,
                                        int K, const float *__restrict__ A,
                                        const float *__restrict__ B, int row0, int col0, int k0) {
  for (int i = threadIdx.x; i < SG_BM * SG_BK; i += SG_NT) {
    const int r = i / SG_BK, c = i % SG_BK;
    if (row0 + r < M && k0 + c < K)
      pl_cp_async4(&as[r][c], &A[(size_t)(row0 + r) * K + k0 + c]);
  }
  for (int i = threadIdx.x; i < SG_BK * SG_BN; i += SG_NT) {
    const int r = i / SG_BN, c = i % SG_BN;
    if (k0 + r < K && col0 + c < N)
      pl_cp_async4(&bs[r][c], &B[(size_t)(k0 + r) * N + col0 + c]);
  }
  pl_commit();
}

// Moves the elements tile k0 skips from the slot before (as0, bs0).
__device__ __forceinline__ void sgFixUp(float (*as)[SG_BK], float (*bs)[SG_BN],
                                        float (*as0)[SG_BK], float (*bs0)[SG_BN], int M, int N,
                                        int K, int row0, int col0, int k0) {
  for (int i = threadIdx.x; i < SG_BM * SG_BK; i += SG_NT) {
    const int r = i / SG_BK, c = i % SG_BK;
    if (!(row0 + r < M && k0 + c < K))
      as[r][c] = as0[r][c];
  }
  for (int i = threadIdx.x; i < SG_BK * SG_BN; i += SG_NT) {
    const int r = i / SG_BN, c = i % SG_BN;
    if (!(k0 + r < K && col0 + c < N))
      bs[r][c] = bs0[r][c];
  }
}

__global__ void __launch_bounds__(SG_NT)
    skipGemmHand(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                 float *__restrict__ C) {
  __shared__ float As[3][SG_BM][SG_BK];
  __shared__ float Bs[3][SG_BK][SG_BN];
  const int tid = threadIdx.x, row0 = blockIdx.y * SG_BM, col0 = blockIdx.x * SG_BN;
  const int tr = tid / 16 * 4, tc = tid % 16 * 4;
  const int ntiles = (K + SG_BK - 1) / SG_BK;
  float acc[4][4] = {};
  for (int k = 0; k < 2; ++k)
    if (k < ntiles)
      sgIssue(As[k], Bs[k], M, N, K, A, B, row0, col0, k * SG_BK);
    else
      pl_commit();
  for (int k = 0; k < ntiles; ++k) {
    pl_wait<1>();
    if (k > 0)
      sgFixUp(As[k % 3], Bs[k % 3], As[(k + 2) % 3], Bs[(k + 2) % 3], M, N, K, row0, col0,
              k * SG_BK);
    __syncthreads();
    if (k + 2 < ntiles)
      sgIssue(As[(k + 2) % 3], Bs[(k + 2) % 3], M, N, K, A, B, row0, col0, (k + 2) * SG_BK);
    else
      pl_commit();
    float(*as)[SG_BK] = As[k % 3];
    float(*bs)[SG_BN] = Bs[k % 3];
#pragma unroll
    for (int kk = 0; kk < SG_BK; ++kk)
#pragma unroll
      for (int y = 0; y < 4; ++y)
#pragma unroll
        for (int x = 0; x < 4; ++x)
          acc[y][x] += as[tr + y][kk] * bs[kk][tc + x];
  }
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      if (row0 + tr + y < M && col0 + tc + x < N)
        C[(size_t)(row0 + tr + y) * N + col0 + tc + x] = acc[y][x];
}
#endif
#endif
