// A loop without a barrier inside a tile loop (here the
// copy loop `for (i = tid; i < TILE; i += blockDim.x)` and the compute
// loop) is a part of that tile loop: -Rpass-missed shows one remark, the
// tile loop's, pipelined or declined (here by the budget); the inner loops
// are NotTileLoop under -Rpass-analysis.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-max-shared=4096 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-max-shared=4096 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// CHECK: inner_loops.cu:[[#@LINE+14]]:3: remark: pipelined loop with 3 stages
// CHECK-NOT: remark: loop not pipelined
// MISSED: inner_loops.cu:[[#@LINE+12]]:3: remark: loop not pipelined: a ring of 2 stages needs
// MISSED-NOT: remark:
// ANALYSIS: inner_loops.cu:[[#@LINE+11]]:5: remark: loop not pipelined: not a tile loop: the loop has no barrier and is a part (a copy or compute loop) of the enclosing tile loop, which has a remark of its own
#define TILE 1024

template <typename T> __device__ T square(T x) { return x * x; }

__global__ void __launch_bounds__(256)
    sum_squares(int tiles, int k, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[TILE];
  const int base = blockIdx.x * tiles * TILE;
  float acc = 0.f;
  for (int t = 0; t < tiles; ++t) {
    for (int i = threadIdx.x; i < TILE; i += blockDim.x)
      tile[i] = in[base + t * TILE + i];
    __syncthreads();
#pragma unroll 1
    for (int j = 0; j < k; ++j)
      acc += square(tile[(threadIdx.x * 4 + j) % TILE]);
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
