// Two 2-D stencils written the way public code writes them, each marching a
// 16x16 block down a column of tiles. The grids have a one-cell border:
// cell (y, x) is at (y + 1) * pitch + x + 1. Shared by
// test/realworld/halo_sides.cu and test/gpu/halo_stencils.cu.
#ifndef HALO_STENCILS_CUH
#define HALO_STENCILS_CUH

constexpr int BS = 16;

__device__ __forceinline__ float upwind(const float (*t)[BS + 1], int y, int x, float cx,
                                        float cy) {
  const float c = t[y + 1][x + 1];
  return c - cx * (c - t[y + 1][x]) - cy * (c - t[y][x + 1]);
}

// A first-order upwind step: the threads of row 0 also load the row above
// the tile, those of column 0 the column to its left.
__global__ void __launch_bounds__(BS * BS)
    upwindStep(const float *__restrict__ in, float *__restrict__ out, int pitch, int tilesY,
               float cx, float cy) {
  __shared__ float tile[BS + 1][BS + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int gx = blockIdx.x * BS + tx + 1;
  for (int t = 0; t < tilesY; ++t) {
    const int gy = t * BS + ty + 1;
    tile[ty + 1][tx + 1] = in[gy * pitch + gx];
    if (ty == 0)
      tile[0][tx + 1] = in[(gy - 1) * pitch + gx];
    if (tx == 0)
      tile[ty + 1][0] = in[gy * pitch + gx - 1];
    __syncthreads();
    out[gy * pitch + gx] = upwind(tile, ty, tx, cx, cy);
    __syncthreads();
  }
}

// An explicit heat step: the edge threads load all four sides of the halo.
__global__ void __launch_bounds__(BS * BS)
    heat2d(const float *__restrict__ in, float *__restrict__ out, int pitch, int tilesY, float k) {
  __shared__ float tile[BS + 2][BS + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int gx = blockIdx.x * BS + tx + 1;
  for (int t = 0; t < tilesY; ++t) {
    const int gy = t * BS + ty + 1;
    tile[ty + 1][tx + 1] = in[gy * pitch + gx];
    if (ty == 0)
      tile[0][tx + 1] = in[(gy - 1) * pitch + gx];
    if (ty == BS - 1)
      tile[BS + 1][tx + 1] = in[(gy + 1) * pitch + gx];
    if (tx == 0)
      tile[ty + 1][0] = in[gy * pitch + gx - 1];
    if (tx == BS - 1)
      tile[ty + 1][BS + 1] = in[gy * pitch + gx + 1];
    __syncthreads();
    const float c = tile[ty + 1][tx + 1];
    out[gy * pitch + gx] = c + k * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] +
                                    tile[ty + 1][tx + 2] - 4.0f * c);
    __syncthreads();
  }
}

// A 3x3 box sum: the edge threads load the sides of the halo, the corner
// threads (`tx == 0 && ty == 0`, ...) its corners.
__global__ void __launch_bounds__(BS * BS)
    box3(const float *__restrict__ in, float *__restrict__ out, int pitch, int tilesY) {
  __shared__ float tile[BS + 2][BS + 2];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int gx = blockIdx.x * BS + tx + 1;
  for (int t = 0; t < tilesY; ++t) {
    const int gy = t * BS + ty + 1;
    tile[ty + 1][tx + 1] = in[gy * pitch + gx];
    if (ty == 0)
      tile[0][tx + 1] = in[(gy - 1) * pitch + gx];
    if (ty == BS - 1)
      tile[BS + 1][tx + 1] = in[(gy + 1) * pitch + gx];
    if (tx == 0)
      tile[ty + 1][0] = in[gy * pitch + gx - 1];
    if (tx == BS - 1)
      tile[ty + 1][BS + 1] = in[gy * pitch + gx + 1];
    if (tx == 0 && ty == 0)
      tile[0][0] = in[(gy - 1) * pitch + gx - 1];
    if (tx == BS - 1 && ty == 0)
      tile[0][BS + 1] = in[(gy - 1) * pitch + gx + 1];
    if (tx == 0 && ty == BS - 1)
      tile[BS + 1][0] = in[(gy + 1) * pitch + gx - 1];
    if (tx == BS - 1 && ty == BS - 1)
      tile[BS + 1][BS + 1] = in[(gy + 1) * pitch + gx + 1];
    __syncthreads();
    float s = 0.0f;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx)
        s += tile[ty + dy][tx + dx];
    out[gy * pitch + gx] = 0.125f * s;
    __syncthreads();
  }
}

#endif
