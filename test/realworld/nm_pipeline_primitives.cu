// Near miss: a kernel already pipelined by hand with CUDA's pipeline
// primitives (__pipeline_memcpy_async / __pipeline_commit /
// __pipeline_wait_prior, cuda_pipeline_primitives.h): its copies are
// cp.async already, there is no synchronous copy into a tile. The plugin
// must leave it alone.
// Declined as AlreadyPipelined: the plugin leaves hand-pipelined kernels alone.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
#include <cuda_pipeline_primitives.h>

#define S 2

__global__ void __launch_bounds__(256)
    doubleBuffered(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[S][256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  if (ntiles > 0)
    __pipeline_memcpy_async(&tile[0][tid], &in[tid], sizeof(float));
  __pipeline_commit();
  // CHECK: nm_pipeline_primitives.cu:[[@LINE+1]]:3: remark: loop not pipelined: the kernel already moves data asynchronously itself (cp.async, mbarriers or bulk copies), so the pass adds no ring of its own: its loops are pipelined already
  for (int t = 0; t < ntiles; ++t) {
    if (t + 1 < ntiles)
      __pipeline_memcpy_async(&tile[(t + 1) % S][tid], &in[(size_t)(t + 1) * 256 + tid],
                              sizeof(float));
    __pipeline_commit();
    __pipeline_wait_prior(1);
    __syncthreads();
    acc += tile[t % S][255 - tid];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}
