// The WMMA fp16 GEMM of examples/wmma_gemm_kernel.cuh with its tiles padded
// in the source, as a CUDA programmer avoids bank conflicts by hand: each row
// of As and Bs gets 8 halves (16 bytes) more, rows of 80 and 272 bytes, the
// WMMA loads' ldm 40 and 136. The plugin keeps this layout (row / 16 is
// already odd) and rings it; what the plugin does to the unpadded kernel
// (layout=auto) is compared with this one. Same arithmetic in the same order
// as wmmaGemm, so the outputs are bitwise identical to it.
#ifndef BENCH_WMMA_PADDED_CUH
#define BENCH_WMMA_PADDED_CUH

#define WP_PAD 8

__global__ void __launch_bounds__(256)
    wmmaGemmPadded(int M, int N, int K, const half *A, const half *B, float *C) {
  using namespace nvcuda;
  __shared__ __align__(32) half As[WG_BM][WG_BK + WP_PAD];
  __shared__ __align__(32) half Bs[WG_BK][WG_BN + WP_PAD];

  const int tid = threadIdx.x;
  const int warp = tid / 32;
  const int wm = warp / 4, wn = warp % 4;
  const int row0 = blockIdx.y * WG_BM, col0 = blockIdx.x * WG_BN;
  (void)M;

  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);

  for (int k0 = 0; k0 < K; k0 += WG_BK) {
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int idx = tid + i * 256;
      const int ar = idx / 4, ac = (idx % 4) * 8;
      PL_TILE_COPY(*reinterpret_cast<int4 *>(&As[ar][ac]) =
                       *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + ar) * K + k0 + ac]));
      const int br = idx / 16, bc = (idx % 16) * 8;
      PL_TILE_COPY(*reinterpret_cast<int4 *>(&Bs[br][bc]) =
                       *reinterpret_cast<const int4 *>(&B[(size_t)(k0 + br) * N + col0 + bc]));
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < WG_BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        wmma::load_matrix_sync(a[i], &As[wm * 64 + i * 16][kk], WG_BK + WP_PAD);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], &Bs[kk][wn * 32 + j * 16], WG_BN + WP_PAD);
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
      wmma::store_matrix_sync(
          &C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
          acc[i][j], N, wmma::mem_row_major);
}

#endif

// Included again after hand_kernels.cuh (variant.cu), whose cp.async
// helpers it uses.
#if defined(PL_HAND) && defined(BENCH_HAND_KERNELS_CUH) && !defined(BENCH_WMMA_PADDED_HAND)
#define BENCH_WMMA_PADDED_HAND
// Its hand-written cp.async ring: 2 stages, as many padded stages as fit
// the 48 KiB of static shared memory (3 would need 56832 bytes).
#define WPS 2
__global__ void __launch_bounds__(256)
    wmmaGemmPaddedHand(int M, int N, int K, const half *A, const half *B, float *C) {
  using namespace nvcuda;
  __shared__ __align__(32) half As[WPS][WG_BM][WG_BK + WP_PAD];
  __shared__ __align__(32) half Bs[WPS][WG_BK][WG_BN + WP_PAD];
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
  for (int s = 0; s < WPS - 1; ++s) {
    HGUARD(s < T) issue(s, s, s < T);
    pl_commit();
  }
  int slot = 0;
  for (int t = 0; t < T; ++t) {
    pl_wait<WPS - 2>();
    __syncthreads();
    const int ns = slot == 0 ? WPS - 1 : slot - 1;
    HGUARD(t + WPS - 1 < T) issue(t + WPS - 1, ns, t + WPS - 1 < T);
    pl_commit();
#pragma unroll
    for (int kk = 0; kk < WG_BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        wmma::load_matrix_sync(a[i], &As[slot][wm * 64 + i * 16][kk], WG_BK + WP_PAD);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], &Bs[slot][kk][wn * 32 + j * 16], WG_BN + WP_PAD);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    slot = slot == WPS - 1 ? 0 : slot + 1;
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
