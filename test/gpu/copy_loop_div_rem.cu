// On a machine with a GPU: copy loops through `i / BK` and `i % BK` with BK
// not a power of two (test/realworld/copyloop_div_rem_pairs.cu): a
// row-major copy with BK = 48 stepping by the block size (rowsBK48, and
// with an unsigned counter, which clang divides in 16 bits: rowsUnsigned), the
// same stored transposed with BK = 24 (transposeBK24), and a constant
// step of 256 kept a loop by `#pragma unroll 1` (fixedStep48). Block sizes
// that divide the tile and that do not (64, 100, 256 threads), tile counts
// 0 to 6, fresh random data. The plugin build (profitability=off, every
// loop pipelined as a loop of cp.async) must print the plain build's
// hashes; the sums are of small integers, exact in float.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 11 > %t.plain.txt
// RUN: %t.plugin 11 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'rowsBK48
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'rowsUnsigned
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'transposeBK24
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'fixedStep48
// CHECK: fixedStep48 n=6 t=256 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void rowsBK48(const float *__restrict__ A, float *__restrict__ out, int K, int lda) {
  __shared__ float As[64 * 48];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 48) {
    for (int i = tid; i < 64 * 48; i += blockDim.x) {
      int r = i / 48, c = i % 48;
      As[r * 48 + c] = A[r * lda + k0 + c];
    }
    __syncthreads();
    for (int k = 0; k < 48; ++k)
      acc += As[(tid % 64) * 48 + k] * (float)(k % 3 + 1);
    __syncthreads();
  }
  out[tid] = acc;
}

__global__ void rowsUnsigned(const float *__restrict__ A, float *__restrict__ out, int K,
                             int lda) {
  __shared__ float As[64 * 48];
  const unsigned tid = threadIdx.x;
  float acc = 0.0f;
  for (unsigned k0 = 0; k0 < (unsigned)K; k0 += 48) {
    for (unsigned i = tid; i < 64 * 48; i += blockDim.x) {
      unsigned r = i / 48, c = i % 48;
      As[r * 48 + c] = A[r * lda + k0 + c];
    }
    __syncthreads();
    for (unsigned k = 0; k < 48; ++k)
      acc += As[(tid % 64) * 48 + k] * (float)(k % 4 + 1);
    __syncthreads();
  }
  out[tid] = acc;
}

__global__ void transposeBK24(const float *__restrict__ A, float *__restrict__ out, int K,
                              int lda) {
  __shared__ float As[24][64];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 24) {
    for (int i = tid; i < 64 * 24; i += blockDim.x) {
      int r = i / 24, c = i % 24;
      As[c][r] = A[r * lda + k0 + c];
    }
    __syncthreads();
    for (int k = 0; k < 24; ++k)
      acc += As[k][tid % 64] * (float)(k % 5 + 1);
    __syncthreads();
  }
  out[tid] = acc;
}

__global__ void fixedStep48(const float *__restrict__ A, float *__restrict__ out, int K, int lda) {
  __shared__ float As[64 * 48];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 48) {
#pragma unroll 1
    for (int i = tid; i < 64 * 48; i += 256) {
      int r = i / 48, c = i % 48;
      As[r * 48 + c] = A[r * lda + k0 + c];
    }
    __syncthreads();
    for (int k = 0; k < 48; ++k)
      acc += As[(tid % 64) * 48 + k] * (float)(k % 7 + 1);
    __syncthreads();
  }
  out[tid] = acc;
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

typedef void (*kernel_t)(const float *, float *, int, int);

// Runs `k` over n tiles of BK columns of a 64-row matrix (random small
// integers) with `t` threads; prints the hash of the 256 outputs.
static void run(const char *name, kernel_t k, int bk, int n, int t, unsigned seed) {
  int lda = bk * (n + 1);
  size_t elems = (size_t)64 * lda;
  float *h = (float *)malloc(elems * sizeof *h);
  srand(seed * 131 + n * 7 + t);
  for (size_t i = 0; i < elems; ++i) h[i] = (float)(rand() % 256);
  float *in, *out, ho[256];
  cudaMalloc(&in, elems * sizeof *h);
  cudaMalloc(&out, sizeof ho);
  cudaMemcpy(in, h, elems * sizeof *h, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof ho);
  k<<<1, t>>>(in, out, bk * n, lda);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
  printf("%s n=%d t=%d err=%d hash=%016llx\n", name, n, t, (int)e,
         (unsigned long long)fnv(ho, sizeof ho));
  cudaFree(in);
  cudaFree(out);
  free(h);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int n = 0; n <= 6; ++n) {
    for (int t : {64, 100, 256}) {
      run("rowsBK48", rowsBK48, 48, n, t, seed);
      run("rowsUnsigned", rowsUnsigned, 48, n, t, seed);
      run("transposeBK24", transposeBK24, 24, n, t, seed);
    }
    run("fixedStep48", fixedStep48, 48, n, 256, seed);
  }
  return 0;
}
