// Two tile loops over the same __shared__ tiles: one
// block of 32 x 8 threads computes, for 8 rows, two matrix-vector phases
// one after the other with the same tiles ta and tb:
//   phase 1  K1 columns of A times x, full 32-column tiles (K1 a multiple
//            of 32), no guard -- a main loop;
//   phase 2  K2 columns of B times y, the last tile ragged and zero-filled
//            -- a remainder-style loop with guards;
// each thread keeps a rotated partial dot product per phase
// (out[row][tx]). The tile ta is zero-initialized before phase 1, a store
// both loops' copies overwrite. Trip counts K1 / 32 and ceil(K2 / 32),
// independent, so that each loop runs 0, 1, S-1, S, S+1 and many times.
#ifndef BENCH_TWO_LOOP_CUH
#define BENCH_TWO_LOOP_CUH
#include "tile_copy.h"

#define TL_BK 32
#define TL_ROWS 8

template <int BK>
__device__ __forceinline__ float tlDot(const float (*ta)[BK], const float *tb, int ty, int tx) {
  float acc = 0.0f;
#pragma unroll
  for (int j = 0; j < BK; ++j)
    acc += ta[ty][(tx + j) & (BK - 1)] * tb[(tx + j) & (BK - 1)];
  return acc;
}

__global__ void __launch_bounds__(TL_BK *TL_ROWS)
    twoLoop(int M, int K1, int K2, const float *__restrict__ A, const float *__restrict__ x,
            const float *__restrict__ B, const float *__restrict__ y, float *__restrict__ out) {
  __shared__ float ta[TL_ROWS][TL_BK];
  __shared__ float tb[TL_BK];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.x * TL_ROWS + ty; // M is a multiple of TL_ROWS
  ta[ty][tx] = 0.0f;
  float acc1 = 0.0f, acc2 = 0.0f;
  for (int t = 0; t < K1 / TL_BK; ++t) {
    PL_TILE_COPY(ta[ty][tx] = A[(size_t)row * K1 + t * TL_BK + tx];
                 if (ty == 0) tb[tx] = x[t * TL_BK + tx]);
    __syncthreads();
    acc1 += tlDot<TL_BK>(ta, tb, ty, tx);
    __syncthreads();
  }
  for (int t = 0; t < (K2 + TL_BK - 1) / TL_BK; ++t) {
    const int col = t * TL_BK + tx;
    PL_TILE_COPY(ta[ty][tx] = col < K2 ? B[(size_t)row * K2 + col] : 0.0f;
                 if (ty == 0) tb[tx] = col < K2 ? y[col] : 0.0f);
    __syncthreads();
    acc2 += tlDot<TL_BK>(ta, tb, ty, tx);
    __syncthreads();
  }
  out[(size_t)row * TL_BK + tx] = acc1 * 0.5f + acc2;
}

// A tile loop whose tiles are read again after it: the
// same full-tile phase (each row of threads keeps its own copy of x's
// tile), then `extra` passes over the last tiles left in ta and tb,
// without copying -- what the copy-back argument serves (the copyback
// variant pipelines the loop and copies the last slot back into the tiles;
// every other plugin build declines it). The tiles are initialized first,
// for the launches whose loop runs no iteration. Trip count K1 / 32.
__global__ void __launch_bounds__(TL_BK *TL_ROWS)
    tailRead(int M, int K1, int extra, const float *__restrict__ A, const float *__restrict__ x,
             float *__restrict__ out) {
  __shared__ float ta[TL_ROWS][TL_BK];
  __shared__ float tb[TL_ROWS][TL_BK];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.x * TL_ROWS + ty;
  ta[ty][tx] = 1.0f;
  tb[ty][tx] = 2.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int t = 0; t < K1 / TL_BK; ++t) {
    PL_TILE_COPY(ta[ty][tx] = A[(size_t)row * K1 + t * TL_BK + tx];
                 tb[ty][tx] = x[t * TL_BK + tx]);
    __syncthreads();
#pragma unroll
    for (int j = 0; j < TL_BK; ++j)
      acc += ta[ty][(tx + j) & (TL_BK - 1)] * tb[ty][(tx + j) & (TL_BK - 1)];
    __syncthreads();
  }
  for (int e = 0; e < extra; ++e)
    acc += ta[ty][(tx + e) & (TL_BK - 1)] * tb[(ty + e) & (TL_ROWS - 1)][(tx * 7 + e) & (TL_BK - 1)];
  out[(size_t)row * TL_BK + tx] = acc;
}
#endif
