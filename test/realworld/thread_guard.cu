// Shape 6: a copy guard that is the same on every iteration: 256 threads,
// a tile of 64 bodies x (x, y, z) = 192 floats, so only the first 192
// threads copy (N-body, positions packed as floats).
// Before this shape was supported: "loop not pipelined: the copy into tile 'sh' is skipped on some iterations without writing zeros, ...".
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

__global__ void __launch_bounds__(256)
    nbody(int n, const float *__restrict__ pos, float *__restrict__ accel) {
  __shared__ float sh[192];
  const int i = blockIdx.x * 256 + threadIdx.x;
  const float px = pos[3 * i], py = pos[3 * i + 1], pz = pos[3 * i + 2];
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  // CHECK: thread_guard.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < n / 64; ++t) {
    if (threadIdx.x < 192)
      sh[threadIdx.x] = pos[t * 192 + threadIdx.x];
    __syncthreads();
#pragma unroll 8
    for (int j = 0; j < 64; ++j) {
      const float dx = sh[3 * j] - px, dy = sh[3 * j + 1] - py, dz = sh[3 * j + 2] - pz;
      const float inv = rsqrtf(dx * dx + dy * dy + dz * dz + 0.01f);
      const float s = inv * inv * inv;
      ax += dx * s, ay += dy * s, az += dz * s;
    }
    __syncthreads();
  }
  accel[3 * i] = ax, accel[3 * i + 1] = ay, accel[3 * i + 2] = az;
}
