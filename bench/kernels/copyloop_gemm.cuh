// A copy-loop GEMM, in the style of public tutorials: the
// whole block loads each tile with a strided loop whose step is the runtime
// block size,
//   for (i = threadIdx.x; i < BM * BK; i += blockDim.x) As[i] = ...;
// zero outside the matrices (any M, N, K), and each thread computes a 4 x 4
// patch of the 64 x 64 block tile. The plugin issues each stage of the ring
// as a loop of zero-filling cp.async with that runtime trip count. Trip
// count ceil(K / 8).
#ifndef BENCH_COPYLOOP_GEMM_CUH
#define BENCH_COPYLOOP_GEMM_CUH
#include "tile_copy.h"

#define CL_BM 64
#define CL_BN 64
#define CL_BK 8
#define CL_TM 4
#define CL_TN 4
#define CL_THREADS ((CL_BM / CL_TM) * (CL_BN / CL_TN))

// The compute on one pair of tiles, shared with the hand-written ring.
__device__ __forceinline__ void clCompute(const float *As, const float *Bs, int tr, int tc,
                                          float (&acc)[CL_TM][CL_TN]) {
#pragma unroll
  for (int k = 0; k < CL_BK; ++k) {
    float a[CL_TM], b[CL_TN];
#pragma unroll
    for (int m = 0; m < CL_TM; ++m)
      a[m] = As[(tr * CL_TM + m) * CL_BK + k];
#pragma unroll
    for (int n = 0; n < CL_TN; ++n)
      b[n] = Bs[k * CL_BN + tc * CL_TN + n];
#pragma unroll
    for (int m = 0; m < CL_TM; ++m)
#pragma unroll
      for (int n = 0; n < CL_TN; ++n)
        acc[m][n] += a[m] * b[n];
  }
}

__device__ __forceinline__ void clStore(int M, int N, float *C, int row0, int col0, int tr, int tc,
                                        const float (&acc)[CL_TM][CL_TN]) {
#pragma unroll
  for (int m = 0; m < CL_TM; ++m)
#pragma unroll
    for (int n = 0; n < CL_TN; ++n) {
      const int r = row0 + tr * CL_TM + m, c = col0 + tc * CL_TN + n;
      if (r < M && c < N)
        C[(size_t)r * N + c] = acc[m][n];
    }
}

__global__ void __launch_bounds__(CL_THREADS)
    copyLoopGemm(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                 float *__restrict__ C) {
  __shared__ float As[CL_BM * CL_BK];
  __shared__ float Bs[CL_BK * CL_BN];
  const int tr = threadIdx.x / (CL_BN / CL_TN), tc = threadIdx.x % (CL_BN / CL_TN);
  const int row0 = blockIdx.y * CL_BM, col0 = blockIdx.x * CL_BN;
  float acc[CL_TM][CL_TN] = {};
  for (int k0 = 0; k0 < K; k0 += CL_BK) {
    for (int i = threadIdx.x; i < CL_BM * CL_BK; i += blockDim.x) {
      const int r = row0 + i / CL_BK, c = k0 + i % CL_BK;
      PL_TILE_COPY(As[i] = r < M && c < K ? A[(size_t)r * K + c] : 0.0f);
    }
    for (int i = threadIdx.x; i < CL_BK * CL_BN; i += blockDim.x) {
      const int r = k0 + i / CL_BN, c = col0 + i % CL_BN;
      PL_TILE_COPY(Bs[i] = r < K && c < N ? B[(size_t)r * N + c] : 0.0f);
    }
    __syncthreads();
    clCompute(As, Bs, tr, tc, acc);
    __syncthreads();
  }
  clStore(M, N, C, row0, col0, tr, tc, acc);
}
#endif
