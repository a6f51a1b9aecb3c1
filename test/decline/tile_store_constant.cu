// A copy stage whose store into the tile is a constant wherever it runs is
// declined with that said (TileStoreNotCopy): a halo row above the image
// whose guard clang folds to false (`sy = -1`), which leaves only the
// fill, and a padding column zeroed beside the copies. The IR stays as
// written.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined loop"
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.with.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) rowAbove(const float *__restrict__ A, float *out, int nt,
                                                int H, int W, int ld) {
  __shared__ float t[258];
  float acc = 0.0f;
  // CHECK: tile_store_constant.cu:[[@LINE+1]]:3: remark: loop not pipelined: a store into tile 't' writes the constant 0 wherever it runs, not a value loaded from global memory; a copy stage may write its tiles with copies only (where it was a guarded copy, the compiler proved the guard always false){{.*}}rowAbove
  for (int k = 0; k < nt; ++k) {
    const int sy = -1;
    for (int i = threadIdx.x; i < 258; i += 256) {
      const int sx = k * 256 + i - 1;
      t[i] = (sy >= 0 && sy < H && sx >= 0 && sx < W) ? A[(sy + 1) * ld + sx] : 0.0f;
    }
    __syncthreads();
    acc += t[threadIdx.x + 1] * 0.5f;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) paddedRows(const float *__restrict__ A, float *out, int nt) {
  __shared__ float t[8][33];
  const int r = threadIdx.x / 32, c = threadIdx.x % 32;
  float acc = 0.0f;
  // CHECK: tile_store_constant.cu:[[@LINE+1]]:3: remark: loop not pipelined: a store into tile 't' writes the constant 0 wherever it runs{{.*}}paddedRows
  for (int k = 0; k < nt; ++k) {
    t[r][c] = A[(size_t)(k * 8 + r) * 32 + c];
    if (c == 0)
      t[r][32] = 0.0f;
    __syncthreads();
    acc += t[7 - r][c + 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
