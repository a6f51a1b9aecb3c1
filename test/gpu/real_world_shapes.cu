// On a machine with a GPU: copy loops that step by the block size (A stored
// transposed through i / BK and i % BK; B by o += blockDim.x / BN), launched
// with 256, 128 and 64 threads, and tiles zero-filled by CUDA's fp16/bf16
// conversion helpers (`__float2half2_rn(0.0f)` through cp.async,
// `__float2bfloat16(0.0f)` and `__float2half(0.0f)` through registers), at
// ragged sizes, and a `#pragma unroll` float4 loader whose trip count depends
// on the thread (nested per-thread predicates), and a segmented loop whose
// bounds sit in `__shared__ int`s (segments of 0 to 17 tiles), and unrolled
// copies under one zero-fill guard that clang splits into a store of the
// load and a store of zeros (ragged K), and a copy loop whose source the
// loop may write (no __restrict__), behind the runtime alias check, launched
// with the output apart from the input and shifted onto it. The plugin
// build's output hashes equal the plain build's.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 11 > %t.plain.txt
// RUN: %t.plugin 11 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{.*}}[sm_80, kernel 'sgemmRt
// REMARK-DAG: remark: pipelined loop with {{.*}}[sm_90, kernel 'sgemmRt
// REMARK-DAG: remark: pipelined loop with {{.*}}cp.async [sm_90, kernel 'half2Rows
// REMARK-DAG: remark: pipelined loop with {{.*}}registers [sm_90, kernel 'bf16Rows
// REMARK-DAG: remark: pipelined loop with {{.*}}registers [sm_90, kernel 'halfRows
// REMARK-DAG: remark: pipelined loop with {{.*}}2 cp.async copies of 16 bytes{{.*}}[sm_90, kernel 'loaderGemv
// REMARK-DAG: remark: pipelined loop with {{.*}}[sm_90, kernel 'segmentSum
// REMARK-DAG: remark: pipelined loop with {{.*}}[sm_90, kernel 'raggedGemm
// REMARK-DAG: remark: pipelined loop with {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'scanTiles
// CHECK: sgemm threads=64 M=128 N=192 K=1000 err=0 hash=
// CHECK: rows K=1000 err=0 hash=
// CHECK: loader K=1000 err=0 hash=
// CHECK: segments err=0 hash=
// CHECK: ragged K=1001 err=0 hash=
// CHECK: scan n=17 overlap=1 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#define BM 64
#define BN 64
#define BK 8
__global__ void sgemmRt(int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BK][BM];
  __shared__ float Bs[BK * BN];
  const int tid = threadIdx.x, nt = blockDim.x;
  const int rowB = tid / BN, colB = tid % BN, strideB = blockDim.x / BN;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  float acc[64] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x) {
      const int r = i / BK, c = i % BK;
      As[c][r] = A[r * K + c];
    }
    for (int o = 0; o < BK; o += strideB)
      Bs[(rowB + o) * BN + colB] = B[(rowB + o) * N + colB];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (int k = 0; k < BK; ++k)
      for (int e = 0; e < 64; ++e) {
        const int o = tid + e * nt;
        if (o < BM * BN)
          acc[e] += As[k][o / BN] * Bs[k * BN + o % BN];
      }
    __syncthreads();
  }
  for (int e = 0; e < 64; ++e) {
    const int o = tid + e * nt;
    if (o < BM * BN)
      C[(blockIdx.y * BM + o / BN) * N + blockIdx.x * BN + o % BN] = acc[e];
  }
}

__global__ void half2Rows(int K, const __half2 *__restrict__ A, float *__restrict__ out) {
  __shared__ __half2 As[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 32) {
    As[ty][tx] = k0 + tx < K ? A[(blockIdx.x * 8 + ty) * K + k0 + tx] : __float2half2_rn(0.0f);
    __syncthreads();
    for (int j = 0; j < 32; ++j)
      acc += __low2float(As[ty][j]) * (j + 1) + __high2float(As[ty][(j + tx) % 32]);
    __syncthreads();
  }
  out[(blockIdx.x * 8 + ty) * 32 + tx] = acc;
}

__global__ void bf16Rows(int K, const __nv_bfloat16 *__restrict__ A, float *__restrict__ out) {
  __shared__ __nv_bfloat16 As[8][64];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 64) {
    As[ty][tx] = k0 + tx < K ? A[(blockIdx.x * 8 + ty) * K + k0 + tx] : __float2bfloat16(0.0f);
    __syncthreads();
    for (int j = 0; j < 64; ++j)
      acc += __bfloat162float(As[ty][(j + tx) % 64]) * (j + 1);
    __syncthreads();
  }
  out[(blockIdx.x * 8 + ty) * 64 + tx] = acc;
}

__global__ void halfRows(int K, const __half *__restrict__ A, float *__restrict__ out) {
  __shared__ __half As[8][64];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 64) {
    As[ty][tx] = k0 + tx < K ? A[(blockIdx.x * 8 + ty) * K + k0 + tx] : __float2half(0.0f);
    __syncthreads();
    for (int j = 0; j < 64; ++j)
      acc += __half2float(As[ty][(j + tx) % 64]) * (j + 1);
    __syncthreads();
  }
  out[(blockIdx.x * 8 + ty) * 64 + tx] = acc;
}

__global__ void __launch_bounds__(96)
    loaderGemv(int K, const float *__restrict__ A, const float *__restrict__ x,
               float *__restrict__ y) {
  __shared__ float4 As[64 * 8 / 4];
  const int tid = threadIdx.x;
  const float *a = A + (size_t)blockIdx.x * 64 * K;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 8) {
#pragma unroll
    for (int f = tid; f < 64 * 8 / 4; f += 96)
      As[f] = *reinterpret_cast<const float4 *>(&a[(size_t)(f / 2) * K + k0 + (f % 2) * 4]);
    __syncthreads();
    if (tid < 64)
      for (int c = 0; c < 2; ++c)
        acc += As[tid * 2 + c].x * x[k0 + 4 * c] + As[tid * 2 + c].y * x[k0 + 4 * c + 1] +
               As[tid * 2 + c].z * x[k0 + 4 * c + 2] + As[tid * 2 + c].w * x[k0 + 4 * c + 3];
    __syncthreads();
  }
  if (tid < 64)
    y[blockIdx.x * 64 + tid] = acc;
}

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
  for (int t = s_begin; t < s_end; ++t) {
    tile[threadIdx.x] = vals[(size_t)t * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x] * 0.5f + tile[(threadIdx.x * 7) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void raggedGemm(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                           float *__restrict__ C) {
  __shared__ float AsT[8][68];
  __shared__ float Bs[8][64];
  const int tid = threadIdx.x; // 128 threads
  const int ak = tid / 16, am = (tid % 16) * 4;
  float acc[4] = {};
  for (int k0 = 0; k0 < K; k0 += 8) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      AsT[ak][am + j] = (k0 + ak < K) ? A[(blockIdx.y * 64 + am + j) * K + k0 + ak] : 0.0f;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      Bs[ak][am + j] = (k0 + ak < K) ? B[(k0 + ak) * N + blockIdx.x * 64 + am + j] : 0.0f;
    __syncthreads();
    for (int k = 0; k < 8; ++k)
      for (int i = 0; i < 4; ++i)
        acc[i] += AsT[k][(tid / 16) * 4 + i] * Bs[k][(tid % 16) * 4 + i];
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    C[(blockIdx.y * 64 + (tid / 16) * 4 + i) * N + blockIdx.x * 64 + (tid % 16) * 4 + i] = acc[i];
}

__global__ void scanTiles(int n, const float *in, float *out) {
  __shared__ float tile[1024];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
      tile[i] = in[(size_t)(blockIdx.x * (n + 1) + t) * 1024 + i];
    __syncthreads();
    acc += tile[threadIdx.x] + tile[1023 - threadIdx.x] * 0.5f;
    out[(size_t)(blockIdx.x * (n + 1) + t) * 1024 + threadIdx.x] = acc;
    __syncthreads();
  }
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

// Random data of `n` bytes on the device.
static void *random_device(size_t n, unsigned seed) {
  unsigned char *h = (unsigned char *)malloc(n);
  srand(seed);
  for (size_t i = 0; i < n; ++i)
    h[i] = (unsigned char)(rand() % 61); // small halves/bf16s/floats, no NaN
  void *d;
  cudaMalloc(&d, n);
  cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
  free(h);
  return d;
}

static void report(const char *what, void *d, size_t n, cudaError_t e) {
  unsigned char *h = (unsigned char *)malloc(n);
  cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost);
  printf("%s err=%d hash=%016llx\n", what, (int)e, (unsigned long long)fnv(h, n));
  free(h);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int sizes[][3] = {{64, 64, 0}, {64, 64, 8}, {128, 64, 24}, {64, 128, 40}, {128, 192, 1000}};
  for (int threads : {256, 128, 64})
    for (auto &s : sizes) {
      const int M = s[0], N = s[1], K = s[2];
      float *A = (float *)random_device((size_t)M * K * 4 + 4, seed + K);
      float *B = (float *)random_device((size_t)K * N * 4 + 4, seed + K + 1);
      float *C;
      cudaMalloc(&C, (size_t)M * N * 4);
      cudaMemset(C, 0, (size_t)M * N * 4);
      sgemmRt<<<dim3(N / BN, M / BM), threads>>>(N, K, A, B, C);
      cudaError_t e = cudaDeviceSynchronize();
      char what[96];
      snprintf(what, sizeof what, "sgemm threads=%d M=%d N=%d K=%d", threads, M, N, K);
      report(what, C, (size_t)M * N * 4, e);
      cudaFree(A), cudaFree(B), cudaFree(C);
    }
  for (int K : {0, 1, 31, 64, 65, 200, 1000}) {
    const int blocks = 6;
    void *A = random_device((size_t)blocks * 8 * K * 4 + 4, seed * 3 + K);
    float *out;
    const size_t bytes = (size_t)blocks * 8 * 64 * 4;
    cudaMalloc(&out, 3 * bytes);
    cudaMemset(out, 0, 3 * bytes);
    half2Rows<<<blocks, dim3(32, 8)>>>(K / 2, (const __half2 *)A, out);
    bf16Rows<<<blocks, dim3(64, 8)>>>(K, (const __nv_bfloat16 *)A, out + bytes / 4);
    halfRows<<<blocks, dim3(64, 8)>>>(K, (const __half *)A, out + 2 * bytes / 4);
    cudaError_t e = cudaDeviceSynchronize();
    char what[64];
    snprintf(what, sizeof what, "rows K=%d", K);
    report(what, out, 3 * bytes, e);
    cudaFree(A), cudaFree(out);
  }
  for (int K : {0, 8, 16, 24, 200, 1000}) {
    const int blocks = 5;
    float *A = (float *)random_device((size_t)blocks * 64 * K * 4 + 16, seed * 5 + K);
    float *x = (float *)random_device((size_t)K * 4 + 16, seed * 7 + K);
    float *y;
    cudaMalloc(&y, blocks * 64 * 4);
    cudaMemset(y, 0, blocks * 64 * 4);
    loaderGemv<<<blocks, 96>>>(K, A, x, y);
    cudaError_t e = cudaDeviceSynchronize();
    char what[64];
    snprintf(what, sizeof what, "loader K=%d", K);
    report(what, y, blocks * 64 * 4, e);
    cudaFree(A), cudaFree(x), cudaFree(y);
  }
  {
    const int lens[] = {0, 1, 2, 3, 5, 17, 4, 0, 9, 2};
    const int nseg = sizeof lens / sizeof *lens;
    int rowptr[nseg + 1] = {0};
    for (int i = 0; i < nseg; ++i)
      rowptr[i + 1] = rowptr[i] + lens[i];
    int *drp;
    cudaMalloc(&drp, sizeof rowptr);
    cudaMemcpy(drp, rowptr, sizeof rowptr, cudaMemcpyHostToDevice);
    float *vals = (float *)random_device((size_t)rowptr[nseg] * 256 * 4 + 4, seed * 11);
    float *out;
    cudaMalloc(&out, nseg * 256 * 4);
    segmentSum<<<nseg, 256>>>(drp, vals, out);
    cudaError_t e = cudaDeviceSynchronize();
    report("segments", out, nseg * 256 * 4, e);
    cudaFree(drp), cudaFree(vals), cudaFree(out);
  }
  for (int K : {0, 1, 7, 8, 9, 30, 1001}) {
    const int M = 128, N = 128;
    float *A = (float *)random_device((size_t)M * K * 4 + 4, seed * 13 + K);
    float *B = (float *)random_device((size_t)K * N * 4 + 4, seed * 17 + K);
    float *C;
    cudaMalloc(&C, M * N * 4);
    cudaMemset(C, 0, M * N * 4);
    raggedGemm<<<dim3(N / 64, M / 64), 128>>>(N, K, A, B, C);
    cudaError_t e = cudaDeviceSynchronize();
    char what[64];
    snprintf(what, sizeof what, "ragged K=%d", K);
    report(what, C, M * N * 4, e);
    cudaFree(A), cudaFree(B), cudaFree(C);
  }
  for (int n : {0, 1, 2, 3, 5, 17})
    for (int overlap = 0; overlap < 2; ++overlap) {
      const int blocks = 12;
      const size_t elems = (size_t)blocks * (n + 1) * 1024 + 1024;
      float *in = (float *)random_device(elems * 4, seed * 19 + n);
      float *out = in + 1024; // each block owns n + 1 tiles: no block writes another's
      if (!overlap) {
        cudaMalloc(&out, elems * 4);
        cudaMemset(out, 0, elems * 4);
      }
      scanTiles<<<blocks, 256>>>(n, in, out);
      cudaError_t e = cudaDeviceSynchronize();
      char what[64];
      snprintf(what, sizeof what, "scan n=%d overlap=%d", n, overlap);
      report(what, overlap ? in : out, elems * 4, e);
      if (!overlap)
        cudaFree(out);
      cudaFree(in);
    }
  return 0;
}
