// A 3 x 3 max filter (stride 1, "same" padding by -INFINITY) over an H x W
// image of float4 pixels, four channels each (NHWC with C = 4), as public
// pooling kernels write it: each block of 256 threads owns a 32-column
// strip of MP_ROWS rows and walks down it in tiles of 8 rows, copying the
// tile with its one-pixel halo (10 x 34 pixels) by a loop over the
// flattened tile that steps by blockDim.x; a pixel outside the image reads
// make_float4(-INFINITY, ...), which clang stores as four floats beside the
// 16-byte copy of a pixel. Any H, W.
#ifndef BENCH_MAX_POOL_CUH
#define BENCH_MAX_POOL_CUH
#include "tile_copy.h"

#include <math.h>

#define MP_TX 32
#define MP_TY 8
#define MP_ROWS 128

__device__ __forceinline__ float4 mpMax4(float4 a, float4 b) {
  return make_float4(fmaxf(a.x, b.x), fmaxf(a.y, b.y), fmaxf(a.z, b.z), fmaxf(a.w, b.w));
}

__global__ void __launch_bounds__(256) maxPool3(int H, int W, const float4 *__restrict__ in,
                                                float4 *__restrict__ out) {
  __shared__ float4 t[MP_TY + 2][MP_TX + 2];
  const int tx = threadIdx.x % MP_TX, ty = threadIdx.x / MP_TX;
  const int x0 = blockIdx.x * MP_TX, yend = min(H, (int)(blockIdx.y + 1) * MP_ROWS);
  for (int y0 = blockIdx.y * MP_ROWS; y0 < yend; y0 += MP_TY) {
    for (int i = threadIdx.x; i < (MP_TY + 2) * (MP_TX + 2); i += blockDim.x) {
      const int ly = i / (MP_TX + 2), lx = i % (MP_TX + 2);
      const int gy = y0 + ly - 1, gx = x0 + lx - 1;
      if (gy >= 0 && gy < H && gx >= 0 && gx < W)
        PL_TILE_COPY(t[ly][lx] = in[(size_t)gy * W + gx]);
      else
        t[ly][lx] = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    }
    __syncthreads();
    float4 m = t[ty][tx];
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
      for (int dx = 0; dx < 3; ++dx)
        m = mpMax4(m, t[ty + dy][tx + dx]);
    if (y0 + ty < H && x0 + tx < W)
      out[(size_t)(y0 + ty) * W + x0 + tx] = m;
    __syncthreads();
  }
}
#ifdef PL_HAND
#include "../cp_async.cuh"
// The hand-written ring: 3 slots, tiles k+1 and k+2 in flight while tile k
// is computed, one barrier per tile; pixels inside the image by cp.async.ca
// (their halo rows are read again by the next tile, from L1), those outside
// by a plain store of the fill. The same arithmetic in the same order.
__device__ __forceinline__ void mpIssue(float4 (*t)[MP_TX + 2], int H, int W,
                                        const float4 *__restrict__ in, int x0, int y0) {
  for (int i = threadIdx.x; i < (MP_TY + 2) * (MP_TX + 2); i += blockDim.x) {
    const int ly = i / (MP_TX + 2), lx = i % (MP_TX + 2);
    const int gy = y0 + ly - 1, gx = x0 + lx - 1;
    if (gy >= 0 && gy < H && gx >= 0 && gx < W)
      pl_cp_async16ca(&t[ly][lx], &in[(size_t)gy * W + gx]);
    else
      t[ly][lx] = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
  }
  pl_commit();
}

__global__ void __launch_bounds__(256) maxPool3Hand(int H, int W, const float4 *__restrict__ in,
                                                    float4 *__restrict__ out) {
  __shared__ float4 t[3][MP_TY + 2][MP_TX + 2];
  const int tx = threadIdx.x % MP_TX, ty = threadIdx.x / MP_TX;
  const int x0 = blockIdx.x * MP_TX, ystart = blockIdx.y * MP_ROWS;
  const int yend = min(H, (int)(blockIdx.y + 1) * MP_ROWS);
  const int ntiles = yend > ystart ? (yend - ystart + MP_TY - 1) / MP_TY : 0;
  for (int s = 0; s < 2; ++s)
    if (s < ntiles)
      mpIssue(t[s], H, W, in, x0, ystart + s * MP_TY);
    else
      pl_commit();
  for (int k = 0; k < ntiles; ++k) {
    pl_wait<1>();
    __syncthreads();
    if (k + 2 < ntiles)
      mpIssue(t[(k + 2) % 3], H, W, in, x0, ystart + (k + 2) * MP_TY);
    else
      pl_commit();
    float4(*c)[MP_TX + 2] = t[k % 3];
    const int y0 = ystart + k * MP_TY;
    float4 m = c[ty][tx];
#pragma unroll
    for (int dy = 0; dy < 3; ++dy)
#pragma unroll
      for (int dx = 0; dx < 3; ++dx)
        m = mpMax4(m, c[ty + dy][tx + dx]);
    if (y0 + ty < H && x0 + tx < W)
      out[(size_t)(y0 + ty) * W + x0 + tx] = m;
  }
}
#endif
#endif
