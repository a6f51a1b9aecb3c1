// The squeeze rule (lib/cost_model.c, squeezed) applies at the estimated
// count too: 1024 threads holding 46 accumulators, about 62 registers
// estimated. Counts from 49 to 56 give 3 stages, from 57 to 64 (the
// estimate among them) 2: the kernel's registers leave a deeper ring no
// room (ptxas gives 64). Every count weighed pays, so the loop is pipelined
// at the estimate's depth, 2 (it was 3 when the rule was skipped there).
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// CHECK: squeeze_estimated.cu:[[@LINE+10]]:3: remark: pipelined loop with 2 stages: {{.*}}no more: the kernel's registers leave a deeper ring no room
// CHECK: squeeze_estimated.cu:[[@LINE+9]]:3: remark: cost model on sm_90: 1024 threads per block, about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once; counts from {{[0-9]+}} to {{[0-9]+}} weighed)

__global__ void __launch_bounds__(1024)
    squeezeEstimated(int K, const float *__restrict__ A, const float *__restrict__ B, float *__restrict__ out) {
  __shared__ float ta[32][33];
  const int tx = threadIdx.x & 31, ty = threadIdx.x >> 5;
  float acc[46];
#pragma unroll
  for (int i = 0; i < 46; ++i) acc[i] = B[threadIdx.x * 46 + i];
  for (int t = 0; t < K; ++t) {
    ta[ty][tx] = A[(size_t)t * 1024 + threadIdx.x];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; ++j)
      acc[j % 46] += ta[j][tx] * ta[ty][j];
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 46; ++i)
    out[blockIdx.x * 1024 * 46 + threadIdx.x * 46 + i] = acc[i];
}
