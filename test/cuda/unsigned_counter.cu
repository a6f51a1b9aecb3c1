// siboehm-style `uint` counters against an `int` bound: `for (uint bkIdx = 0;
// bkIdx < K; bkIdx += BK)` compares unsigned and its increment carries no nuw,
// so neither ScalarEvolution nor one widened compare gives the trip count.
// Iteration i+2 exists when the latch compare holds on bkIdx(i+1) and on
// bkIdx(i+2), in 32-bit unsigned arithmetic: two compares in the loop, both
// feeding the zero-fill src-size of the copies issued two iterations ahead.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REMARK: remark: pipelined loop with 3 stages: tile 'As' 4096 -> 12288 bytes, tile 'Bs' 4096 -> 12288 bytes; 2 cp.async copies of 4 bytes
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4;
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK: setp.lt.u32
// CHECK: setp.lt.u32
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK: cp.async.wait_group 0;

#define BLOCKSIZE 32

__global__ void sgemmSharedMemBlock(int M, int N, int K, float alpha, const float *__restrict__ A,
                                    const float *__restrict__ B, float beta,
                                    float *__restrict__ C) {
  const uint cRow = blockIdx.x;
  const uint cCol = blockIdx.y;
  __shared__ float As[BLOCKSIZE * BLOCKSIZE];
  __shared__ float Bs[BLOCKSIZE * BLOCKSIZE];
  const uint threadCol = threadIdx.x % BLOCKSIZE;
  const uint threadRow = threadIdx.x / BLOCKSIZE;
  A += cRow * BLOCKSIZE * K;
  B += cCol * BLOCKSIZE;
  C += cRow * BLOCKSIZE * N + cCol * BLOCKSIZE;
  (void)M;
  float tmp = 0.0f;
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BLOCKSIZE) {
    As[threadRow * BLOCKSIZE + threadCol] = A[threadRow * K + threadCol + bkIdx];
    Bs[threadRow * BLOCKSIZE + threadCol] = B[(threadRow + bkIdx) * N + threadCol];
    __syncthreads();
    for (uint dotIdx = 0; dotIdx < BLOCKSIZE; ++dotIdx)
      tmp += As[threadRow * BLOCKSIZE + dotIdx] * Bs[dotIdx * BLOCKSIZE + threadCol];
    __syncthreads();
  }
  C[threadRow * N + threadCol] = alpha * tmp + beta * C[threadRow * N + threadCol];
}
