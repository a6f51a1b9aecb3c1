// fp16 and bf16 tiles zero-filled by CUDA's conversion helpers, as LLM
// kernels write them: `ok ? A[i] : __float2half(0.0f)`. CUDA's headers (11.8
// to 13) write `__float2half`, `__float2half2_rn` and `__float2bfloat16` as
// inline PTX `cvt`, so the fill reaches the plugin as an asm call on +0.0,
// which it folds to zero: the half2 copy becomes a zero-filling cp.async, the
// 2-byte ones (too small for cp.async) are staged through registers.
// `__float2half(-0.0f)` is not zero (0x8000) and stays declined.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The half2 copy: cp.async with a source size of 0 where the guard fails.
// PTX-LABEL: .entry _Z9half2RowsiPK7__half2Pf(
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX-LABEL: .entry _Z8bf16RowsiPK13__nv_bfloat16Pf(
// PTX-NOT: cp.async
// PTX-LABEL: .entry
#include <cuda_bf16.h>
#include <cuda_fp16.h>

__global__ void half2Rows(int K, const __half2 *__restrict__ A, float *__restrict__ out) {
  __shared__ __half2 As[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  // CHECK: half_zero_fill.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 1024 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes{{.*}}; cp.async [sm_80
  for (int k0 = 0; k0 < K; k0 += 32) {
    As[ty][tx] = k0 + tx < K ? A[(blockIdx.x * 8 + ty) * K + k0 + tx] : __float2half2_rn(0.0f);
    __syncthreads();
    for (int j = 0; j < 32; ++j)
      acc += __low2float(As[ty][j]) + __high2float(As[ty][(j + tx) % 32]);
    __syncthreads();
  }
  out[(blockIdx.x * 8 + ty) * 32 + tx] = acc;
}

__global__ void bf16Rows(int K, const __nv_bfloat16 *__restrict__ A, float *__restrict__ out) {
  __shared__ __nv_bfloat16 As[8][64];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  // CHECK: half_zero_fill.cu:[[@LINE+1]]:3: remark: pipelined loop with 2 stages: tile 'As' 1024 -> 2048 bytes; 1 copy of 2 bytes, 1 staged through 1 register{{.*}}; registers [sm_80
  for (int k0 = 0; k0 < K; k0 += 64) {
    As[ty][tx] = k0 + tx < K ? A[(blockIdx.x * 8 + ty) * K + k0 + tx] : __float2bfloat16(0.0f);
    __syncthreads();
    for (int j = 0; j < 64; ++j)
      acc += __bfloat162float(As[ty][(j + tx) % 64]);
    __syncthreads();
  }
  out[(blockIdx.x * 8 + ty) * 64 + tx] = acc;
}

// A helper that fills with __float2half(0.0f) on the else branch.
__device__ __half load_or_zero(const __half *p, bool ok) { return ok ? *p : __float2half(0.0f); }

__global__ void halfRows(int K, const __half *__restrict__ A, float *__restrict__ out) {
  __shared__ __half As[8][64];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  // CHECK: half_zero_fill.cu:[[@LINE+1]]:3: remark: pipelined loop with 2 stages: tile 'As' 1024 -> 2048 bytes; 1 copy of 2 bytes, 1 staged through 1 register{{.*}}; registers [sm_80
  for (int k0 = 0; k0 < K; k0 += 64) {
    As[ty][tx] = load_or_zero(&A[(blockIdx.x * 8 + ty) * K + k0 + tx], k0 + tx < K);
    __syncthreads();
    for (int j = 0; j < 64; ++j)
      acc += __half2float(As[ty][(j + tx) % 64]);
    __syncthreads();
  }
  out[(blockIdx.x * 8 + ty) * 64 + tx] = acc;
}

// Near miss: -0.0 converts to 0x8000, not a zero fill.
__global__ void negZero(int K, const __half *__restrict__ A, float *__restrict__ out) {
  __shared__ __half As[8][64];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  // CHECK: half_zero_fill.cu:[[@LINE+1]]:3: remark: loop not pipelined: a store into tile 'As' does not store a value loaded from global memory, or a side-effect-free conversion of one
  for (int k0 = 0; k0 < K; k0 += 64) {
    As[ty][tx] = k0 + tx < K ? A[(blockIdx.x * 8 + ty) * K + k0 + tx] : __float2half(-0.0f);
    __syncthreads();
    for (int j = 0; j < 64; ++j)
      acc += __half2float(As[ty][(j + tx) % 64]);
    __syncthreads();
  }
  out[(blockIdx.x * 8 + ty) * 64 + tx] = acc;
}
