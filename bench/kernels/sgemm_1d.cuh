// Real-world shapes 1 and 2: a template SGEMM with pointer bumps.
//
// Imitates the "1-D blocktiling" kernel of siboehm's SGEMM_CUDA (kernel 4):
// a `template <BM, BN, BK, TM>` kernel whose __shared__ tiles are declared
// inside the template (linkonce_odr globals, shape 1), whose A and B
// pointers are moved to the block's corner before the loop and bumped by
// `A += BK; B += BK * N;` every iteration (a pointer induction variable
// with a loop-invariant, non-constant step, shape 2). Each of the 512
// threads computes TM = 8 outputs of one column. The original loops with
// `uint bkIdx` and asserts the block size; here the counter is an int and
// there is no assert, so that this kernel needs shapes 1 and 2 only
// (sgemm_2d.cuh has both). alpha = 1, beta = 0: C is written, never read.
// M and N multiples of 64, K a multiple of 8 (trip count K / 8).
#ifndef BENCH_SGEMM_1D_CUH
#define BENCH_SGEMM_1D_CUH
#include "tile_copy.h"

#define S1_BM 64
#define S1_BN 64
#define S1_BK 8
#define S1_TM 8

template <const int BM, const int BN, const int BK, const int TM>
__global__ void __launch_bounds__((BM * BN) / TM)
    sgemm1DBlocktiling(int M, int N, int K, const float *A, const float *B, float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;

  // each warp calculates 32 * TM elements, with 32 being the columnar dim
  const int threadCol = threadIdx.x % BN;
  const int threadRow = threadIdx.x / BN;

  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];

  // move the block tile to the beginning of A's row and B's column
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;

  const uint innerColA = threadIdx.x % BK; // warp-level GMEM coalescing
  const uint innerRowA = threadIdx.x / BK;
  const uint innerColB = threadIdx.x % BN;
  const uint innerRowB = threadIdx.x / BN;
  (void)M;

  float threadResults[TM] = {0.0f};

  for (int bkIdx = 0; bkIdx < K; bkIdx += BK) {
    PL_TILE_COPY(As[innerRowA * BK + innerColA] = A[innerRowA * K + innerColA]);
    PL_TILE_COPY(Bs[innerRowB * BN + innerColB] = B[innerRowB * N + innerColB]);
    __syncthreads();

    // advance the block tile
    A += BK;
    B += BK * N;

    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      // the B entry is reused TM times: keep it in a register
      float tmpB = Bs[dotIdx * BN + threadCol];
      for (uint resIdx = 0; resIdx < TM; ++resIdx)
        threadResults[resIdx] += As[(threadRow * TM + resIdx) * BK + dotIdx] * tmpB;
    }
    __syncthreads();
  }

  for (uint resIdx = 0; resIdx < TM; ++resIdx)
    C[(threadRow * TM + resIdx) * N + threadCol] = threadResults[resIdx];
}
#endif
