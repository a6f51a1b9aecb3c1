// Shape 2: an index induction variable whose step is a kernel argument,
// `k += step` (a split-K kernel: block z takes every gridDim.z-th tile).
// Before: AddressNotRecomputable (k was not a constant-step IV). Now k is
// ScalarEvolution's {k0,+,step}, and iteration i+2 exists when the latch
// compare holds on k(i+1) and k(i+2): exact whatever the sign of step.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define T 16

__global__ void splitKPartial(int n, int step, const float *__restrict__ A,
                              const float *__restrict__ B, float *__restrict__ partial) {
  __shared__ float As[T][T + 1];
  __shared__ float Bs[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  // CHECK: index_step.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int k = blockIdx.z * T; k < n; k += step) {
    As[ty][tx] = A[(size_t)row * n + k + tx];
    Bs[ty][tx] = B[(size_t)(k + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < T; ++j)
      acc += As[ty][j] * Bs[j][tx];
    __syncthreads();
  }
  partial[((size_t)blockIdx.z * n + row) * n + col] = acc;
}
