// One step of a simple RNN cell, h' = tanh(W x + U h), in
// two phases that reuse the same __shared__ tiles: phase 1 streams W and
// x, phase 2 streams U and h, through one helper. Each phase is a tile loop
// over the same tiles; both are pipelined, each with a ring of its own.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="not pipelined"
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
#include <assert.h>

namespace rnn {
constexpr int kRows = 8, kTile = 32;

__device__ __forceinline__ float phase(float (*sw)[kTile], float *sv, const float *__restrict__ mat,
                                       const float *__restrict__ vec, int rows, int n) {
  const int ty = threadIdx.y, tx = threadIdx.x;
  const int row = blockIdx.x * kRows + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / kTile; ++t) {
    sw[ty][tx] = mat[(size_t)row * n + t * kTile + tx];
    if (ty == 0)
      sv[tx] = vec[t * kTile + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < kTile; ++j)
      acc += sw[ty][(tx + j) % kTile] * sv[(tx + j) % kTile];
    __syncthreads();
  }
  return acc;
}

__global__ void __launch_bounds__(kRows *kTile)
    rnnStep(int hidden, int input, const float *__restrict__ W, const float *__restrict__ x,
            const float *__restrict__ U, const float *__restrict__ h, float *__restrict__ out) {
  __shared__ float sw[kRows][kTile];
  __shared__ float sv[kTile];
  assert(input % kTile == 0 && hidden % kTile == 0);
  // CHECK: two_phase_rnn.cu:17:3: remark: pipelined loop with 3 stages
  const float a = phase(sw, sv, W, x, hidden, input);
  // CHECK: two_phase_rnn.cu:17:3: remark: pipelined loop with 3 stages
  const float b = phase(sw, sv, U, h, hidden, hidden);
  out[(blockIdx.x * kRows + threadIdx.y) * kTile + threadIdx.x] = tanhf(a + b);
}
} // namespace rnn
