// Pointer bumps with a runtime step, `A += BK; B += BK * N;` (N a kernel
// argument): both pointers are induction variables (ScalarEvolution's
// add-recurrences), the B step is computed once before the loop, and the
// copies of the tile S-1 iterations ahead read at B + (S-1) * BK * N.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REMARK: remark: pipelined loop with 3 stages: tile 'As' 4096 -> 12288 bytes, tile 'Bs' 4096 -> 12288 bytes; 2 cp.async copies of 16 bytes
// CHECK: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.wait_group 0;

#define BM 32
#define BN 32
#define BK 32

__global__ void __launch_bounds__(256)
    bumpedPointers(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                   float *__restrict__ C) {
  __shared__ __align__(16) float As[BM * BK];
  __shared__ __align__(16) float Bs[BK * BN];
  const int r = threadIdx.x / 8, c4 = (threadIdx.x % 8) * 4;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  float acc[4] = {};
  for (int k = 0; k < K; k += BK) {
    *reinterpret_cast<float4 *>(&As[r * BK + c4]) = *reinterpret_cast<const float4 *>(&A[r * K + c4]);
    *reinterpret_cast<float4 *>(&Bs[r * BN + c4]) = *reinterpret_cast<const float4 *>(&B[r * N + c4]);
    __syncthreads();
    A += BK;
    B += BK * N;
#pragma unroll
    for (int j = 0; j < BK; ++j)
#pragma unroll
      for (int i = 0; i < 4; ++i)
        acc[i] += As[r * BK + j] * Bs[j * BN + c4 + i];
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    C[(blockIdx.y * BM + r) * N + blockIdx.x * BN + c4 + i] = acc[i];
}
