// Tile loops that cp.async cannot serve (issue "A second lowering"): the
// register lowering stages them on every target, and stages everything
// below sm_80.
//   f2hStream   float -> half on the way into the tile (a converting copy,
//               __float2half is inline asm in CUDA's headers), ragged tail
//               zero-filled
//   dequantGemm C = A x dequant(W): fp16 activations A[M][K] copied as
//               half2 (4 bytes: cp.async on sm_80+), int8 weights W[K][N]
//               dequantized into fp16 with a per-column scale on the way
//               into the tile (registers): a mixed loop on sm_80+
//   halfGemm    a half-precision GEMM whose tiles are copied one half (2
//               bytes) per thread: cp.async copies 4, 8 or 16 bytes
// Trip counts are tiles per block (f2hStream) and K / tile (the GEMMs).
#ifndef BENCH_CONVERT_CUH
#define BENCH_CONVERT_CUH
#include "tile_copy.h"

#define CV_T 256 // f2hStream tile (threads per block)
#define DQ_B 16  // dequantGemm: 16 x 16 outputs per block, 16 x 16 threads
#define DQ_K 32  // dequantGemm: K per tile
#define HG_B 16  // halfGemm: 16 x 16 tiles, 16 x 16 threads

__global__ void __launch_bounds__(CV_T)
    f2hStream(int n, int tiles_per_block, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[CV_T];
  const size_t start = (size_t)blockIdx.x * tiles_per_block * CV_T;
  float acc = 0.0f;
  for (int t = 0; t < tiles_per_block; ++t) {
    const size_t i = start + (size_t)t * CV_T + threadIdx.x;
    PL_TILE_COPY(tile[threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f));
    __syncthreads();
    acc += __half2float(tile[threadIdx.x]) + 0.5f * __half2float(tile[(threadIdx.x + 1) % CV_T]);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * CV_T + threadIdx.x] = acc;
}

// The dequantization as int8 GEMM kernels write it: a helper, a per-column
// scale held in a register for the whole K loop.
static __device__ __forceinline__ half dequant(signed char w, float scale) {
  return __float2half((float)w * scale);
}

__global__ void __launch_bounds__(DQ_B *DQ_B)
    dequantGemm(int M, int N, int K, const half *__restrict__ A, const signed char *__restrict__ W,
                const float *__restrict__ scale, float *__restrict__ C) {
  __shared__ __align__(16) half2 As[DQ_B][DQ_K / 2];
  __shared__ __align__(16) half Ws[DQ_K][DQ_B];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * DQ_B + ty, col = blockIdx.x * DQ_B + tx;
  (void)M;
  const float s = scale[col];
  const half2 *A2 = reinterpret_cast<const half2 *>(A);
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += DQ_K) {
    PL_TILE_COPY(As[ty][tx] = A2[((size_t)row * K + k0) / 2 + tx]);
    PL_TILE_COPY(Ws[ty][tx] = dequant(W[(size_t)(k0 + ty) * N + col], s));
    PL_TILE_COPY(Ws[ty + DQ_B][tx] = dequant(W[(size_t)(k0 + ty + DQ_B) * N + col], s));
    __syncthreads();
#pragma unroll
    for (int k = 0; k < DQ_K / 2; ++k) {
      const half2 a = As[ty][k];
      acc += __low2float(a) * __half2float(Ws[2 * k][tx]);
      acc += __high2float(a) * __half2float(Ws[2 * k + 1][tx]);
    }
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}

__global__ void __launch_bounds__(HG_B *HG_B)
    halfGemm(int M, int N, int K, const half *__restrict__ A, const half *__restrict__ B,
             float *__restrict__ C) {
  __shared__ half As[HG_B][HG_B];
  __shared__ half Bs[HG_B][HG_B];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * HG_B + ty, col = blockIdx.x * HG_B + tx;
  (void)M;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += HG_B) {
    PL_TILE_COPY(As[ty][tx] = A[(size_t)row * K + k0 + tx]);
    PL_TILE_COPY(Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < HG_B; ++k)
      acc += __half2float(As[ty][k]) * __half2float(Bs[k][tx]);
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}

#ifdef PL_HAND
// Hand-written register double buffers (the seeds' first document): load
// tile t+1 into registers before the compute of tile t, store it into the
// other buffer after it, one barrier per iteration. The same arithmetic in
// the same order as above.
__global__ void __launch_bounds__(CV_T)
    f2hStreamHand(int n, int tiles_per_block, const float *__restrict__ in,
                  float *__restrict__ out) {
  __shared__ half tile[2][CV_T];
  const size_t start = (size_t)blockIdx.x * tiles_per_block * CV_T;
  float acc = 0.0f;
  if (tiles_per_block > 0) {
    const size_t i = start + threadIdx.x;
    tile[0][threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f);
  }
  __syncthreads();
  for (int t = 0; t < tiles_per_block; ++t) {
    const int cur = t & 1;
    float next = 0.0f;
    const bool more = t + 1 < tiles_per_block;
    if (more) {
      const size_t i = start + (size_t)(t + 1) * CV_T + threadIdx.x;
      next = i < (size_t)n ? in[i] : 0.0f;
    }
    acc += __half2float(tile[cur][threadIdx.x]) +
           0.5f * __half2float(tile[cur][(threadIdx.x + 1) % CV_T]);
    if (more)
      tile[cur ^ 1][threadIdx.x] = __float2half(next);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * CV_T + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(DQ_B *DQ_B)
    dequantGemmHand(int M, int N, int K, const half *__restrict__ A,
                    const signed char *__restrict__ W, const float *__restrict__ scale,
                    float *__restrict__ C) {
  __shared__ __align__(16) half2 As[2][DQ_B][DQ_K / 2];
  __shared__ __align__(16) half Ws[2][DQ_K][DQ_B];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * DQ_B + ty, col = blockIdx.x * DQ_B + tx;
  (void)M;
  const float s = scale[col];
  const half2 *A2 = reinterpret_cast<const half2 *>(A);
  float acc = 0.0f;
  const int tiles = (K + DQ_K - 1) / DQ_K;
  if (tiles > 0) {
    As[0][ty][tx] = A2[((size_t)row * K) / 2 + tx];
    Ws[0][ty][tx] = dequant(W[(size_t)ty * N + col], s);
    Ws[0][ty + DQ_B][tx] = dequant(W[(size_t)(ty + DQ_B) * N + col], s);
  }
  __syncthreads();
  for (int t = 0; t < tiles; ++t) {
    const int cur = t & 1, k1 = (t + 1) * DQ_K;
    const bool more = t + 1 < tiles;
    half2 a = __floats2half2_rn(0.0f, 0.0f);
    signed char w0 = 0, w1 = 0;
    if (more) {
      a = A2[((size_t)row * K + k1) / 2 + tx];
      w0 = W[(size_t)(k1 + ty) * N + col];
      w1 = W[(size_t)(k1 + ty + DQ_B) * N + col];
    }
#pragma unroll
    for (int k = 0; k < DQ_K / 2; ++k) {
      const half2 x = As[cur][ty][k];
      acc += __low2float(x) * __half2float(Ws[cur][2 * k][tx]);
      acc += __high2float(x) * __half2float(Ws[cur][2 * k + 1][tx]);
    }
    if (more) {
      As[cur ^ 1][ty][tx] = a;
      Ws[cur ^ 1][ty][tx] = dequant(w0, s);
      Ws[cur ^ 1][ty + DQ_B][tx] = dequant(w1, s);
    }
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}

__global__ void __launch_bounds__(HG_B *HG_B)
    halfGemmHand(int M, int N, int K, const half *__restrict__ A, const half *__restrict__ B,
                 float *__restrict__ C) {
  __shared__ half As[2][HG_B][HG_B];
  __shared__ half Bs[2][HG_B][HG_B];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * HG_B + ty, col = blockIdx.x * HG_B + tx;
  (void)M;
  float acc = 0.0f;
  const int tiles = (K + HG_B - 1) / HG_B;
  if (tiles > 0) {
    As[0][ty][tx] = A[(size_t)row * K + tx];
    Bs[0][ty][tx] = B[(size_t)ty * N + col];
  }
  __syncthreads();
  for (int t = 0; t < tiles; ++t) {
    const int cur = t & 1, k1 = (t + 1) * HG_B;
    const bool more = t + 1 < tiles;
    half a = __float2half(0.0f), b = a;
    if (more) {
      a = A[(size_t)row * K + k1 + tx];
      b = B[(size_t)(k1 + ty) * N + col];
    }
#pragma unroll
    for (int k = 0; k < HG_B; ++k)
      acc += __half2float(As[cur][ty][k]) * __half2float(Bs[cur][k][tx]);
    if (more) {
      As[cur ^ 1][ty][tx] = a;
      Bs[cur ^ 1][ty][tx] = b;
    }
    __syncthreads();
  }
  C[(size_t)row * N + col] = acc;
}
#endif
#endif
