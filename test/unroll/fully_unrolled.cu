// A tile loop with a constant trip count is fully unrolled
// by clang's -O3 pipeline (LoopFullUnrollPass) before OptimizerLast, where
// the pass runs. It still gets exactly one remark, at its line, saying so
// and how to keep it: FullyUnrolled. The user's choices decide the words:
// `#pragma unroll` is obeyed (the remark says to remove it), `#pragma
// unroll 1` keeps the loop, which is then pipelined, and `#pragma clang
// loop pipeline(disable)` gives DisabledByPragma as for a rolled loop.
// Near misses get no missed remark: a tree reduction over a __shared__
// array (barriers and shared stores, but no copy from global memory), in
// the kernel or in a helper through a pointer, and a constant loop without
// a barrier.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MISSED --implicit-check-not=remark
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=PASSED --implicit-check-not=remark
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fsave-optimization-record -foptimization-record-file=%t.yaml
// RUN: sed -e :a -e '$!N;s/, *\n *Column/, Column/;ta' -e 'P;D' %t.yaml | FileCheck %s --check-prefix=YAML

#define K 4

__global__ void __launch_bounds__(256) smallK(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // MISSED: fully_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'smallK(float const*, float*)']
  for (int t = 0; t < K; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * K + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) pragmaUnroll(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // MISSED: fully_unrolled.cu:[[@LINE+2]]:3: remark: loop not pipelined: its '#pragma unroll' fully unrolled the loop (constant trip count 8) before the pass ran; remove the pragma, or write '#pragma unroll 1', to let it be pipelined [sm_80, kernel 'pragmaUnroll(float const*, float*)']
#pragma unroll
  for (int t = 0; t < 8; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * 8 + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) keptRolled(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // PASSED: fully_unrolled.cu:[[@LINE+2]]:3: remark: pipelined loop with 3 stages
#pragma unroll 1
  for (int t = 0; t < K; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * K + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) notPipelined(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // MISSED: fully_unrolled.cu:[[@LINE+2]]:3: remark: loop not pipelined: the loop is marked '#pragma clang loop pipeline(disable)' [sm_80, kernel 'notPipelined(float const*, float*)']
#pragma clang loop pipeline(disable)
  for (int t = 0; t < K; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * K + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// The copy through __ldg, and the copy guarded by a branch (the loaded
// value and the zero merged by a phi), make tile loops too.
__global__ void __launch_bounds__(256) ldgCopy(const float *A, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // MISSED: fully_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'ldgCopy(float const*, float*)']
  for (int t = 0; t < K; ++t) {
    tile[threadIdx.x] = __ldg(&A[(blockIdx.x * K + t) * 256 + threadIdx.x]);
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) guardedCopy(const float *__restrict__ A, float *__restrict__ out, int n) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // MISSED: fully_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop was fully unrolled (constant trip count 4) before the pass ran; write '#pragma unroll 1' before it to keep it a loop that can be pipelined [sm_80, kernel 'guardedCopy(float const*, float*, int)']
  for (int t = 0; t < K; ++t) {
    float v = 0.0f;
    int i = (blockIdx.x * K + t) * 256 + threadIdx.x;
    if (i < n)
      v = A[i];
    tile[threadIdx.x] = v;
    __syncthreads();
    acc += tile[threadIdx.x] * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// Near miss: a tree reduction is no tile loop.
__global__ void __launch_bounds__(256) reduce(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float sh[256];
  sh[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      sh[threadIdx.x] += sh[threadIdx.x + s];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    out[blockIdx.x] = sh[0];
}

// Near miss: the same reduction in a helper the kernel calls, through a
// pointer argument (outside a kernel any pointer may be a tile): it reads
// what it writes, and is no copy either.
__device__ __noinline__ void blockReduce(float *red) {
  for (int s = 128; s > 0; s >>= 1) {
    if (threadIdx.x < s)
      red[threadIdx.x] += red[threadIdx.x + s];
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) reduceHelper(const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float sh[256];
  sh[threadIdx.x] = in[blockIdx.x * 256 + threadIdx.x];
  __syncthreads();
  blockReduce(sh);
  if (threadIdx.x == 0)
    out[blockIdx.x] = sh[0];
}

// Near miss: a constant loop without a barrier.
__global__ void __launch_bounds__(256) noBarrier(const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  for (int t = 0; t < K; ++t) {
    tile[threadIdx.x] = A[(blockIdx.x * K + t) * 256 + threadIdx.x];
    acc += tile[threadIdx.x];
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// YAML: Pass: cuda-pipeline
// YAML-NEXT: Name: FullyUnrolled
// YAML-NEXT: DebugLoc: { File: '{{.*}}fully_unrolled.cu', Line: 23, Column: 3 }
// YAML-NEXT: Function: _Z6smallKPKfPf
