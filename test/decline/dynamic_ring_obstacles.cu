// Near misses for rings in dynamic shared memory (docs/design.md, "Rings in
// dynamic shared memory"), each found by trying to break them: what the
// kernel can reach unseen, through which memory the ring's slots past the
// tile would be read. Every extern __shared__ array starts at the same
// address, so a function the pass cannot see into may read the tile's
// bytes: a call through a function pointer or a virtual method, a call of
// a function of another translation unit or a weak one the linker may
// replace (-fgpu-rdc), inline assembly (which may name the array, or call a
// function that reads dynamic shared memory). A static tile beside the dynamic one would
// grow the static shared memory a launch sized for the dynamic one relied
// on; a second dynamic array (SharedMemory<double> beside
// SharedMemory<float>) starts where the tile does. None gets a ring
// (in-place=off: the IR is as without the pass), and the remark says why.
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.off.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-in-place=off -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.none.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.off.ll %t.none.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -fgpu-rdc -S -emit-llvm %s -o /dev/null -DRDC -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-in-place=off -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=RDC
//
// CHECK: remark: loop not pipelined: tile 't' is dynamic shared memory, and the kernel has an indirect call, which may use it unseen{{.*}}kernel 'viaPointer
// CHECK: remark: loop not pipelined: tile 't' is dynamic shared memory, and the kernel has an indirect call, which may use it unseen{{.*}}kernel 'viaVirtual
// CHECK: remark: loop not pipelined: tile 'u' is dynamic shared memory, and the kernel has inline assembly, which may use it unseen{{.*}}kernel 'asmAfter
// CHECK: remark: loop not pipelined: tile 'v' is dynamic shared memory, and the kernel has inline assembly, which may use it unseen{{.*}}kernel 'asmAddress
// CHECK: remark: loop not pipelined: tile 't' is dynamic shared memory beside static tile 'st', whose ring would grow the static shared memory a launch sized for the dynamic one may not leave room for{{.*}}kernel 'besideStatic
// CHECK: remark: loop not pipelined: the kernel also uses dynamic shared memory ('__smem_d'), which starts where tile '__smem' does, so a ring there would overlap it{{.*}}kernel 'twoHelpers
// RDC: remark: loop not pipelined: tile 'buf' is dynamic shared memory, and the kernel has a call of a function defined in another translation unit, which may use it unseen{{.*}}kernel 'otherUnit
// RDC: remark: loop not pipelined: tile 't' is dynamic shared memory, and the kernel has a call of a function another translation unit may replace, which may use it unseen{{.*}}kernel 'weakHook
#include <cuda_runtime.h>

#ifndef RDC
__device__ __noinline__ float peek(int j) {
  extern __shared__ float other[];
  return other[j];
}
typedef float (*fp_t)(int);
__device__ fp_t table[1] = {peek};
__global__ void __launch_bounds__(256)
    viaPointer(int n, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float t[];
  fp_t f = table[0];
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    t[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += t[255 - threadIdx.x] + f(threadIdx.x);
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

struct Op {
  __device__ virtual float apply(int j) const = 0;
};
struct ShiftOp : Op {
  __device__ float apply(int j) const override {
    extern __shared__ float view[];
    return view[(j + 1) & 255];
  }
};
__global__ void __launch_bounds__(256)
    viaVirtual(int n, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float t[];
  ShiftOp sop;
  const Op *volatile op = &sop;
  const Op *o = op;
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    t[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += t[255 - threadIdx.x] * o->apply(threadIdx.x);
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

extern __shared__ float u[];
__global__ void __launch_bounds__(256)
    asmAfter(int n, const float *__restrict__ x, float *__restrict__ y) {
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    u[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += u[255 - threadIdx.x];
    __syncthreads();
  }
  float v;
  asm volatile("ld.shared.f32 %0, [u+8];" : "=f"(v));
  y[blockIdx.x * 256 + threadIdx.x] = s + v;
}

extern __shared__ float v[];
__global__ void __launch_bounds__(256)
    asmAddress(int n, const float *__restrict__ x, float *__restrict__ y) {
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    v[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += v[255 - threadIdx.x];
    __syncthreads();
  }
  unsigned a;
  asm("mov.u32 %0, v;" : "=r"(a)); // v's address in the shared window
  float w = *(float __attribute__((address_space(3))) *)(size_t)(a + 4 * ((threadIdx.x + 1) & 255));
  y[blockIdx.x * 256 + threadIdx.x] = s + w;
}

__global__ void __launch_bounds__(256)
    besideStatic(int n, const float *__restrict__ x, const float *__restrict__ w,
                 float *__restrict__ y) {
  extern __shared__ float t[];
  __shared__ float st[256];
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    t[threadIdx.x] = x[c0 + threadIdx.x];
    st[threadIdx.x] = w[c0 + threadIdx.x];
    __syncthreads();
    s += t[255 - threadIdx.x] * st[(threadIdx.x + 3) & 255];
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <> struct SharedMemory<double> {
  __device__ inline operator double *() {
    extern __shared__ double __smem_d[];
    return (double *)__smem_d;
  }
};
__global__ void __launch_bounds__(256)
    twoHelpers(int n, const float *__restrict__ x, double *__restrict__ y) {
  float *t = SharedMemory<float>();
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    t[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += t[255 - threadIdx.x];
    __syncthreads();
  }
  double *d = SharedMemory<double>();
  d[threadIdx.x] = s;
  __syncthreads();
  y[blockIdx.x * 256 + threadIdx.x] = d[255 - threadIdx.x];
}
#else
extern __shared__ float buf[];
__device__ float helper(int j); // in another translation unit
__global__ void __launch_bounds__(256)
    otherUnit(int n, const float *__restrict__ x, float *__restrict__ y) {
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    buf[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += buf[255 - threadIdx.x] * helper(threadIdx.x);
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

__device__ __attribute__((weak)) __noinline__ float hook(int j) { return 0.f; }
__global__ void __launch_bounds__(256)
    weakHook(int n, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float t[];
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    t[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += t[255 - threadIdx.x] + hook(threadIdx.x);
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}
#endif
