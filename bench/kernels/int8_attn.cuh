// The scores of int8 dot-product attention, S = alpha * Q K^T per head
// (Q: Lq x HD int8, K: Lk x HD int8, row-major, heads one after another;
// S: Lq x Lk fp32 per head, the dequantized and 1/sqrt(d)-scaled int32
// dot products), in the style of public int8 attention and int8 GEMM
// kernels: rows read as 32-bit words of 4 int8 (`reinterpret_cast<const
// int *>`) and multiplied with __dp4a. A block of 16 x 16 threads owns 64
// query rows of one head (blockIdx.y): it stages their 64 x HD / 4 words in
// shared memory once, then walks the keys in tiles of 64, copying each
// tile's 64 x HD / 4 words (zero past Lk) with a loop over the flattened
// tile that steps by the block size, and computes the 64 x 64 scores, 4 x 4
// per thread (rows ty + 16 i, keys tx + 16 j), writing those inside Lq x Lk;
// K is bumped by one tile of rows per iteration. Both tiles have a padding
// word per row against bank conflicts. HD = 64 (a multiple of 4); any Lq,
// Lk (trip count ceil(Lk / 64); Lk = 0 writes nothing).
#ifndef BENCH_INT8_ATTN_CUH
#define BENCH_INT8_ATTN_CUH
#include "tile_copy.h"

#define IA_HD 64
#define IA_BQ 64
#define IA_BK 64

template <int HD, int BQ, int BK>
__global__ void __launch_bounds__(256)
    int8AttnScores(int Lq, int Lk, const signed char *Q, const signed char *__restrict__ K,
                   float *__restrict__ S, float alpha) {
  constexpr int W = HD / 4; // 32-bit words per row
  __shared__ int qs[BQ][W + 1];
  __shared__ int ks[BK][W + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tid = ty * 16 + tx;
  const int head = blockIdx.y;
  const int q0 = blockIdx.x * BQ;
  const int *Qw = reinterpret_cast<const int *>(Q + ((size_t)head * Lq + q0) * HD);
  const int *Kw = reinterpret_cast<const int *>(K + (size_t)head * Lk * HD);
  S += ((size_t)head * Lq + q0) * Lk;

  // the block's query rows, once
  for (int i = tid; i < BQ * W; i += 256) {
    const int r = i / W, c = i % W;
    qs[r][c] = q0 + r < Lq ? Qw[r * W + c] : 0;
  }

  for (int k0 = 0; k0 < Lk; k0 += BK) {
    for (int i = tid; i < BK * W; i += 256) {
      const int r = i / W, c = i % W;
      PL_TILE_COPY(ks[r][c] = k0 + r < Lk ? Kw[r * W + c] : 0);
    }
    __syncthreads();

    int acc[4][4] = {};
#pragma unroll 4
    for (int w = 0; w < W; ++w) {
      int a[4], b[4];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        a[i] = qs[ty + 16 * i][w];
#pragma unroll
      for (int j = 0; j < 4; ++j)
        b[j] = ks[tx + 16 * j][w];
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] = __dp4a(a[i], b[j], acc[i][j]);
    }

#pragma unroll
    for (int i = 0; i < 4; ++i) {
      const int r = ty + 16 * i;
#pragma unroll
      for (int j = 0; j < 4; ++j) {
        const int kc = k0 + tx + 16 * j;
        if (q0 + r < Lq && kc < Lk)
          S[(size_t)r * Lk + kc] = alpha * (float)acc[i][j];
      }
    }
    __syncthreads();
    Kw += BK * W;
  }
}
#endif
