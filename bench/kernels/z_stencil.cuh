// A 3-D 7-point stencil over a D x H x W grid that marches along z, in the
// style of public 2.5-D stencil kernels: a block of BX x BY = 32 x 8
// threads owns a 32 x 8 (x, y) column of the grid and loops over the
// z-planes (the tile loop). For every z the whole block fills the plane's
// tile with its 1-cell halo in x and y, (BY + 2) x (BX + 2) = 10 x 34
// floats, zero outside the grid, with a strided loop over the flattened
// thread index whose step is the runtime block size (340 floats: two trips
// for threads 0..83). Each thread then adds the centre, its 4 in-plane
// neighbours from the tile and its 2 neighbours in z read directly from
// global memory (zero outside the grid), in a fixed order. Any W, H; trip
// count D.
#ifndef BENCH_Z_STENCIL_CUH
#define BENCH_Z_STENCIL_CUH
#include "tile_copy.h"

#define ZS_BX 32
#define ZS_BY 8
#define ZS_PX (ZS_BX + 2)
#define ZS_PY (ZS_BY + 2)

__device__ __forceinline__ float zsInPlane(const float (*plane)[ZS_PX], int ty, int tx, float c0,
                                           float c1) {
  const float centre = plane[ty + 1][tx + 1];
  const float nb =
      plane[ty][tx + 1] + plane[ty + 2][tx + 1] + plane[ty + 1][tx] + plane[ty + 1][tx + 2];
  return c0 * centre + c1 * nb;
}

__global__ void __launch_bounds__(ZS_BX *ZS_BY)
    zStencil(int D, int H, int W, float c0, float c1, float c2, const float *__restrict__ in,
             float *__restrict__ out) {
  __shared__ float plane[ZS_PY][ZS_PX];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x0 = blockIdx.x * ZS_BX, y0 = blockIdx.y * ZS_BY;
  const int x = x0 + tx, y = y0 + ty;
  const size_t planeSize = (size_t)H * W;
  for (int z = 0; z < D; ++z) {
    for (int i = threadIdx.y * ZS_BX + threadIdx.x; i < ZS_PY * ZS_PX;
         i += blockDim.x * blockDim.y) {
      const int gy = y0 + i / ZS_PX - 1, gx = x0 + i % ZS_PX - 1;
      const bool inside = gx >= 0 && gx < W && gy >= 0 && gy < H;
      PL_TILE_COPY(plane[i / ZS_PX][i % ZS_PX] = inside ? in[((size_t)z * H + gy) * W + gx] : 0.0f);
    }
    __syncthreads();
    if (x < W && y < H) {
      const size_t c = ((size_t)z * H + y) * W + x;
      const float below = z > 0 ? in[c - planeSize] : 0.0f;
      const float above = z + 1 < D ? in[c + planeSize] : 0.0f;
      out[c] = zsInPlane(plane, ty, tx, c0, c1) + c2 * (below + above);
    }
    __syncthreads();
  }
}
#endif
