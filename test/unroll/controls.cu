// A tile loop fully unrolled before the pass is a decision
// like any other. The JSON report (report=DIR) lists it as declined with
// FullyUnrolled at its line; a kernel marked PL_PIPELINE whose only tile
// loop was unrolled fails to compile, and the error gives the reason; a
// kernel excluded with PL_NO_PIPELINE gets DisabledByAttribute; with
// `disable` nothing is recorded or said.
// RUN: rm -rf %t && mkdir %t
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -I %src_root/include -S %s -o /dev/null -fplugin-arg-pipeline-report=%t/rep -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not=remark:
// RUN: cat %t/rep/*.json | FileCheck %s --check-prefix=JSON
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I %src_root/include -DASSERTED -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=ASSERT
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -I %src_root/include -S %s -o /dev/null -fplugin-arg-pipeline-disable -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=DISABLED --allow-empty
// DISABLED-NOT: remark

#include <libpipeline.h>

#ifdef ASSERTED
#define MARK PL_PIPELINE
#else
#define MARK
#endif

// CHECK: controls.cu:[[@LINE+8]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4)
// JSON: "line": [[@LINE+7]], "column": 3, "kernel": "unrolled(float const*, float*)"
// JSON-NEXT: "decision": "declined", "reason": "FullyUnrolled", "message": "loop not pipelined: the loop was fully unrolled (constant trip count 4)
// ASSERT: error: libpipeline: kernel 'unrolled(float const*, float*)' is marked PL_PIPELINE (annotate("pipeline")) but no loop of it is pipelined for sm_80: controls.cu:[[@LINE+5]]: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined (FullyUnrolled)
MARK __global__ void __launch_bounds__(256)
    unrolled(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  for (int t = 0; t < 4; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * 4 + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// CHECK: controls.cu:[[@LINE+5]]:3: remark: loop not pipelined: the kernel is marked PL_NO_PIPELINE
PL_NO_PIPELINE __global__ void __launch_bounds__(256)
    excluded(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  for (int t = 0; t < 4; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * 4 + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
