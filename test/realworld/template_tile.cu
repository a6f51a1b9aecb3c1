// Shape 1: the tiles are __shared__ arrays of a *template* kernel, so they
// are linkonce_odr globals (one per instantiation), not internal ones. The
// instantiation comes from a host launch, as in real code. The launch's
// 32x32 block (1024 threads: two resident blocks up to 32 registers, one
// above) makes the decision hang on a count the estimate cannot place, and
// the cost model declines the loop (DECIDED); legality is checked with
// profitability=off.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=DECIDED
// DECIDED: remark: loop not pipelined: on sm_80 a ring pays at some of the plain kernel's register counts
// DECIDED: remark: loop not pipelined: cost model on sm_80: 1024 threads per block (its launch in this file),

template <int TILE>
__global__ void matmulTiled(int n, const float *__restrict__ A, const float *__restrict__ B,
                            float *__restrict__ C) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bs[TILE][TILE + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  // CHECK: template_tile.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void launch(int n, const float *A, const float *B, float *C) {
  matmulTiled<32><<<dim3(n / 32, n / 32), dim3(32, 32)>>>(n, A, B, C);
}
