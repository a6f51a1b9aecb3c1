// A tile loop in a __device__ helper with its own static
// __shared__ tile, inlined into the kernel that calls it. The loop gets one
// remark, for the kernel, where it is pipelined: the helper's leftover
// external copy (nothing calls it without -fgpu-rdc) neither keeps the
// kernel's copy from being pipelined nor adds a "not in a kernel" missed
// remark; -Rpass-analysis says why it was left alone. A helper the kernel
// really calls (noinline) is the near-miss: NotKernel, missed. The loop is
// thin enough that ptxas already keeps 4 iterations' loads in flight
// (test/cost/ptxas_batch.cu) and the model declines it, so the ring is
// asked for with profitability=off.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -S %s -o %t.ptx -Xclang -verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// ANALYSIS: inlined_helper_loop.cu:[[@LINE+13]]:3: remark: loop not pipelined: the loop is not in a kernel, and no code calls this copy of its function; the copies inlined into kernels have remarks of their own

#include <assert.h>

namespace detail {
constexpr int kTile = 128;
}

// Sums the tiles [0, n) of a, one element per thread per tile.
__device__ float blockTileSum(int n, const float *__restrict__ a) {
  __shared__ float tile[detail::kTile];
  assert(blockDim.x == detail::kTile);
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) { // expected-remark {{pipelined loop with 3 stages: tile 'tile' 512 -> 1536 bytes; 1 cp.async copy of 4 bytes; removed the second barrier}}
    tile[threadIdx.x] = a[t * detail::kTile + threadIdx.x];
    __syncthreads();
    acc += tile[(threadIdx.x + 1) % detail::kTile] + tile[(threadIdx.x + 7) % detail::kTile];
    __syncthreads();
  }
  return acc;
}

__global__ void __launch_bounds__(detail::kTile)
    reduceRows(int n, const float *__restrict__ a, float *__restrict__ out) {
  out[blockIdx.x * detail::kTile + threadIdx.x] =
      blockTileSum(n, a + (size_t)blockIdx.x * n * detail::kTile);
}

__device__ __noinline__ float calledTileSum(int n, const float *__restrict__ a) {
  __shared__ float tile2[detail::kTile];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) { // expected-remark {{loop not pipelined: the loop is not in a kernel, so its pointer arguments may not point to global memory; it is pipelined where it is inlined into a kernel}}
    tile2[threadIdx.x] = a[t * detail::kTile + threadIdx.x];
    __syncthreads();
    acc += tile2[(threadIdx.x + 1) % detail::kTile];
    __syncthreads();
  }
  return acc;
}

__global__ void callsHelper(int n, const float *__restrict__ a, float *__restrict__ out) {
  out[threadIdx.x] = calledTileSum(n, a);
}
