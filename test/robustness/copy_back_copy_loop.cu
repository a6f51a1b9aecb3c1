// The copy-back argument on a loop whose copy stage is a
// copy loop: the copy-back emits one load and one store per
// copy at the copy's address after the drain, and a copy loop's address is a
// phi of its inner loop, with no value on the exit edge (remapping it cloned
// the phi's cycle forever: a stack overflow). pl_copy_back_possible now says
// no for a copy in a loop, so under last-slot=off the read after the loop
// declines the loop as without the argument; the compile finishes and ptxas
// accepts the output. By default the ring ends on slot 0 instead, which
// serves copy loops: the loop is pipelined, and the read after it loads
// slot 0 of the ring behind the drain and the exit barrier.
// RUN: %clang_cuda -fplugin-arg-pipeline-copy-back -fplugin-arg-pipeline-last-slot=off -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %clang_cuda -fplugin-arg-pipeline-copy-back -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.last.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=LAST
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.last.ptx -o /dev/null %}
// RUN: FileCheck %s --check-prefix=LAST-PTX < %t.last.ptx
// CHECK: copy_back_copy_loop.cu:[[#@LINE+15]]:3: remark: loop not pipelined: tile 'As' is also used outside the loop: read there, after the loop
// CHECK-NOT: remark: pipelined
// PTX-NOT: cp.async
// LAST: copy_back_copy_loop.cu:[[#@LINE+12]]:3: remark: pipelined loop with 3 stages: tile 'As' 4096 -> 12288 bytes; {{.*}}; the last iteration fills slot 0 of the ring, the bytes of tile 'As', which is read after the loop; cp.async
// LAST-PTX-NOT: E2As[
// LAST-PTX: cp.async.ca.shared.global
// LAST-PTX: cp.async.wait_group 0;
// LAST-PTX-NEXT: bar.sync 0;
// LAST-PTX-NOT: E2As[

#define BM 64
#define BK 16
__global__ void __launch_bounds__(256) tail_read(const float *__restrict__ A, float *__restrict__ C, int K) {
  __shared__ float As[BM * BK];
  float acc = 0.f;
  for (int k = 0; k < K; k += BK) {
    for (int i = threadIdx.x; i < BM * BK; i += blockDim.x)
      As[i] = A[(blockIdx.x * BM + i / BK) * K + k + i % BK];
    __syncthreads();
    for (int j = 0; j < BK; ++j)
      acc += As[threadIdx.x % BM * BK + j];
    __syncthreads();
  }
  C[blockIdx.x * blockDim.x + threadIdx.x] = acc + As[threadIdx.x];
}
