// Shape 2 in a template: a tile size given as template arguments, pointer
// bumps `A += BK; B += BK * N;` with N a runtime value, float4 copies. The
// template sits in an anonymous namespace, so its tiles are internal.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

namespace {
template <int BM, int BN, int BK>
__global__ void __launch_bounds__(BM * BK / 4)
    gemmBumped(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
               float *__restrict__ C) {
  __shared__ __align__(16) float As[BM * BK];
  __shared__ __align__(16) float Bs[BK * BN];
  const int tid = threadIdx.x;
  const int ra = tid / (BK / 4), ca = (tid % (BK / 4)) * 4;
  const int rb = tid / (BN / 4), cb = (tid % (BN / 4)) * 4;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  float acc = 0.0f;
  // CHECK: template_pointer_bump.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int k0 = 0; k0 < K; k0 += BK) {
    *reinterpret_cast<float4 *>(&As[ra * BK + ca]) = *reinterpret_cast<const float4 *>(&A[ra * K + ca]);
    *reinterpret_cast<float4 *>(&Bs[rb * BN + cb]) = *reinterpret_cast<const float4 *>(&B[rb * N + cb]);
    __syncthreads();
    A += BK;
    B += BK * N;
#pragma unroll
    for (int k = 0; k < BK; ++k)
      acc += As[(tid / BN) * BK + k] * Bs[k * BN + tid % BN];
    __syncthreads();
  }
  C[(blockIdx.y * BM + tid / BN) * N + blockIdx.x * BN + tid % BN] = acc;
}
} // namespace

void launchGemmBumped(int M, int N, int K, const float *A, const float *B, float *C) {
  gemmBumped<32, 32, 32><<<dim3(N / 32, M / 32), 256>>>(N, K, A, B, C);
}
