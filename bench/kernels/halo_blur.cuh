// A 3 x 3 Gaussian blur (1 2 1 / 2 4 2 / 1 2 1, over 16) of an H x W float
// image, zero past the edges, as stencil tutorials write the halo: each
// block of 32 x 8 threads owns a 32-column strip of HB_ROWS rows and walks
// down it in tiles of 8 rows; every thread copies its pixel into the
// interior of a (8 + 2) x (32 + 2) tile, and the halo is copied by the
// threads on the tile's border (`if (ty == 0)` the row above, `if (ty ==
// 7)` the row below, `if (tx == 0)` / `if (tx == 31)` the columns beside,
// the corners by the four corner threads), each under the image bounds
// with a zero fill. Any H, W. Launch: grid (ceil(W/32), ceil(H/HB_ROWS)),
// block (32, 8).
#ifndef BENCH_HALO_BLUR_CUH
#define BENCH_HALO_BLUR_CUH
#include "tile_copy.h"

#define HB_BX 32
#define HB_BY 8
#define HB_ROWS 128

// The blurred pixel at (ty, tx) of the tile's interior.
__device__ __forceinline__ float hbBlur(const float (*t)[HB_BX + 2], int ty, int tx) {
  const float top = t[ty][tx] + 2.0f * t[ty][tx + 1] + t[ty][tx + 2];
  const float mid = 2.0f * t[ty + 1][tx] + 4.0f * t[ty + 1][tx + 1] + 2.0f * t[ty + 1][tx + 2];
  const float bot = t[ty + 2][tx] + 2.0f * t[ty + 2][tx + 1] + t[ty + 2][tx + 2];
  return (top + mid + bot) * (1.0f / 16.0f);
}

__global__ void __launch_bounds__(HB_BX *HB_BY)
    haloBlur(int H, int W, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HB_BY + 2][HB_BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * HB_BX + tx;
  const int yend = min(H, (int)(blockIdx.y + 1) * HB_ROWS);
  for (int y0 = blockIdx.y * HB_ROWS; y0 < yend; y0 += HB_BY) {
    const int y = y0 + ty;
    const bool xin = x < W, yin = y < H;
    PL_TILE_COPY(tile[ty + 1][tx + 1] = (xin && yin) ? in[(size_t)y * W + x] : 0.0f);
    if (ty == 0)
      PL_TILE_COPY(tile[0][tx + 1] = (xin && y >= 1) ? in[(size_t)(y - 1) * W + x] : 0.0f);
    if (ty == HB_BY - 1)
      PL_TILE_COPY(tile[HB_BY + 1][tx + 1] =
                       (xin && y + 1 < H) ? in[(size_t)(y + 1) * W + x] : 0.0f);
    if (tx == 0)
      PL_TILE_COPY(tile[ty + 1][0] = (x >= 1 && yin) ? in[(size_t)y * W + x - 1] : 0.0f);
    if (tx == HB_BX - 1)
      PL_TILE_COPY(tile[ty + 1][HB_BX + 1] = (x + 1 < W && yin) ? in[(size_t)y * W + x + 1] : 0.0f);
    if (tx == 0 && ty == 0)
      PL_TILE_COPY(tile[0][0] = (x >= 1 && y >= 1) ? in[(size_t)(y - 1) * W + x - 1] : 0.0f);
    if (tx == HB_BX - 1 && ty == 0)
      PL_TILE_COPY(tile[0][HB_BX + 1] =
                       (x + 1 < W && y >= 1) ? in[(size_t)(y - 1) * W + x + 1] : 0.0f);
    if (tx == 0 && ty == HB_BY - 1)
      PL_TILE_COPY(tile[HB_BY + 1][0] =
                       (x >= 1 && y + 1 < H) ? in[(size_t)(y + 1) * W + x - 1] : 0.0f);
    if (tx == HB_BX - 1 && ty == HB_BY - 1)
      PL_TILE_COPY(tile[HB_BY + 1][HB_BX + 1] =
                       (x + 1 < W && y + 1 < H) ? in[(size_t)(y + 1) * W + x + 1] : 0.0f);
    __syncthreads();
    if (xin && yin)
      out[(size_t)y * W + x] = hbBlur(tile, ty, tx);
    __syncthreads();
  }
}
#ifdef PL_HAND
#include "ring.cuh"
// One zero-filling cp.async of a pixel: (y, x) when `ok`, else 4 zeros.
__device__ __forceinline__ void hbCopy(float *dst, const float *__restrict__ in, int W, int y,
                                       int x, bool ok) {
  pl_cp_async4z(dst, ok ? &in[(size_t)y * W + x] : in, ok ? 4 : 0);
}

// The hand-written ring: 3 slots (pl_ring_loop), row tiles t+1 and t+2 in
// flight while tile t is computed, one barrier per tile; each thread
// issues its own interior and halo copies, under the same conditions, as
// zero-filling cp.async.ca of 4 bytes. The same arithmetic in the same
// order.
__global__ void __launch_bounds__(HB_BX *HB_BY)
    haloBlurHand(int H, int W, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[3][HB_BY + 2][HB_BX + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * HB_BX + tx, ystart = blockIdx.y * HB_ROWS;
  const int yend = min(H, (int)(blockIdx.y + 1) * HB_ROWS);
  const int ntiles = yend > ystart ? (yend - ystart + HB_BY - 1) / HB_BY : 0;
  const bool xin = x < W, lin = x >= 1, rin = x + 1 < W;
  pl_ring_loop<3>(
      ntiles,
      [&](int t, int s) {
        float(*c)[HB_BX + 2] = tile[s];
        const int y = ystart + t * HB_BY + ty;
        const bool yin = y < H, uin = y >= 1, din = y + 1 < H;
        hbCopy(&c[ty + 1][tx + 1], in, W, y, x, xin && yin);
        if (ty == 0)
          hbCopy(&c[0][tx + 1], in, W, y - 1, x, xin && uin);
        if (ty == HB_BY - 1)
          hbCopy(&c[HB_BY + 1][tx + 1], in, W, y + 1, x, xin && din);
        if (tx == 0)
          hbCopy(&c[ty + 1][0], in, W, y, x - 1, lin && yin);
        if (tx == HB_BX - 1)
          hbCopy(&c[ty + 1][HB_BX + 1], in, W, y, x + 1, rin && yin);
        if (tx == 0 && ty == 0)
          hbCopy(&c[0][0], in, W, y - 1, x - 1, lin && uin);
        if (tx == HB_BX - 1 && ty == 0)
          hbCopy(&c[0][HB_BX + 1], in, W, y - 1, x + 1, rin && uin);
        if (tx == 0 && ty == HB_BY - 1)
          hbCopy(&c[HB_BY + 1][0], in, W, y + 1, x - 1, lin && din);
        if (tx == HB_BX - 1 && ty == HB_BY - 1)
          hbCopy(&c[HB_BY + 1][HB_BX + 1], in, W, y + 1, x + 1, rin && din);
      },
      [&](int t, int s) {
        const int y = ystart + t * HB_BY + ty;
        if (xin && y < H)
          out[(size_t)y * W + x] = hbBlur(tile[s], ty, tx);
      });
}
#endif
#endif
