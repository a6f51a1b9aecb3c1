// Shape 7: the tile loop inside a persistent-block loop over output tiles
// (`for (tile = blockIdx.x; tile < ntiles; tile += gridDim.x)`): the inner
// trip count (K / 32) is the same for every output tile, the corner of the
// output tile is computed from the outer index with a division.
// Pipelined today already; kept as a regression test of the shape.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define T 32

__global__ void persistentMatmul(int M, int N, int K, const float *__restrict__ A,
                                 const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[T][T + 1];
  __shared__ float Bs[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tilesN = N / T, ntiles = (M / T) * tilesN;
  for (int tile = blockIdx.x; tile < ntiles; tile += gridDim.x) {
    const int row = (tile / tilesN) * T + ty, col = (tile % tilesN) * T + tx;
    float acc = 0.0f;
    // CHECK: outer_tile_loop.cu:[[@LINE+1]]:5: remark: pipelined loop with 3 stages
    for (int k0 = 0; k0 < K; k0 += T) {
      As[ty][tx] = A[(size_t)row * K + k0 + tx];
      Bs[ty][tx] = B[(size_t)(k0 + ty) * N + col];
      __syncthreads();
#pragma unroll
      for (int k = 0; k < T; ++k)
        acc += As[ty][k] * Bs[k][tx];
      __syncthreads();
    }
    C[(size_t)row * N + col] = acc;
  }
}
