// Hand-written 3-stage cp.async rings of the benchmark kernels (the seeds'
// SGEMM and the WMMA GEMM are in ../hand_kernels.cuh). Same arithmetic in
// the same order as the synchronous versions, so outputs must be bitwise
// identical.
#ifndef BENCH_HAND_CUH
#define BENCH_HAND_CUH
#include "ring.cuh"

#define HR 3

__global__ void __launch_bounds__(256)
    rbSgemmHand(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                float *__restrict__ C) {
  __shared__ __align__(16) float As[HR][RB_BM][RB_BK];
  __shared__ __align__(16) float Bs[HR][RB_BK][RB_BN];
  const int tid = threadIdx.x, tx = tid % 16, ty = tid / 16;
  const int row0 = blockIdx.y * RB_BM, col0 = blockIdx.x * RB_BN;
  (void)M;
  float acc[8][8] = {};
  pl_ring_loop<HR>(
      K / RB_BK,
      [&](int t, int s) {
        const int ar = tid / 2, ac = (tid % 2) * 4;
        pl_cp_async16(&As[s][ar][ac], &A[(size_t)(row0 + ar) * K + t * RB_BK + ac]);
        const int br = tid / 32, bc = (tid % 32) * 4;
        pl_cp_async16(&Bs[s][br][bc], &B[(size_t)(t * RB_BK + br) * N + col0 + bc]);
      },
      [&](int, int s) {
#pragma unroll
        for (int k = 0; k < RB_BK; ++k) {
          float a[8], b[8];
#pragma unroll
          for (int i = 0; i < 8; ++i)
            a[i] = As[s][ty * 8 + i][k];
#pragma unroll
          for (int j = 0; j < 8; ++j)
            b[j] = Bs[s][k][tx * 8 + j];
#pragma unroll
          for (int i = 0; i < 8; ++i)
#pragma unroll
            for (int j = 0; j < 8; ++j)
              acc[i][j] += a[i] * b[j];
        }
      });
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j)
      C[(size_t)(row0 + ty * 8 + i) * N + col0 + tx * 8 + j] = acc[i][j];
}

__global__ void __launch_bounds__(256)
    conv3x3Hand(int C, int H, int W, const float *__restrict__ in, const float *__restrict__ w,
                float *__restrict__ out) {
  __shared__ __align__(16) float tile[HR][512];
  const int tid = threadIdx.y * CV_TX + threadIdx.x;
  const int x0 = blockIdx.x * CV_TX - 1, y0 = blockIdx.y * CV_TY - 1;
  float acc = 0.0f;
  pl_ring_loop<HR>(
      C,
      [&](int c, int s) {
#pragma unroll
        for (int r = 0; r < 2; ++r) {
          const int i = tid + r * 256;
          const int hy = i / CV_HW, hx = i % CV_HW;
          const int y = y0 + hy, x = x0 + hx;
          const bool in_img = i < CV_HW * CV_HH && y >= 0 && y < H && x >= 0 && x < W;
          // Zero-fill out of the image; the address is clamped into it.
          const size_t src = in_img ? ((size_t)c * H + y) * W + x : 0;
          pl_cp_async4z(&tile[s][i], &in[src], in_img ? 4 : 0);
        }
      },
      [&](int c, int s) {
#pragma unroll
        for (int dy = 0; dy < 3; ++dy)
#pragma unroll
          for (int dx = 0; dx < 3; ++dx)
            acc += w[c * 9 + dy * 3 + dx] * tile[s][(threadIdx.y + dy) * CV_HW + threadIdx.x + dx];
      });
  const int y = blockIdx.y * CV_TY + threadIdx.y, x = blockIdx.x * CV_TX + threadIdx.x;
  if (y < H && x < W)
    out[(size_t)y * W + x] = acc;
}

__global__ void batchedGemmHand(int n, const float *__restrict__ A, const float *__restrict__ B,
                                float *__restrict__ C) {
  __shared__ __align__(16) float As[HR][BT][BT + 1];
  __shared__ __align__(16) float Bs[HR][BT][BT + 1];
  const size_t off = (size_t)blockIdx.z * n * n;
  const int row = blockIdx.y * BT + threadIdx.y, col = blockIdx.x * BT + threadIdx.x;
  float acc = 0.0f;
  pl_ring_loop<HR>(
      n / BT,
      [&](int t, int s) {
        pl_cp_async4(&As[s][threadIdx.y][threadIdx.x], &A[off + (size_t)row * n + t * BT + threadIdx.x]);
        pl_cp_async4(&Bs[s][threadIdx.y][threadIdx.x],
                     &B[off + (size_t)(t * BT + threadIdx.y) * n + col]);
      },
      [&](int, int s) {
#pragma unroll
        for (int k = 0; k < BT; ++k)
          acc += As[s][threadIdx.y][k] * Bs[s][k][threadIdx.x];
      });
  C[off + (size_t)row * n + col] = acc;
}

// The ring is written out here rather than through pl_ring_loop: lambdas
// capturing the q[] and o[] register arrays by reference put them in local
// memory (measured: 13x slower).
__global__ void __launch_bounds__(64)
    attentionHand(int L, const float *__restrict__ Q, const float *__restrict__ Kg,
                  const float *__restrict__ Vg, float *__restrict__ O) {
  __shared__ __align__(16) float Ks[HR][AT_BK][AT_D];
  __shared__ __align__(16) float Vs[HR][AT_BK][AT_D];
  const size_t base = (size_t)blockIdx.y * L * AT_D;
  const int qi = blockIdx.x * AT_BQ + threadIdx.x;
  const bool active = qi < L;
  const int T = L / AT_BK;
  float q[AT_D], o[AT_D];
#pragma unroll
  for (int d = 0; d < AT_D; ++d) {
    q[d] = active ? Q[base + (size_t)qi * AT_D + d] * 0.125f : 0.0f;
    o[d] = 0.0f;
  }
#define AT_ISSUE(t, sl)                                                                    \
  _Pragma("unroll") for (int r = 0; r < 8; ++r) {                                         \
    const int i = threadIdx.x + r * 64;                                                    \
    const int kr = i / 16, kc = (i % 16) * 4;                                              \
    pl_cp_async16(&Ks[sl][kr][kc], &Kg[base + (size_t)((t) * AT_BK + kr) * AT_D + kc]);    \
    pl_cp_async16(&Vs[sl][kr][kc], &Vg[base + (size_t)((t) * AT_BK + kr) * AT_D + kc]);    \
  }
#pragma unroll
  for (int st = 0; st < HR - 1; ++st) {
    if (st < T) {
      AT_ISSUE(st, st)
    }
    pl_commit();
  }
  float m = -INFINITY, l = 0.0f;
  int sl = 0;
  for (int t = 0; t < T; ++t) {
    pl_wait<HR - 2>();
    __syncthreads();
    if (t + HR - 1 < T) {
      const int ns = sl == 0 ? HR - 1 : sl - 1;
      AT_ISSUE(t + HR - 1, ns)
    }
    pl_commit();
    float s[AT_BK];
    float mt = m;
#pragma unroll
    for (int j = 0; j < AT_BK; ++j) {
      float dot = 0.0f;
#pragma unroll
      for (int d = 0; d < AT_D; ++d)
        dot += q[d] * Ks[sl][j][d];
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
        o[d] += p * Vs[sl][j][d];
    }
    m = mt;
    sl = sl == HR - 1 ? 0 : sl + 1;
  }
#undef AT_ISSUE
  pl_wait<0>();
  if (active)
#pragma unroll
    for (int d = 0; d < AT_D; ++d)
      O[base + (size_t)qi * AT_D + d] = o[d] / l;
}

__global__ void __launch_bounds__(256)
    streamSumHand(int n, int tiles_per_block, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ __align__(16) float tile[HR][256];
  const size_t start = (size_t)blockIdx.x * tiles_per_block * 256;
  float acc = 0.0f;
  pl_ring_loop<HR>(
      tiles_per_block,
      [&](int t, int s) {
        const size_t i = start + (size_t)t * 256 + threadIdx.x;
        pl_cp_async4z(&tile[s][threadIdx.x], &in[i < (size_t)n ? i : 0], i < (size_t)n ? 4 : 0);
      },
      [&](int, int s) { acc += tile[s][threadIdx.x] + 0.5f * tile[s][(threadIdx.x + 1) % 256]; });
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}
// The hand-written ring reads with cp.async either way.
#define streamSumLdgHand streamSumHand
#endif
