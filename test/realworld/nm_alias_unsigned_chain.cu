// Near miss: an unsigned tile counter stepping by the
// tile width, `for (unsigned k = 0; k < K; k += 256)`. Its increment has no
// no-wrap flag (unsigned arithmetic wraps), so ScalarEvolution gives no
// trip count and the latch compare's count is not exact either (the
// rewrite tests each iteration with a chain of compares, trip.h): the
// copied range has no end at loop entry, and the loop stays declined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void __launch_bounds__(256) prefixTilesU(unsigned K, const float *in, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: nm_alias_unsigned_chain.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from
  for (unsigned k = 0; k < K; k += 256) {
    tile[threadIdx.x] = in[k + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    out[k + threadIdx.x] = acc;
    __syncthreads();
  }
}
