// Tile loops over dynamic shared memory (extern __shared__), written the way
// public code writes them. Where the bytes a kernel uses of the buffer are
// bounded, the plugin may lay a ring out in dynamic shared memory past them
// (docs/design.md, "Rings in dynamic shared memory"), and bench/variant.cu
// launches with what include/libpipeline.h says it needs; else, or where
// the model declines that ring, it pipelines them in place ("In place").
//
// dynmm: a matrixMul whose two 16 x 16 tiles are carved from one extern
// __shared__ buffer (`float *Bs = smem + T * T`), launched with 2 KiB of
// dynamic shared memory, as tutorials write the "dynamic shared memory"
// version of the tiled matrix multiply. C (hA x wB) = A (hA x wA) * B (wA x
// wB), all multiples of DM_T (trip count wA / DM_T).
//
// dynnbody: the all-pairs N-body of the CUDA Samples (nbody,
// bodySystemCuda.cu): `SharedMemory<T>` wraps the extern buffer, a tile is
// blockDim.x float4 bodies (x, y, z, mass), each thread one body; launched
// with DN_P * 16 bytes of dynamic shared memory. n a multiple of DN_P
// (trip count n / DN_P). 20 FLOP per interaction.
#ifndef BENCH_DYN_SMEM_CUH
#define BENCH_DYN_SMEM_CUH
#include "tile_copy.h"

#define DM_T 16
#define DN_P 256

__global__ void matmulDynamic(float *C, const float *A, const float *B, int hA, int wA, int wB) {
  extern __shared__ float dmSmem[];
  float *As = dmSmem;
  float *Bs = dmSmem + DM_T * DM_T;
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * DM_T + ty, col = blockIdx.x * DM_T + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < wA; k0 += DM_T) {
    PL_TILE_COPY(As[ty * DM_T + tx] = A[row * wA + k0 + tx]);
    PL_TILE_COPY(Bs[ty * DM_T + tx] = B[(k0 + ty) * wB + col]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < DM_T; ++k)
      acc += As[ty * DM_T + k] * Bs[k * DM_T + tx];
    __syncthreads();
  }
  C[row * wB + col] = acc;
}

// The CUDA Samples' helper: one extern array per type would clash, so the
// buffer is declared once, as int, and cast.
template <class T> struct DynShared {
  __device__ inline operator T *() {
    extern __shared__ int dnSmem[];
    return (T *)dnSmem;
  }
};

__device__ __forceinline__ float3 dynBodyBody(float3 ai, float4 bi, float4 bj, float eps2) {
  float3 r;
  r.x = bj.x - bi.x;
  r.y = bj.y - bi.y;
  r.z = bj.z - bi.z;
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
  float invDist = rsqrtf(distSqr);
  float s = bj.w * invDist * invDist * invDist;
  ai.x += r.x * s;
  ai.y += r.y * s;
  ai.z += r.z * s;
  return ai;
}

__global__ void nbodyDynamic(int n, float eps2, const float4 *__restrict__ pos,
                             float4 *__restrict__ accel) {
  float4 *sharedPos = DynShared<float4>();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = pos[i];
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  int numTiles = n / blockDim.x;
  for (int tile = 0; tile < numTiles; tile++) {
    PL_TILE_COPY(sharedPos[threadIdx.x] = pos[tile * blockDim.x + threadIdx.x]);
    __syncthreads();
#pragma unroll 32
    for (unsigned counter = 0; counter < blockDim.x; counter++)
      acc = dynBodyBody(acc, me, sharedPos[counter], eps2);
    __syncthreads();
  }
  accel[i] = make_float4(acc.x, acc.y, acc.z, 0.0f);
}

#ifdef PL_HAND
// The same loops pipelined by hand as the plugin pipelines them in place:
// the next tile's loads into registers after the first barrier, stored
// where the loop stored (register prefetch; no more shared memory).
__global__ void matmulDynamicHand(float *C, const float *A, const float *B, int hA, int wA,
                                  int wB) {
  extern __shared__ float dmSmem[];
  float *As = dmSmem;
  float *Bs = dmSmem + DM_T * DM_T;
  int tx = threadIdx.x, ty = threadIdx.y;
  int row = blockIdx.y * DM_T + ty, col = blockIdx.x * DM_T + tx;
  float acc = 0.0f, a = 0.0f, b = 0.0f;
  if (wA > 0) {
    a = A[row * wA + tx];
    b = B[ty * wB + col];
  }
  for (int k0 = 0; k0 < wA; k0 += DM_T) {
    As[ty * DM_T + tx] = a;
    Bs[ty * DM_T + tx] = b;
    __syncthreads();
    if (k0 + DM_T < wA) {
      a = A[row * wA + k0 + DM_T + tx];
      b = B[(k0 + DM_T + ty) * wB + col];
    }
#pragma unroll
    for (int k = 0; k < DM_T; ++k)
      acc += As[ty * DM_T + k] * Bs[k * DM_T + tx];
    __syncthreads();
  }
  C[row * wB + col] = acc;
}

__global__ void nbodyDynamicHand(int n, float eps2, const float4 *__restrict__ pos,
                                 float4 *__restrict__ accel) {
  float4 *sharedPos = DynShared<float4>();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 me = pos[i];
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  int numTiles = n / blockDim.x;
  float4 next = numTiles > 0 ? pos[threadIdx.x] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  for (int tile = 0; tile < numTiles; tile++) {
    sharedPos[threadIdx.x] = next;
    __syncthreads();
    if (tile + 1 < numTiles)
      next = pos[(tile + 1) * blockDim.x + threadIdx.x];
#pragma unroll 32
    for (unsigned counter = 0; counter < blockDim.x; counter++)
      acc = dynBodyBody(acc, me, sharedPos[counter], eps2);
    __syncthreads();
  }
  accel[i] = make_float4(acc.x, acc.y, acc.z, 0.0f);
}
#endif
#endif
