// Real-world shape 6: a copy guard that is the same on every iteration
// (256 threads, only the first 192 copy).
//
// Imitates the all-pairs N-body force kernel of GPU Gems 3, chapter 31
// (bodyBodyInteraction / tile_calculation), with positions stored as
// packed x, y, z floats (as many simulation codes keep them) instead of
// float4: a tile of 64 bodies is 192 floats, so a block of 256 threads
// copies it with `if (threadIdx.x < 192) sh[threadIdx.x] = pos[...]`
// (shape 6). Each thread owns one body and accumulates its softened
// acceleration from every body of the tile (unit masses). Threads past n
// still copy and synchronize; they write nothing. n a multiple of 64
// (trip count n / 64), any number of blocks.
#ifndef BENCH_NBODY_CUH
#define BENCH_NBODY_CUH
#include "tile_copy.h"

#define NB_P 256           // threads per block
#define NB_TILE 64         // bodies per tile
#define NB_F (3 * NB_TILE) // floats per tile

__device__ __forceinline__ float3 bodyBodyInteraction(float3 bi, float xj, float yj, float zj,
                                                      float3 ai, float eps2) {
  float3 r;
  // r_ij [3 FLOPS]
  r.x = xj - bi.x;
  r.y = yj - bi.y;
  r.z = zj - bi.z;
  // distSqr = dot(r_ij, r_ij) + EPS^2 [6 FLOPS]
  float distSqr = r.x * r.x + r.y * r.y + r.z * r.z + eps2;
  // invDistCube = 1 / distSqr^(3/2) [4 FLOPS (2 mul, 1 sqrt, 1 inv)]
  float invDist = rsqrtf(distSqr);
  float invDistCube = invDist * invDist * invDist;
  // a_i = a_i + r_ij / |r_ij|^3 [6 FLOPS]
  ai.x += r.x * invDistCube;
  ai.y += r.y * invDistCube;
  ai.z += r.z * invDistCube;
  return ai;
}

__global__ void __launch_bounds__(NB_P)
    nbodyAccel(int n, float eps2, const float *__restrict__ pos, float *__restrict__ accel) {
  __shared__ float shPos[NB_F];
  const int i = blockIdx.x * NB_P + threadIdx.x;
  const bool active = i < n;
  float3 me = make_float3(0.0f, 0.0f, 0.0f);
  if (active)
    me = make_float3(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  for (int tile = 0; tile < n / NB_TILE; ++tile) {
    if (threadIdx.x < NB_F)
      PL_TILE_COPY(shPos[threadIdx.x] = pos[(size_t)tile * NB_F + threadIdx.x]);
    __syncthreads();
#pragma unroll 16
    for (int j = 0; j < NB_TILE; ++j)
      acc = bodyBodyInteraction(me, shPos[3 * j], shPos[3 * j + 1], shPos[3 * j + 2], acc, eps2);
    __syncthreads();
  }
  if (active) {
    accel[3 * i] = acc.x;
    accel[3 * i + 1] = acc.y;
    accel[3 * i + 2] = acc.z;
  }
}
#endif
