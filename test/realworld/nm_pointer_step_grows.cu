// Near miss of shape 2: a pointer bump whose step grows inside the loop
// (`p += stride; stride += n;`, a triangular walk): p is {p0,+,{s,+,n}}, a
// second-order recurrence, not an induction variable with a loop-invariant
// step. The address of iteration i+2 cannot be formed from p and one step:
// must stay declined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void triangularWalk(int tiles, int n, int stride, const float *__restrict__ in,
                               float *__restrict__ out) {
  __shared__ float tile[256];
  const float *p = in;
  float acc = 0.0f;
  // CHECK: nm_pointer_step_grows.cu:[[@LINE+1]]:3: remark: loop not pipelined: [[REASON:.*]]
  for (int t = 0; t < tiles; ++t) {
    tile[threadIdx.x] = p[threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    __syncthreads();
    p += stride;
    stride += n;
  }
  out[threadIdx.x] = acc;
}
