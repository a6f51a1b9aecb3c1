// Shape 4: a sync-first loop, the barrier that protects the tile from the
// previous iteration's readers at the top of the body:
//   for (...) { __syncthreads(); copy; __syncthreads(); compute; }
// Before this shape was supported: "loop not pipelined: memory is accessed after the last barrier of the body".
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define T 32

__global__ void matmulSyncFirst(int n, const float *__restrict__ A, const float *__restrict__ B,
                                float *__restrict__ C) {
  __shared__ float As[T][T + 1];
  __shared__ float Bs[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * T + ty, col = blockIdx.x * T + tx;
  float acc = 0.0f;
  // CHECK: sync_first.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < n / T; ++t) {
    __syncthreads();
    As[ty][tx] = A[row * n + t * T + tx];
    Bs[ty][tx] = B[(t * T + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < T; ++k)
      acc += As[ty][k] * Bs[k][tx];
  }
  C[row * n + col] = acc;
}
