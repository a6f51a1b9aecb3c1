// Shape 1: the tiles are __shared__ arrays at namespace scope with external
// linkage, as older code and code shared between kernels declares them.
// The ring is asked for: ptxas batches this thin loop's plain loads, and
// the model declines it (test/cost/ptxas_batch.cu).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

namespace kernels {
__shared__ float xs[256];
__shared__ float ws[256];

__global__ void dotTiles(int ntiles, const float *__restrict__ x, const float *__restrict__ w,
                         float *__restrict__ out) {
  float acc = 0.0f;
  // CHECK: namespace_tile.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < ntiles; ++t) {
    xs[threadIdx.x] = x[t * 256 + threadIdx.x];
    ws[threadIdx.x] = w[t * 256 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < 8; ++j)
      acc += xs[(threadIdx.x + 32 * j) % 256] * ws[threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
} // namespace kernels
