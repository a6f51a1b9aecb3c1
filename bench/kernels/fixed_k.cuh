// Tile loops with a constant trip count, which clang fully
// unrolls before the plugin's pass runs. Each kernel comes in two forms of
// one source: ROLLED = false is the loop as written (`#pragma unroll`, or
// no pragma and a small constant K: fully unrolled, the plugin leaves it
// as it is and says FullyUnrolled), ROLLED = true puts `#pragma unroll 1`
// on it (a loop, which the plugin pipelines). "unrolled-plain against
// rolled-pipelined" is the time of the unrolled form in the plain variant
// against the rolled form in the plugin (or s3) variant.
#ifndef BENCH_FIXED_K_CUH
#define BENCH_FIXED_K_CUH
#include "tile_copy.h"

// ---- a WMMA GEMM with a fixed K, `#pragma unroll` over its K chunks ------
// C[M x N] = A[M x FK_K] * B[FK_K x N], fp16 in, fp32 out, row-major; 64 x 64
// per block of 4 warps (2 x 2, 32 x 32 each), K chunks of 32: 8 chunks.
#define FK_K 256
#define FK_BM 64
#define FK_BN 64
#define FK_BK 32
#define FK_NT 128

__device__ __forceinline__ void fixedKChunk(half (&As)[FK_BM][FK_BK], half (&Bs)[FK_BK][FK_BN],
                                            nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16,
                                                                   16, 16, float> (&acc)[2][2],
                                            const half *A, const half *B, int N, int k0) {
  using namespace nvcuda;
  const int tid = threadIdx.x, warp = tid / 32, wm = warp / 2, wn = warp % 2;
  const int row0 = blockIdx.y * FK_BM, col0 = blockIdx.x * FK_BN;
#pragma unroll
  for (int c = 0; c < FK_BM * FK_BK / 8 / FK_NT; ++c) {
    const int idx = tid + c * FK_NT, r = idx / (FK_BK / 8), q = (idx % (FK_BK / 8)) * 8;
    PL_TILE_COPY(*reinterpret_cast<int4 *>(&As[r][q]) =
                     *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + r) * FK_K + k0 + q]));
  }
#pragma unroll
  for (int c = 0; c < FK_BK * FK_BN / 8 / FK_NT; ++c) {
    const int idx = tid + c * FK_NT, r = idx / (FK_BN / 8), q = (idx % (FK_BN / 8)) * 8;
    PL_TILE_COPY(*reinterpret_cast<int4 *>(&Bs[r][q]) =
                     *reinterpret_cast<const int4 *>(&B[(size_t)(k0 + r) * N + col0 + q]));
  }
  __syncthreads();
#pragma unroll
  for (int kk = 0; kk < FK_BK; kk += 16) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
    for (int i = 0; i < 2; ++i)
      wmma::load_matrix_sync(a[i], &As[wm * 32 + i * 16][kk], FK_BK);
    for (int j = 0; j < 2; ++j)
      wmma::load_matrix_sync(b[j], &Bs[kk][wn * 32 + j * 16], FK_BN);
    for (int i = 0; i < 2; ++i)
      for (int j = 0; j < 2; ++j)
        wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
  }
  __syncthreads();
}

template <bool ROLLED>
__global__ void __launch_bounds__(FK_NT)
    fixedKWmma(int N, const half *__restrict__ A, const half *__restrict__ B, float *__restrict__ C) {
  using namespace nvcuda;
  __shared__ __align__(32) half As[FK_BM][FK_BK];
  __shared__ __align__(32) half Bs[FK_BK][FK_BN];
  const int warp = threadIdx.x / 32, wm = warp / 2, wn = warp % 2;
  const int row0 = blockIdx.y * FK_BM, col0 = blockIdx.x * FK_BN;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  if (ROLLED) {
#pragma unroll 1
    for (int k0 = 0; k0 < FK_K; k0 += FK_BK)
      fixedKChunk(As, Bs, acc, A, B, N, k0);
  } else {
#pragma unroll
    for (int k0 = 0; k0 < FK_K; k0 += FK_BK)
      fixedKChunk(As, Bs, acc, A, B, N, k0);
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 32 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

// ---- a batched SGEMM over a small constant K (no pragma) -----------------
// For each batch b (blockIdx.x): C[b] (16 x 16) = A[b] (16 x SK_K) *
// B[b] (SK_K x 16), row-major; K = 4 tiles of 16, 16 x 16 threads.
#define SK_T 16
#define SK_KT 4
#define SK_K (SK_KT * SK_T)

template <bool ROLLED>
__global__ void __launch_bounds__(SK_T *SK_T)
    smallKSgemm(const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[SK_T][SK_T + 1], Bs[SK_T][SK_T + 1];
  const float *a = A + (size_t)blockIdx.x * SK_T * SK_K;
  const float *b = B + (size_t)blockIdx.x * SK_K * SK_T;
  const int ty = threadIdx.y, tx = threadIdx.x;
  float acc = 0.0f;
#define SK_BODY                                                                                    \
  {                                                                                                \
    PL_TILE_COPY(As[ty][tx] = a[ty * SK_K + t * SK_T + tx]);                                       \
    PL_TILE_COPY(Bs[ty][tx] = b[(t * SK_T + ty) * SK_T + tx]);                                     \
    __syncthreads();                                                                               \
    _Pragma("unroll") for (int i = 0; i < SK_T; ++i) acc += As[ty][i] * Bs[i][tx];                 \
    __syncthreads();                                                                               \
  }
  if (ROLLED) {
#pragma unroll 1
    for (int t = 0; t < SK_KT; ++t)
      SK_BODY
  } else {
    for (int t = 0; t < SK_KT; ++t)
      SK_BODY
  }
#undef SK_BODY
  C[(size_t)blockIdx.x * SK_T * SK_T + ty * SK_T + tx] = acc;
}

#ifdef PL_HAND
// No hand-written rings: the hand variant runs the kernels as written.
#define fixedKWmmaHand fixedKWmma
#define smallKSgemmHand smallKSgemm
#endif
#endif
