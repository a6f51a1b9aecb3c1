// Threads per block from the kernel's own checks of blockDim (the
// model's inputs): without launch bounds the model takes the block
// shape a kernel asserts or checks where the loop is entered, and assumes
// 256 threads only when that is not known (lib/cost.c, asserted_threads).
// - CUDA Samples' matrixMul asserts blockDim.x == 32 && blockDim.y == 32:
//   1024 threads. CUDA's __assertfail returns in the IR but halts the
//   kernel (CUDA C++ Programming Guide, "Assertion"), so the assert's
//   condition holds after it. 1024 threads: 2 blocks reside up to 32
//   registers, 1 above (ptxas gives 40); a cp.async ring pays at only some
//   of the counts the estimate allows and is declined, and the register
//   lowering's two slots, predicted 1.416x at every count, are taken
//   (test/cost/ptxas_batch.cu; measured 1.012x on an H100).
// - __trap() (inline asm "trap;") halts too: 128 threads.
// - An early return on the block shape: llvm::LazyValueInfo proves
//   blockDim.x == 64 on the way to the loop.
// - blockDim.x asserted but threadIdx.y read with blockDim.y unknown: 256
//   threads assumed.
// - Not known: an assert inside the loop only (it does not dominate the
//   preheader), a call that may read another axis. A 3-D shape checked
//   with `||` before a __trap(): 16 x 4 x 2.
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// CHECK-DAG: matmul_assert.cuh:55:3: remark: pipelined loop with 2 stages: {{.*}}; registers: a cp.async ring is predicted {{[0-9.]+}}x and declined [sm_90, kernel 'void MatrixMulCUDA<32>
// CHECK-DAG: matmul_assert.cuh:55:3: remark: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), about {{[0-9]+}} registers {{.*}} [sm_90, kernel 'void MatrixMulCUDA<32>
// CHECK-DAG: asserted_threads.cu:39:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: 128 threads per block (the kernel checks blockDim), about
// CHECK-DAG: asserted_threads.cu:53:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: 64 threads per block (the kernel checks blockDim), about
// CHECK-DAG: asserted_threads.cu:66:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds; add __launch_bounds__), about
// CHECK-DAG: asserted_threads.cu:79:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds; add __launch_bounds__), about
// CHECK-DAG: asserted_threads.cu:95:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: 128 threads per block (the kernel checks blockDim), about
// CHECK-DAG: asserted_threads.cu:111:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: 256 threads per block (assumed: no launch bounds; add __launch_bounds__), about
#include <assert.h>

#include "../../bench/kernels/matmul_assert.cuh"

__global__ void traps(int n, const float *__restrict__ a, float *__restrict__ out) {
  if (blockDim.x != 128)
    __trap();
  __shared__ float t[128];
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    t[threadIdx.x] = a[i * 128 + threadIdx.x];
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 128] * t[threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void guarded(int n, const float *__restrict__ a, float *__restrict__ out) {
  if (blockDim.x != 64)
    return; // launched with another shape: nothing to do
  __shared__ float t[64];
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    t[threadIdx.x] = a[i * 64 + threadIdx.x];
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 64] * t[threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}

__global__ void onlyX(int n, const float *__restrict__ a, float *__restrict__ out) {
  assert(blockDim.x == 32);
  __shared__ float t[32][32];
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    t[threadIdx.y][threadIdx.x] = a[i * 1024 + threadIdx.y * 32 + threadIdx.x];
    __syncthreads();
    acc += t[threadIdx.x][threadIdx.y];
    __syncthreads();
  }
  out[blockIdx.x * 1024 + threadIdx.y * 32 + threadIdx.x] = acc;
}

// assert inside the loop only: not known at the preheader
__global__ void inLoop(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float t[128];
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    assert(blockDim.x == 128);
    t[threadIdx.x] = a[i * 128 + threadIdx.x];
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 128];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// 3-D shape checked with ||-style negation, z read
__global__ void shape3(int n, const float *__restrict__ a, float *__restrict__ out) {
  if (blockDim.x != 16 || blockDim.y != 4 || blockDim.z != 2)
    __trap();
  __shared__ float t[2][4][16];
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    t[threadIdx.z][threadIdx.y][threadIdx.x] =
        a[i * 128 + threadIdx.z * 64 + threadIdx.y * 16 + threadIdx.x];
    __syncthreads();
    acc += t[threadIdx.z][threadIdx.y][(threadIdx.x + 1) % 16];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.z * 64 + threadIdx.y * 16 + threadIdx.x] = acc;
}

// an opaque call that may read threadIdx.y
__device__ __noinline__ float helper(float x) { return x * threadIdx.y; }
__global__ void opaque(int n, const float *__restrict__ a, float *__restrict__ out) {
  assert(blockDim.x == 128);
  __shared__ float t[128];
  float acc = 0.0f;
  for (int i = 0; i < n; ++i) {
    t[threadIdx.x] = a[i * 128 + threadIdx.x];
    __syncthreads();
    acc += helper(t[(threadIdx.x + 1) % 128]);
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

template __global__ void MatrixMulCUDA<32>(float *, float *, float *, int, int, int);
