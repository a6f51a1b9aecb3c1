// boxu8: a 3x3 box filter summed over the C planes of an 8-bit image (the
// channel reduction of a uint8 feature map), written as public image code
// is: one 32 x 32 output tile per block of 16 x 16 threads, 2 x 2 outputs
// each; every plane's 34 x 34 haloed tile of bytes loaded by a strided copy
// loop (ceil(1156 / 256) = 5 trips per thread), zero outside the image.
// cp.async cannot copy a byte, so the plugin unrolls the copy loop and
// stages its 5 loads through registers (copy_loop_unroll.h). The
// hand-written variant is that double buffer by hand: the next plane's 5
// bytes loaded into registers before the compute, stored into the other
// slot after it, one barrier per plane. Any C, H and W.
#ifndef BENCH_BOX_U8_CUH
#define BENCH_BOX_U8_CUH
#include "tile_copy.h"

#define BU_B 32
#define BU_T (BU_B + 2)
#define BU_N (BU_T * BU_T)
#define BU_TRIPS ((BU_N + 255) / 256)

/* The filtered 2 x 2 outputs of this thread from one plane's tile. */
__device__ inline void boxU8Plane(const unsigned char (*tile)[BU_T], float acc[4]) {
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const int ty = threadIdx.y * 2 + q / 2, tx = threadIdx.x * 2 + q % 2;
    int s = 0;
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
      for (int dx = 0; dx < 3; ++dx)
        s += tile[ty + dy][tx + dx];
    acc[q] += (float)s;
  }
}

__device__ inline void boxU8Store(int C, int H, int W, const float acc[4], float *out) {
  (void)C;
#pragma unroll
  for (int q = 0; q < 4; ++q) {
    const int y = blockIdx.y * BU_B + threadIdx.y * 2 + q / 2;
    const int x = blockIdx.x * BU_B + threadIdx.x * 2 + q % 2;
    if (y < H && x < W)
      out[(size_t)y * W + x] = acc[q];
  }
}

__global__ void __launch_bounds__(256) boxU8(int C, int H, int W,
                                             const unsigned char *__restrict__ img,
                                             float *__restrict__ out) {
  __shared__ unsigned char tile[BU_T][BU_T];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  const int y0 = blockIdx.y * BU_B - 1, x0 = blockIdx.x * BU_B - 1;
  float acc[4] = {0, 0, 0, 0};
  for (int c = 0; c < C; ++c) {
    for (int i = tid; i < BU_N; i += 256) {
      const int y = y0 + i / BU_T, x = x0 + i % BU_T;
      PL_TILE_COPY(tile[i / BU_T][i % BU_T] = (y >= 0 && y < H && x >= 0 && x < W)
                                                  ? img[((size_t)c * H + y) * W + x]
                                                  : 0);
    }
    __syncthreads();
    boxU8Plane(tile, acc);
    __syncthreads();
  }
  boxU8Store(C, H, W, acc, out);
}

#ifdef PL_HAND
__global__ void __launch_bounds__(256) boxU8Hand(int C, int H, int W,
                                                 const unsigned char *__restrict__ img,
                                                 float *__restrict__ out) {
  __shared__ unsigned char tile[2][BU_T][BU_T];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  const int y0 = blockIdx.y * BU_B - 1, x0 = blockIdx.x * BU_B - 1;
  float acc[4] = {0, 0, 0, 0};
  unsigned char r[BU_TRIPS];
  auto load = [&](int c) {
#pragma unroll
    for (int q = 0; q < BU_TRIPS; ++q) {
      const int i = tid + 256 * q;
      const int y = y0 + i / BU_T, x = x0 + i % BU_T;
      r[q] = i < BU_N && y >= 0 && y < H && x >= 0 && x < W ? img[((size_t)c * H + y) * W + x] : 0;
    }
  };
  auto store = [&](int s) {
#pragma unroll
    for (int q = 0; q < BU_TRIPS; ++q) {
      const int i = tid + 256 * q;
      if (i < BU_N)
        tile[s][i / BU_T][i % BU_T] = r[q];
    }
  };
  if (C > 0) {
    load(0);
    store(0);
  }
  __syncthreads();
  for (int c = 0; c < C; ++c) {
    if (c + 1 < C)
      load(c + 1);
    boxU8Plane(tile[c & 1], acc);
    if (c + 1 < C)
      store((c + 1) & 1);
    __syncthreads();
  }
  boxU8Store(C, H, W, acc, out);
}
#endif
#endif
