// Copy loops: a blocktiled SGEMM in the style of public
// tutorials, whose tiles are loaded by the whole block with a strided loop,
// `for (i = tid; i < BM * BK; i += blockDim.x)`, in a helper; the block size
// is a runtime value (blockDim.x), so clang keeps the loop rolled. Each stage
// of the ring is issued as a loop of cp.async with that runtime trip count.
// (profitability=off keeps the test about the rewrite whatever the cost
// model predicts; by default the model pipelines this kernel too, with 3
// stages.)
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The steady state: wait, then a loop of zero-filling cp.async inside the
// tile loop.
// PTX: cp.async.wait_group 1;
// PTX: Parent Loop
// PTX-NEXT: // =>  This Inner Loop Header: Depth=2
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
#include <assert.h>

namespace tut {

// Loads a rows x cols tile of a row-major matrix with leading dimension ld,
// each thread taking every blockDim.x-th element.
template <int ROWS, int COLS>
__device__ __forceinline__ void load_tile(float *__restrict__ tile, const float *__restrict__ src,
                                          int ld) {
  for (int i = threadIdx.x; i < ROWS * COLS; i += blockDim.x)
    tile[i] = src[(i / COLS) * ld + i % COLS];
}

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__((BM / TM) * (BN / TN))
    sgemm_blocktile(int M, int N, int K, float alpha, const float *__restrict__ A,
                    const float *__restrict__ B, float beta, float *__restrict__ C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  assert(K % BK == 0);
  const int tr = threadIdx.x / (BN / TN), tc = threadIdx.x % (BN / TN);
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  float acc[TM][TN] = {};
  // CHECK: copyloop_sgemm.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 2048 -> {{[0-9]+}} bytes, tile 'Bs' 2048 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes
  for (int k0 = 0; k0 < K; k0 += BK) {
    load_tile<BM, BK>(As, A, K);
    load_tile<BK, BN>(Bs, B, N);
    __syncthreads();
    A += BK;
    B += BK * N;
#pragma unroll
    for (int k = 0; k < BK; ++k) {
      float a[TM], b[TN];
#pragma unroll
      for (int m = 0; m < TM; ++m)
        a[m] = As[(tr * TM + m) * BK + k];
#pragma unroll
      for (int n = 0; n < TN; ++n)
        b[n] = Bs[k * BN + tc * TN + n];
#pragma unroll
      for (int m = 0; m < TM; ++m)
#pragma unroll
        for (int n = 0; n < TN; ++n)
          acc[m][n] += a[m] * b[n];
    }
    __syncthreads();
  }
#pragma unroll
  for (int m = 0; m < TM; ++m)
#pragma unroll
    for (int n = 0; n < TN; ++n) {
      float *c = &C[(tr * TM + m) * N + tc * TN + n];
      *c = alpha * acc[m][n] + beta * *c;
    }
}

template __global__ void sgemm_blocktile<64, 64, 8, 4, 4>(int, int, int, float, const float *,
                                                           const float *, float, float *);
} // namespace tut
