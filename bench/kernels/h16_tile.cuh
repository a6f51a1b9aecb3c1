// A half-precision GEMM with float accumulation, C (fp32) = A * B (fp16,
// row-major), as fp16 tutorials write it: each block of 32 x 8 threads
// computes a 32 x 32 tile of C, each thread 4 outputs of one column (rows
// ty, ty + 8, ty + 16, ty + 24); the K loop copies a 32 x 32 tile of A and
// of B one half per copy, filled past the matrix edges with
// `__float2half(0.0f)` (`As[r][tx] = ok ? A[..] : __float2half(0.0f)`),
// and the compute converts with __half2float. Any M, N, K. Launch: grid
// (ceil(N/32), ceil(M/32)), block (32, 8).
#ifndef BENCH_H16_TILE_CUH
#define BENCH_H16_TILE_CUH
#include "tile_copy.h"

#define HT_TILE 32
#define HT_TY 8
#define HT_RM (HT_TILE / HT_TY) // outputs per thread

__global__ void __launch_bounds__(HT_TILE *HT_TY)
    h16TileGemm(int M, int N, int K, const half *__restrict__ A, const half *__restrict__ B,
                float *__restrict__ C) {
  __shared__ half As[HT_TILE][HT_TILE];
  __shared__ half Bs[HT_TILE][HT_TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * HT_TILE, col = blockIdx.x * HT_TILE + tx;
  float acc[HT_RM] = {};
  for (int k0 = 0; k0 < K; k0 += HT_TILE) {
#pragma unroll
    for (int i = 0; i < HT_RM; ++i) {
      const int r = ty + i * HT_TY;
      const int row = row0 + r, ka = k0 + tx, kb = k0 + r;
      const bool okA = row < M && ka < K, okB = kb < K && col < N;
      PL_TILE_COPY(As[r][tx] = okA ? A[(size_t)row * K + ka] : __float2half(0.0f));
      PL_TILE_COPY(Bs[r][tx] = okB ? B[(size_t)kb * N + col] : __float2half(0.0f));
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < HT_TILE; ++kk) {
      const float b = __half2float(Bs[kk][tx]);
#pragma unroll
      for (int i = 0; i < HT_RM; ++i)
        acc[i] += __half2float(As[ty + i * HT_TY][kk]) * b;
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < HT_RM; ++i) {
    const int row = row0 + ty + i * HT_TY;
    if (row < M && col < N)
      C[(size_t)row * N + col] = acc[i];
  }
}
#ifdef PL_HAND
#include "ring.cuh"
// Two halves into dst: `n` (0 to 2) of them from src, zeros after. A 4-byte
// aligned pair goes by one zero-filling cp.async of 4 bytes (src-size 2n);
// a pair that straddles a 4-byte boundary (odd K or N) by plain loads and
// stores into the slot, which the barrier before its compute publishes.
__device__ __forceinline__ void htPair(half *dst, const half *__restrict__ src,
                                       const half *__restrict__ base, int n) {
  if (n == 0)
    pl_cp_async4z(dst, base, 0);
  else if ((reinterpret_cast<size_t>(src) & 3) == 0)
    pl_cp_async4z(dst, src, 2 * n);
  else {
    dst[0] = src[0];
    dst[1] = n > 1 ? src[1] : __float2half(0.0f);
  }
}

// The hand-written ring: 3 slots of As and Bs (pl_ring_loop), K tiles t+1
// and t+2 in flight while tile t is computed, one barrier per tile; cp.async
// copies 4, 8 or 16 bytes, so each of the 256 threads copies two pairs of
// halves of each tile (htPair). The same arithmetic in the same order.
__global__ void __launch_bounds__(HT_TILE *HT_TY)
    h16TileGemmHand(int M, int N, int K, const half *__restrict__ A, const half *__restrict__ B,
                    float *__restrict__ C) {
  __shared__ __align__(16) half As[3][HT_TILE][HT_TILE];
  __shared__ __align__(16) half Bs[3][HT_TILE][HT_TILE];
  const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * HT_TILE + tx;
  const int row0 = blockIdx.y * HT_TILE, col0 = blockIdx.x * HT_TILE, col = col0 + tx;
  float acc[HT_RM] = {};
  pl_ring_loop<3>((K + HT_TILE - 1) / HT_TILE,
                  [&](int t, int s) {
                    const int k0 = t * HT_TILE;
#pragma unroll
                    for (int j = 0; j < 2; ++j) {
                      const int p = tid + j * HT_TILE * HT_TY; // pair p of the tile's 512
                      const int r = p / (HT_TILE / 2), c = p % (HT_TILE / 2) * 2;
                      const int row = row0 + r, ka = k0 + c, kb = k0 + r, cb = col0 + c;
                      const int na = row < M ? max(0, min(2, K - ka)) : 0;
                      const int nb = kb < K ? max(0, min(2, N - cb)) : 0;
                      htPair(&As[s][r][c], &A[(size_t)row * K + ka], A, na);
                      htPair(&Bs[s][r][c], &B[(size_t)kb * N + cb], B, nb);
                    }
                  },
                  [&](int, int s) {
#pragma unroll
                    for (int kk = 0; kk < HT_TILE; ++kk) {
                      const float b = __half2float(Bs[s][kk][tx]);
#pragma unroll
                      for (int i = 0; i < HT_RM; ++i)
                        acc[i] += __half2float(As[s][ty + i * HT_TY][kk]) * b;
                    }
                  });
#pragma unroll
  for (int i = 0; i < HT_RM; ++i) {
    const int row = row0 + ty + i * HT_TY;
    if (row < M && col < N)
      C[(size_t)row * N + col] = acc[i];
  }
}
#endif
#endif
