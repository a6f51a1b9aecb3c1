// Shape 6, as public code writes it: a 1-D stencil whose block walks a row
// of tiles; every thread loads its element and the first RADIUS threads
// also load the left and right halos -- a guard (`threadIdx.x < RADIUS`)
// that is the same on every iteration. Both halo copies become cp.async
// under that predicate (a branch, no zero-fill); ptxas accepts the result.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX: cp.async.wait_group 1;
// PTX: @%p{{[0-9]+}} bra
// PTX: cp.async.ca.shared.global

#include <assert.h>

template <int RADIUS> struct Weights {
  float w[2 * RADIUS + 1];
};

template <int BLOCK, int RADIUS>
__device__ __forceinline__ float applyStencil(const float *tile, const Weights<RADIUS> &wt) {
  float s = 0.0f;
#pragma unroll
  for (int j = -RADIUS; j <= RADIUS; ++j)
    s += wt.w[j + RADIUS] * tile[RADIUS + threadIdx.x + j];
  return s;
}

constexpr int BLOCK = 256, RADIUS = 4;

// `in` is padded by RADIUS elements on both ends of each row. (A kernel
// template's __shared__ arrays are linkonce_odr, so the kernel is plain.)
__global__ void __launch_bounds__(BLOCK)
    stencilRow(int tilesPerRow, Weights<RADIUS> wt, const float *__restrict__ in,
               float *__restrict__ out) {
  __shared__ float tile[BLOCK + 2 * RADIUS];
  assert(blockDim.x == BLOCK);
  const int tid = threadIdx.x;
  const float *row = in + RADIUS + (size_t)blockIdx.x * (tilesPerRow * BLOCK + 2 * RADIUS);
  float *orow = out + (size_t)blockIdx.x * tilesPerRow * BLOCK;
  // CHECK: halo_stencil.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1056 -> 3168 bytes; 3 cp.async copies of 4 bytes
  for (int t = 0; t < tilesPerRow; ++t) {
    const int base = t * BLOCK;
    tile[RADIUS + tid] = row[base + tid];
    if (tid < RADIUS) {
      tile[tid] = row[base - RADIUS + tid];
      tile[RADIUS + BLOCK + tid] = row[base + BLOCK + tid];
    }
    __syncthreads();
    orow[base + tid] = applyStencil<BLOCK, RADIUS>(tile, wt);
    __syncthreads();
  }
}
