// Shape 4, as public code writes it: a templated tiled GEMM whose K loop
// opens with the barrier that protects the tiles from the previous
// iteration's readers, loads through a helper, and computes after the
// second barrier with nothing at the end of the body:
//   for (...) { __syncthreads(); load_tiles(); __syncthreads(); mma(); }
// The top barrier is the one removed; one barrier before the prologue
// stands in for iteration 0's; ptxas accepts the result.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX: cp.async.ca.shared.global
// PTX: cp.async.wait_group 1;
// PTX: cp.async.wait_group 0;

#include <assert.h>

namespace gemm {

template <int BM, int BK>
__device__ __forceinline__ void loadTiles(float (&as)[BM][BK + 1], float (&bs)[BK][BM + 1],
                                          const float *__restrict__ A,
                                          const float *__restrict__ B, int lda, int ldb, int k0) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  as[ty][tx] = A[ty * lda + k0 + tx];
  bs[ty][tx] = B[(k0 + ty) * ldb + tx];
}

constexpr int BM = 32, BK = 32;

// A kernel template's __shared__ arrays are linkonce_odr (visible outside
// the translation unit), so the kernel itself is a plain function.
__global__ void __launch_bounds__(BM *BK)
    sgemmSyncFirst(int M, int N, int K, const float *__restrict__ A,
                   const float *__restrict__ B, float *__restrict__ C) {
  static_assert(BM == BK, "square thread tile");
  __shared__ float as[BM][BK + 1];
  __shared__ float bs[BK][BM + 1];
  assert(blockDim.x == BK && blockDim.y == BM);
  const float *a = A + (size_t)blockIdx.y * BM * K;
  const float *b = B + (size_t)blockIdx.x * BM;
  float acc = 0.0f;
  // CHECK: sync_first_gemm.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: tile 'as' {{.*}} removed the top barrier
  for (int k0 = 0; k0 < K; k0 += BK) {
    __syncthreads();
    loadTiles<BM, BK>(as, bs, a, b, K, N, k0);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
      acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
  }
  C[(size_t)(blockIdx.y * BM + threadIdx.y) * N + blockIdx.x * BM + threadIdx.x] = acc;
}
} // namespace gemm
