// A batched transpose of 32 x 32 matrices, as public persistent kernels
// write it: each block walks the batch with a grid-stride loop (`m +=
// gridDim.x`), stages one matrix in a padded shared tile (8 rows of threads,
// 4 rows each) and writes it back transposed. The pointers are plain: a
// caller may transpose in place (out == in), so the loop may write what it
// copies, and its counter steps by gridDim.x, which C adds in unsigned
// arithmetic (no no-wrap flag). Memory-bound: 8 bytes moved per element,
// no arithmetic. Any batch size and grid.
#ifndef BENCH_BATCH_TRANSPOSE_CUH
#define BENCH_BATCH_TRANSPOSE_CUH
#include "tile_copy.h"

#define BT_N 32
#define BT_ROWS 8

__global__ void __launch_bounds__(BT_N *BT_ROWS)
    batchTranspose(int nmat, const float *in, float *out) {
  __shared__ float s[BT_N][BT_N + 1];
  for (int m = blockIdx.x; m < nmat; m += gridDim.x) {
    const float *src = in + (size_t)m * BT_N * BT_N;
    float *dst = out + (size_t)m * BT_N * BT_N;
#pragma unroll
    for (int r = threadIdx.y; r < BT_N; r += BT_ROWS)
      PL_TILE_COPY(s[r][threadIdx.x] = src[r * BT_N + threadIdx.x]);
    __syncthreads();
#pragma unroll
    for (int r = threadIdx.y; r < BT_N; r += BT_ROWS)
      dst[r * BT_N + threadIdx.x] = s[threadIdx.x][r];
    __syncthreads();
  }
}
#ifdef PL_HAND
#include "../cp_async.cuh"
// The hand-written ring: 3 slots, the block's next two matrices in flight
// while one is written back, one barrier per matrix, every element by
// cp.async of 4 bytes. It assumes `out` does not overlap `in` (the bench's
// buffers); the plugin checks that at run time.
__device__ __forceinline__ void btIssue(float (*s)[BT_N + 1], const float *src) {
#pragma unroll
  for (int r = threadIdx.y; r < BT_N; r += BT_ROWS)
    pl_cp_async4(&s[r][threadIdx.x], &src[r * BT_N + threadIdx.x]);
  pl_commit();
}

__global__ void __launch_bounds__(BT_N *BT_ROWS)
    batchTransposeHand(int nmat, const float *in, float *out) {
  __shared__ float s[3][BT_N][BT_N + 1];
  const int first = blockIdx.x, step = gridDim.x;
  const int mine = first < nmat ? (nmat - first + step - 1) / step : 0;
  for (int k = 0; k < 2; ++k)
    if (k < mine)
      btIssue(s[k], in + (size_t)(first + k * step) * BT_N * BT_N);
    else
      pl_commit();
  for (int k = 0; k < mine; ++k) {
    pl_wait<1>();
    __syncthreads();
    if (k + 2 < mine)
      btIssue(s[(k + 2) % 3], in + (size_t)(first + (k + 2) * step) * BT_N * BT_N);
    else
      pl_commit();
    float(*t)[BT_N + 1] = s[k % 3];
    float *dst = out + (size_t)(first + k * step) * BT_N * BT_N;
#pragma unroll
    for (int r = threadIdx.y; r < BT_N; r += BT_ROWS)
      dst[r * BT_N + threadIdx.x] = t[threadIdx.x][r];
  }
}
#endif
#endif
