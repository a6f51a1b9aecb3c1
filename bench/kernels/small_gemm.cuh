// A strided batched GEMM of many small matrices, C_b = A_b * B_b for
// b < batch (A_b M x K, B_b K x N, C_b M x N, row-major, entry b at
// A + b * strideA and so on, cublasSgemmStridedBatched's layout), in the
// style of public batched-GEMM kernels: the batch entry from blockIdx.z,
// the pointers offset per entry and per block tile, then bumped along K
// (`A += BK; B += BK * N;`). A block of 256 threads owns a BM x BN = 64 x 64
// tile of one C_b (so a 64 x 64 entry is one block), TM x TN = 4 x 4 results
// per thread. Per K tile of BK = 16 each thread copies one float4 of A's
// 64 x 16 tile and one float4 of B's 16 x 64 tile into shared memory, then
// accumulates the 16 outer products of its 4 x 4 results. M and N multiples
// of 64, K a multiple of 16 (trip count K / 16, 0 giving C = 0).
#ifndef BENCH_SMALL_GEMM_CUH
#define BENCH_SMALL_GEMM_CUH
#include "tile_copy.h"

#define SG_BM 64
#define SG_BN 64
#define SG_BK 16
#define SG_TM 4
#define SG_TN 4

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__((BM / TM) * (BN / TN))
    smallGemmBatched(int M, int N, int K, const float *A, long long strideA, const float *B,
                     long long strideB, float *C, long long strideC) {
  constexpr int NT = (BM / TM) * (BN / TN);
  static_assert(BM * BK / 4 == NT && BK * BN / 4 == NT, "one float4 of each tile per thread");
  __shared__ __align__(16) float As[BM][BK];
  __shared__ __align__(16) float Bs[BK][BN];

  const int batch = blockIdx.z;
  A += batch * strideA + (size_t)blockIdx.y * BM * K;
  B += batch * strideB + blockIdx.x * BN;
  C += batch * strideC + (size_t)blockIdx.y * BM * N + blockIdx.x * BN;

  const int tid = threadIdx.x;
  const int tRow = tid / (BN / TN), tCol = tid % (BN / TN);
  const int aRow = tid / (BK / 4), aCol = (tid % (BK / 4)) * 4;
  const int bRow = tid / (BN / 4), bCol = (tid % (BN / 4)) * 4;

  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&As[aRow][aCol]) =
                     *reinterpret_cast<const float4 *>(&A[(size_t)aRow * K + aCol]));
    PL_TILE_COPY(*reinterpret_cast<float4 *>(&Bs[bRow][bCol]) =
                     *reinterpret_cast<const float4 *>(&B[(size_t)bRow * N + bCol]));
    __syncthreads();
    A += BK;
    B += (size_t)BK * N;

#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int i = 0; i < TM; ++i)
        a[i] = As[tRow * TM + i][k];
#pragma unroll
      for (int j = 0; j < TN; ++j)
        b[j] = Bs[k][tCol * TN + j];
#pragma unroll
      for (int i = 0; i < TM; ++i)
#pragma unroll
        for (int j = 0; j < TN; ++j)
          acc[i][j] += a[i] * b[j];
    }
    __syncthreads();
  }

#pragma unroll
  for (int i = 0; i < TM; ++i) {
    float4 v = make_float4(acc[i][0], acc[i][1], acc[i][2], acc[i][3]);
    *reinterpret_cast<float4 *>(&C[(size_t)(tRow * TM + i) * N + tCol * TN]) = v;
  }
}
#endif
