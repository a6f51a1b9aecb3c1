// Tile loops that open with the barrier protecting the tiles from the
// previous iteration's readers and fill the tiles with copy loops:
//   for (...) { __syncthreads(); for (...) tile[..] = ..; __syncthreads(); compute; }
// Shared by test/realworld/sync_first_copy_loop.cu and
// test/gpu/sync_first_copy_loops.cu.
#ifndef SYNC_FIRST_COPY_LOOPS_CUH
#define SYNC_FIRST_COPY_LOOPS_CUH

#include <assert.h>

// Column sums of 128-row strips: 32x8 threads, each copying 16 rows of a
// 128x32 tile (a copy loop of constant step), then summing 16 of them.
__global__ void __launch_bounds__(256)
    stripColumnSums(const float *__restrict__ in, float *__restrict__ out, int strips, int ld) {
  __shared__ float tile[128][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int s = 0; s < strips; ++s) {
    __syncthreads();
    for (int y = ty; y < 128; y += 8)
      tile[y][tx] = in[(size_t)(s * 128 + y) * ld + blockIdx.x * 32 + tx];
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      acc += tile[ty * 16 + k][tx];
  }
  out[(blockIdx.x * 8 + ty) * 32 + tx] = acc;
}

// A 64x64 SGEMM tile per block of 256 threads, 4x4 results per thread, in
// the style of public tutorials: the copy loops step by blockDim.x, each
// element i of a tile at row i / cols and column i % cols, and A and B are
// bumped by a tile per iteration. M and N are multiples of 64, K of BK.
template <int BM, int BN, int BK>
__global__ void __launch_bounds__(256)
    sgemmSyncFirst(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                   float *__restrict__ C) {
  __shared__ float As[BM][BK + 1];
  __shared__ float Bs[BK][BN];
  assert(M % BM == 0 && N % BN == 0 && K % BK == 0);
  const int tid = threadIdx.x, tr = tid / 16, tc = tid % 16;
  A += (size_t)blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += (size_t)blockIdx.y * BM * N + blockIdx.x * BN;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    __syncthreads();
    for (int i = tid; i < BM * BK; i += blockDim.x)
      As[i / BK][i % BK] = A[(i / BK) * K + i % BK];
    for (int i = tid; i < BK * BN; i += blockDim.x)
      Bs[i / BN][i % BN] = B[(i / BN) * N + i % BN];
    __syncthreads();
    A += BK;
    B += BK * N;
#pragma unroll
    for (int kk = 0; kk < BK; ++kk)
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += As[tr * 4 + i][kk] * Bs[kk][tc * 4 + j];
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      C[(tr * 4 + i) * N + tc * 4 + j] = acc[i][j];
}

#endif
