// Shape 3: one float4 loaded once and stored transposed as four scalars,
// `As[(4 * c + j) * BM + r] = tmp.{x,y,z,w}` (siboehm's kernel 6), next to
// an ordinary float4 copy of B. Non-template, int counter, no pointer bumps:
// only the transposed store is new.
// Pipelined today already; kept as a regression test of the shape.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define BM 64
#define BN 64
#define BK 8

__global__ void __launch_bounds__(128)
    sgemmTransposedA(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                     float *__restrict__ C) {
  __shared__ __align__(16) float As[BK * BM]; // column-major: As[k * BM + m]
  __shared__ __align__(16) float Bs[BK * BN];
  const int tid = threadIdx.x;
  const int innerRowA = tid / (BK / 4), innerColA = tid % (BK / 4);
  const int innerRowB = tid / (BN / 4), innerColB = tid % (BN / 4);
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[8][4] = {};
  // CHECK: transposed_float4.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int k0 = 0; k0 < K; k0 += BK) {
    const float4 tmp =
        *reinterpret_cast<const float4 *>(&A[(size_t)(row0 + innerRowA) * K + k0 + innerColA * 4]);
    As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
    As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
    As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
    As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    *reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4]) =
        *reinterpret_cast<const float4 *>(&B[(size_t)(k0 + innerRowB) * N + col0 + innerColB * 4]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += As[k * BM + (tid / 16) * 8 + i] * Bs[k * BN + (tid % 16) * 4 + j];
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(row0 + (tid / 16) * 8 + i) * N + col0 + (tid % 16) * 4 + j] = acc[i][j];
}
