// Shape 9: copies through __ldg on float4 and int4 (llvm.nvvm.ldg.global.*
// of a vector), the read-only-cache idiom of much hand-tuned code.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

__global__ void __launch_bounds__(64)
    gatherScaled(int ntiles, const float4 *__restrict__ vals, const int4 *__restrict__ idx,
                 float *__restrict__ out) {
  __shared__ float4 vs[64];
  __shared__ int4 is[64];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: ldg_float4.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < ntiles; ++t) {
    vs[tid] = __ldg(&vals[(size_t)t * 64 + tid]);
    is[tid] = __ldg(&idx[(size_t)t * 64 + tid]);
    __syncthreads();
    const int4 j = is[(tid + 1) % 64];
    acc += vs[j.x & 63].x + vs[j.y & 63].y + vs[j.z & 63].z + vs[j.w & 63].w;
    __syncthreads();
  }
  out[blockIdx.x * 64 + tid] = acc;
}
