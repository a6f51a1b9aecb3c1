// Near misses: the copy loop calls a helper that is not inlined; the clone
// for a later iteration would call it again. Declined, naming the call as
// the source does. And a copy loop that also assigns a struct to global
// memory (clang's llvm.memcpy), named as the assignment it is.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
#define BM 64
#define BK 8

__device__ __noinline__ float fetch(const float *p, int i) { return __ldg(p + i); }

__global__ void __launch_bounds__(256)
    gemv_fetch(int K, const float *__restrict__ A, const float *__restrict__ x,
               float *__restrict__ y) {
  __shared__ float As[BM * BK];
  const int tid = threadIdx.x;
  A += blockIdx.x * BM * K;
  float acc = 0.f;
  // CHECK: nm_copyloop_call.cu:[[@LINE+1]]:3: remark: loop not pipelined: a loop of the copy stage calls 'fetch(float const*, int)'; a copy loop may hold only copies from global memory into a tile and their address arithmetic
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x)
      As[i] = fetch(A, (i / BK) * K + k0 + i % BK);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
      acc += As[(tid % BM) * BK + k] * x[k0 + k];
    __syncthreads();
  }
  y[blockIdx.x * BM + tid % BM] = acc;
}

struct Quad {
  float v[4];
};

__global__ void __launch_bounds__(64)
    quad_mirror(int n, const Quad *__restrict__ in, Quad *__restrict__ mirror, float *out) {
  __shared__ Quad tile[128];
  float acc = 0.f;
  // CHECK: nm_copyloop_call.cu:[[@LINE+1]]:3: remark: loop not pipelined: a loop of the copy stage assigns a struct or array (a block copy) to memory that is not a tile; a copy loop may hold only copies from global memory into a tile and their address arithmetic
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < 128; i += 64) {
      tile[i] = in[t * 128 + i];
      mirror[t * 128 + i] = in[i];
    }
    __syncthreads();
    acc += tile[(threadIdx.x + 1) % 128].v[2];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
