// A copy loop unrolled by two at the source's request into a tile of 8 rows
// (`t[ty + 8*j][tx]`): the main loop's second copy would store past the
// tile on its first trip, so no execution enters it and the register
// lowering would remove it; what is left, the remainder's one copy, is no
// loop to unroll. Declined, the remark saying why, on both LLVMs; the IR
// stays as written (the removal happened inside a transaction, rolled back).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.with.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll
#include <cuda_runtime.h>

__global__ void __launch_bounds__(64) rowsEight(int nt, int d, int W, const short *__restrict__ A,
                                                float *out) {
  __shared__ short t[8][8];
  float acc = 0.0f;
  // CHECK: copy_loop_never_entered.cu:[[@LINE+1]]:3: remark: loop not pipelined: {{.*}}nor is it unrolled for the register lowering: every loop of the copy stage would store outside its tile on its first trip{{.*}}rowsEight
  for (int k = 0; k < nt; ++k) {
#pragma unroll 2
    for (int j = 0; j < d; ++j) {
      const int x = k * 8 + (int)threadIdx.x, y = (int)threadIdx.y + 8 * j;
      t[y][threadIdx.x] = x < W ? A[(size_t)y * W + x] : (short)0;
    }
    __syncthreads();
    for (int q = 0; q < 3; ++q)
      acc = acc * 0.5f + (float)t[((int)threadIdx.y + q) % 8][((int)threadIdx.x * 3 + q) % 8];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.y * 8 + threadIdx.x] = acc;
}
