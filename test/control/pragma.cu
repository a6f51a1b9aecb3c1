// `#pragma clang loop pipeline(disable)` (clang's spelling, which becomes
// llvm.loop.pipeline.disable) leaves its loop alone: DisabledByPragma. The
// other loop of the file is pipelined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.s -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// CHECK-DAG: pragma.cu:[[#@LINE+21]]:3: remark: loop not pipelined: the loop is marked '#pragma clang loop pipeline(disable)' [sm_80, kernel 'off(int, float const*, float*)'] [-Rpass-missed=cuda-pipeline]
// CHECK-DAG: pragma.cu:[[#@LINE+7]]:3: remark: pipelined loop with 3 stages
// PTX-COUNT-1: cp.async.wait_group 1;
// PTX-NOT: cp.async.wait_group 1;
#define T 32
__global__ void on(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
__global__ void off(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
#pragma clang loop pipeline(disable)
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
