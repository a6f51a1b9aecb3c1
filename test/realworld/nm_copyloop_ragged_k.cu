// Near miss: the copy loop's bound shrinks on the last
// tile, `i < BM * min(BK, K - k0)`, so its trip count changes from one
// iteration of the tile loop to the next; a clone for iteration i+S-1 would
// fill a different part of the slot. Declined, at the tile loop's line.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
#define BM 64
#define BK 8

__global__ void __launch_bounds__(256)
    gemm_ragged(int K, const float *__restrict__ A, const float *__restrict__ B,
                float *__restrict__ C) {
  __shared__ float As[BM * BK];
  const int tid = threadIdx.x;
  A += blockIdx.x * BM * K;
  float acc = 0.f;
  // CHECK: nm_copyloop_ragged_k.cu:[[@LINE+1]]:3: remark: loop not pipelined: a loop of the copy stage runs a different number of times, or over different bounds, from one iteration of the tile loop to the next
  for (int k0 = 0; k0 < K; k0 += BK) {
    const int kk = min(BK, K - k0);
    for (int i = tid; i < BM * kk; i += blockDim.x)
      As[i] = A[(i % BM) * K + k0 + i / BM];
    __syncthreads();
    for (int k = 0; k < kk; ++k)
      acc += As[k * BM + tid % BM] * B[k0 + k];
    __syncthreads();
  }
  C[blockIdx.x * 256 + tid] = acc;
}
