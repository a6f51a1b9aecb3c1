// A per-row lag-1 autocorrelation, sum over chunks of x[i] * x[i + 1]
// within each chunk of RR_B columns, as row-reduction tutorials write it
// over dynamic shared memory: one block of RR_B threads per row walks the
// row in chunks of RR_B floats, staging each chunk in an `extern __shared__`
// buffer (zero past the row's end), and after the loop reduces the threads'
// sums through the same buffer (a tree of halvings). Any rows, cols.
// Launch: grid rows, block RR_B, dynamic shared memory RR_B floats (or what
// include/libpipeline.h's query gives).
#ifndef BENCH_ROW_REDUCE_CUH
#define BENCH_ROW_REDUCE_CUH
#include "tile_copy.h"

#define RR_B 256

__global__ void __launch_bounds__(RR_B)
    rowAutocorr(int cols, const float *__restrict__ x, float *__restrict__ r1) {
  extern __shared__ float rrBuf[];
  const int tid = threadIdx.x;
  const float *row = x + (size_t)blockIdx.x * cols;
  float sum = 0.0f;
  for (int c0 = 0; c0 < cols; c0 += RR_B) {
    PL_TILE_COPY(rrBuf[tid] = c0 + tid < cols ? row[c0 + tid] : 0.0f);
    __syncthreads();
    if (tid + 1 < RR_B)
      sum += rrBuf[tid] * rrBuf[tid + 1];
    __syncthreads();
  }
  rrBuf[tid] = sum;
  __syncthreads();
  for (int s = RR_B / 2; s > 0; s >>= 1) {
    if (tid < s)
      rrBuf[tid] += rrBuf[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    r1[blockIdx.x] = rrBuf[0];
}
#ifdef PL_HAND
#include "ring.cuh"
// The hand-written ring: 3 slots of RR_B floats in the dynamic shared
// memory (3 RR_B floats launched), chunks t+1 and t+2 in flight while t is
// computed, each thread's float a zero-filling cp.async.ca of 4 bytes; the
// reduction after the drain in slot 0. The same arithmetic in the same
// order.
__global__ void __launch_bounds__(RR_B)
    rowAutocorrHand(int cols, const float *__restrict__ x, float *__restrict__ r1) {
  extern __shared__ float rrRing[];
  const int tid = threadIdx.x;
  const float *row = x + (size_t)blockIdx.x * cols;
  float sum = 0.0f;
  pl_ring_loop<3>(
      (cols + RR_B - 1) / RR_B,
      [&](int t, int s) {
        const int c = t * RR_B + tid;
        pl_cp_async4z(&rrRing[s * RR_B + tid], c < cols ? &row[c] : row, c < cols ? 4 : 0);
      },
      [&](int t, int s) {
        if (tid + 1 < RR_B)
          sum += rrRing[s * RR_B + tid] * rrRing[s * RR_B + tid + 1];
      });
  __syncthreads();
  rrRing[tid] = sum;
  __syncthreads();
  for (int s = RR_B / 2; s > 0; s >>= 1) {
    if (tid < s)
      rrRing[tid] += rrRing[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    r1[blockIdx.x] = rrRing[0];
}
#endif
#endif
