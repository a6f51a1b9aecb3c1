// A WMMA fp16 GEMM with fp32 accumulate, written the ordinary synchronous
// way: block tile 128x128, K chunk 32, 256 threads (8 warps, each 64x32),
// tiles copied with 16-byte loads. C = A * B, A is M x K, B is K x N, all
// row-major; M and N multiples of 128, K a multiple of 32.
#ifndef WMMA_GEMM_KERNEL_CUH
#define WMMA_GEMM_KERNEL_CUH

#include <cuda_fp16.h>
#include <mma.h>

#define WG_BM 128
#define WG_BN 128
#define WG_BK 32

// PL_TILE_COPY(s) is just `s`; the benchmark (bench/kernels/tile_copy.h)
// redefines it to build the compute-only limit of this kernel.
#ifndef PL_TILE_COPY
#define PL_TILE_COPY(...) __VA_ARGS__
#endif

__global__ void __launch_bounds__(256)
    wmmaGemm(int M, int N, int K, const half *A, const half *B, float *C) {
  using namespace nvcuda;
  __shared__ __align__(16) half As[WG_BM][WG_BK];
  __shared__ __align__(16) half Bs[WG_BK][WG_BN];

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
        wmma::load_matrix_sync(a[i], &As[wm * 64 + i * 16][kk], WG_BK);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], &Bs[kk][wn * 32 + j * 16], WG_BN);
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
