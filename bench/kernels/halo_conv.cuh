// 3x3 convolution with a halo tile whose guard changes from tile to
// tile: a block of 18 x 18 threads walks down a strip of
// 16-column tiles; each thread loads one element of the padded 18 x 18
// tile, zero outside the image:
//   tile[ty][tx] = (r >= 0 && r < H && c >= 0 && c < W) ? in[r*W + c] : 0
// -- a compound guard, which the plugin turns into one zero-filling
// cp.async. Trip count ceil(H / 16); any H, W.
#ifndef BENCH_HALO_CONV_CUH
#define BENCH_HALO_CONV_CUH
#include "tile_copy.h"

#define HC_T 16
#define HC_P (HC_T + 2)

__device__ __forceinline__ float hcStencil(const float (*tile)[HC_P], const float *__restrict__ w,
                                           int ty, int tx) {
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 3; ++i)
#pragma unroll
    for (int j = 0; j < 3; ++j)
      acc += w[i * 3 + j] * tile[ty + i][tx + j];
  return acc;
}

__global__ void __launch_bounds__(HC_P *HC_P)
    haloConv(int H, int W, const float *__restrict__ in, const float *__restrict__ w,
             float *__restrict__ out) {
  __shared__ float tile[HC_P][HC_P];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int c = blockIdx.x * HC_T + tx - 1;
  const int tiles = (H + HC_T - 1) / HC_T;
  for (int t = 0; t < tiles; ++t) {
    const int r = t * HC_T + ty - 1;
    PL_TILE_COPY(tile[ty][tx] = (r >= 0 && r < H && c >= 0 && c < W) ? in[r * W + c] : 0.0f);
    __syncthreads();
    const int orow = t * HC_T + ty, ocol = blockIdx.x * HC_T + tx;
    if (tx < HC_T && ty < HC_T && orow < H && ocol < W)
      out[(size_t)orow * W + ocol] = hcStencil(tile, w, ty, tx);
    __syncthreads();
  }
}
#endif
