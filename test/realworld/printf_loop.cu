// Shape 5: printf before the loop and inside it (debug output from one
// thread). vprintf writes only its own argument buffer on the stack, no
// user memory.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
#include <stdio.h>

__global__ void rowSums(int ntiles, int verbose, const float *in, float *out) {
  __shared__ float tile[256];
  if (verbose && threadIdx.x == 0 && blockIdx.x == 0)
    printf("rowSums: %d tiles\n", ntiles);
  float acc = 0.0f;
  // CHECK: printf_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < ntiles; ++t) {
    tile[threadIdx.x] = in[((size_t)blockIdx.x * ntiles + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] + tile[255 - threadIdx.x];
    if (verbose > 1 && threadIdx.x == 0)
      printf("block %d tile %d: %f\n", blockIdx.x, t, acc);
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
