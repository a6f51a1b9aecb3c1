// A matrix-vector product y = A x for a row-major M x K matrix A, in the
// style of public vectorized GEMV kernels: one warp per row, A and x read as
// float4, x's tile staged in shared memory once per block and K tile, a
// warp-shuffle reduction at the end. A block of 32 x WARPS = 32 x 8 threads
// owns WARPS = 8 consecutive rows. Per tile of TK = 1024 floats of K the
// block's 256 threads each copy one float4 of x into xs (zero past K), then
// every lane of a row's warp loads TK / 128 = 8 float4 of its row of A
// (lane, lane + 32, ...) straight into registers and adds their products
// with xs; A and x are bumped by TK floats (`A += TK; x += TK;`) per
// tile. Rows past M (the grid covers ragged M) take part in the copies and
// barriers only. The lane sums are reduced by __shfl_down_sync in a fixed
// order. K must be a multiple of 4 (the float4 loads; A's rows then stay
// 16-byte aligned); any M; trip count ceil(K / 1024), the last tile ragged.
#ifndef BENCH_GEMV_VEC_CUH
#define BENCH_GEMV_VEC_CUH
#include "tile_copy.h"

#define GV_WARPS 8
#define GV_TK 1024

__device__ __forceinline__ float gvWarpReduceSum(float v) {
#pragma unroll
  for (int offset = 16; offset > 0; offset /= 2)
    v += __shfl_down_sync(0xffffffffu, v, offset);
  return v;
}

__device__ __forceinline__ float gvDot4(float4 a, float4 b, float acc) {
  acc += a.x * b.x;
  acc += a.y * b.y;
  acc += a.z * b.z;
  acc += a.w * b.w;
  return acc;
}

template <int WARPS, int TK>
__global__ void __launch_bounds__(WARPS * 32)
    gemvVec4(int M, int K, const float *__restrict__ A, const float *__restrict__ x, float *y) {
  static_assert(TK / 4 == WARPS * 32, "each thread copies one float4 of x per tile");
  __shared__ float4 xs[TK / 4];
  const int lane = threadIdx.x, warp = threadIdx.y;
  const int tid = warp * 32 + lane;
  const int row = blockIdx.x * WARPS + warp;
  const bool rowOk = row < M;
  A += (size_t)row * K;
  float sum = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TK) {
    const float4 *x4 = reinterpret_cast<const float4 *>(x);
    PL_TILE_COPY(xs[tid] = k0 + tid * 4 < K ? x4[tid] : make_float4(0.0f, 0.0f, 0.0f, 0.0f));
    __syncthreads();
    if (rowOk) {
      const float4 *a4 = reinterpret_cast<const float4 *>(A);
#pragma unroll
      for (int u = 0; u < TK / 128; ++u) {
        const int j = lane + u * 32;
        if (k0 + j * 4 < K)
          sum = gvDot4(a4[j], xs[j], sum);
      }
    }
    __syncthreads();
    A += TK;
    x += TK;
  }
  sum = gvWarpReduceSum(sum);
  if (lane == 0 && rowOk)
    y[row] = sum;
}
#endif
