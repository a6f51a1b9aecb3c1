// Shape 2: pointer induction variables with a loop-invariant, non-constant
// step, `A += BK; B += BK * N;`, as siboehm's SGEMM kernels and many others
// write them (non-template kernel, so the tiles are internal).
// Before: SourceNotGlobal (B += BK * N was not an induction variable). Now
// ScalarEvolution gives both pointers an add-recurrence with an invariant step.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

#define BM 32
#define BN 32
#define BK 32

__global__ void sgemmSharedBlock(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const uint threadCol = threadIdx.x % BN;
  const uint threadRow = threadIdx.x / BN;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  (void)M;
  float tmp = 0.0f;
  // CHECK: pointer_bump.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int bkIdx = 0; bkIdx < K; bkIdx += BK) {
    As[threadRow * BK + threadCol] = A[threadRow * K + threadCol];
    Bs[threadRow * BN + threadCol] = B[threadRow * N + threadCol];
    __syncthreads();
    A += BK;
    B += BK * N;
#pragma unroll
    for (int dotIdx = 0; dotIdx < BK; ++dotIdx)
      tmp += As[threadRow * BK + dotIdx] * Bs[dotIdx * BN + threadCol];
    __syncthreads();
  }
  C[threadRow * N + threadCol] = tmp;
}
