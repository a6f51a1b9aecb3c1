// A batched row-times-vector product (GEMV-like), in the style of public
// GEMV kernels: a template over the tile width and the rows per block, A's
// and x's pointers moved to the block's row and bumped by one tile
// (`A += BK; x += BK;`) every iteration, and the last, ragged tile
// zero-filled under a bounds guard. One block of BK x ROWS = 32 x 4
// threads handles 4 rows; per tile each thread copies one float of its row
// of A into ta, the threads of threadIdx.y == 0 copy 32 floats of x into
// xs, and each thread then adds a rotated dot product over the tile (the
// tile addresses are loop-invariant, 64 per thread and tile). Each thread
// keeps its own partial sum: out[row][tx]. M a multiple of 4, any K (trip
// count ceil(K / 32)).
#ifndef BENCH_ROW_DOT_CUH
#define BENCH_ROW_DOT_CUH
#include "tile_copy.h"

#define RD_BK 32
#define RD_ROWS 4

template <int BK>
__device__ __forceinline__ float rdTileDot(const float (*ta)[BK], const float *xs, int ty, int tx) {
  float acc = 0.0f;
#pragma unroll
  for (int j = 0; j < BK; ++j)
    acc += ta[ty][(tx + j) & (BK - 1)] * xs[(j * 5 + tx) & (BK - 1)];
  return acc;
}

template <int BK, int ROWS>
__global__ void __launch_bounds__(BK * ROWS)
    rowDot(int M, int K, const float *__restrict__ A, const float *__restrict__ x,
           float *__restrict__ out) {
  __shared__ float ta[ROWS][BK];
  __shared__ float xs[BK];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.x * ROWS + ty; // M is a multiple of ROWS
  // move A to the start of this thread's row
  A += (size_t)row * K;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BK) {
    const int col = k0 + tx;
    PL_TILE_COPY(ta[ty][tx] = col < K ? A[tx] : 0.0f;
                 if (ty == 0) xs[tx] = col < K ? x[tx] : 0.0f);
    __syncthreads();
    acc += rdTileDot<BK>(ta, xs, ty, tx);
    __syncthreads();
    // advance to the next tile
    A += BK;
    x += BK;
  }
  out[(size_t)row * BK + tx] = acc;
}
#endif
