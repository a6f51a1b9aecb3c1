// A copy loop that fills two tiles, each copy under its own bounds guard
// with a zero fill (`ok ? A[..] : 0`, then `ok ? B[..] : 0`), transposing
// through `i % 32` and `i / 32`, stepping by the block's thread count.
// clang leaves each copy behind a branch of its own, so the second copy's
// store lies below two branches; the one-to-one proof needs the copy
// loop's counter bounded there too (below 2048 by the loop's guard and
// exit test), which LazyValueInfo finds where the counter is defined.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX-LABEL: .entry _ZN3ref9pair_gemmEiiiPKfS1_Pf(
// PTX: cp.async.wait_group
// PTX: cp.async.ca.shared.global
// The near miss keeps its synchronous copies.
// PTX-LABEL: .entry _ZN3ref12past_the_rowEiiPKfS1_Pf(
// PTX-NOT: cp.async
// PTX: ld.global
// PTX: st.shared
// PTX: }

namespace ref {

__global__ void __launch_bounds__(256) pair_gemm(int M, int N, int K, const float *A,
                                                 const float *B, float *C) {
  __shared__ float As[32][64];
  __shared__ float Bs[32][64];
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  const int row0 = blockIdx.y * 32;
  float acc = 0.0f;
  // CHECK: copyloop_guarded_pair.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 8192 -> {{[0-9]+}} bytes, tile 'Bs' 8192 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes
  for (int k0 = 0; k0 < K; k0 += 64) {
    for (int i = tid; i < 2048; i += blockDim.x * blockDim.y) {
      const int r = i % 32, c = i / 32;
      const bool ok = row0 + r < M && k0 + c < K;
      As[r][c] = ok ? A[(row0 + r) * K + k0 + c] : 0.0f;
      Bs[r][c] = ok ? B[(row0 + r) * K + k0 + c] : 0.0f;
    }
    __syncthreads();
    for (int k = 0; k < 64; ++k)
      acc += As[threadIdx.y][k] * Bs[threadIdx.x % 32][k];
    __syncthreads();
  }
  C[(row0 + threadIdx.y) * N + blockIdx.x * 32 + threadIdx.x % 32] = acc;
}

// The rows are 48 long but the counter runs to 2048: i / 32 reaches 63,
// past the row, so two iterations may write the same element.
__global__ void __launch_bounds__(256) past_the_row(int M, int K, const float *A,
                                                    const float *B, float *C) {
  __shared__ float As[32][48];
  __shared__ float Bs[32][48];
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_guarded_pair.cu:[[@LINE+1]]:3: remark: loop not pipelined: {{.*}}the copy loop into tile '{{As|Bs}}' may write the same bytes on two of its iterations
  for (int k0 = 0; k0 < K; k0 += 48) {
    for (int i = tid; i < 2048; i += blockDim.x * blockDim.y) {
      const int r = i % 32, c = i / 32;
      const bool ok = r < M && k0 + c < K;
      As[r][c] = ok ? A[r * K + k0 + c] : 0.0f;
      Bs[r][c] = ok ? B[r * K + k0 + c] : 0.0f;
    }
    __syncthreads();
    for (int k = 0; k < 48; ++k)
      acc += As[threadIdx.y][k] * Bs[threadIdx.x % 32][k];
    __syncthreads();
  }
  C[tid] = acc;
}

} // namespace ref
