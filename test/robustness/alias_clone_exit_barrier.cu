// A sync-first loop without __restrict__ pipelined behind a runtime alias
// check that shares the ring of an earlier loop over the
// same tile, both in an outer loop. The original version
// the check falls back to uses slot 0 of the shared ring and ends with its
// compute (no barrier closes a sync-first body): its exit edge must get the
// barrier the pipelined exit has, or a thread could leave it and, through
// the outer loop, issue the first loop's prologue into slot 0 while another
// thread still reads slot 0 (a race on the GPU; the IR verifies either way).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - -Rpass=cuda-pipeline 2>%t.rem | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.rem
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_75 -S -emit-llvm %s -o - | FileCheck %s
// REMARK: remark: pipelined loop with {{[0-9]}} stages
// REMARK: remark: pipelined loop with {{[0-9]}} stages{{.*}}removed the top barrier; with a runtime alias check; shares the ring of an earlier loop over tile 't'

// The check's vote, then the original version: its latch, and on its exit
// edge a block with the barrier.
// CHECK: call {{i32|i1}} @[[SYNC_OR]](
// CHECK: br i1 %{{[0-9]+}}, label %[[EXIT:[0-9]+]], label %{{[0-9]+}}{{.*}}, !llvm.loop
// CHECK: [[EXIT]]:
// CHECK-NOT: {{^ *br }}
// CHECK: [[SYNC]]

#define T 128
__global__ void __launch_bounds__(128) phases(const float *in, float *buf, const float *__restrict__ in2,
                                              int n, int m, int reps) {
  __shared__ float t[T];
  int tx = threadIdx.x;
  float acc = 0;
  for (int r = 0; r < reps; ++r) {
    for (int i = 0; i < m; ++i) {
      t[tx] = in2[(r * m + i) * T + tx];
      __syncthreads();
      acc += t[(tx * 5) % T];
      __syncthreads();
    }
    for (int i = 0; i < n; ++i) {
      __syncthreads();
      t[tx] = in[i * T + tx];
      __syncthreads();
      acc += t[(tx * 3) % T];
      buf[i * T + tx] = acc;
    }
  }
  buf[(m + n) * T + tx] = acc;
}
