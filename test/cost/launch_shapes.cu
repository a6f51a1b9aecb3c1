// The cost model's block size for a kernel without launch bounds or a
// blockDim assertion comes from its launches in the same file when every
// one of them has a constant block shape (the clang plugin reads them from
// the AST; plugin/launches.h, lib/launch_shapes.h): an integer, a macro, a
// template argument, dim3 temporaries and unchanged dim3 variables,
// cudaLaunchKernel. Launches that differ: the largest block. A launch whose
// block is not a constant, or none at all: 256 threads are assumed and the
// remark says to add __launch_bounds__; so too where the kernel's name is
// used other than in a launch or a runtime query (a launch through a
// pointer or a launcher template, whose block is not seen; libpipeline.h's
// pl_dynamic_smem_bytes<k> is a query). Launch bounds
// win. The metadata
// that carries the shapes into the pass is gone from the output IR.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR-NOT: pl.launch.shapes
#include <cuda_runtime.h>
#include <libpipeline.h>

#define BLOCK 8

#define TILE_LOOP(T)                                                                              \
  __shared__ float t[1024];                                                                        \
  float acc = 0;                                                                                   \
  for (int i = 0; i < n; i += 1024) {                                                              \
    t[threadIdx.x] = in[i + threadIdx.x];                                                          \
    __syncthreads();                                                                               \
    acc += t[(threadIdx.x * 7 + 1) % 1024];                                                        \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[blockIdx.x * 1024 + threadIdx.x] = acc;

// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 128 threads per block (its launch in this file), {{.*}}[sm_90, kernel 'literal(
__global__ void literal(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 64 threads per block (its launch in this file), {{.*}}[sm_90, kernel 'macro(
__global__ void macro(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 512 threads per block (its launch in this file), {{.*}}[sm_90, kernel 'void templated<512>(
template <int B> __global__ void templated(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (its launch in this file), {{.*}}[sm_90, kernel 'variable(
__global__ void variable(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 1024 threads per block (its launch in this file), {{.*}}[sm_90, kernel 'temporary(
__global__ void temporary(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 96 threads per block (its launches in this file), {{.*}}[sm_90, kernel 'runtimeApi(
__global__ void runtimeApi(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (the largest of its launches in this file, of 64 to 256 threads), {{.*}}[sm_90, kernel 'differ(
__global__ void differ(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds, and a launch in this file whose block is not a constant, or through a pointer; add __launch_bounds__), {{.*}}[sm_90, kernel 'changed(
__global__ void changed(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds, and a launch in this file whose block is not a constant, or through a pointer; add __launch_bounds__), {{.*}}[sm_90, kernel 'runtime(
__global__ void runtime(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds; add __launch_bounds__), {{.*}}[sm_90, kernel 'unlaunched(
__global__ void unlaunched(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 1024 threads per block, {{.*}}[sm_90, kernel 'bounded(
__global__ void __launch_bounds__(1024) bounded(int n, const float *in, float *out) { TILE_LOOP() }

// Named outside a launch: passed to a launcher template, kept in a pointer.
// Each may then be launched with any block. Naming one for the runtime's
// queries (cudaFuncSetAttribute, cudaOccupancy...) is not a launch.
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds, and a launch in this file whose block is not a constant, or through a pointer; add __launch_bounds__), {{.*}}[sm_90, kernel 'viaLauncher(
__global__ void viaLauncher(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds, and a launch in this file whose block is not a constant, or through a pointer; add __launch_bounds__), {{.*}}[sm_90, kernel 'viaPointer(
__global__ void viaPointer(int n, const float *in, float *out) { TILE_LOOP() }
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 64 threads per block (its launch in this file), {{.*}}[sm_90, kernel 'queried(
__global__ void queried(int n, const float *in, float *out) { TILE_LOOP() }

// Named as a template argument, then launched in the template's
// instantiation with a block not known when compiled.
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds, and a launch in this file whose block is not a constant, or through a pointer; add __launch_bounds__), {{.*}}[sm_90, kernel 'viaTemplateArg(
__global__ void viaTemplateArg(int n, const float *in, float *out) { TILE_LOOP() }

// The same through cudaLaunchKernel in the instantiation: that launch's
// block is read.
// CHECK-DAG: remark: {{(loop not pipelined: )?}}cost model on sm_90: 1024 threads per block (the largest of its launches in this file, of 128 to 1024 threads), {{.*}}[sm_90, kernel 'viaRuntimeTemplate(
__global__ void viaRuntimeTemplate(int n, const float *in, float *out) { TILE_LOOP() }

template <auto K> void launchRuntime(int n, const float *in, float *out) {
  void *args[] = {&n, &in, &out};
  cudaLaunchKernel((const void *)K, dim3(4), dim3(1024), args, 0, 0);
}

template <auto K> void launchK(int threads, int n, const float *in, float *out) {
  K<<<n / threads, threads>>>(n, in, out);
}

template <class Kernel> void launch(Kernel k, int threads, int n, const float *in, float *out) {
  k<<<n / threads, threads>>>(n, in, out);
}

template <int B> void launchTemplated(int n, const float *in, float *out) {
  templated<B><<<n / B, B>>>(n, in, out);
}

void host(int n, int threads, const float *in, float *out) {
  literal<<<n / 128, 128>>>(n, in, out);
  macro<<<n / 64, BLOCK * BLOCK>>>(n, in, out);
  launchTemplated<512>(n, in, out);
  dim3 block(32, 8);
  dim3 grid((n + block.x - 1) / block.x);
  variable<<<grid, block>>>(n, in, out);
  temporary<<<1, dim3(32, 32)>>>(n, in, out);
  void *args[] = {&n, &in, &out};
  cudaLaunchKernel((const void *)runtimeApi, dim3(4), dim3(96), args, 0, 0);
  cudaLaunchCooperativeKernel((void *)runtimeApi, dim3(4), dim3(32, 3), args, 0, 0);
  differ<<<2, 64>>>(n, in, out);
  differ<<<2, dim3(16, 16)>>>(n, in, out);
  dim3 b2(32, 8);
  b2.x = threads;
  changed<<<grid, b2>>>(n, in, out);
  runtime<<<grid, threads>>>(n, in, out);
  bounded<<<grid, 512>>>(n, in, out);
  viaLauncher<<<grid, 128>>>(n, in, out);
  launch(viaLauncher, 1024, n, in, out);
  void (*fp)(int, const float *, float *) = viaPointer;
  viaPointer<<<grid, 64>>>(n, in, out);
  fp<<<grid, 1024>>>(n, in, out);
  int blocks = 0;
  cudaFuncSetAttribute(queried, cudaFuncAttributeMaxDynamicSharedMemorySize, 0);
  cudaOccupancyMaxActiveBlocksPerMultiprocessor(&blocks, queried, 64, 0);
  queried<<<grid, 64, pl_dynamic_smem_bytes<queried>(0)>>>(n, in, out);
  viaTemplateArg<<<grid, 128>>>(n, in, out);
  launchK<viaTemplateArg>(threads, n, in, out);
  viaRuntimeTemplate<<<grid, 128>>>(n, in, out);
  launchRuntime<viaRuntimeTemplate>(n, in, out);
}
