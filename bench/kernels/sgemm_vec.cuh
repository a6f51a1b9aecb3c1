// Real-world shapes 1, 2, 3 and 8: a register-blocked SGEMM whose A tile is
// stored transposed from a float4.
//
// Imitates the "vectorized" kernel of siboehm's SGEMM_CUDA (kernel 6): a
// `template <BM, BN, BK, TM, TN>` kernel (tiles inside a template, shape 1),
// pointer bumps `A += BK; B += BK * N;` (shape 2), A loaded once per thread
// as a float4 and stored *transposed* as four scalars at
// `As[(innerColA * 4 + j) * BM + innerRowA]` (several copies into one tile
// by one thread, shape 3), B copied as one float4, and the loop counter
// `uint bkIdx` compared with `int K` (an unsigned counter with a signed
// bound, shape 8), as in the original. 256 threads, each computing 8x8
// outputs of a 128x128 block tile, written back with float4 stores.
// alpha = 1, beta = 0: C is written, never read. M and N multiples of 128,
// K a multiple of 8 (trip count K / 8).
#ifndef BENCH_SGEMM_VEC_CUH
#define BENCH_SGEMM_VEC_CUH
#include "tile_copy.h"

#define SV_BM 128
#define SV_BN 128
#define SV_BK 8
#define SV_TM 8
#define SV_TN 8

template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN))
    sgemmVectorize(int M, int N, int K, const float *A, const float *B, float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;

  // BN/TN are the number of threads to span a column
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);

  // allocate space for the current blocktile in smem (16-byte aligned: Bs
  // is written with float4 stores)
  __shared__ __align__(16) float As[BM * BK];
  __shared__ __align__(16) float Bs[BK * BN];

  // move blocktile to beginning of A's row and B's column
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;

  // calculating the indices that this thread will load into SMEM
  // we'll load 128bit / 32bit = 4 elements per thread at each step
  const uint innerRowA = threadIdx.x / (BK / 4);
  const uint innerColA = threadIdx.x % (BK / 4);
  const uint innerRowB = threadIdx.x / (BN / 4);
  const uint innerColB = threadIdx.x % (BN / 4);
  (void)M;

  // allocate thread-local cache for results in registerfile
  float threadResults[TM * TN] = {0.0f};
  float regM[TM] = {0.0f};
  float regN[TN] = {0.0f};

  // outer-most loop over block tiles
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    // populate the SMEM caches; transpose A while loading it
    PL_TILE_COPY({
      float4 tmp = reinterpret_cast<const float4 *>(&A[innerRowA * K + innerColA * 4])[0];
      As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
      As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
      As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
      As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    });
    PL_TILE_COPY(reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
                     reinterpret_cast<const float4 *>(&B[innerRowB * N + innerColB * 4])[0]);
    __syncthreads();

    // advance blocktile
    A += BK;     // move BK columns to right
    B += BK * N; // move BK rows down

    // calculate per-thread results
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      // block into registers
      for (uint i = 0; i < TM; ++i)
        regM[i] = As[dotIdx * BM + threadRow * TM + i];
      for (uint i = 0; i < TN; ++i)
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
        for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
          threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
    }
    __syncthreads();
  }

  // write out the results
  for (uint resIdxM = 0; resIdxM < TM; resIdxM += 1) {
    for (uint resIdxN = 0; resIdxN < TN; resIdxN += 4) {
      float4 tmp;
      tmp.x = threadResults[resIdxM * TN + resIdxN];
      tmp.y = threadResults[resIdxM * TN + resIdxN + 1];
      tmp.z = threadResults[resIdxM * TN + resIdxN + 2];
      tmp.w = threadResults[resIdxM * TN + resIdxN + 3];
      reinterpret_cast<float4 *>(&C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN])[0] =
          tmp;
    }
  }
}
#endif
