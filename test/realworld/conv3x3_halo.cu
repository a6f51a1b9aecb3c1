// 3x3 convolution and pooling kernels that load a halo tile
// with padding, the way public CUDA code writes it. A block of (TILE+2)^2
// threads walks down a column strip of tiles; each thread loads one element
// of the padded tile, zero outside the image. The guard changes from tile
// to tile and combines four conditions: as `&&` in a ternary, as nested
// ifs, or as a validity test beside a min/max clamp of the index. All
// three become one cp.async whose src-size is 0 where the guard fails. A
// max-pool pads with -INFINITY, which zero-fill cannot write: it is staged
// through registers (lowering=auto), the load under all four conditions and
// -INFINITY stored where one fails; lowering=cp.async declines it
// (NonZeroFill, decline/non_zero_fill.ll).
// The cost model declines these small convolutions on sm_80 (many resident
// blocks already cover the latency); profitability=off checks the shapes.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Xclang -verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX-LABEL: .entry _Z11convTernary
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// PTX: cp.async.wait_group 1;
// PTX-LABEL: .entry _Z10convNested
// PTX: cp.async.ca.shared.global
// PTX-LABEL: .entry _Z11convClamped
// PTX: cp.async.ca.shared.global
// PTX-LABEL: .entry _Z13maxPoolPadded
// PTX-NOT: cp.async

#include <assert.h>
#include <math.h>

namespace conv {
constexpr int kTile = 16;
constexpr int kRadius = 1;
constexpr int kPadded = kTile + 2 * kRadius;

struct Filter3x3 {
  float w[3][3];
};

__device__ __forceinline__ bool inImage(int r, int c, int h, int w) {
  return r >= 0 && r < h && c >= 0 && c < w;
}

template <typename Tile>
__device__ __forceinline__ float apply3x3(const Tile &tile, const Filter3x3 &f, int ty, int tx) {
  float acc = 0.0f;
#pragma unroll
  for (int i = 0; i < 3; ++i)
#pragma unroll
    for (int j = 0; j < 3; ++j)
      acc += f.w[i][j] * tile[ty + i][tx + j];
  return acc;
}
} // namespace conv

using namespace conv;

__global__ void __launch_bounds__(kPadded *kPadded)
    convTernary(int h, int w, int tilesDown, Filter3x3 f, const float *__restrict__ in,
                float *__restrict__ out) {
  __shared__ float tile[kPadded][kPadded];
  assert(blockDim.x == kPadded && blockDim.y == kPadded);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int c = blockIdx.x * kTile + tx - kRadius;
  for (int t = 0; t < tilesDown; ++t) { // expected-remark {{pipelined loop with 3 stages: tile 'tile' 1296 -> 3888 bytes; 1 cp.async copy of 4 bytes; removed the second barrier}}
    const int r = t * kTile + ty - kRadius;
    tile[ty][tx] = (r >= 0 && r < h && c >= 0 && c < w) ? in[r * w + c] : 0.0f;
    __syncthreads();
    const int orow = t * kTile + ty, ocol = blockIdx.x * kTile + tx;
    if (tx < kTile && ty < kTile && orow < h && ocol < w)
      out[orow * w + ocol] = apply3x3(tile, f, ty, tx);
    __syncthreads();
  }
}

__global__ void convNested(int h, int w, int tilesDown, Filter3x3 f, const float *__restrict__ in,
                           float *__restrict__ out) {
  __shared__ float tile[kPadded][kPadded];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int c = blockIdx.x * kTile + tx - kRadius;
  for (int t = 0; t < tilesDown; ++t) { // expected-remark {{pipelined loop with 3 stages: tile 'tile' 1296 -> 3888 bytes; 1 cp.async copy of 4 bytes; removed the second barrier}}
    const int r = t * kTile + ty - kRadius;
    float v = 0.0f;
    if (r >= 0 && r < h) {
      if (c >= 0 && c < w)
        v = in[r * w + c];
    }
    tile[ty][tx] = v;
    __syncthreads();
    const int orow = t * kTile + ty, ocol = blockIdx.x * kTile + tx;
    if (tx < kTile && ty < kTile && orow < h && ocol < w)
      out[orow * w + ocol] = apply3x3(tile, f, ty, tx);
    __syncthreads();
  }
}

__global__ void convClamped(int h, int w, int tilesDown, Filter3x3 f, const float *__restrict__ in,
                            float *__restrict__ out) {
  __shared__ float tile[kPadded][kPadded];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int c = blockIdx.x * kTile + tx - kRadius;
  const int cc = min(max(c, 0), w - 1);
  for (int t = 0; t < tilesDown; ++t) { // expected-remark {{pipelined loop with 3 stages: tile 'tile' 1296 -> 3888 bytes; 1 cp.async copy of 4 bytes; removed the second barrier}}
    const int r = t * kTile + ty - kRadius;
    const int rr = min(max(r, 0), h - 1);
    const float v = in[rr * w + cc]; // always in bounds
    tile[ty][tx] = inImage(r, c, h, w) ? v : 0.0f;
    __syncthreads();
    const int orow = t * kTile + ty, ocol = blockIdx.x * kTile + tx;
    if (tx < kTile && ty < kTile && orow < h && ocol < w)
      out[orow * w + ocol] = apply3x3(tile, f, ty, tx);
    __syncthreads();
  }
}

__global__ void maxPoolPadded(int h, int w, int tilesDown, const float *__restrict__ in,
                              float *__restrict__ out) {
  __shared__ float tile[kPadded][kPadded];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int c = blockIdx.x * kTile + tx - kRadius;
  for (int t = 0; t < tilesDown; ++t) { // expected-remark {{pipelined loop with 2 stages: tile 'tile' 1296 -> 2592 bytes; 1 copy of 4 bytes, 1 staged through 1 register; removed the second barrier; registers}}
    const int r = t * kTile + ty - kRadius;
    tile[ty][tx] = inImage(r, c, h, w) ? in[r * w + c] : -INFINITY;
    __syncthreads();
    const int orow = t * kTile + ty, ocol = blockIdx.x * kTile + tx;
    if (tx < kTile && ty < kTile && orow < h && ocol < w) {
      float m = -INFINITY;
#pragma unroll
      for (int i = 0; i < 3; ++i)
#pragma unroll
        for (int j = 0; j < 3; ++j)
          m = fmaxf(m, tile[ty + i][tx + j]);
      out[orow * w + ocol] = m;
    }
    __syncthreads();
  }
}
