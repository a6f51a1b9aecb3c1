// Cooperative groups' block.sync() (llvm.nvvm.barrier.sync 0) counts as the
// CTA barrier of a tile loop. The loop is thin enough that ptxas batches
// its plain loads and the model declines it (test/cost/ptxas_batch.cu):
// the ring is asked for.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -S %s -o - -Rpass=cuda-pipeline 2>&1 | FileCheck %s
// CHECK: remark: pipelined loop with 3 stages
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: barrier.sync 0;
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

__global__ void colsum(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[256];
  cg::thread_block block = cg::this_thread_block();
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.x] = a[t * 256 + threadIdx.x];
    block.sync();
    acc += tile[(threadIdx.x + 1) % 256];
    block.sync();
  }
  out[threadIdx.x] = acc;
}
