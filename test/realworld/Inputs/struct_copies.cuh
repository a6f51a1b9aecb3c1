// Copies of CUDA's vector structs, which clang copies with llvm.memcpy
// and zeroes with llvm.memset: a copy loop of float4, a copy loop of
// double2 with an if/else zero fill, an int4 conditional expression
// through a stack temporary (in a copy loop and straight-line), a float3
// conditional expression, and a near miss filled with (1.0, 2.0). Used
// by test/realworld/struct_copies.cu and test/gpu/guarded_unrolled.cu.
#pragma once
#include <cuda_runtime.h>

// A copy loop of float4 structs (clang copies each with a 16-byte memcpy).
__global__ void __launch_bounds__(256) rowsFloat4(const float4 *__restrict__ in, float *__restrict__ out,
                                                 int tiles) {
  __shared__ float4 tile[512];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
      tile[i] = in[(size_t)(blockIdx.x * tiles + t) * 512 + i];
    __syncthreads();
    const float4 a = tile[threadIdx.x], b = tile[511 - threadIdx.x];
    acc += a.x * b.w + a.y * b.z - a.z * b.y + a.w * b.x;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// double2 rows with if/else zero fill past the end.
__global__ void __launch_bounds__(128) rowsDouble2(const double2 *__restrict__ in, float *__restrict__ out,
                                                  int n, int tiles) {
  __shared__ double2 tile[8][66];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    for (int i = threadIdx.x; i < 528; i += blockDim.x) {
      const int r = i / 66, c = i % 66, x = t * 64 + c - 1;
      if (x >= 0 && x < n)
        tile[r][c] = in[(size_t)r * n + x];
      else
        tile[r][c] = double2();
    }
    __syncthreads();
    const double2 l = tile[threadIdx.x % 8][threadIdx.x % 64], m = tile[(threadIdx.x + 1) % 8][threadIdx.x % 64 + 1];
    acc += (float)(l.x * m.y - l.y * m.x + tile[threadIdx.x % 8][threadIdx.x % 64 + 2].x);
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// An int4 conditional expression through a temporary (clang: a memcpy or a
// memset into a stack temporary on each arm, then a memcpy into the tile).
__global__ void __launch_bounds__(128) rowsInt4(const int *__restrict__ A, float *__restrict__ out, int W,
                                               int ld, int tiles) {
  __shared__ __align__(16) int ta[16][132];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    for (int i = threadIdx.x; i < 512; i += 128) {
      const int ly = i / 32, lx = i % 32, sx = t * 128 + lx * 4;
      *reinterpret_cast<int4 *>(&ta[ly][lx * 4]) =
          (sx < W) ? *reinterpret_cast<const int4 *>(&A[(size_t)ly * ld + sx]) : int4();
    }
    __syncthreads();
    acc += 0.5f * ta[threadIdx.x % 16][(threadIdx.x * 3) % 128];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
// A fill of two different doubles (1.0, 2.0), stored as two doubles beside
// the copy of the whole 16 bytes: one fill of 16 bytes.
__global__ void __launch_bounds__(128) rowsDouble2Ones(const double2 *__restrict__ in,
                                                      float *__restrict__ out, int n, int tiles) {
  __shared__ double2 tile[8][66];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    for (int i = threadIdx.x; i < 528; i += blockDim.x) {
      const int r = i / 66, c = i % 66, x = t * 64 + c - 1;
      if (x >= 0 && x < n)
        tile[r][c] = in[(size_t)r * n + x];
      else
        tile[r][c] = make_double2(1.0, 2.0);
    }
    __syncthreads();
    acc += (float)tile[threadIdx.x % 8][threadIdx.x % 64 + 1].y;
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// Straight-line forms: an int4 conditional expression (the temporary's copy
// into the tile sits in the block of the barrier), and a float3 (12 bytes,
// its temporary 12 bytes).
__global__ void __launch_bounds__(128) rowInt4Straight(const int *__restrict__ A,
                                                      float *__restrict__ out, int W, int ld,
                                                      int tiles) {
  __shared__ __align__(16) int ta[4][132];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const int ly = threadIdx.x / 32, lx = threadIdx.x % 32, sx = t * 128 + lx * 4;
    *reinterpret_cast<int4 *>(&ta[ly][lx * 4]) =
        (sx < W) ? *reinterpret_cast<const int4 *>(&A[(size_t)ly * ld + sx]) : int4();
    __syncthreads();
    acc += 0.5f * ta[threadIdx.x % 4][(threadIdx.x * 3) % 128];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(128) rowFloat3(const float3 *__restrict__ A,
                                                float *__restrict__ out, int W, int tiles) {
  __shared__ float3 ta[128];
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const int x = t * 128 + threadIdx.x;
    ta[threadIdx.x] = (x < W) ? A[x] : float3();
    __syncthreads();
    acc += 0.5f * ta[(threadIdx.x * 3) % 128].y - ta[threadIdx.x].z;
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
