// A tile loop that is fully unrolled before the pass keeps
// exactly the code it has without the plugin. The companion pass only
// records it (module metadata, erased by the pass); the PTX with the plugin
// is the PTX without it, line for line, and the loop gets its remark.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.plugin.ptx -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o %t.plain.ptx
// RUN: diff %t.plain.ptx %t.plugin.ptx
// RUN: FileCheck %s --check-prefix=PTX < %t.plugin.ptx

// CHECK: unrolled_unchanged.cu:[[@LINE+12]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 3)

// Three unrolled iterations: six barriers in straight-line code, no loop.
// PTX-LABEL: .entry _Z5threePKfPf(
// PTX-COUNT-6: bar.sync 0;
// PTX-NOT: bar.sync
// PTX-NOT: cp.async
// PTX: ret;

__global__ void __launch_bounds__(128) three(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[128];
  float acc = 0.0f;
  for (int t = 0; t < 3; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * 3 + t) * 128 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[127 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
