// Near miss of shape 6: a copy guard that changes from iteration to
// iteration (`tid < n - t * 256`) without an else writing zeros: the last
// tile's slot would keep bytes of a tile S iterations earlier. Must stay
// declined.
// Today: ConditionalCopy.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void raggedNoZero(int n, int ntiles, const float *__restrict__ in,
                             float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_guard_varies.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy into tile 'tile' runs under a condition that changes from iteration to iteration and writes no zeros otherwise
  for (int t = 0; t < ntiles; ++t) {
    if (tid < n - t * 256)
      tile[tid] = in[t * 256 + tid];
    __syncthreads();
    acc += tile[255 - tid];
    __syncthreads();
  }
  out[tid] = acc;
}
