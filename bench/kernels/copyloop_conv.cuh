// A 1-D convolution along the rows of a C x H x W image with a halo, summed
// over the channels (the tile loop is over c), in the style of public
// tutorials: each block of 256 threads computes 256 outputs of row
// r = blockIdx.y, and for every channel the whole block fills the tile of
// 256 + 2 R inputs with a strided loop whose step is the runtime block size,
//   for (i = threadIdx.x; i < 256 + 2 * R; i += blockDim.x) tile[i] = ...;
// zero outside the row (R = 8: 272 floats, two trips for threads 0..15).
// Each thread then adds the 2 R + 1 taps of channel c's filter (w, C x 17,
// read from global memory) in a fixed order. Any W, H; trip count C.
#ifndef BENCH_COPYLOOP_CONV_CUH
#define BENCH_COPYLOOP_CONV_CUH
#include "tile_copy.h"

#define CC_T 256
#define CC_R 8
#define CC_TAPS (2 * CC_R + 1)

template <int R>
__device__ __forceinline__ float ccTaps(const float *tile, const float *__restrict__ w, int t,
                                        float acc) {
#pragma unroll
  for (int d = -R; d <= R; ++d)
    acc += w[d + R] * tile[t + R + d];
  return acc;
}

__global__ void __launch_bounds__(CC_T)
    copyLoopConv(int C, int H, int W, const float *__restrict__ in, const float *__restrict__ w,
                 float *__restrict__ out) {
  __shared__ float tile[CC_T + 2 * CC_R];
  const int r = blockIdx.y, x0 = blockIdx.x * CC_T, x = x0 + threadIdx.x;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) {
    for (int i = threadIdx.x; i < CC_T + 2 * CC_R; i += blockDim.x) {
      const int gx = x0 + i - CC_R;
      PL_TILE_COPY(tile[i] = gx >= 0 && gx < W ? in[((size_t)c * H + r) * W + gx] : 0.0f);
    }
    __syncthreads();
    acc = ccTaps<CC_R>(tile, w + c * CC_TAPS, threadIdx.x, acc);
    __syncthreads();
  }
  if (x < W)
    out[(size_t)r * W + x] = acc;
}
#endif
