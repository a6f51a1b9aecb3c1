// Copy loops through `i / BK` and `i % BK` where BK is not a power of two
// (48, 24): clang computes the remainder as `i - (i / BK) * BK` next to the
// quotient (DivRemPairs) and freezes `i` first (an unsigned `i` truncated
// to 16 bits where it fits), so the row-major copy's
// destination `(i / BK) * BK + i % BK` is `i` only through that identity,
// and the transposed copy's `As[i % BK][i / BK]` is one-to-one only while
// i / BK stays below the row length, which the copy loop's exit test
// bounds. The freeze is `i` itself: the loop's exit test branches on i, so
// a poison i would make the program undefined.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX-LABEL: .entry _ZN3tut10sgemm_rowsILi64ELi64ELi48EEEviiiPKfS2_Pf(
// PTX: cp.async.wait_group
// PTX: cp.async.ca.shared.global
// PTX-LABEL: .entry _ZN3tut15sgemm_transposeILi64ELi24EEEviiiPKfS2_Pf(
// PTX: cp.async.wait_group
// PTX: cp.async.ca.shared.global
// PTX-LABEL: .entry _ZN3tut12fixed_step48EiiPKfPf(
// PTX: cp.async.wait_group
// PTX: cp.async.ca.shared.global
// The near misses keep their synchronous copies.
// PTX-LABEL: .entry _ZN3tut13rows_unsignedEjjPKfPf(
// PTX: cp.async.wait_group
// PTX: cp.async.ca.shared.global
// PTX-LABEL: .entry _ZN3tut14mixed_divisorsEiPKfPf(
// PTX-NOT: cp.async
// PTX: ld.global
// PTX: st.shared
// PTX-LABEL: .entry _ZN3tut12past_the_rowEiPKfPf(
// PTX-NOT: cp.async
// PTX: ld.global
// PTX: st.shared
// PTX-LABEL: .entry _ZN3tut13unrolled_stepEiiPKfPf(
// PTX-NOT: cp.async
// PTX: }
#include <assert.h>

namespace tut {

// The commonest SGEMM copy loop, with BK = 48.
template <int BM, int BN, int BK>
__global__ void sgemm_rows(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int tid = threadIdx.x;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  float acc = 0.0f;
  // CHECK: copyloop_div_rem_pairs.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 12288 -> {{[0-9]+}} bytes, tile 'Bs' 12288 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x) {
      int r = i / BK, c = i % BK;
      As[r * BK + c] = A[r * K + c];
    }
    for (int i = tid; i < BK * BN; i += blockDim.x) {
      int r = i / BN, c = i % BN;
      Bs[r * BN + c] = B[r * N + c];
    }
    __syncthreads();
    A += BK;
    B += BK * N;
    for (int k = 0; k < BK; ++k)
      acc += As[(tid / BN) * BK + k] * Bs[k * BN + tid % BN];
    __syncthreads();
  }
  C[(blockIdx.y * BM + tid / BN) * N + blockIdx.x * BN + tid % BN] = acc;
}

// Stored transposed, BK = 24: i / 24 < 64 because the loop stops at 64 * 24.
template <int BM, int BK>
__global__ void sgemm_transpose(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BK][BM];
  const int tid = threadIdx.x;
  A += blockIdx.y * BM * K;
  float acc = 0.0f;
  // CHECK: copyloop_div_rem_pairs.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 6144 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x) {
      int r = i / BK, c = i % BK;
      As[c][r] = A[r * K + c];
    }
    __syncthreads();
    A += BK;
    for (int k = 0; k < BK; ++k)
      acc += As[k][tid % BM] * B[k0 + k];
    __syncthreads();
  }
  C[blockIdx.x * blockDim.x + tid] = acc;
}

// A constant step, kept a loop.
__global__ void fixed_step48(int K, int lda, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[64 * 48];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_div_rem_pairs.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 12288 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (int k0 = 0; k0 < K; k0 += 48) {
#pragma unroll 1
    for (int i = tid; i < 64 * 48; i += 256) {
      int r = i / 48, c = i % 48;
      As[r * 48 + c] = A[r * lda + k0 + c];
    }
    __syncthreads();
    for (int k = 0; k < 48; ++k)
      acc += As[(tid % 64) * 48 + k];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

// An unsigned counter: clang divides in 16 bits, `trunc` of i frozen.
__global__ void rows_unsigned(uint K, uint lda, const float *__restrict__ A,
                              float *__restrict__ out) {
  __shared__ float As[64 * 48];
  const uint tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_div_rem_pairs.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 12288 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (uint k0 = 0; k0 < K; k0 += 48) {
    for (uint i = tid; i < 64 * 48; i += blockDim.x) {
      uint r = i / 48, c = i % 48;
      As[r * 48 + c] = A[r * lda + k0 + c];
    }
    __syncthreads();
    for (uint k = 0; k < 48; ++k)
      acc += As[(tid % 64) * 48 + k];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

// Near miss: the row is i / 25, the column i % 24, so i = 0 and i = 24 both
// write As[0][0].
__global__ void mixed_divisors(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[24][64];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_div_rem_pairs.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy loop into tile 'As' may write the same bytes on two of its iterations
  for (int k0 = 0; k0 < K; k0 += 24) {
    for (int i = tid; i < 64 * 24; i += blockDim.x)
      As[i % 24][i / 25] = A[k0 * 64 + i];
    __syncthreads();
    acc += As[tid % 24][tid % 64];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

// Near miss: the loop runs 24 elements past 64 rows of 24, so i / 24
// reaches 64, and As[0][64] is As[1][0], which i = 1 writes.
__global__ void past_the_row(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[25][64];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_div_rem_pairs.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy loop into tile 'As' may write the same bytes on two of its iterations
  for (int k0 = 0; k0 < K; k0 += 24) {
    for (int i = tid; i < 65 * 24; i += blockDim.x)
      (&As[0][0])[(i % 24) * 64 + i / 24] = A[k0 * 64 + i];
    __syncthreads();
    acc += As[tid % 24][tid % 64];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

// Not yet: clang unrolls this loop by two at run time and peels a first
// iteration before it, which the pass cannot yet tell apart from the loop.
__global__ void unrolled_step(int K, int lda, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[64 * 48];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_div_rem_pairs.cu:[[@LINE+1]]:3: remark: loop not pipelined: copies into tile 'As' in different loops of the copy stage (or in a loop and outside it) may write the same bytes
  for (int k0 = 0; k0 < K; k0 += 48) {
    for (int i = tid; i < 64 * 48; i += 256) {
      int r = i / 48, c = i % 48;
      As[r * 48 + c] = A[r * lda + k0 + c];
    }
    __syncthreads();
    for (int k = 0; k < 48; ++k)
      acc += As[(tid % 64) * 48 + k];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + tid] = acc;
}

template __global__ void sgemm_rows<64, 64, 48>(int, int, int, const float *, const float *,
                                                float *);
template __global__ void sgemm_transpose<64, 24>(int, int, int, const float *, const float *,
                                                 float *);
} // namespace tut
