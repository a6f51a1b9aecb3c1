// The classic shared-memory SGEMM with plain pointers
// (`const float *A, const float *B, float *C`, no __restrict__). The loop
// writes no global memory -- C is stored after it, where the drain orders
// it -- so it is pipelined with no runtime alias check at all.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="alias check"

#define TILE 16

__global__ void __launch_bounds__(TILE * TILE) matMul(int N, const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float sum = 0.0f;
  // CHECK: sgemm_plain_pointers.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages
  for (int t = 0; t < N / TILE; ++t) {
    As[ty][tx] = A[row * N + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      sum += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * N + col] = sum;
}
