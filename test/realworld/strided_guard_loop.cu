// Shape 6: the copy written as a block-strided loop over a 192-element tile,
// `for (i = tid; i < 192; i += 256)`, with 256 threads: LLVM folds the loop
// into one copy guarded by `tid < 192`, the same on every iteration.
// Before this shape was supported: "loop not pipelined: the copy into tile 'tile' is skipped on some iterations without writing zeros, ..." (ConditionalCopy).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define TILE 192
#define THREADS 256

__global__ void __launch_bounds__(THREADS)
    fir192(int ntiles, const float *__restrict__ taps, const float *__restrict__ x,
           float *__restrict__ y) {
  __shared__ float tile[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: strided_guard_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[23]}} stages
  for (int t = 0; t < ntiles; ++t) {
    for (int i = tid; i < TILE; i += THREADS)
      tile[i] = x[(size_t)t * TILE + i];
    __syncthreads();
    if (tid < TILE - 8)
#pragma unroll
      for (int j = 0; j < 8; ++j)
        acc += taps[j] * tile[tid + j];
    __syncthreads();
  }
  y[blockIdx.x * THREADS + tid] = acc;
}
