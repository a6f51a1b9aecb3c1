// Copy loops whose step is the block size, a runtime value, as public SGEMM
// tutorials write them when the block size is a launch parameter: A stored
// transposed through `r = i / BK; c = i % BK; As[c][r] = ...` with
// `i += blockDim.x`, and rows of B copied with `o += strideB`,
// `strideB = blockDim.x / BN` (which may be zero: the loop then runs once
// or never ends, and a function that must make progress cannot never end).
// Each thread's iterations visit distinct i (or o), and the destination is
// a one-to-one function of it: the plugin proves that from the induction
// variable, whatever the step.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="loop not pipelined"
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// Each kernel's steady state issues its copies as a loop of cp.async inside
// the tile loop.
// PTX-LABEL: .entry _ZN3tut15sgemm_transposeILi64ELi64ELi8ELi4ELi4EEEviiiPKfS2_Pf(
// PTX: cp.async.wait_group
// PTX: Parent Loop
// PTX-NEXT: // =>  This Inner Loop Header: Depth=2
// PTX: cp.async.ca.shared.global
// PTX-LABEL: .entry _ZN3tut13sgemm_stridedILi64ELi64ELi8EEEviiiPKfS2_Pf(
// PTX: cp.async.wait_group
// PTX: Parent Loop
// PTX-NEXT: // =>  This Inner Loop Header: Depth=2
// PTX: cp.async.ca.shared.global
// PTX-LABEL: .entry _ZN3tut11load_helperEiiPKfPf(
// PTX: cp.async.wait_group
// PTX: cp.async.ca.shared.global
#include <assert.h>

namespace tut {

template <int BM, int BN, int BK, int TM, int TN>
__global__ void sgemm_transpose(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK][BN];
  assert(blockDim.x == (BM / TM) * (BN / TN));
  const int tid = threadIdx.x;
  const int ty = tid / (BN / TN), tx = tid % (BN / TN);
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  float acc[TM][TN] = {};
  // CHECK: copyloop_runtime_step.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 2048 -> {{[0-9]+}} bytes, tile 'Bs' 2048 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x) {
      int r = i / BK, c = i % BK;
      As[c][r] = A[r * K + c];
    }
    for (int i = tid; i < BK * BN; i += blockDim.x)
      Bs[i / BN][i % BN] = B[(i / BN) * N + i % BN];
    __syncthreads();
    A += BK;
    B += BK * N;
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int m = 0; m < TM; ++m)
#pragma unroll
        for (int n = 0; n < TN; ++n)
          acc[m][n] += As[k][ty * TM + m] * Bs[k][tx * TN + n];
    __syncthreads();
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      C[(blockIdx.y * BM + ty * TM + m) * N + blockIdx.x * BN + tx * TN + n] = acc[m][n];
}

// siboehm's kernel 5 layout with the strides computed from blockDim.x.
template <int BM, int BN, int BK>
__global__ void sgemm_strided(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const uint innerRowA = threadIdx.x / BK, innerColA = threadIdx.x % BK;
  const uint strideA = blockDim.x / BK;
  const uint innerRowB = threadIdx.x / BN, innerColB = threadIdx.x % BN;
  const uint strideB = blockDim.x / BN;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  float acc = 0.0f;
  // CHECK: copyloop_runtime_step.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 2048 -> {{[0-9]+}} bytes, tile 'Bs' 2048 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes
  for (uint bk = 0; bk < K; bk += BK) {
    for (uint o = 0; o < BM; o += strideA)
      As[(innerRowA + o) * BK + innerColA] = A[(innerRowA + o) * K + innerColA];
    for (uint o = 0; o < BK; o += strideB)
      Bs[(innerRowB + o) * BN + innerColB] = B[(innerRowB + o) * N + innerColB];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (int k = 0; k < BK; ++k)
      acc += As[(threadIdx.x / BN) * BK + k] * Bs[k * BN + threadIdx.x % BN];
    __syncthreads();
  }
  C[(blockIdx.y * BM + threadIdx.x / BN) * N + blockIdx.x * BN + threadIdx.x % BN] = acc;
}

// The transposing copy in a helper over a 1-D tile, with a signed counter
// and the row length a template parameter.
template <int ROWS, int COLS>
__device__ void load_transposed(float *tile, const float *src, int ld) {
  for (int i = threadIdx.x; i < ROWS * COLS; i += blockDim.x)
    tile[(i % COLS) * ROWS + i / COLS] = src[(i / COLS) * ld + i % COLS];
}

__global__ void load_helper(int n, int ld, const float *src, float *out) {
  __shared__ float tile[16 * 32];
  float acc = 0.0f;
  // CHECK: copyloop_runtime_step.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'tile' 2048 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (int t = 0; t < n; ++t) {
    load_transposed<32, 16>(tile, src + t * 16, ld);
    __syncthreads();
    acc += tile[threadIdx.x % 512];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The copy loop reads through __ldg (LLVM 19 writes it as an intrinsic call,
// LLVM 22 as a load marked invariant): a copy load like any other.
__global__ void ldg_rows(int n, const float *__restrict__ src, float *__restrict__ out) {
  __shared__ float tile[8][64];
  float acc = 0.0f;
  // CHECK: copyloop_runtime_step.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'tile' 2048 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < 8 * 64; i += blockDim.x)
      tile[i % 8][i / 8] = __ldg(&src[(size_t)t * 512 + i]);
    __syncthreads();
    acc += tile[threadIdx.x % 8][threadIdx.x % 64];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

template __global__ void sgemm_transpose<64, 64, 8, 4, 4>(int, int, int, const float *,
                                                          const float *, float *);
template __global__ void sgemm_strided<64, 64, 8>(int, int, int, const float *, const float *,
                                                  float *);
} // namespace tut
