// Real-world shapes 1, 2, 3, 5 and 8: a 2-D blocktiling SGEMM with strided
// copy loops and an unsigned counter.
//
// Imitates the "2-D blocktiling" kernel of siboehm's SGEMM_CUDA (kernel 5):
// a `template <BM, BN, BK, TM, TN>` kernel (shape 1) that asserts its block
// size before the loop (`assert(numThreadsBlocktile == blockDim.x)`, a call
// that writes no user memory, shape 5), bumps `A += BK; B += BK * N;`
// (shape 2), fills each tile with a strided loop
// `for (uint loadOffset = 0; loadOffset < BM; loadOffset += strideA)` that
// LLVM unrolls into four copies per tile at offsets `j * 32 * BK` and
// `j * 2 * BN` (shape 3), and counts `uint bkIdx` against `int K` (shape 8).
// 256 threads, 8x8 outputs each of a 128x128 block tile. alpha = 1,
// beta = 0. M and N multiples of 128, K a multiple of 8 (trip count K / 8).
#ifndef BENCH_SGEMM_2D_CUH
#define BENCH_SGEMM_2D_CUH
#include <assert.h>

#include "tile_copy.h"

#define S2_BM 128
#define S2_BN 128
#define S2_BK 8
#define S2_TM 8
#define S2_TN 8

template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN))
    sgemm2DBlocktiling(int M, int N, int K, const float *A, const float *B, float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;

  const uint totalResultsBlocktile = BM * BN;
  // a thread is responsible for calculating TM*TN elements in the blocktile
  const uint numThreadsBlocktile = totalResultsBlocktile / (TM * TN);

  // ResultsPerBlock / ResultsPerThread == ThreadsPerBlock
  assert(numThreadsBlocktile == blockDim.x);

  // BN/TN are the number of threads to span a column
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);

  // allocate space for the current blocktile in smem
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];

  // move blocktile to beginning of A's row and B's column
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;

  // calculating the indices that this thread will load into SMEM
  const uint innerRowA = threadIdx.x / BK;
  const uint innerColA = threadIdx.x % BK;
  // calculates the number of rows of As that are being loaded in a single
  // step by a single block
  const uint strideA = numThreadsBlocktile / BK;
  const uint innerRowB = threadIdx.x / BN;
  const uint innerColB = threadIdx.x % BN;
  // for both As and Bs we want each load to span the full column-width, for
  // better GMEM coalescing (as opposed to spanning full row-width and
  // iterating across columns)
  const uint strideB = numThreadsBlocktile / BN;
  (void)M;

  // allocate thread-local cache for results in registerfile
  float threadResults[TM * TN] = {0.0f};
  // register caches for As and Bs
  float regM[TM] = {0.0f};
  float regN[TN] = {0.0f};

  // outer-most loop over block tiles
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    // populate the SMEM caches
    for (uint loadOffset = 0; loadOffset < BM; loadOffset += strideA)
      PL_TILE_COPY(As[(innerRowA + loadOffset) * BK + innerColA] =
                       A[(innerRowA + loadOffset) * K + innerColA]);
    for (uint loadOffset = 0; loadOffset < BK; loadOffset += strideB)
      PL_TILE_COPY(Bs[(innerRowB + loadOffset) * BN + innerColB] =
                       B[(innerRowB + loadOffset) * N + innerColB]);
    __syncthreads();

    // advance blocktile
    A += BK;     // move BK columns to right
    B += BK * N; // move BK rows down

    // calculate per-thread results
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      // block into registers
      for (uint i = 0; i < TM; ++i)
        regM[i] = As[(threadRow * TM + i) * BK + dotIdx];
      for (uint i = 0; i < TN; ++i)
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
        for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
          threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
    }
    __syncthreads();
  }

  // write out the results
  for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
    for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
      C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN] =
          threadResults[resIdxM * TN + resIdxN];
}
#endif
