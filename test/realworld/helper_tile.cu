// Shape 1: the tile is declared inside an inline __device__ helper (a
// static local of an inline function: a linkonce_odr global), the way
// CUB-style "temp storage" helpers hand out shared memory.
// The ring is asked for: ptxas batches this thin loop's plain loads, and
// the model declines it (test/cost/ptxas_batch.cu).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

struct TileStorage {
  float data[256];
};

__device__ inline TileStorage &tileStorage() {
  __shared__ TileStorage storage;
  return storage;
}

__global__ void windowSum(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  TileStorage &tile = tileStorage();
  float acc = 0.0f;
  // CHECK: helper_tile.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < ntiles; ++t) {
    tile.data[threadIdx.x] = in[(size_t)blockIdx.x * ntiles * 256 + t * 256 + threadIdx.x];
    __syncthreads();
    acc += tile.data[threadIdx.x] * tile.data[(threadIdx.x + 7) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
