// One RUN line per remark flag, each with its own prefix: passed remarks
// carry the ring's shape, missed remarks the reason, analysis remarks the
// details (and are located at the instruction they are about).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=PASSED
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS

// PASSED: rpass.cu:[[@LINE+15]]:3: remark: pipelined loop with 3 stages: tile 'As' 4224 -> 12672 bytes, tile 'Bs' 4224 -> 12672 bytes; 2 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_80, kernel '{{[^']+}}'] [-Rpass=cuda-pipeline]
// PASSED-NOT: remark:
// MISSED: rpass.cu:[[@LINE+27]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from; mark the pointers __restrict__ if they never overlap [sm_80, kernel '{{[^']+}}'] [-Rpass-missed=cuda-pipeline]
// MISSED-NOT: remark:
// ANALYSIS-DAG: rpass.cu:[[@LINE+11]]:3: remark: ring of 3 stages takes 25344 bytes of shared memory (0 more in other __shared__ arrays); the prologue issues 2 iterations; steady state waits with cp.async.wait_group 1; 6 cp.async emitted [sm_80, kernel '{{[^']+}}'] [-Rpass-analysis=cuda-pipeline]
// ANALYSIS-DAG: rpass.cu:[[@LINE+28]]:{{[0-9]+}}: remark: loop not pipelined: this store may write the memory that parameter 'a' points to, and its address range or a copy's is not known at loop entry for a runtime check; mark the pointers __restrict__ if they never overlap [sm_80, kernel '{{[^']+}}'] [-Rpass-analysis=cuda-pipeline]

#define TILE 32

__global__ void sgemm(int N, const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bs[TILE][TILE + 1];
  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < N / TILE; ++t) {
    As[threadIdx.y][threadIdx.x] = A[row * N + t * TILE + threadIdx.x];
    Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

__global__ void aliased(int n, const float *a, float *out) {
  __shared__ float tile[TILE][TILE + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * TILE + threadIdx.y) * TILE + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x][threadIdx.y];
    out[(int)a[t] * TILE * TILE + threadIdx.y * TILE + threadIdx.x] = acc; // scattered
    __syncthreads();
  }
}
