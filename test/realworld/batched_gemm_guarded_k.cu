// Shape 7, as public code writes it: a grid-stride loop over a batch of
// small GEMMs around the K loop. clang -O3 enters the K loop straight from
// the batch loop's header, on `K > 0`, so the K loop has no preheader
// (declined before with "the loop has no preheader"); the pass makes one,
// as LoopSimplify does. The K loop's trip count is the same for every
// batch entry; its prologue runs each time the batch loop enters it, and
// the exit drains with a barrier since the loop runs again.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="no preheader"
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX: cp.async.wait_group 1;
// PTX: cp.async.wait_group 0;
// PTX-NEXT: bar.sync 0;

#include <assert.h>

namespace {
constexpr int T = 32;

__device__ __forceinline__ const float *matrixAt(const float *base, int batch, int K) {
  return base + (size_t)batch * T * K;
}
} // namespace

__global__ void __launch_bounds__(T *T)
    batchedGemm(int batch, int K, const float *__restrict__ A, const float *__restrict__ B,
                float *__restrict__ C) {
  __shared__ float As[T][T + 1];
  __shared__ float Bs[T][T + 1];
  assert(K % T == 0);
  const int tx = threadIdx.x, ty = threadIdx.y;
  // CHECK: batched_gemm_guarded_k.cu:[[@LINE+1]]:3: remark: loop not pipelined: no copy from global memory
  for (int bt = blockIdx.z; bt < batch; bt += gridDim.z) {
    const float *a = matrixAt(A, bt, K), *b = matrixAt(B, bt, K);
    float acc = 0.0f;
    // CHECK: batched_gemm_guarded_k.cu:[[@LINE+1]]:5: remark: pipelined loop with 3 stages
    for (int k0 = 0; k0 < K; k0 += T) {
      As[ty][tx] = a[ty * K + k0 + tx];
      Bs[ty][tx] = b[(k0 + ty) * T + tx];
      __syncthreads();
#pragma unroll
      for (int k = 0; k < T; ++k)
        acc += As[ty][k] * Bs[k][tx];
      __syncthreads();
    }
    C[(size_t)bt * T * T + ty * T + tx] = acc;
  }
}
