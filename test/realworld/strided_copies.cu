// Shape 3: several copies into one tile by one thread: a strided copy loop
// unrolled into copies at offsets `j * 32 * BK` (siboehm's kernel 5 with
// 256 threads and BK = 8), and a 2-D thread index `tid = ty * 32 + tx`.
// Before: OverlappingCopies. Now ScalarEvolution proves each pair of one
// thread's destinations a constant distance apart (1024 bytes and more),
// reading `tid % BN` as tid - BN * (tid / BN).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define BM 128
#define BN 128
#define BK 8

__global__ void __launch_bounds__(256)
    sgemmStridedLoads(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                      float *__restrict__ C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int tid = threadIdx.y * 32 + threadIdx.x; // blockDim = (32, 8)
  const int innerRowA = tid / BK, innerColA = tid % BK, strideA = 256 / BK;
  const int innerRowB = tid / BN, innerColB = tid % BN, strideB = 256 / BN;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[8][8] = {};
  // CHECK: strided_copies.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int off = 0; off < BM; off += strideA)
      As[(innerRowA + off) * BK + innerColA] =
          A[(size_t)(row0 + innerRowA + off) * K + k0 + innerColA];
#pragma unroll
    for (int off = 0; off < BK; off += strideB)
      Bs[(innerRowB + off) * BN + innerColB] =
          B[(size_t)(k0 + innerRowB + off) * N + col0 + innerColB];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
          acc[i][j] += As[((tid / 16) * 8 + i) * BK + k] * Bs[k * BN + (tid % 16) * 8 + j];
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 8; ++j)
      C[(size_t)(row0 + (tid / 16) * 8 + i) * N + col0 + (tid % 16) * 8 + j] = acc[i][j];
}
