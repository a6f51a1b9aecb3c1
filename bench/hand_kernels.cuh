// Hand-written 3-stage cp.async rings of the example kernels: what a good
// engineer would write by hand. Same arithmetic in the same order as the
// synchronous versions, so the outputs must be bitwise identical.
#ifndef BENCH_HAND_KERNELS_CUH
#define BENCH_HAND_KERNELS_CUH

#include "cp_async.cuh"

#define HS 3 // stages

// HAND_ZFILL: issue out-of-range copies as zero-fills (src-size 0) instead of
// skipping them behind a branch; the plugin's rewrite does the former.
#ifdef HAND_ZFILL
#define HCP4(s, g, in) pl_cp_async4z(s, g, (in) ? 4 : 0)
#define HCP16(s, g, in) pl_cp_async16z(s, g, (in) ? 16 : 0)
#define HGUARD(c) if (1)
#else
#define HCP4(s, g, in) pl_cp_async4(s, g)
#define HCP16(s, g, in) pl_cp_async16(s, g)
#define HGUARD(c) if (c)
#endif

__global__ void sgemmTiledHand(int N, const float *A, const float *B, float *C) {
  __shared__ __align__(16) float As[HS][TILE][TILE + 1];
  __shared__ __align__(16) float Bs[HS][TILE][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  const int T = N / TILE;
  float acc = 0.0f;
#pragma unroll
  for (int s = 0; s < HS - 1; ++s) {
    HGUARD(s < T) {
      HCP4(&As[s][ty][tx], &A[row * N + s * TILE + tx], s < T);
      HCP4(&Bs[s][ty][tx], &B[(s * TILE + ty) * N + col], s < T);
    }
    pl_commit();
  }
  int slot = 0;
  for (int t = 0; t < T; ++t) {
    pl_wait<HS - 2>();
    __syncthreads();
    const int nt = t + HS - 1;
    const int ns = slot == 0 ? HS - 1 : slot - 1;
    HGUARD(nt < T) {
      HCP4(&As[ns][ty][tx], &A[row * N + nt * TILE + tx], nt < T);
      HCP4(&Bs[ns][ty][tx], &B[(nt * TILE + ty) * N + col], nt < T);
    }
    pl_commit();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[slot][ty][k] * Bs[slot][k][tx];
    slot = slot == HS - 1 ? 0 : slot + 1;
  }
  pl_wait<0>();
  C[row * N + col] = acc;
}

__global__ void __launch_bounds__(256)
    wmmaGemmHand(int M, int N, int K, const half *A, const half *B, float *C) {
  using namespace nvcuda;
  __shared__ __align__(16) half As[HS][WG_BM][WG_BK];
  __shared__ __align__(16) half Bs[HS][WG_BK][WG_BN];
  const int tid = threadIdx.x, warp = tid / 32;
  const int wm = warp / 4, wn = warp % 4;
  const int row0 = blockIdx.y * WG_BM, col0 = blockIdx.x * WG_BN;
  const int T = K / WG_BK;
  (void)M;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  auto issue = [&](int t, int s, bool in) {
    (void)in;
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int idx = tid + i * 256;
      const int ar = idx / 4, ac = (idx % 4) * 8;
      HCP16(&As[s][ar][ac], &A[(size_t)(row0 + ar) * K + t * WG_BK + ac], in);
      const int br = idx / 16, bc = (idx % 16) * 8;
      HCP16(&Bs[s][br][bc], &B[(size_t)(t * WG_BK + br) * N + col0 + bc], in);
    }
  };
#pragma unroll
  for (int s = 0; s < HS - 1; ++s) {
    HGUARD(s < T) issue(s, s, s < T);
    pl_commit();
  }
  int slot = 0;
  for (int t = 0; t < T; ++t) {
    pl_wait<HS - 2>();
    __syncthreads();
    const int ns = slot == 0 ? HS - 1 : slot - 1;
    HGUARD(t + HS - 1 < T) issue(t + HS - 1, ns, t + HS - 1 < T);
    pl_commit();
#pragma unroll
    for (int kk = 0; kk < WG_BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        wmma::load_matrix_sync(a[i], &As[slot][wm * 64 + i * 16][kk], WG_BK);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], &Bs[slot][kk][wn * 32 + j * 16], WG_BN);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    slot = slot == HS - 1 ? 0 : slot + 1;
  }
  pl_wait<0>();
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(
          &C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
          acc[i][j], N, wmma::mem_row_major);
}

#endif
