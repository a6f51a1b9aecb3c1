// Near miss: a scatter through an index list, without
// __restrict__. The store's address depends on a load in the loop
// (`perm[t]`), so its range is not known at loop entry and no runtime alias
// check can be built: it stays declined, with the reason it had.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void __launch_bounds__(256) permuteTiles(int ntiles, const int *perm, const float *in, float *out) {
  __shared__ float tile[256];
  const int x = threadIdx.x;
  // CHECK: nm_alias_indirect.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from; mark the pointers __restrict__ if they never overlap
  for (int t = 0; t < ntiles; ++t) {
    tile[x] = in[t * 256 + x];
    __syncthreads();
    // CHECK: nm_alias_indirect.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: this store may write the memory that parameter 'in' points to, and its address range or a copy's is not known at loop entry for a runtime check
    out[perm[t] * 256 + x] = tile[255 - x];
    __syncthreads();
  }
}
