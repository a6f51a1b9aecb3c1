// A WMMA fp16 GEMM (fp32 accumulate) over one extern __shared__ buffer, as
// the CUDA Samples' cudaTensorCoreGemm (compute_gemm) and public tutorials
// write it: the A tile and the B tile carved from the buffer at constant
// offsets, each row skewed by WD_SKEW_HALF halves (16 bytes) so that the
// WMMA loads avoid bank conflicts (ldm 40 for A, 136 for B). Block tile
// 128x128, K chunk 32, 256 threads (8 warps, each a 64x32 sub-tile of 4x2
// 16x16x16 fragments), 16-byte copies. Launched with WD_SMEM_BYTES of
// dynamic shared memory (18944). C (M x N) = A (M x K) * B (K x N), all
// row-major; M, N multiples of 128, K a multiple of 32 (trip count K/32).
// Written blind, without looking at the plugin's remarks.
//
// Its hand-written ring (below, under PL_HAND): 3 cp.async stages in the
// same dynamic buffer (WD_STAGES * WD_SMEM_BYTES = 56832 bytes). Same
// arithmetic in the same order, so the outputs are bitwise identical.
// variant.cu includes cuda_fp16.h and mma.h before this file.
#ifndef BENCH_WMMA_DYN_CUH
#define BENCH_WMMA_DYN_CUH
#include "tile_copy.h"

#define WD_BM 128
#define WD_BN 128
#define WD_BK 32
#define WD_SKEW_HALF 8
#define WD_LDA (WD_BK + WD_SKEW_HALF) // A tile row: 40 halves (80 bytes)
#define WD_LDB (WD_BN + WD_SKEW_HALF) // B tile row: 136 halves (272 bytes)
#define WD_A_HALFS (WD_BM * WD_LDA)   // 5120 halves
#define WD_B_HALFS (WD_BK * WD_LDB)   // 4352 halves
#define WD_SMEM_BYTES ((WD_A_HALFS + WD_B_HALFS) * sizeof(half)) // 18944
#define WD_THREADS 256

__global__ void __launch_bounds__(WD_THREADS)
    wmmaGemmDynamic(int M, int N, int K, const half *A, const half *B, float *C) {
  using namespace nvcuda;
  extern __shared__ __align__(32) unsigned char wdSmem[];
  half *As = reinterpret_cast<half *>(wdSmem);
  half *Bs = reinterpret_cast<half *>(wdSmem) + WD_A_HALFS;

  const int tid = threadIdx.x;
  const int warpId = tid / 32;
  const int wm = warpId / 4, wn = warpId % 4;
  const int row0 = blockIdx.y * WD_BM, col0 = blockIdx.x * WD_BN;
  (void)M;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);

#pragma unroll
  for (int k0 = 0; k0 < K; k0 += WD_BK) {
    // A tile: 128 rows of 4 int4; B tile: 32 rows of 16 int4.
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int idx = tid + i * WD_THREADS;
      const int ar = idx / 4, ac = (idx % 4) * 8;
      PL_TILE_COPY(*reinterpret_cast<int4 *>(&As[ar * WD_LDA + ac]) =
                       *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + ar) * K + k0 + ac]));
      const int br = idx / 16, bc = (idx % 16) * 8;
      PL_TILE_COPY(*reinterpret_cast<int4 *>(&Bs[br * WD_LDB + bc]) =
                       *reinterpret_cast<const int4 *>(&B[(size_t)(k0 + br) * N + col0 + bc]));
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < WD_BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        wmma::load_matrix_sync(a[i], &As[(wm * 64 + i * 16) * WD_LDA + kk], WD_LDA);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], &Bs[kk * WD_LDB + wn * 32 + j * 16], WD_LDB);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

#endif

// Included again after hand_kernels.cuh (variant.cu), whose cp.async
// helpers (HCP16, HGUARD, pl_commit, pl_wait) it uses.
#if defined(PL_HAND) && defined(BENCH_HAND_KERNELS_CUH) && !defined(BENCH_WMMA_DYN_HAND)
#define BENCH_WMMA_DYN_HAND
#define WD_STAGES 3
#define WD_STAGE_HALFS (WD_A_HALFS + WD_B_HALFS)
#define WD_HAND_SMEM_BYTES (WD_STAGES * WD_SMEM_BYTES) // 56832: above 48 KiB

// Stage s of the ring: its A tile, then its B tile, both skewed.
__device__ __forceinline__ half *wdStageA(unsigned char *smem, int s) {
  return reinterpret_cast<half *>(smem) + s * WD_STAGE_HALFS;
}
__device__ __forceinline__ half *wdStageB(unsigned char *smem, int s) {
  return reinterpret_cast<half *>(smem) + s * WD_STAGE_HALFS + WD_A_HALFS;
}

__global__ void __launch_bounds__(WD_THREADS)
    wmmaGemmDynamicHand(int M, int N, int K, const half *A, const half *B, float *C) {
  using namespace nvcuda;
  extern __shared__ __align__(32) unsigned char wdSmem[];
  const int tid = threadIdx.x, warpId = tid / 32;
  const int wm = warpId / 4, wn = warpId % 4;
  const int row0 = blockIdx.y * WD_BM, col0 = blockIdx.x * WD_BN;
  const int T = K / WD_BK;
  (void)M;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  // Tile t into stage s (`in`: t < T, for the zero-filling form).
  auto issue = [&](int t, int s, bool in) {
    (void)in;
    half *As = wdStageA(wdSmem, s), *Bs = wdStageB(wdSmem, s);
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int idx = tid + i * WD_THREADS;
      const int ar = idx / 4, ac = (idx % 4) * 8;
      HCP16(&As[ar * WD_LDA + ac], &A[(size_t)(row0 + ar) * K + t * WD_BK + ac], in);
      const int br = idx / 16, bc = (idx % 16) * 8;
      HCP16(&Bs[br * WD_LDB + bc], &B[(size_t)(t * WD_BK + br) * N + col0 + bc], in);
    }
  };
#pragma unroll
  for (int s = 0; s < WD_STAGES - 1; ++s) {
    HGUARD(s < T) issue(s, s, s < T);
    pl_commit();
  }
  int slot = 0;
  for (int t = 0; t < T; ++t) {
    pl_wait<WD_STAGES - 2>();
    __syncthreads();
    // The stage computed last iteration: every warp is past it.
    const int ns = slot == 0 ? WD_STAGES - 1 : slot - 1;
    HGUARD(t + WD_STAGES - 1 < T) issue(t + WD_STAGES - 1, ns, t + WD_STAGES - 1 < T);
    pl_commit();
    const half *As = wdStageA(wdSmem, slot), *Bs = wdStageB(wdSmem, slot);
#pragma unroll
    for (int kk = 0; kk < WD_BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        wmma::load_matrix_sync(a[i], &As[(wm * 64 + i * 16) * WD_LDA + kk], WD_LDA);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], &Bs[kk * WD_LDB + wn * 32 + j * 16], WD_LDB);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    slot = slot == WD_STAGES - 1 ? 0 : slot + 1;
  }
  pl_wait<0>();
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}
#endif
