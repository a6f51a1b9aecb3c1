// Exactly one remark per tile loop and per target
// architecture, also for a loop fully unrolled before the pass. Each
// --cuda-gpu-arch is its own device compile, with its own companion
// records; the remarks say which architecture they are about.
// RUN: rm -rf %t && mkdir %t && cd %t
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -S %s -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | grep remark: | sort | FileCheck %s --implicit-check-not=remark

// CHECK: two_archs.cu:[[@LINE+10]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'unrolled(float const*, float*)']
// CHECK-NEXT: two_archs.cu:[[@LINE+9]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_90, kernel 'unrolled(float const*, float*)']
// CHECK-NEXT: two_archs.cu:[[@LINE+21]]:3: remark: pipelined loop with {{[0-9]}} stages{{.*}}[sm_80, kernel 'rolled(float const*, float*)']
// CHECK-NEXT: two_archs.cu:[[@LINE+20]]:3: remark: pipelined loop with {{[0-9]}} stages{{.*}}[sm_90, kernel 'rolled(float const*, float*)']

#define K 4

__global__ void __launch_bounds__(256) unrolled(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  for (int t = 0; t < K; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * K + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) rolled(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
#pragma unroll 1
  for (int t = 0; t < K; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * K + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
