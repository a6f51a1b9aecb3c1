// Shape 8: an unsigned counter compared with a signed bound,
// `for (unsigned k = 0; k < K; k += BK)` with `int K` (siboehm's kernels
// use `uint bkIdx`): the compare is unsigned, the increment has no nuw.
// Before: NoTripCount. Now iteration i+2 exists when the latch compare holds
// on k(i+1) and k(i+2), in k's own 32-bit unsigned arithmetic: exact even
// where k would wrap, with no no-wrap fact and no loop versioning.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define BK 32

__global__ void matvecTiles(int K, const float *__restrict__ A, const float *__restrict__ x,
                            float *__restrict__ y) {
  __shared__ float xs[BK][BK + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.x * BK + ty;
  float acc = 0.0f;
  // CHECK: unsigned_counter.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (unsigned k = 0; k < K; k += BK) {
    xs[ty][tx] = x[(size_t)(k + ty) * BK + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < BK; ++j)
      acc += A[(size_t)row * K + k + j] * xs[j][tx];
    __syncthreads();
  }
  y[row * BK + tx] = acc;
}
