// A 5x5 convolution (radius 2) of a C-channel H x W image summed over the
// channels into one H x W output, zero padding outside the image, in the
// style of the tiled convolution of textbooks and tutorials (Kirk and Hwu's
// "halo cells"): the filter in __constant__ memory, a block of
// TILE x TILE = 16 x 16 threads per 16 x 16 output tile, and a
// (TILE + 4) x (TILE + 4) shared tile per channel (the tile loop, channel
// by channel, the input pointer bumped by one channel plane). Each thread
// copies its own pixel; the threads of the first two columns also copy the
// left and right halo, those of the first two rows the top and bottom halo,
// and the 2 x 2 threads of the corner the four corners, through a helper
// that returns 0 outside the image. C at most 64 (the constant filter, which
// the launcher copies in from the device); any H, W (trip count C).
#ifndef BENCH_CONV5_CUH
#define BENCH_CONV5_CUH
#include "tile_copy.h"

#define C5_TILE 16
#define C5_R 2
#define C5_K (2 * C5_R + 1)
#define C5_MAX_C 64

__constant__ float c5Filter[C5_MAX_C * C5_K * C5_K];

__device__ __forceinline__ float c5Pixel(const float *img, int y, int x, int H, int W) {
  return (y >= 0 && y < H && x >= 0 && x < W) ? img[(size_t)y * W + x] : 0.0f;
}

__global__ void __launch_bounds__(C5_TILE *C5_TILE)
    conv5x5Channels(int C, int H, int W, const float *__restrict__ in, float *out) {
  __shared__ float tile[C5_TILE + 2 * C5_R][C5_TILE + 2 * C5_R];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * C5_TILE + tx;
  const int y = blockIdx.y * C5_TILE + ty;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) {
    // centre
    PL_TILE_COPY(tile[ty + C5_R][tx + C5_R] = c5Pixel(in, y, x, H, W));
    // left and right halo
    if (tx < C5_R) {
      PL_TILE_COPY(tile[ty + C5_R][tx] = c5Pixel(in, y, x - C5_R, H, W));
      PL_TILE_COPY(tile[ty + C5_R][tx + C5_TILE + C5_R] = c5Pixel(in, y, x + C5_TILE, H, W));
    }
    // top and bottom halo
    if (ty < C5_R) {
      PL_TILE_COPY(tile[ty][tx + C5_R] = c5Pixel(in, y - C5_R, x, H, W));
      PL_TILE_COPY(tile[ty + C5_TILE + C5_R][tx + C5_R] = c5Pixel(in, y + C5_TILE, x, H, W));
    }
    // corners
    if (tx < C5_R && ty < C5_R) {
      PL_TILE_COPY(tile[ty][tx] = c5Pixel(in, y - C5_R, x - C5_R, H, W));
      PL_TILE_COPY(tile[ty][tx + C5_TILE + C5_R] = c5Pixel(in, y - C5_R, x + C5_TILE, H, W));
      PL_TILE_COPY(tile[ty + C5_TILE + C5_R][tx] = c5Pixel(in, y + C5_TILE, x - C5_R, H, W));
      PL_TILE_COPY(tile[ty + C5_TILE + C5_R][tx + C5_TILE + C5_R] =
                       c5Pixel(in, y + C5_TILE, x + C5_TILE, H, W));
    }
    __syncthreads();
    const float *f = &c5Filter[c * C5_K * C5_K];
#pragma unroll
    for (int dy = 0; dy < C5_K; ++dy)
#pragma unroll
      for (int dx = 0; dx < C5_K; ++dx)
        acc += f[dy * C5_K + dx] * tile[ty + dy][tx + dx];
    __syncthreads();
    in += (size_t)H * W;
  }
  if (x < W && y < H)
    out[(size_t)y * W + x] = acc;
}
#endif
