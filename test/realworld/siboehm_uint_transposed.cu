// Shapes 2, 3 and 8 together in one non-template kernel, as siboehm's
// SGEMM_CUDA kernel 6 writes them: `uint bkIdx < int K` (unsigned compare,
// no nuw), pointer bumps `A += BK; B += BK * N;`, and the A tile stored
// transposed from one float4 as four scalars `(4 * c + j) * BM + r`.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define BM 64
#define BN 64
#define BK 8
#define TM 8
#define TN 4

__global__ void __launch_bounds__(128)
    sgemmVectorizeUint(int M, int N, int K, float alpha, float *__restrict__ A,
                       float *__restrict__ B, float beta, float *__restrict__ C) {
  const uint cRow = blockIdx.y, cCol = blockIdx.x;
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ __align__(16) float As[BM * BK];
  __shared__ __align__(16) float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerRowA = threadIdx.x / (BK / 4), innerColA = threadIdx.x % (BK / 4);
  const uint innerRowB = threadIdx.x / (BN / 4), innerColB = threadIdx.x % (BN / 4);
  float threadResults[TM * TN] = {0.0};
  (void)M;
  // CHECK: siboehm_uint_transposed.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: {{.*}}; 5 cp.async copies of 4 to 16 bytes
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    float4 tmp = reinterpret_cast<float4 *>(&A[innerRowA * K + innerColA * 4])[0];
    As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
    As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
    As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
    As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
        reinterpret_cast<float4 *>(&B[innerRowB * N + innerColB * 4])[0];
    __syncthreads();
    A += BK;
    B += BK * N;
#pragma unroll
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx)
#pragma unroll
      for (uint m = 0; m < TM; ++m)
#pragma unroll
        for (uint n = 0; n < TN; ++n)
          threadResults[m * TN + n] +=
              As[dotIdx * BM + threadRow * TM + m] * Bs[dotIdx * BN + threadCol * TN + n];
    __syncthreads();
  }
#pragma unroll
  for (uint m = 0; m < TM; ++m)
#pragma unroll
    for (uint n = 0; n < TN; ++n)
      C[(threadRow * TM + m) * N + threadCol * TN + n] =
          alpha * threadResults[m * TN + n] + beta * C[(threadRow * TM + m) * N + threadCol * TN + n];
}
