// -Rpass-missed reports only loops that contain a CTA
// barrier or a store into __shared__ memory. An ordinary loop (here a copy
// between global arrays, which the vectorizer splits into two loops) gets
// NotTileLoop under -Rpass-analysis only. A loop with a barrier but no copy
// into a tile is still a missed remark (NoTileCopy).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -S %s -o /dev/null -fsave-optimization-record -foptimization-record-file=%t.yaml
// RUN: grep -B2 'Name: *NotTileLoop' %t.yaml | FileCheck %s --check-prefix=YAML

// MISSED-NOT: not a tile loop
// MISSED: not_tile_loop.cu:[[@LINE+10]]:3: remark: loop not pipelined: no copy from global memory into a __shared__ tile opens the loop body {{\[sm_80, kernel .*\]}} [-Rpass-missed=cuda-pipeline]
// MISSED-NOT: remark:
// ANALYSIS: not_tile_loop.cu:[[@LINE+17]]:3: remark: loop not pipelined: not a tile loop: the loop has no barrier and stores nothing into __shared__ memory {{\[sm_80, kernel .*\]}} [-Rpass-analysis=cuda-pipeline]
// YAML: --- !Analysis
// YAML-NEXT: Pass: cuda-pipeline
// YAML-NEXT: Name: NotTileLoop
// YAML-NOT: !Missed

__global__ void barriers_only(int n, float *out) {
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    __syncthreads();
    acc += out[t];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

__global__ void ordinary(int n, const float *__restrict__ a, float *__restrict__ out) {
  for (int i = 0; i < n; ++i)
    out[i] = a[i] * 2.0f;
}
