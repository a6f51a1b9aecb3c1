// In a multi-architecture build each remark names its architecture and
// the kernel (demangled) it is in: the same line is pipelined with
// cp.async for sm_80 and sm_90 and through registers for sm_75, each with
// its label (the architecture once, after the lowering).
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -S %s -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// CHECK-DAG: context.cu:[[#LOOP:@LINE+11]]:3: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_75, kernel 'void rows<float>(int, float const*, float*)'] [-Rpass=cuda-pipeline]
// CHECK-DAG: context.cu:[[#LOOP]]:3: remark: pipelined loop with 3 stages: {{.*}}; cp.async [sm_80, kernel 'void rows<float>(int, float const*, float*)'] [-Rpass=cuda-pipeline]
// CHECK-DAG: context.cu:[[#LOOP]]:3: remark: pipelined loop with 3 stages: {{.*}}; cp.async [sm_90, kernel 'void rows<float>(int, float const*, float*)'] [-Rpass=cuda-pipeline]
// A loop of a device function that is not a kernel names the function.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline -DHELPER 2>&1 | FileCheck %s --check-prefix=HELPER
// HELPER: remark: loop not pipelined: the loop is not in a kernel{{.*}} [sm_80, function 'helper(int, float const*, float*)']
#define T 32
template <typename V>
__global__ void rows(int n, const V *__restrict__ a, V *__restrict__ out) {
  __shared__ V tile[T][T + 1];
  V acc = 0;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
template __global__ void rows<float>(int, const float *, float *);
#ifdef HELPER
__device__ __noinline__ float helper(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k];
    __syncthreads();
  }
  return acc;
}
__global__ void calls(int n, const float *__restrict__ a, float *__restrict__ out) {
  out[0] = helper(n, a, out);
}
#endif
