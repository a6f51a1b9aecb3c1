// include/libpipeline.h's query: host code asks for the dynamic shared
// memory a kernel's ring needs (pl_dynamic_smem_bytes<k>(mine)), reading a
// __device__ variable template that clang emits in the device module for
// each kernel the host asks about. The pass writes the ring's bytes into
// the variable of a kernel with a ring in dynamic shared memory, and leaves
// the others at 0: a kernel with a static ring, one without a loop
// (dynamic-ring=off, and a compile without the plugin, leave every variable
// at 0).
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm %s -o - -fplugin-arg-pipeline-profitability=off | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm %s -o - -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-dynamic-ring=off | FileCheck %s --check-prefix=OFF
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
//
// CHECK-DAG: @{{.*}}pl_ring_info_v{{.*}}mmDyn{{.*}} = {{.*}} { ptr @_Z5mmDynPKfS0_Pfi, i32 1347179074, i32 6144 }
// CHECK-DAG: @{{.*}}pl_ring_info_v{{.*}}staticRing{{.*}} = {{.*}} { ptr @_Z10staticRingPKfPf, i32 1347179074, i32 0 }
// CHECK-DAG: @{{.*}}pl_ring_info_v{{.*}}notLoop{{.*}} = {{.*}} { ptr @_Z7notLoopPf, i32 1347179074, i32 0 }
// OFF-DAG: @{{.*}}pl_ring_info_v{{.*}}mmDyn{{.*}} = {{.*}} { ptr @_Z5mmDynPKfS0_Pfi, i32 1347179074, i32 0 }
// OFF-DAG: @{{.*}}pl_ring_info_v{{.*}}staticRing{{.*}} = {{.*}} i32 0 }
#include <libpipeline.h>

#define BS 16
__global__ void __launch_bounds__(256)
    mmDyn(const float *__restrict__ A, const float *__restrict__ B, float *C, int N) {
  extern __shared__ float smem[];
  float *As = smem;
  float *Bs = smem + BS * BS;
  int tx = threadIdx.x % BS, ty = threadIdx.x / BS;
  int row = blockIdx.y * BS + ty, col = blockIdx.x * BS + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < N; k0 += BS) {
    As[ty * BS + tx] = A[row * N + k0 + tx];
    Bs[ty * BS + tx] = B[(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BS; ++k)
      acc += As[ty * BS + k] * Bs[k * BS + tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

__global__ void __launch_bounds__(256) staticRing(const float *__restrict__ x, float *y) {
  __shared__ float t[256];
  float s = 0;
  for (int c0 = 0; c0 < 4096; c0 += 256) {
    t[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += t[255 - threadIdx.x];
    __syncthreads();
  }
  y[threadIdx.x] = s;
}

__global__ void notLoop(float *y) { y[threadIdx.x] = 1; }

size_t launchBytes() {
  return pl_dynamic_smem_bytes<mmDyn>(2 * BS * BS * 4) + pl_dynamic_ring_bytes<staticRing>() +
         pl_dynamic_ring_bytes<notLoop>();
}
