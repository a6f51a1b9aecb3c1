// Copy loops whose copy and zero fill are written as if/else (each arm
// computing the tile address itself), and a near miss without the else.
// Used by test/realworld/copyloop_if_else_fill.cu and
// test/gpu/guarded_unrolled.cu.
#pragma once
#include <cuda_runtime.h>

// A tile of 16 rows of 128 floats, loaded two floats per thread per step
// of a copy loop, zeros past the matrix's last row.
template <int BM, int BK>
__global__ void __launch_bounds__(128) rowPairs(const float *__restrict__ A, float *__restrict__ out,
                                                int M, int K, int ld) {
  __shared__ __align__(16) float As[BM][BK];
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = threadIdx.x; i < BM * BK / 2; i += 128) {
      const int r = i / (BK / 2), c = (i % (BK / 2)) * 2;
      if (blockIdx.y * BM + r < M) {
        const float2 v = *reinterpret_cast<const float2 *>(&A[(blockIdx.y * BM + r) * ld + k0 + c]);
        As[r][c + 0] = v.x;
        As[r][c + 1] = v.y;
      } else {
        const float2 v = float2();
        As[r][c + 0] = v.x;
        As[r][c + 1] = v.y;
      }
    }
    __syncthreads();
    for (int k = 0; k < BK; ++k)
      acc += As[threadIdx.x % BM][k] * 0.5f;
    __syncthreads();
  }
  out[blockIdx.y * 128 + threadIdx.x] = acc;
}

// A halo row of int2 values: the two ends outside the row read zeros.
__global__ void __launch_bounds__(256) haloRow(const int2 *__restrict__ in, float *__restrict__ out,
                                              int n, int tiles) {
  __shared__ __align__(16) int2 row[258];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const int x0 = t * 256;
    for (int i = threadIdx.x; i < 258; i += blockDim.x) {
      const int x = x0 + i - 1;
      if (x >= 0 && x < n) {
        row[i] = in[x];
      } else {
        row[i] = int2();
      }
    }
    __syncthreads();
    const int2 l = row[threadIdx.x], c = row[threadIdx.x + 1], r = row[threadIdx.x + 2];
    acc += 0.25f * (l.x + r.x) + 0.5f * (c.x - c.y);
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// Near miss: no else, so rows past M keep the previous tile's values (a
// ring's slot would hold an older tile's): declined. The row starts zeroed,
// so that no thread reads shared memory nothing wrote.
__global__ void __launch_bounds__(256) haloRowNoFill(const int2 *__restrict__ in,
                                                    float *__restrict__ out, int n, int tiles) {
  __shared__ __align__(16) int2 row[258];
  float acc = 0.0f;
  for (int i = threadIdx.x; i < 258; i += blockDim.x)
    row[i] = int2();
  __syncthreads();
  for (int t = 0; t < tiles; ++t) {
    const int x0 = t * 256;
    for (int i = threadIdx.x; i < 258; i += blockDim.x) {
      const int x = x0 + i - 1;
      if (x >= 0 && x < n)
        row[i] = in[x];
    }
    __syncthreads();
    acc += 0.5f * (row[threadIdx.x].x + row[threadIdx.x + 2].y);
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

template __global__ void rowPairs<16, 128>(const float *, float *, int, int, int);
