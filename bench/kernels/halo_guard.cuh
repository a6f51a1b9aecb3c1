// Two haloed tile loops whose tile is filled by a copy loop over the block's
// flattened thread index, each element under a compound bounds guard that
// clang short-circuits into branches (the case whose cloned copy loop once
// failed LLVM's verifier):
//   halo5   a 5-point stencil, 32 x 32 threads marching down the image in
//           32-row steps, the 34 x 34 tile under a four-term guard
//           (trip count ceil(H / 32));
//   conv20  a 5x5 convolution summed over C channels, a 16 x 16 output tile
//           per block of 16 x 8 threads (two rows each), each channel's
//           20 x 20 haloed tile under a three-term guard (trip count C).
// Any H and W. No hand-written ring: the hand variant runs the plain kernel.
#ifndef BENCH_HALO_GUARD_CUH
#define BENCH_HALO_GUARD_CUH
#include "tile_copy.h"

#define H5_B 32
#define H5_T (H5_B + 2)

__global__ void __launch_bounds__(H5_B *H5_B)
    halo5Stencil(int W, int H, const float *__restrict__ in, float *__restrict__ out, float c0,
                 float c1) {
  __shared__ float tile[H5_T][H5_T];
  const int gx = blockIdx.x * H5_B + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += H5_B) {
    for (int i = threadIdx.y * H5_B + threadIdx.x; i < H5_T * H5_T; i += H5_B * H5_B) {
      int ly = i / H5_T, lx = i % H5_T;
      int sy = y0 + ly - 1, sx = blockIdx.x * H5_B + lx - 1;
      PL_TILE_COPY(tile[ly][lx] =
                       (sy >= 0 && sy < H && sx >= 0 && sx < W) ? in[sy * W + sx] : 0.0f);
    }
    __syncthreads();
    int gy = y0 + threadIdx.y, lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    float v = c0 * tile[ly][lx] +
              c1 * (tile[ly - 1][lx] + tile[ly + 1][lx] + tile[ly][lx - 1] + tile[ly][lx + 1]);
    if (gx < W && gy < H)
      out[gy * W + gx] = v;
    __syncthreads();
  }
}

#define C20_TY 8

__global__ void __launch_bounds__(16 * C20_TY)
    conv20Channels(int W, int H, int C, const float *__restrict__ in,
                   const float *__restrict__ w, float *__restrict__ out) {
  __shared__ float tile[20][20];
  const int bx = blockIdx.x * 16, by = blockIdx.y * 16;
  float acc[16 / C20_TY] = {};
  for (int ch = 0; ch < C; ++ch) {
    for (int i = threadIdx.y * 16 + threadIdx.x; i < 20 * 20; i += 16 * C20_TY) {
      int ly = i / 20, lx = i % 20;
      int sy = by + ly - 2, sx = bx + lx - 2;
      PL_TILE_COPY(tile[ly][lx] = (sy >= 0 && sy < H && sx >= 0 && sx < W)
                                      ? in[((size_t)ch * H + sy) * W + sx]
                                      : 0.0f);
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 16 / C20_TY; ++r) {
      int ty = threadIdx.y + r * C20_TY;
      float s = 0;
      for (int dy = 0; dy < 5; ++dy)
        for (int dx = 0; dx < 5; ++dx)
          s += w[(ch * 5 + dy) * 5 + dx] * tile[ty + dy][threadIdx.x + dx];
      acc[r] += s;
    }
    __syncthreads();
  }
#pragma unroll
  for (int r = 0; r < 16 / C20_TY; ++r) {
    int gy = by + threadIdx.y + r * C20_TY, gx = bx + threadIdx.x;
    if (gy < H && gx < W)
      out[gy * W + gx] = acc[r];
  }
}
#endif
