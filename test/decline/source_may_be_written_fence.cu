// A cooperative persistent kernel: each step every block mixes in the tile
// its neighbour block wrote in the step before, and cooperative groups'
// grid.sync() (a memory fence, __threadfence, and a grid-wide barrier)
// orders the neighbour's write before the next step's copy. The loop's own
// writes miss its copies (a runtime alias check would pass), but another
// block's do not: a ring would issue a step's copy before the grid barrier
// of the step before. Declined, whether the counter counts steps or walks
// the grid, the loop as written; so is a loop with __threadfence() alone.
// (LLVM 22's clang leaves the cooperative kernels' loops unrotated, which
// declines them first.)
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S %s -o %t.plain.ptx
// RUN: diff %t.plain.ptx %t.ptx
#include <cooperative_groups.h>
namespace cg = cooperative_groups;
#define TILE 256

__global__ void __launch_bounds__(TILE) neighbourSteps(int nsteps, float *a, float *out) {
  cg::grid_group grid = cg::this_grid();
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  // CHECK: source_may_be_written_fence.cu:[[@LINE+1]]:3: remark: loop not pipelined: {{the loop has a memory fence or an acquire or release access \(__threadfence, a grid-wide barrier, cuda::atomic_ref\): it orders this iteration's copies after what other blocks wrote before it, which a ring issuing them iterations earlier would not|the loop leaves from a block other than its latch}}
  for (int k = 0; k < nsteps; ++k) {
    s[tid] = a[(size_t)((blockIdx.x + 1) % gridDim.x) * TILE + tid];
    __syncthreads();
    acc = 0.5f * acc + s[(tid + 1) % TILE];
    a[(size_t)blockIdx.x * TILE + tid] = acc;
    grid.sync();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

__global__ void __launch_bounds__(TILE) neighbourStride(int total, float *a, float *out) {
  cg::grid_group grid = cg::this_grid();
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  // CHECK: source_may_be_written_fence.cu:{{[0-9]+}}:3: remark: loop not pipelined: {{the loop has a memory fence|the loop leaves from a block other than its latch}}{{.*}}kernel 'neighbourStride(
  for (int t = blockIdx.x; t < total; t += gridDim.x) {
    s[tid] = a[(size_t)((blockIdx.x + 1) % gridDim.x) * TILE + tid];
    __syncthreads();
    acc = 0.5f * acc + s[(tid + 1) % TILE];
    a[(size_t)blockIdx.x * TILE + tid] = acc;
    grid.sync();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

__global__ void __launch_bounds__(TILE) fencedSteps(int nsteps, const float *__restrict__ in,
                                                    float *__restrict__ out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  // CHECK: source_may_be_written_fence.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop has a memory fence
  for (int k = 0; k < nsteps; ++k) {
    s[tid] = in[(size_t)k * TILE + tid];
    __syncthreads();
    acc += s[(tid + 3) % TILE];
    __threadfence();
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}
