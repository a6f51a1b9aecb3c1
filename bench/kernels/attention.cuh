// A flash-attention-style loop, fp32, head dimension 64. A block of 64
// threads owns 64 query rows (one per thread, q in registers). For each
// tile of 32 keys it loads K and V (32 x 64 each, float4 copies), computes
// q.k for the 32 keys, updates the online softmax (running max and sum),
// and accumulates p * V. out = softmax(Q K^T / 8) V per (batch*head).
// L (sequence length) a multiple of 32; query rows past L are idle.
#ifndef BENCH_ATTENTION_CUH
#define BENCH_ATTENTION_CUH
#include "tile_copy.h"

#define AT_D 64
#define AT_BQ 64
#define AT_BK 32

__global__ void __launch_bounds__(64)
    attention(int L, const float *__restrict__ Q, const float *__restrict__ Kg,
              const float *__restrict__ Vg, float *__restrict__ O) {
  __shared__ __align__(16) float Ks[AT_BK][AT_D];
  __shared__ __align__(16) float Vs[AT_BK][AT_D];
  const size_t base = (size_t)blockIdx.y * L * AT_D;
  const int qi = blockIdx.x * AT_BQ + threadIdx.x;
  const bool active = qi < L;
  float q[AT_D], o[AT_D];
#pragma unroll
  for (int d = 0; d < AT_D; ++d) {
    q[d] = active ? Q[base + (size_t)qi * AT_D + d] * 0.125f : 0.0f;
    o[d] = 0.0f;
  }
  float m = -INFINITY, l = 0.0f;
  for (int k0 = 0; k0 < L; k0 += AT_BK) {
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const int i = threadIdx.x + r * 64; // float4 index, 0..511
      const int kr = i / 16, kc = (i % 16) * 4;
      PL_TILE_COPY(*reinterpret_cast<float4 *>(&Ks[kr][kc]) =
                       *reinterpret_cast<const float4 *>(&Kg[base + (size_t)(k0 + kr) * AT_D + kc]));
      PL_TILE_COPY(*reinterpret_cast<float4 *>(&Vs[kr][kc]) =
                       *reinterpret_cast<const float4 *>(&Vg[base + (size_t)(k0 + kr) * AT_D + kc]));
    }
    __syncthreads();
    float s[AT_BK];
    float mt = m;
#pragma unroll
    for (int j = 0; j < AT_BK; ++j) {
      float dot = 0.0f;
#pragma unroll
      for (int d = 0; d < AT_D; ++d)
        dot += q[d] * Ks[j][d];
      s[j] = dot;
      mt = fmaxf(mt, dot);
    }
    const float scale = __expf(m - mt);
    l *= scale;
#pragma unroll
    for (int d = 0; d < AT_D; ++d)
      o[d] *= scale;
#pragma unroll
    for (int j = 0; j < AT_BK; ++j) {
      const float p = __expf(s[j] - mt);
      l += p;
#pragma unroll
      for (int d = 0; d < AT_D; ++d)
        o[d] += p * Vs[j][d];
    }
    m = mt;
    __syncthreads();
  }
  if (active)
#pragma unroll
    for (int d = 0; d < AT_D; ++d)
      O[base + (size_t)qi * AT_D + d] = o[d] / l;
}
#endif
