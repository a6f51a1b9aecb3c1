// A templated SGEMM over a small K fixed at compile time
// (a batched 32 x 32 x K product, K = 2 tiles of 16), with the tile copy
// in a __device__ helper and an assert, the way library code writes it.
// The K loop is fully unrolled before the pass: each instantiation gets one
// FullyUnrolled remark at the loop's line. A second template, whose tile
// loop sits in a __device__ function inlined into two kernels, is
// unrolled inside that function before it is inlined: the loop still gets
// one remark per kernel holding it, as a loop inlined into kernels does; in
// a __noinline__ function it gets one, in that function. Near miss: the instantiation
// with a runtime K (KT = 0) stays a loop and gets its own remark (the cost
// model's).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not=remark:
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | grep -c remark: | FileCheck %s --check-prefix=COUNT
// COUNT: 6

#include <cassert>

constexpr int TILE = 16;

__device__ __forceinline__ void loadTile(float (&t)[TILE][TILE], const float *src, int ld) {
  t[threadIdx.y][threadIdx.x] = src[threadIdx.y * ld + threadIdx.x];
}

// CHECK: small_k_template.cu:[[@LINE+14]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 2) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'void batchedSgemm<2>(int, float const*, float const*, float*)']
// CHECK: small_k_template.cu:[[@LINE+13]]:3: remark: loop not pipelined: on sm_80 {{.*}}[sm_80, kernel 'void batchedSgemm<0>(int, float const*, float const*, float*)']
// CHECK: small_k_template.cu:[[@LINE+12]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 3) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'void batchedSgemm<3>(int, float const*, float const*, float*)']
template <int KT>
__global__ void __launch_bounds__(TILE * TILE)
    batchedSgemm(int ktiles, const float *__restrict__ A, const float *__restrict__ B,
                 float *__restrict__ C) {
  __shared__ float As[TILE][TILE], Bs[TILE][TILE];
  const int k = KT ? KT : ktiles; // KT = 0: K comes at run time
  assert(blockDim.x == TILE && blockDim.y == TILE);
  const int K = k * TILE;
  const float *a = A + (size_t)blockIdx.x * TILE * K;
  const float *b = B + (size_t)blockIdx.x * K * TILE;
  float acc = 0.0f;
  for (int t = 0; t < k; ++t) {
    loadTile(As, a + t * TILE, K);
    loadTile(Bs, b + t * TILE * TILE, TILE);
    __syncthreads();
    for (int i = 0; i < TILE; ++i)
      acc += As[threadIdx.y][i] * Bs[i][threadIdx.x];
    __syncthreads();
  }
  C[(size_t)blockIdx.x * TILE * TILE + threadIdx.y * TILE + threadIdx.x] = acc;
}

template __global__ void batchedSgemm<2>(int, const float *, const float *, float *);
template __global__ void batchedSgemm<0>(int, const float *, const float *, float *);
template __global__ void batchedSgemm<3>(int, const float *, const float *, float *);

// The tile loop in an ordinary __device__ function, handed its tile.
__device__ __noinline__ float dotTiles(float *tile, const float *src) {
  float acc = 0.0f;
  for (int t = 0; t < 4; ++t) {
    tile[threadIdx.x] = src[t * 128 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[127 - threadIdx.x];
    __syncthreads();
  }
  return acc;
}

__device__ float dotTilesInline(float *tile, const float *src) {
  float acc = 0.0f;
  // CHECK-DAG: small_k_template.cu:[[@LINE+2]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'first(float const*, float*)']
  // CHECK-DAG: small_k_template.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'second(float const*, float*)']
  for (int t = 0; t < 4; ++t) {
    tile[threadIdx.x] = src[t * 128 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[127 - threadIdx.x];
    __syncthreads();
  }
  return acc;
}

__global__ void __launch_bounds__(128) first(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[128];
  out[blockIdx.x * 128 + threadIdx.x] = dotTilesInline(tile, in + blockIdx.x * 512);
}

__global__ void __launch_bounds__(128) second(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[128];
  out[blockIdx.x * 128 + threadIdx.x] = 2.0f * dotTilesInline(tile, in + blockIdx.x * 512);
}

// CHECK-DAG: small_k_template.cu:[[@LINE-32]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, function 'dotTiles(float*, float const*)']
__global__ void __launch_bounds__(128) third(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[128];
  out[blockIdx.x * 128 + threadIdx.x] = dotTiles(tile, in + blockIdx.x * 512);
}
