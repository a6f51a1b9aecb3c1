// Near miss: the compute stores in an inner loop whose
// trip count is a kernel argument. The store's address recurs over the
// inner loop, not the tile loop, so its range over the tile loop is not a
// start and an end that ScalarEvolution gives (LoopAccessAnalysis does not
// bound nested recurrences either): it stays declined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void __launch_bounds__(128) fanOut(int ntiles, int copies, const float *in, float *out) {
  __shared__ float tile[128];
  const int x = threadIdx.x;
  // CHECK: nm_alias_inner_store.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from
  for (int t = 0; t < ntiles; ++t) {
    tile[x] = in[t * 128 + x];
    __syncthreads();
    for (int c = 0; c < copies; ++c)
      out[(t * copies + c) * 128 + x] = tile[127 - x] * c;
    __syncthreads();
  }
}
