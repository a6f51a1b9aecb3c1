// Loop bounds kept in `__shared__ int`s, as segmented kernels write them:
// thread 0 reads the block's segment [begin, end) from a row-pointer array
// into shared memory, a barrier publishes it, and the tile loop runs
// `for (t = s_begin; t < s_end; ++t)`. clang reloads s_end in the latch,
// after the last barrier (the barriers might have changed it), but no
// instruction of the loop writes it, so the reload reads what the load
// before the loop read: the plugin takes that load as the loop's bound.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The same kernels in LLVM IR, where each iteration's "does iteration i+2 exist"
// compares against the load before the loop, not the latch's reload.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// IR-LABEL: define {{.*}}segmentSum
// IR: [[END:%[0-9]+]] = load i32, ptr addrspacecast (ptr addrspace(3) @_ZZ10segmentSumPKiPKfPfE5s_end to ptr)
// IR: call void @llvm.nvvm.cp.async.wait.group(i32 1)
// IR: sext i32 [[END]] to i64
#include <cuda_runtime.h>

__global__ void segmentSum(const int *__restrict__ rowptr, const float *__restrict__ vals,
                           float *__restrict__ out) {
  __shared__ int s_begin, s_end;
  __shared__ float tile[256];
  if (threadIdx.x == 0) {
    s_begin = rowptr[blockIdx.x];
    s_end = rowptr[blockIdx.x + 1];
  }
  __syncthreads();
  float acc = 0.0f;
  // CHECK: shared_int_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'tile' 1024 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (int t = s_begin; t < s_end; ++t) {
    tile[threadIdx.x] = vals[(size_t)t * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x] * 0.5f + tile[threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// The bounds in one __shared__ struct, the counter unsigned.
struct Range {
  unsigned first, last;
};
__global__ void rangeMax(const Range *__restrict__ ranges, const float *__restrict__ x,
                         float *__restrict__ out) {
  __shared__ Range r;
  __shared__ float tile[128];
  if (threadIdx.x == 0)
    r = ranges[blockIdx.x];
  __syncthreads();
  float m = -1.0f;
  // CHECK: shared_int_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'tile' 512 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (unsigned t = r.first; t < r.last; ++t) {
    tile[threadIdx.x] = x[t * 128u + threadIdx.x];
    __syncthreads();
    m = fmaxf(m, tile[127 - threadIdx.x]);
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = m;
}

// Near miss: the loop itself moves the bound (thread 0 shrinks it), so the
// reload after the last barrier may read a new value: declined.
__global__ void boundMoves(const int *__restrict__ rowptr, const float *__restrict__ vals,
                           float *__restrict__ out) {
  __shared__ int s_end;
  __shared__ float tile[256];
  if (threadIdx.x == 0)
    s_end = rowptr[blockIdx.x];
  __syncthreads();
  float acc = 0.0f;
  // CHECK: shared_int_bounds.cu:[[@LINE+1]]:3: remark: loop not pipelined: memory is accessed after the last barrier of the body
  for (int t = 0; t < s_end; ++t) {
    tile[threadIdx.x] = vals[(size_t)t * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    if (threadIdx.x == 0 && acc > 100.0f)
      s_end = t + 1;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// Near miss: a volatile bound is read anew on purpose: declined.
__global__ void volatileBound(const int *__restrict__ rowptr, const float *__restrict__ vals,
                              float *__restrict__ out) {
  __shared__ volatile int s_end;
  __shared__ float tile[256];
  if (threadIdx.x == 0)
    s_end = rowptr[blockIdx.x];
  __syncthreads();
  float acc = 0.0f;
  // CHECK: shared_int_bounds.cu:[[@LINE+1]]:3: remark: loop not pipelined: memory is accessed after the last barrier of the body
  for (int t = 0; t < s_end; ++t) {
    tile[threadIdx.x] = vals[(size_t)t * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
