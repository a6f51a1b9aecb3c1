// Guarded copies whose fill is not zero and reaches the pass in pieces:
// - haloOnes<false>: a 34x34 halo tile of ints filled by a copy loop, 1
//   outside the image (`if (in image) t = A; else t = 1;`); clang folds
//   only some of the four bounds into one condition, so the fill's block
//   is entered from a chain of two branches (haloOnes<true> also reads the
//   tile after the loop: a near miss);
// - short4Fill<0>: a short4 per thread, make_short4(1, 1, 1, 1) past the
//   end; SROA stores the fill as two `<2 x i16>` beside the copy's one
//   8-byte store;
// - float2NegInf: two float2 rows per thread under a 2-D guard,
//   -INFINITY outside (a max-reduction's neutral element), stored as two
//   floats per fill;
// - short4Fill<1>: make_short4(1, 2, 3, 4), a fill whose lanes differ;
// - int4Ones: an int4 copied by clang's llvm.memcpy beside
//   make_int4(1, 1, 1, 1) stored as four ints (the copy becomes a load and
//   a store first);
// - dynInt4: int4 rows as a conditional expression (`ok ? A[i] : int4()`,
//   through a stack temporary) into a tile carved from `extern __shared__`
//   memory.
// Shared by test/realworld/split_fill_lanes.cu and test/gpu/fill_lanes.cu.
#ifndef FILL_LANES_CUH
#define FILL_LANES_CUH

#include <math.h>

template <bool READ_AFTER>
__global__ void __launch_bounds__(1024)
    haloOnes(const int *__restrict__ A, const int *__restrict__ B, float *__restrict__ out,
             int nt, int H, int W) {
  __shared__ __align__(16) int ta[34][34];
  __shared__ __align__(16) int tb[34][34];
  // each block's pair of images: 44 ints a row, pixels from row 2, column 4
  const size_t img = (size_t)blockIdx.x * 44 * (H + 4);
  const int tid = threadIdx.y * 32 + threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    __syncthreads();
    const int y0 = k * 32;
    for (int i = tid; i < 34 * 34; i += blockDim.x * blockDim.y) {
      const int ly = i / 34, lx = i % 34;
      const int sy = y0 + ly - 1, sx = lx - 1;
      if (sy >= 0 && sy < H && sx >= 0 && sx < W)
        ta[ly][lx] = A[img + (sy + 2) * 44 + sx + 4];
      else
        ta[ly][lx] = 1;
    }
    for (int i = tid; i < 34 * 34; i += blockDim.x * blockDim.y) {
      const int ly = i / 34, lx = i % 34;
      const int sy = y0 + ly - 1, sx = lx - 1;
      if (sy >= 0 && sy < H && sx >= 0 && sx < W)
        tb[ly][lx] = B[img + (sy + 2) * 44 + sx + 4];
      else
        tb[ly][lx] = 1;
    }
    __syncthreads();
    const int y = threadIdx.y, x = threadIdx.x;
    acc += (float)(ta[y + 1][x + 1] * 2 - ta[y][x + 1] - ta[y + 2][x + 1]) * (float)tb[y + 1][x + 2];
  }
  if (READ_AFTER) { // a near miss: the tile is read after the loop
    __syncthreads();
    acc += (float)ta[threadIdx.y][threadIdx.x];
  }
  out[blockIdx.x * 1024 + tid] = acc;
}

template <int STEP>
__global__ void __launch_bounds__(64)
    short4Fill(const short4 *__restrict__ A, float *__restrict__ out, int nt, int n) {
  __shared__ __align__(16) short4 t[64];
  const int tx = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    const int x = k * 64 + tx;
    if (x < n)
      t[tx] = A[x];
    else
      t[tx] = make_short4(1, 1 + STEP, 1 + 2 * STEP, 1 + 3 * STEP);
    __syncthreads();
    const short4 v = t[(tx * 5 + k) % 64];
    acc = acc * 0.5f + (float)(v.x - 2 * v.y + 3 * v.z - v.w);
    __syncthreads();
  }
  out[blockIdx.x * 64 + tx] = acc;
}

__global__ void __launch_bounds__(128)
    float2NegInf(const float2 *__restrict__ A, float *__restrict__ out, int nt, int H, int W) {
  __shared__ __align__(16) float2 t[2][128];
  const int tx = threadIdx.x;
  float best = -INFINITY;
  for (int k = 0; k < nt; ++k) {
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int y = blockIdx.x * 2 + r, x = k * 128 + tx;
      t[r][tx] = (y < H && x < W) ? A[(size_t)y * W + x] : make_float2(-INFINITY, -INFINITY);
    }
    __syncthreads();
    const float2 a = t[0][(tx + k) % 128], b = t[1][127 - tx];
    best = fmaxf(best, fmaxf(a.x + b.y, a.y - b.x));
    __syncthreads();
  }
  out[blockIdx.x * 128 + tx] = best;
}

__global__ void __launch_bounds__(128)
    int4Ones(const int4 *__restrict__ A, float *__restrict__ out, int nt, int n) {
  __shared__ __align__(16) int4 t[128];
  const int tx = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    const int x = k * 128 + tx;
    if (x < n)
      t[tx] = A[x];
    else
      t[tx] = make_int4(1, 1, 1, 1);
    __syncthreads();
    const int4 v = t[(tx * 3 + k) % 128];
    acc = acc * 0.5f + (float)(v.x - v.y + 2 * v.z - 3 * v.w);
    __syncthreads();
  }
  out[blockIdx.x * 128 + tx] = acc;
}

// Launched with 2 * 8 * 32 * sizeof(int4) = 8192 bytes of dynamic shared
// memory, or what pl_dynamic_smem_bytes asks for.
__global__ void __launch_bounds__(256)
    dynInt4(const int4 *__restrict__ A, float *__restrict__ out, int nt, int H, int ld) {
  extern __shared__ __align__(16) unsigned char smem[];
  int4(*t)[32] = reinterpret_cast<int4(*)[32]>(smem);
  const int tx = threadIdx.x % 32, ty = threadIdx.x / 32;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    const int y = k * 16 + ty;
    t[ty][tx] = (y < H) ? A[(size_t)y * ld + tx] : int4();
    t[ty + 8][tx] = (y + 8 < H) ? A[(size_t)(y + 8) * ld + tx] : int4();
    __syncthreads();
    const int4 a = t[(ty + k) % 16][tx], b = t[15 - ty][31 - tx];
    acc += (float)(a.x * b.w - a.y + b.z) * 0.25f;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

#endif
