// Several copies into one tile by one thread: a strided copy loop, unrolled,
// with a two-dimensional thread index (blockDim = (32, 8), tid = ty*32 + tx).
// Each thread writes four elements of As (rows 16 apart) and four of Bs (rows
// 4 apart); ScalarEvolution proves each pair a constant distance apart, so
// the eight copies of one stage go out as eight cp.async with nothing between
// them to order.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REMARK: remark: pipelined loop with 3 stages: tile 'As' 4096 -> 12288 bytes, tile 'Bs' 4096 -> 12288 bytes; 8 cp.async copies of 4 bytes
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-8: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK-NEXT: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;

#define BM 64
#define BN 64
#define BK 16

__global__ void __launch_bounds__(256)
    stridedLoads(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                 float *__restrict__ C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int tid = threadIdx.y * 32 + threadIdx.x;
  const int rowA = tid / BK, colA = tid % BK, strideA = 256 / BK;
  const int rowB = tid / BN, colB = tid % BN, strideB = 256 / BN;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int off = 0; off < BM; off += strideA)
      As[(rowA + off) * BK + colA] = A[(size_t)(row0 + rowA + off) * K + k0 + colA];
#pragma unroll
    for (int off = 0; off < BK; off += strideB)
      Bs[(rowB + off) * BN + colB] = B[(size_t)(k0 + rowB + off) * N + col0 + colB];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += As[((tid / 16) * 4 + i) * BK + k] * Bs[k * BN + (tid % 16) * 4 + j];
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(row0 + (tid / 16) * 4 + i) * N + col0 + (tid % 16) * 4 + j] = acc[i][j];
}
