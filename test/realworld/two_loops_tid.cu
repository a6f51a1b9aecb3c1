// Two tile loops over one tile, each indexing it with its own read of
// threadIdx.x (clang leaves one llvm.nvvm.read.ptx.sreg.tid.x call per
// loop): a main loop over full tiles and a remainder loop for the ragged
// last one, as row-sum and GEMV code writes them. The same-bytes proof
// treats the two reads as one value (%tid is constant for a thread, PTX
// ISA "Special Registers"), so both loops are pipelined, the second in the
// first one's ring.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
#include <assert.h>

namespace rows {
constexpr int kTile = 256;

template <typename T> __device__ __forceinline__ T weight(int k) { return T(1) / T(k + 1); }

template <typename T>
__global__ void __launch_bounds__(kTile)
    rowSums(int n, const T *__restrict__ in, T *__restrict__ out) {
  __shared__ T tile[kTile];
  assert(blockDim.x == kTile);
  const T *row = in + (size_t)blockIdx.x * n;
  T acc = 0;
  int k = 0;
  // CHECK: two_loops_tid.cu:[[#@LINE+1]]:3: remark: pipelined loop with 3 stages
  for (; k + kTile <= n; k += kTile) {
    tile[threadIdx.x] = row[k + threadIdx.x];
    __syncthreads();
    acc += tile[(threadIdx.x + 1) % kTile] * weight<T>(k);
    __syncthreads();
  }
  // CHECK: two_loops_tid.cu:[[#@LINE+1]]:3: remark: pipelined loop with 3 stages: {{.*}}shares the ring of an earlier loop over tile 'tile'
  for (; k < n; k += kTile) {
    tile[threadIdx.x] = k + (int)threadIdx.x < n ? row[k + threadIdx.x] : T(0);
    __syncthreads();
    acc += tile[(threadIdx.x + 1) % kTile] * weight<T>(k);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * kTile + threadIdx.x] = acc;
}

template __global__ void rowSums<float>(int, const float *, float *);
} // namespace rows
