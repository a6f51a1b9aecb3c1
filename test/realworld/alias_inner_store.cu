// The compute stores in an inner loop whose trip count is a kernel
// argument, through plain pointers. clang unrolls that loop at run time (on
// LLVM 19): its remainder loop starts where the unrolled loop stopped, a phi
// of the two. Interval arithmetic over the store's address bounds it all the
// same (docs/design.md, "Runtime alias checks": a recurrence of the inner
// loop whose count does not change with the tile loop's iterations, a phi
// joining paths as the hull of its incoming values), so the loop is legal
// behind a runtime alias check; at the default, the model finds the ring
// too close to call.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=LEGAL
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void __launch_bounds__(128) fanOut(int ntiles, int copies, const float *in, float *out) {
  __shared__ float tile[128];
  const int x = threadIdx.x;
  // LEGAL: alias_inner_store.cu:[[@LINE+2]]:3: remark: pipelined loop with {{[2-8]}} stages: {{.*}}; with a runtime alias check
  // CHECK: alias_inner_store.cu:[[@LINE+1]]:3: remark: loop not pipelined: on sm_80 the model predicts {{.*}}too close to call
  for (int t = 0; t < ntiles; ++t) {
    tile[x] = in[t * 128 + x];
    __syncthreads();
    for (int c = 0; c < copies; ++c)
      out[(t * copies + c) * 128 + x] = tile[127 - x] * c;
    __syncthreads();
  }
}
