// Two tile loops over the same __shared__ tiles: a main
// loop over the full K tiles and a remainder loop with zero-filling guards.
// Both become cp.async rings in the same storage (one ring per tile); the
// first loop's drain (cp.async.wait_group 0 and a barrier) comes before the
// second loop's prologue.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not="not pipelined"
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// Before sm_80, the register lowering: two slots, the same shared storage.
// RUN: %clang_cuda --cuda-gpu-arch=sm_75 -S %s -o %t75.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: %if ptxas %{ %ptxas -arch=sm_75 %t75.ptx -o /dev/null %}
// REGS: two_loops.cu:[[#L:]]:3: remark: pipelined loop with 2 stages{{.*}}; registers [sm_75
// REGS: two_loops.cu:[[#L+10]]:3: remark: pipelined loop with 2 stages{{.*}}; shares the ring of an earlier loop over tile 'ta', 'tb'{{.*}}; registers [sm_75
// CHECK-NOT: .b8 _ZZ6rowdotiiPKfS0_PfE2ta[
// CHECK: .shared .align 16 .b8 _ZZ6rowdotiiPKfS0_PfE2ta_$_ring[3072];
// CHECK-NOT: _ring1
// the main loop's steady state, then its drain, then the remainder's prologue
// CHECK: cp.async.wait_group 1;
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.ca.shared.global
// CHECK: cp.async.wait_group 1;
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;

#define BK 32
__global__ void __launch_bounds__(256) rowdot(int n, int k, const float *__restrict__ a,
                                              const float *__restrict__ b, float *__restrict__ out) {
  __shared__ float ta[8][BK];
  __shared__ float tb[BK];
  int ty = threadIdx.y, tx = threadIdx.x;
  int row = blockIdx.x * 8 + ty;
  float acc = 0.0f;
  int full = k / BK;
  int t = 0;
  // REMARK: two_loops.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (; t < full; ++t) {
    ta[ty][tx] = a[(size_t)row * k + t * BK + tx];
    if (ty == 0)
      tb[tx] = b[t * BK + tx];
    __syncthreads();
    for (int j = 0; j < BK; ++j)
      acc += ta[ty][j] * tb[j];
    __syncthreads();
  }
  // REMARK: two_loops.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages{{.*}}shares the ring of an earlier loop over tile 'ta', 'tb'
  for (; t * BK < k; ++t) {
    int col = t * BK + tx;
    ta[ty][tx] = col < k ? a[(size_t)row * k + col] : 0.0f;
    if (ty == 0)
      tb[tx] = col < k ? b[col] : 0.0f;
    __syncthreads();
    for (int j = 0; j < BK; ++j)
      acc += ta[ty][j] * tb[j];
    __syncthreads();
  }
  out[row * BK + tx] = acc;
}
