// A transposed matrix-vector product y = A^T x (the column sums of A
// weighted by x) for a row-major M x N matrix A, in the style of public
// transposed-GEMV kernels: a template over the block shape and the rows per
// tile, A's and x's pointers moved to the block's column and bumped by one
// tile of rows (`A += TM * N; x += TM;`) every iteration, and the last,
// ragged tile zero-filled under a bounds guard. One block of BX x BY =
// 32 x 8 threads owns 32 columns; per tile of 32 rows each thread copies 4
// elements of its column into ta (rows ty, ty + 8, ty + 16, ty + 24), the
// threads of threadIdx.y == 0 copy 32 values of x into xs, and each thread
// then adds its 4 rows of the tile. After the loop the 8 partial sums of a
// column are reduced through shared memory in a fixed order. Any M, N (trip
// count ceil(M / 32)).
#ifndef BENCH_COL_GEMV_CUH
#define BENCH_COL_GEMV_CUH
#include "tile_copy.h"

#define CG_BX 32
#define CG_BY 8
#define CG_TM 32

template <int BX, int BY, int TM>
__device__ __forceinline__ float cgTileDot(const float (*ta)[BX + 1], const float *xs, int ty,
                                           int tx, float acc) {
#pragma unroll
  for (int r = 0; r < TM / BY; ++r) {
    const int j = ty + r * BY;
    acc += ta[j][tx] * xs[j];
  }
  return acc;
}

template <int BX, int BY, int TM>
__global__ void __launch_bounds__(BX *BY)
    colGemv(int M, int N, const float *__restrict__ A, const float *__restrict__ x,
            float *__restrict__ y) {
  static_assert(TM % BY == 0, "every thread copies the same number of rows");
  static_assert(TM == BX, "the threads of threadIdx.y == 0 copy x's tile");
  __shared__ float ta[TM][BX + 1];
  __shared__ float xs[TM];
  __shared__ float part[BY][BX];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * BX + tx;
  const bool colOk = col < N;
  // move A to this thread's column
  A += col;
  float acc = 0.0f;
  for (int m0 = 0; m0 < M; m0 += TM) {
#pragma unroll
    for (int r = 0; r < TM / BY; ++r) {
      const int j = ty + r * BY;
      PL_TILE_COPY(ta[j][tx] = m0 + j < M && colOk ? A[(size_t)j * N] : 0.0f);
    }
    PL_TILE_COPY(if (ty == 0) xs[tx] = m0 + tx < M ? x[tx] : 0.0f);
    __syncthreads();
    acc = cgTileDot<BX, BY, TM>(ta, xs, ty, tx, acc);
    __syncthreads();
    // advance to the next tile of rows
    A += (size_t)TM * N;
    x += TM;
  }
  // reduce the BY partial sums of each column, in a fixed order
  part[ty][tx] = acc;
  __syncthreads();
  if (ty == 0) {
    float sum = part[0][tx];
#pragma unroll
    for (int r = 1; r < BY; ++r)
      sum += part[r][tx];
    if (colOk)
      y[col] = sum;
  }
}
#endif
