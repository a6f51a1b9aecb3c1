// Real-world shape 1 (copy loops that step by the block size): a
// blocktiled SGEMM whose tiles are filled the way public tutorials write it
// when the block size is a launch parameter, not a template constant.
//
// A is stored transposed into As[BK][BM] by `for (i = tid; i < BM * BK;
// i += blockDim.x) { r = i / BK; c = i % BK; As[c][r] = ... }`, and B row by
// row into Bs[BK * BN] by `for (o = 0; o < BK; o += strideB)` with
// `strideB = blockDim.x / BN`: both steps are runtime values, so clang keeps
// both loops rolled. 256 threads, 4x4 outputs each of a 64x64 block tile.
// M and N multiples of 64, K a multiple of 8 (trip count K / 8).
//
// sgemmRuntimeHand is the same kernel with a hand-written 3-stage cp.async
// ring (ring.cuh) over the same copy loops.
#ifndef BENCH_SGEMM_RUNTIME_CUH
#define BENCH_SGEMM_RUNTIME_CUH
#include "ring.cuh"
#include "tile_copy.h"

#define SR_BM 64
#define SR_BN 64
#define SR_BK 8
#define SR_TM 4
#define SR_TN 4

template <int BM, int BN, int BK, int TM, int TN>
__device__ __forceinline__ void sgemm_runtime_compute(const float (*As)[BM], const float *Bs,
                                                      int ty, int tx, float (&acc)[TM][TN]) {
#pragma unroll
  for (int k = 0; k < BK; ++k) {
    float a[TM], b[TN];
#pragma unroll
    for (int m = 0; m < TM; ++m)
      a[m] = As[k][ty * TM + m];
#pragma unroll
    for (int n = 0; n < TN; ++n)
      b[n] = Bs[k * BN + tx * TN + n];
#pragma unroll
    for (int m = 0; m < TM; ++m)
#pragma unroll
      for (int n = 0; n < TN; ++n)
        acc[m][n] += a[m] * b[n];
  }
}

template <int BM, int BN, int BK, int TM, int TN>
__global__ void sgemmRuntime(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK * BN];
  const int tid = threadIdx.x;
  const int ty = tid / (BN / TN), tx = tid % (BN / TN);
  const int rowB = tid / BN, colB = tid % BN;
  const int strideB = blockDim.x / BN;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  (void)M;
  float acc[TM][TN] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x) {
      const int r = i / BK, c = i % BK;
      PL_TILE_COPY(As[c][r] = A[r * K + c]);
    }
    for (int o = 0; o < BK; o += strideB)
      PL_TILE_COPY(Bs[(rowB + o) * BN + colB] = B[(rowB + o) * N + colB]);
    __syncthreads();
    A += BK;
    B += BK * N;
    sgemm_runtime_compute<BM, BN, BK, TM, TN>(As, Bs, ty, tx, acc);
    __syncthreads();
  }
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n)
      C[(ty * TM + m) * N + tx * TN + n] = acc[m][n];
}

template <int BM, int BN, int BK, int TM, int TN>
__global__ void sgemmRuntimeHand(int M, int N, int K, const float *A, const float *B, float *C) {
  constexpr int S = 3;
  __shared__ float As[S][BK][BM];
  __shared__ float Bs[S][BK * BN];
  const int tid = threadIdx.x;
  const int ty = tid / (BN / TN), tx = tid % (BN / TN);
  const int rowB = tid / BN, colB = tid % BN;
  const int strideB = blockDim.x / BN;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  (void)M;
  float acc[TM][TN] = {};
  pl_ring_loop<S>(
      (K + BK - 1) / BK,
      [&](int t, int s) {
        const float *a = A + t * BK;
        const float *b = B + (size_t)t * BK * N;
        for (int i = tid; i < BM * BK; i += blockDim.x) {
          const int r = i / BK, c = i % BK;
          pl_cp_async4(&As[s][c][r], &a[r * K + c]);
        }
        for (int o = 0; o < BK; o += strideB)
          pl_cp_async4(&Bs[s][(rowB + o) * BN + colB], &b[(rowB + o) * N + colB]);
      },
      [&](int, int s) { sgemm_runtime_compute<BM, BN, BK, TM, TN>(As[s], Bs[s], ty, tx, acc); });
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n)
      C[(ty * TM + m) * N + tx * TN + n] = acc[m][n];
}
#endif
