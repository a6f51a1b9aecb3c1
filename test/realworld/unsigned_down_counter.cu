// Shape 8 counting down: `for (unsigned k = K; k >= BK; k -= BK)` walks the
// tiles from the end, unsigned, with no nuw on the decrement: iteration j+1
// exists when j does and k(j+1) >= BK, in 32-bit unsigned arithmetic -- the
// rewrite asks exactly that for the tiles it fetches ahead.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define BK 128

__global__ void reverseTiles(unsigned K, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[BK];
  float acc = 0.0f;
  // CHECK: unsigned_down_counter.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (unsigned k = K; k >= BK; k -= BK) {
    tile[threadIdx.x] = in[k - BK + threadIdx.x];
    __syncthreads();
    acc = acc * 0.5f + tile[BK - 1 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * BK + threadIdx.x] = acc;
}
