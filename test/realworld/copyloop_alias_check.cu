// A copy loop whose source the loop may write: plain pointers, no
// __restrict__, the output written in the tile loop. The copy's address is
// a recurrence of the copy loop `for (i = tid; i < 1024; i += blockDim.x)`,
// so its range spans that loop first (its ScalarEvolution count), then the
// tile loop; the block-wide runtime alias check compares it with the
// store's, and the loop is pipelined behind it.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// The check's votes, then the pipelined loop's cp.async.
// PTX-LABEL: .entry _Z9scanTilesiPKfPf(
// PTX: atom.shared.min.u64
// PTX: atom.shared.max.u64
// PTX: bar.red.or.pred
// PTX: cp.async.ca.shared.global
#include <cuda_runtime.h>

__global__ void scanTiles(int n, const float *in, float *out) {
  __shared__ float tile[1024];
  float acc = 0.0f;
  // CHECK: copyloop_alias_check.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'tile' 4096 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes; removed the second barrier; with a runtime alias check
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
      tile[i] = in[(size_t)(blockIdx.x * (n + 1) + t) * 1024 + i];
    __syncthreads();
    acc += tile[threadIdx.x] + tile[1023 - threadIdx.x];
    out[(size_t)(blockIdx.x * (n + 1) + t) * 1024 + threadIdx.x] = acc;
    __syncthreads();
  }
}

// Near miss: the copy loop's bound changes with the tile loop, so its count
// is not the same on every iteration and its range is not known at loop
// entry: no runtime check, declined.
__global__ void growingRows(int n, const float *in, float *out) {
  __shared__ float tile[4096];
  float acc = 0.0f;
  // CHECK: copyloop_alias_check.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < 64 * (t % 4) + 64; i += blockDim.x)
      tile[i] = in[(size_t)t * 4096 + i];
    __syncthreads();
    acc += tile[threadIdx.x];
    out[(size_t)t * 256 + threadIdx.x] = acc;
    __syncthreads();
  }
}
