// An RNN layer over time steps, two tile-loop phases per
// step over the same __shared__ tiles (W x_t, then U h), inside the time
// loop: the second phase's ring shares the first's storage, and the first
// phase of step t+1 refills it after the second phase of step t, so both
// loops drain with cp.async.wait_group 0 and a barrier on their exits.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not="not pipelined"
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REMARK: rnn_time_steps.cu:[[#OUTER:]]:3: remark: loop not pipelined: no copy from global memory into a __shared__ tile opens the loop body
// REMARK: rnn_time_steps.cu:[[#INNER:]]:3: remark: pipelined loop with 3 stages
// REMARK: rnn_time_steps.cu:[[#INNER]]:3: remark: pipelined loop with 3 stages{{.*}}; shares the ring of an earlier loop over tile 'sw', 'sv'
// CHECK: .shared .align 16 .b8 {{.*}}2sw_$_ring[3072];
// CHECK-NOT: _ring1
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
#include <assert.h>

namespace rnn {
constexpr int kRows = 8, kTile = 32;

template <int R, int T>
__device__ __forceinline__ float matvec(float (*sw)[T], float *sv, const float *__restrict__ mat,
                                        const float *__restrict__ vec, int n) {
  const int ty = threadIdx.y, tx = threadIdx.x;
  const int row = blockIdx.x * R + ty;
  float acc = 0.0f;
  for (int t = 0; t < n / T; ++t) {
    sw[ty][tx] = mat[(size_t)row * n + t * T + tx];
    if (ty == 0)
      sv[tx] = vec[t * T + tx];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < T; ++j)
      acc += sw[ty][(tx + j) % T] * sv[(tx + j) % T];
    __syncthreads();
  }
  return acc;
}

// h_t = tanh(W x_t + U h_{t-1}); each block owns kRows rows of h and reads
// the previous h from global memory (one block per layer slice, steps in
// sequence: the caller runs one block row per launch).
__global__ void __launch_bounds__(kRows *kTile)
    rnnLayer(int steps, int hidden, int input, const float *__restrict__ W,
             const float *__restrict__ xs, const float *__restrict__ U,
             const float *__restrict__ h0, float *__restrict__ hs) {
  __shared__ float sw[kRows][kTile];
  __shared__ float sv[kTile];
  assert(input % kTile == 0 && hidden % kTile == 0);
  for (int s = 0; s < steps; ++s) {
    const float a = matvec<kRows, kTile>(sw, sv, W, xs + (size_t)s * input, input);
    const float b = matvec<kRows, kTile>(sw, sv, U, h0 + (size_t)s * hidden, hidden);
    hs[((size_t)s * gridDim.x * kRows + blockIdx.x * kRows + threadIdx.y) * kTile + threadIdx.x] =
        tanhf(a + b);
  }
}
} // namespace rnn
