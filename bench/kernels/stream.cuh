// A memory-bound tile loop with little reuse: each block walks its own
// stretch of the input, one 256-float tile per iteration, and each thread
// adds its element and its neighbour's (two reads of the tile per copy).
// Pipelining should not pay here. The last tile may be ragged (zero-fill).
#ifndef BENCH_STREAM_CUH
#define BENCH_STREAM_CUH
#include "tile_copy.h"

__global__ void __launch_bounds__(256)
    streamSum(int n, int tiles_per_block, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[256];
  const size_t start = (size_t)blockIdx.x * tiles_per_block * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles_per_block; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    PL_TILE_COPY(tile[threadIdx.x] = i < (size_t)n ? in[i] : 0.0f);
    __syncthreads();
    acc += tile[threadIdx.x] + 0.5f * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// The same loop reading through the read-only data cache (__ldg), as much
// real code does: the plugin treats llvm.nvvm.ldg.global like a load.
__global__ void __launch_bounds__(256)
    streamSumLdg(int n, int tiles_per_block, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[256];
  const size_t start = (size_t)blockIdx.x * tiles_per_block * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles_per_block; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    PL_TILE_COPY(tile[threadIdx.x] = i < (size_t)n ? __ldg(&in[i]) : 0.0f);
    __syncthreads();
    acc += tile[threadIdx.x] + 0.5f * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}
#endif
