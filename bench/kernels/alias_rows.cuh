// A row transform without __restrict__, whose loop stores
// each output row inside the tile loop. The plugin versions the loop with
// a runtime alias check. Block b owns rows [b*(tiles+1), (b+1)*(tiles+1)):
// it copies row r of `in` and writes row r of `out` for r < tiles, so the
// last row of its band is spare. Called with disjoint buffers, the ranges
// are disjoint and the pipelined loop runs; called in place with
// out = in + one row, iteration t writes the row iteration t+1 copies (a
// chain, within the block: no race), the ranges overlap and the original
// loop must run -- the pipelined one would copy the row before it is
// written.
#ifndef BENCH_ALIAS_ROWS_CUH
#define BENCH_ALIAS_ROWS_CUH
#include "tile_copy.h"

#define AR_W 256

__global__ void __launch_bounds__(AR_W) aliasRows(int tiles, const float *in, float *out) {
  __shared__ float row[AR_W];
  const size_t first = (size_t)blockIdx.x * (tiles + 1);
  for (int t = 0; t < tiles; ++t) {
    PL_TILE_COPY(row[threadIdx.x] = in[(first + t) * AR_W + threadIdx.x]);
    __syncthreads();
    out[(first + t) * AR_W + threadIdx.x] =
        0.5f * row[threadIdx.x] + 0.25f * row[AR_W - 1 - threadIdx.x] + 1.0f;
    __syncthreads();
  }
}

// The same with the counter stepping by the row width, as K loops are
// written: ScalarEvolution computes no trip count for it, and the check
// uses the latch compare's (trip.h), with a runtime no-wrap test.
__global__ void __launch_bounds__(AR_W)
    aliasRowsStrided(int tiles, const float *in, float *out) {
  __shared__ float row[AR_W];
  const float *src = in + (size_t)blockIdx.x * (tiles + 1) * AR_W;
  float *dst = out + (size_t)blockIdx.x * (tiles + 1) * AR_W;
  for (int k = 0; k < tiles * AR_W; k += AR_W) {
    PL_TILE_COPY(row[threadIdx.x] = src[k + threadIdx.x]);
    __syncthreads();
    dst[k + threadIdx.x] = 0.5f * row[threadIdx.x] + 0.25f * row[AR_W - 1 - threadIdx.x] + 1.0f;
    __syncthreads();
  }
}
#endif
