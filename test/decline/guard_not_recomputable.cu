// A copy whose guard reads memory in the loop (a volatile flag, read again
// each iteration) cannot have its guard computed for a later iteration:
// declined, and the remark says it is the guard, not the address, that
// depends on the load. The IR stays as written.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.with.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) flaggedRows(const float *__restrict__ A,
                                                   const volatile int *rowOk, float *out, int nt,
                                                   int n) {
  __shared__ float t[256];
  float acc = 0.0f;
  // CHECK: guard_not_recomputable.cu:[[@LINE+1]]:3: remark: loop not pipelined: the guard of the copy into tile 't' depends on a load in the loop{{.*}}flaggedRows
  for (int k = 0; k < nt; ++k) {
    const int x = k * 256 + threadIdx.x;
    t[threadIdx.x] = (x < n && rowOk[k]) ? A[x] : 0.0f;
    __syncthreads();
    acc += t[255 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
