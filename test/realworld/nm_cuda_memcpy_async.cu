// Near miss: a kernel already pipelined by hand with cooperative groups'
// memcpy_async / wait_prior (CUDA 11's <cooperative_groups/memcpy_async.h>,
// the cuda::memcpy_async family): the copies are cp.async already. The
// plugin must leave it alone.
// Declined as AlreadyPipelined: the plugin leaves hand-pipelined kernels alone.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
namespace cg = cooperative_groups;

__global__ void __launch_bounds__(256)
    cgDoubleBuffered(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[2][256];
  cg::thread_block block = cg::this_thread_block();
  float acc = 0.0f;
  if (ntiles > 0)
    cg::memcpy_async(block, tile[0], in, sizeof(float) * 256);
  // CHECK: nm_cuda_memcpy_async.cu:[[@LINE+1]]:3: remark: loop not pipelined: the kernel already moves data asynchronously itself (cp.async, mbarriers or bulk copies), so the pass adds no ring of its own: its loops are pipelined already
  for (int t = 0; t < ntiles; ++t) {
    if (t + 1 < ntiles)
      cg::memcpy_async(block, tile[(t + 1) & 1], in + (size_t)(t + 1) * 256, sizeof(float) * 256);
    if (t + 1 < ntiles)
      cg::wait_prior<1>(block);
    else
      cg::wait(block);
    acc += tile[t & 1][255 - threadIdx.x];
    block.sync();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
