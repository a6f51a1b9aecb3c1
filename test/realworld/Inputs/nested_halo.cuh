// Halo tiles loaded under nested conditions, each level with its own else,
// as public stencil code writes them: `if (row in range) { if (column in
// range) t = in[..]; else t = 0; } else t = 0;`. clang keeps the two
// fills as two blocks that store the same zero at the same address. Near
// misses: fills of different values (the row's 0, the column's 1), and an
// outer fill one element further on. Shared by
// test/realworld/nested_halo_fills.cu and test/gpu/nested_halo_fills.cu.
#ifndef NESTED_HALO_CUH
#define NESTED_HALO_CUH

#define NH_T 16

__device__ __forceinline__ short2 nhFill(short v) { return make_short2(v, v); }
__device__ __forceinline__ float nhSum(short2 v) { return v.x + 2.0f * v.y; }

// A 3 x 3 box sum over a W x H image of short2 pixels, one 18 x 18 tile per
// 16 x 16 block of outputs, the block walking down its column of tiles.
template <int ROW_FILL, int COL_FILL, int SHIFT>
__global__ void __launch_bounds__(256) nestedHalo(const short2 *__restrict__ in,
                                                  float *__restrict__ out, int H, int W,
                                                  int tiles) {
  __shared__ short2 t[NH_T + 2][NH_T + 2 + 1];
  const int x0 = blockIdx.x * NH_T;
  const int tx = threadIdx.x % NH_T, ty = threadIdx.x / NH_T;
  for (int k = 0; k < tiles; ++k) {
    const int y0 = k * NH_T;
    for (int i = threadIdx.x; i < (NH_T + 2) * (NH_T + 2); i += 256) {
      const int ly = i / (NH_T + 2), lx = i % (NH_T + 2);
      const int gy = y0 + ly - 1, gx = x0 + lx - 1;
      if (gy >= 0 && gy < H) {
        if (gx >= 0 && gx < W)
          t[ly][lx] = in[gy * W + gx];
        else
          t[ly][lx] = nhFill(COL_FILL);
      } else {
        t[ly][lx + SHIFT] = nhFill(ROW_FILL);
      }
    }
    __syncthreads();
    float s = 0.0f;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx)
        s += nhSum(t[ty + dy][tx + dx]);
    if (y0 + ty < H && x0 + tx < W)
      out[(y0 + ty) * W + x0 + tx] = s;
    __syncthreads();
  }
}

template __global__ void nestedHalo<0, 0, 0>(const short2 *, float *, int, int, int);
template __global__ void nestedHalo<0, 1, 0>(const short2 *, float *, int, int, int);
template __global__ void nestedHalo<0, 0, 1>(const short2 *, float *, int, int, int);

#endif
