// The assignment step of k-means: for each of n points of D = 16 floats
// (row-major n x D) the index of its nearest of k centroids (row-major
// k x D) by squared Euclidean distance, the first one on ties; in the
// style of public CUDA k-means kernels: one thread per point, the point
// held in registers (read as float4), the centroids walked in tiles of
// TC = 64 staged in shared memory. A block of 256 threads owns 256 points.
// Per tile the block copies TC x D = 1024 floats of centroids with a loop
// over the flattened tile that steps by blockDim.x (zero past k), and every
// thread then compares its point with the tile's min(TC, k - c0)
// centroids, keeping the best distance and index; the centroid pointer is
// bumped by one tile (`centroids += TC * D`). Threads past n take part in
// the copies and barriers only. The output is the index, an int per point
// (0 when k = 0). Any n, k (trip count ceil(k / 64)).
#ifndef BENCH_KMEANS_CUH
#define BENCH_KMEANS_CUH
#include "tile_copy.h"

#define KM_D 16
#define KM_TC 64
#define KM_THREADS 256

template <int D> __device__ __forceinline__ float kmSqDist(const float (&p)[D], const float *c) {
  float dist = 0.0f;
#pragma unroll
  for (int d = 0; d < D; ++d) {
    const float diff = p[d] - c[d];
    dist += diff * diff;
  }
  return dist;
}

template <int D, int TC>
__global__ void __launch_bounds__(KM_THREADS)
    kmeansAssign(int n, int k, const float *__restrict__ points,
                 const float *__restrict__ centroids, int *__restrict__ assign) {
  static_assert(D % 4 == 0, "points are read as float4");
  __shared__ float cs[TC * D];
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  float p[D];
  if (i < n) {
    const float4 *p4 = reinterpret_cast<const float4 *>(points + (size_t)i * D);
#pragma unroll
    for (int d = 0; d < D / 4; ++d) {
      const float4 v = p4[d];
      p[4 * d] = v.x;
      p[4 * d + 1] = v.y;
      p[4 * d + 2] = v.z;
      p[4 * d + 3] = v.w;
    }
  } else {
#pragma unroll
    for (int d = 0; d < D; ++d)
      p[d] = 0.0f;
  }
  float bestDist = FLT_MAX;
  int bestIdx = 0;
  for (int c0 = 0; c0 < k; c0 += TC) {
    const int nc = min(TC, k - c0);
    for (int j = threadIdx.x; j < TC * D; j += blockDim.x)
      PL_TILE_COPY(cs[j] = j < nc * D ? centroids[j] : 0.0f);
    __syncthreads();
    for (int c = 0; c < nc; ++c) {
      const float dist = kmSqDist<D>(p, &cs[c * D]);
      if (dist < bestDist) {
        bestDist = dist;
        bestIdx = c0 + c;
      }
    }
    __syncthreads();
    centroids += TC * D;
  }
  if (i < n)
    assign[i] = bestIdx;
}
#endif
