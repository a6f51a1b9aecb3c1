// A transpose-multiply C = A^T * B with A row-major K x M, B row-major
// K x N and C row-major M x N (the Gram-style product of least squares and
// of the backward pass of a linear layer), in the style of the shared-memory
// tiled matrix multiply of CUDA tutorials: a template over the square tile
// (BLOCK_SIZE = 16), one output per thread, A's and B's pointers moved to
// the block's columns and bumped by one tile of rows every iteration
// (`A += BLOCK_SIZE * M; B += BLOCK_SIZE * N;`). A block of 16 x 16 threads
// owns a 16 x 16 tile of C. Per K tile each thread copies one element of A,
// read along a row of A (coalesced in m), and stores it transposed
// (As[m][k], a padded row against bank conflicts), so that the compute
// reads As[ty][k] like the A tile of an ordinary C = A * B; and one element
// of B (Bs[k][n]). Rows of the last, ragged K tile and columns past M or N
// are zero-filled. No __launch_bounds__, no __restrict__. Any M, N, K (trip
// count ceil(K / 16)).
#ifndef BENCH_TRANS_MM_CUH
#define BENCH_TRANS_MM_CUH
#include "tile_copy.h"

#define TM_TILE 16

template <int BLOCK_SIZE>
__global__ void transMatMul(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BLOCK_SIZE][BLOCK_SIZE + 1]; // As[m][k]: the tile of A, transposed
  __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];     // Bs[k][n]
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int m0 = blockIdx.y * BLOCK_SIZE;
  const int row = m0 + ty;                      // row of C (a column of A)
  const int col = blockIdx.x * BLOCK_SIZE + tx; // column of C (and of B)
  const bool aColOk = m0 + tx < M, bColOk = col < N;
  A += m0 + tx; // column m0 + tx of A, row 0
  B += col;
  float sum = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BLOCK_SIZE) {
    const bool kOk = k0 + ty < K;
    // A(k0 + ty, m0 + tx) goes to As[tx][ty]
    PL_TILE_COPY(As[tx][ty] = kOk && aColOk ? A[(size_t)ty * M] : 0.0f);
    PL_TILE_COPY(Bs[ty][tx] = kOk && bColOk ? B[(size_t)ty * N] : 0.0f);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
    A += (size_t)BLOCK_SIZE * M;
    B += (size_t)BLOCK_SIZE * N;
  }
  if (row < M && col < N)
    C[(size_t)row * N + col] = sum;
}
#endif
