// Multi-channel 3x3 convolution to one output channel:
//   out[y][x] = sum_c sum_{dy,dx} w[c][dy][dx] * in[c][y+dy-1][x+dx-1],
// zero outside the image. A block computes 32x8 outputs; for each input
// channel it loads the 34x10 halo tile (zero-filled at the borders and in
// the padding), barrier, 9 FMAs per output, barrier. Any H, W.
#ifndef BENCH_CONV_CUH
#define BENCH_CONV_CUH
#include "tile_copy.h"

#define CV_TX 32
#define CV_TY 8
#define CV_HW (CV_TX + 2)
#define CV_HH (CV_TY + 2)

__global__ void __launch_bounds__(256)
    conv3x3(int C, int H, int W, const float *__restrict__ in, const float *__restrict__ w,
            float *__restrict__ out) {
  __shared__ float tile[512]; // 34 x 10 = 340 used, padded to 2 per thread
  const int tid = threadIdx.y * CV_TX + threadIdx.x;
  const int x0 = blockIdx.x * CV_TX - 1, y0 = blockIdx.y * CV_TY - 1;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) {
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int i = tid + r * 256;
      const int hy = i / CV_HW, hx = i % CV_HW;
      const int y = y0 + hy, x = x0 + hx;
      const bool in_img = i < CV_HW * CV_HH && y >= 0 && y < H && x >= 0 && x < W;
      PL_TILE_COPY(tile[i] = in_img ? in[((size_t)c * H + y) * W + x] : 0.0f);
    }
    __syncthreads();
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
      for (int dx = 0; dx < 3; ++dx)
        acc += w[c * 9 + dy * 3 + dx] * tile[(threadIdx.y + dy) * CV_HW + threadIdx.x + dx];
    __syncthreads();
  }
  const int y = blockIdx.y * CV_TY + threadIdx.y, x = blockIdx.x * CV_TX + threadIdx.x;
  if (y < H && x < W)
    out[(size_t)y * W + x] = acc;
}
#endif
