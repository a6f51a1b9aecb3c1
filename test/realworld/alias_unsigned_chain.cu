// An unsigned tile counter stepping by the tile width, `for (unsigned k =
// 0; k < K; k += 256)`, with plain pointers that may overlap. Its increment
// has no no-wrap flag (unsigned arithmetic wraps), so ScalarEvolution gives
// no trip count, and the rewrite tests each iteration with a chain of
// compares (trip.h). The runtime alias check counts the iterations from
// the latch compare all the same, under a condition it tests with the
// ranges: no increment wraps, K - 1 + 256 < 2^32.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR

__global__ void __launch_bounds__(256) prefixTilesU(unsigned K, const float *in, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: alias_unsigned_chain.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'tile' {{.*}}with a runtime alias check
  for (unsigned k = 0; k < K; k += 256) {
    tile[threadIdx.x] = in[k + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    out[k + threadIdx.x] = acc;
    __syncthreads();
  }
}
// IR-LABEL: define {{.*}}@_Z12prefixTilesUjPKfPf(
// IR: icmp sgt i128 %{{[0-9]+}}, 4294967295
// IR: call void @llvm.nvvm.cp.async.ca.shared.global.4
