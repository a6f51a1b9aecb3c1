// Near miss of issue 9, part 5 (a known limit): the tile counter steps by
// the tile width, `k += 256`. ScalarEvolution computes no trip count for it
// (llvm.nvvm.barrier0 is not willreturn, so it cannot use the increment's
// nsw; the rewrite itself counts iterations from the latch compare,
// trip.h), and without one the copied range has no end: no runtime check,
// declined as before. A step-1 tile counter (`for (t = 0; t < K / 256;
// ++t)`) gets the check (alias_stream_template.cu).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void __launch_bounds__(256) prefixTiles(int K, const float *in, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: nm_alias_strided_counter.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from
  for (int k = 0; k < K; k += 256) {
    tile[threadIdx.x] = in[k + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    out[k + threadIdx.x] = acc;
    __syncthreads();
  }
}
