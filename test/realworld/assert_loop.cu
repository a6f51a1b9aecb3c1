// Shape 5: asserts before and inside the loop. In device code assert calls
// __assertfail (not noreturn in clang's CUDA headers) on a cold path; it
// writes no user memory. profitability=off: the shape is what is tested;
// the cost model reads 1024 threads from the assert on blockDim and
// declines the loop like the seeds' SGEMM (test/cost/asserted_threads.cu).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
#include <assert.h>

#define T 32

__global__ void matmulChecked(int n, const float *A, const float *B, float *C) {
  __shared__ float As[T][T + 1];
  __shared__ float Bs[T][T + 1];
  assert(blockDim.x == T && blockDim.y == T);
  assert(n % T == 0);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  // CHECK: assert_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < n / T; ++t) {
    assert(row * n + t * T + tx < n * n);
    As[ty][tx] = A[row * n + t * T + tx];
    Bs[ty][tx] = B[(t * T + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}
