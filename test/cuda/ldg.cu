// A copy that reads through __ldg (llvm.nvvm.ldg.global.*, ld.global.nc) is a
// copy like a plain load: it becomes cp.async, and ptxas accepts the result.
// The ring is asked for: ptxas batches this thin loop's plain loads, and
// the model declines it (test/cost/ptxas_batch.cu).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REMARK: remark: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4;
// CHECK: cp.async.wait_group 1;
// CHECK-NOT: ld.global.nc
__global__ void k(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.x] = __ldg(&a[t * 256 + threadIdx.x]);
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
