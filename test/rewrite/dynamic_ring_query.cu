// include/libpipeline.h's query: host code asks for the dynamic shared
// memory a kernel's ring needs (pl_dynamic_smem_bytes<k>(mine)), reading a
// __device__ variable template that clang emits in the device module for
// each kernel the host asks about. The pass writes the ring's bytes into
// the variable of a kernel with a ring in dynamic shared memory, and leaves
// the others at 0: a kernel with a static ring, one without a loop, one
// only declared here (its variable names no kernel, so the file compiles;
// the query answers 0 for it). A template kernel is found by its demangled
// name too. dynamic-ring=off, and a compile without the plugin, leave every
// variable at 0. A ring whose footprint the kernel's arguments set (rowTiles:
// d rows of 128 floats) has no bytes known at compile time: its variable
// says 3 slots of the launch's own bytes, each rounded up to 128.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm %s -o - -fplugin-arg-pipeline-profitability=off | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm %s -o - -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-dynamic-ring=off | FileCheck %s --check-prefix=OFF
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
//
// CHECK-DAG: @_Z14pl_ring_info_vIXadL_Z5mmDynPKfS1_PfiEEE = {{.*}} { i32 1347179074, i32 6144, i32 0, i32 0 }
// CHECK-DAG: @_Z14pl_ring_info_vIXadL_Z10staticRingPKfPfEEE = {{.*}} { i32 1347179074, i32 0, i32 0, i32 0 }
// CHECK-DAG: @_Z14pl_ring_info_vIXadL_Z7notLoopPfEEE = {{.*}} { i32 1347179074, i32 0, i32 0, i32 0 }
// CHECK-DAG: @_Z14pl_ring_info_vIXadL_Z9elsewherePfEEE = {{.*}} { i32 1347179074, i32 0, i32 0, i32 0 }
// CHECK-DAG: @_Z14pl_ring_info_vIXadL_Z9mmDynTmplILi16EEvPKfS2_PfiEEE = {{.*}} { i32 1347179074, i32 6144, i32 0, i32 0 }
// OFF-DAG: @_Z14pl_ring_info_vIXadL_Z5mmDynPKfS1_PfiEEE = {{.*}} { i32 1347179074, i32 0, i32 0, i32 0 }
// CHECK-DAG: @_Z14pl_ring_info_vIXadL_Z8rowTilesPKfPfiiEEE = {{.*}} { i32 1347179074, i32 0, i32 3, i32 128 }
// OFF-DAG: @_Z14pl_ring_info_vIXadL_Z8rowTilesPKfPfiiEEE = {{.*}} { i32 1347179074, i32 0, i32 0, i32 0 }
// OFF-DAG: @_Z14pl_ring_info_vIXadL_Z10staticRingPKfPfEEE = {{.*}} { i32 1347179074, i32 0, i32 0, i32 0 }
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

__global__ void elsewhere(float *y); // defined in another file

template <int B>
__global__ void __launch_bounds__(256)
    mmDynTmpl(const float *__restrict__ A, const float *__restrict__ Bm, float *C, int N) {
  extern __shared__ float tsmem[];
  float *As = tsmem;
  float *Bs = tsmem + B * B;
  int tx = threadIdx.x % B, ty = threadIdx.x / B;
  int row = blockIdx.y * B + ty, col = blockIdx.x * B + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < N; k0 += B) {
    As[ty * B + tx] = A[row * N + k0 + tx];
    Bs[ty * B + tx] = Bm[(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < B; ++k)
      acc += As[ty * B + k] * Bs[k * B + tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

__global__ void __launch_bounds__(128)
    rowTiles(const float *__restrict__ a, float *__restrict__ out, int ntiles, int d) {
  extern __shared__ float rows[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < d; ++j)
      rows[j * 128 + threadIdx.x] = a[(size_t)t * d * 128 + j * 128 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc += rows[j * 128 + (127 - threadIdx.x)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

size_t launchBytes() {
  return pl_dynamic_smem_bytes<mmDyn>(2 * BS * BS * 4) + pl_dynamic_ring_bytes<staticRing>() +
         pl_dynamic_ring_bytes<notLoop>() + pl_dynamic_ring_bytes<elsewhere>() +
         pl_dynamic_smem_bytes<mmDynTmpl<16>>(2048) + pl_dynamic_smem_bytes<rowTiles>(4 * 128 * 4);
}
