// Near miss of shape 2: the step changes inside the loop (`step *= 2`, a
// doubling walk), so the induction variable is not affine: no later
// iteration's address can be computed at the barrier. Must stay declined.
// Today: AddressNotRecomputable ("... depends on %.. = phi ..., which is not a
// constant-step induction variable"); any reason will do, as long as it is declined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void doublingWalk(int n, int step, const float *__restrict__ in,
                             float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: nm_step_changes.cu:[[@LINE+1]]:3: remark: loop not pipelined: [[REASON:.*]]
  for (int k = 0; k < n; k += step) {
    tile[threadIdx.x] = in[(size_t)k * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    __syncthreads();
    step *= 2;
  }
  out[threadIdx.x] = acc;
}
