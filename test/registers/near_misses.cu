// Private arrays the plugin leaves in local memory, each with the reason in
// an analysis remark (ArrayInLocalMemory), and the PTX as without the
// plugin's unrolling (register-arrays=off); and arrays it does not look at.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.s -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="fully unrolled"
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.off.s -fplugin-arg-pipeline-register-arrays=off
// RUN: sed 's|// callseq.*||' %t.s > %t.a && sed 's|// callseq.*||' %t.off.s > %t.b && diff %t.a %t.b

#define TM 8
#define TN 8

__device__ __noinline__ void keep(float *v) { v[0] += 1.0f; }

// The write-back loop runs `rows` times, unknown when compiled.
// CHECK: near_misses.cu:[[@LINE+11]]:3: remark: a private array of 256 bytes stays in local memory: a loop indexing it has no constant trip count
__global__ void runtimeTrip(int K, int rows, const float *A, float *C) {
  __shared__ float As[256];
  float acc[TM * TN] = {0.0f};
  for (int k = 0; k < K; k += 256) {
    As[threadIdx.x] = A[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < TM * TN; ++i)
      acc[i] += As[(threadIdx.x + i) % 256];
    __syncthreads();
  }
  for (int r = 0; r < rows; ++r)
    for (int j = 0; j < TN; ++j)
      C[(r * 256 + threadIdx.x) * TN + j] = 2.0f * acc[r * TN + j] + C[(r * 256 + threadIdx.x) * TN + j];
}

// The index comes from memory.
// CHECK: near_misses.cu:[[@LINE+12]]:{{[0-9]+}}: remark: a private array of 256 bytes stays in local memory: an index is not a sum, product or quotient of loop counters and constants (a load, a select or a bitwise operation takes part)
__global__ void gathered(int K, const int *perm, const float *A, float *C) {
  __shared__ float As[256];
  float acc[TM * TN] = {0.0f};
  for (int k = 0; k < K; k += 256) {
    As[threadIdx.x] = A[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < TM * TN; ++i)
      acc[i] += As[(threadIdx.x + i) % 256];
    __syncthreads();
  }
  for (int r = 0; r < TM; ++r)
    C[r * 256 + threadIdx.x] = acc[perm[r]];
}

// The user asked for the loop to stay a loop.
// CHECK: near_misses.cu:[[@LINE+12]]:3: remark: a private array of 256 bytes stays in local memory: a loop indexing it has an unroll pragma of its own
__global__ void keptRolled(int K, const float *A, float *C) {
  __shared__ float As[256];
  float acc[TM * TN] = {0.0f};
  for (int k = 0; k < K; k += 256) {
    As[threadIdx.x] = A[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < TM * TN; ++i)
      acc[i] += As[(threadIdx.x + i) % 256];
    __syncthreads();
  }
#pragma unroll 1
  for (int r = 0; r < TM; ++r)
    for (int j = 0; j < TN; ++j)
      C[(r * 256 + threadIdx.x) * TN + j] = 2.0f * acc[r * TN + j] + C[(r * 256 + threadIdx.x) * TN + j];
}

// The array's address goes to a call.
// CHECK: near_misses.cu:[[@LINE+13]]:{{[0-9]+}}: remark: a private array of 256 bytes stays in local memory: its address is passed to a call
__global__ void escapes(int K, const float *A, float *C) {
  __shared__ float As[256];
  float acc[TM * TN] = {0.0f};
  for (int k = 0; k < K; k += 256) {
    As[threadIdx.x] = A[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < TM * TN; ++i)
      acc[i] += As[(threadIdx.x + i) % 256];
    __syncthreads();
  }
#pragma unroll 1
  for (int r = 0; r < TM; ++r)
    keep(&acc[r * TN]);
  for (int r = 0; r < TM * TN; ++r)
    C[r * 256 + threadIdx.x] = acc[r];
}

// A 512-byte array indexed by 128-trip loops: more trips than a register
// block has (the remark is at the first of them LoopInfo lists, which
// differs between LLVM 19 and 22).
// CHECK: near_misses.cu:{{9[0-9]}}:{{[0-9]+}}: remark: a private array of 512 bytes stays in local memory: a loop indexing it runs 128 times, more than 64
__global__ void longLoop(int K, const float *A, float *C) {
  __shared__ float As[256];
  float acc[128] = {0.0f};
  for (int k = 0; k < K; k += 256) {
    As[threadIdx.x] = A[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 128; ++i)
      acc[i] += As[(threadIdx.x + i) % 256] * (float)k;
    __syncthreads();
  }
  for (int r = 0; r < 128; ++r)
    C[r * 256 + threadIdx.x] = acc[r];
}

// No barrier: not a tile loop's kernel, nothing said or changed.
__global__ void noBarrier(int rows, const float *A, float *C) {
  float acc[TM * TN];
  for (int i = 0; i < TM * TN; ++i)
    acc[i] = A[i * 256 + threadIdx.x];
  for (int r = 0; r < rows; ++r)
    C[r * 256 + threadIdx.x] = acc[r % (TM * TN)];
}

// A volatile array stays in memory whatever its indices (SROA leaves it):
// nothing is unrolled for it.
__global__ void volatileArray(const float *in, float *out) {
  __shared__ float s[256];
  volatile float a[16];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int i = 0; i < 16; ++i)
    a[i] = s[(threadIdx.x + i) & 255];
  float r = 0;
  for (int i = 0; i < 16; ++i)
    r += a[i] * expf(a[15 - i]);
  out[threadIdx.x] = r;
}

// An outer loop around loops of a run-time trip count: each of its 32
// trips would copy them (and their run-time unrolling).
// CHECK: near_misses.cu:[[@LINE+6]]:3: remark: a private array of 128 bytes stays in local memory: a loop indexing it contains a loop that does not index it, which would be copied once per trip
__global__ void aroundLoops(const float *in, float *out, int n) {
  __shared__ float s[1024];
  float a[32];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int i = 0; i < 32; ++i) {
    float x = s[(threadIdx.x + i) & 1023];
    for (int j = 0; j < n; ++j)
      x = x * s[j] + 1.0f;
    a[i] = x;
  }
  float r = 0;
  for (int i = 0; i < 32; ++i)
    r += a[i] * a[31 - i];
  out[threadIdx.x] = r;
}

// Loops whose work is mostly an expf per element: local memory costs them
// little, 16 copies of their bodies much.
// CHECK: near_misses.cu:[[@LINE+6]]:3: remark: a private array of 64 bytes stays in local memory: the loops indexing it do more than 16 instructions per access to it
__global__ void heavyBodies(const float *in, float *out) {
  __shared__ float s[1024];
  float a[16];
  s[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  for (int i = 0; i < 16; ++i)
    a[i] = expf(s[(threadIdx.x + i) & 1023]);
  float r = 0;
  for (int i = 0; i < 16; ++i)
    r += a[i] * a[(i * 7) & 15];
  out[threadIdx.x] = r;
}
