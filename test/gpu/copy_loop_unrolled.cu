// On a machine with a GPU: copy loops that clang unrolls by a runtime
// count into a main loop and a remainder (test/realworld/
// copyloop_runtime_unrolled.cu's rowsTiled, and the same loop in a
// sync-first tile loop), and a transposed halo copy loop whose digits clang
// computes in 16 bits (transposedHalo), and a float4 stored as four
// scalars by a loop stepping by the block size (float4Scalars, at 64 and
// 256 threads). Each runs at every rows-per-thread
// count from 0 to 8 (main loop only, remainder only, both) and tile counts
// 0 to 9 on fresh random data. The plugin build (profitability=off, every
// loop pipelined as a loop of cp.async) must print the plain build's
// hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 7 > %t.plain.txt
// RUN: %t.plugin 7 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'rowsTiled
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'rowsSyncFirst
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'transposedHalo
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'float4Scalars
// CHECK: float4Scalars n=9 d=8 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void rowsTiled(const float *__restrict__ A, float *__restrict__ out, int K, int lda,
                          int rowsPerThread) {
  __shared__ float tile[64][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 32) {
    for (int j = 0; j < rowsPerThread; ++j)
      tile[ty + 8 * j][tx] = A[(ty + 8 * j) * lda + k0 + tx];
    __syncthreads();
    for (int r = 0; r < 8 * rowsPerThread; ++r)
      acc = acc * 0.5f + tile[r][tx] * tile[r][(tx + ty) % 32];
    __syncthreads();
  }
  out[ty * 32 + tx] = acc;
}

__global__ void rowsSyncFirst(const float *__restrict__ A, float *__restrict__ out, int ntiles,
                              int d) {
  __shared__ float ta[256];
  const int tx = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
    __syncthreads();
    for (int j = 0; j < d; ++j)
      ta[j * 32 + tx] = A[t * 256 + j * 32 + tx];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc = acc * 0.5f + ta[(tx * 3 + j * 7) % (32 * d)];
  }
  out[tx] = acc;
}

__global__ void transposedHalo(const unsigned *__restrict__ A, float *__restrict__ out, int W,
                               int ld, int rows) {
  __shared__ unsigned ta[18][20];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < (W + 15) / 16; ++t) {
    for (int i = tid; i < 324; i += 256) {
      const int ly = i % 18, lx = i / 18;
      const int sx = t * 16 + lx - 1;
      ta[ly][lx] = sx >= 0 && sx < W && ly < rows ? A[ly * ld + sx] : 0u;
    }
    __syncthreads();
    for (int k = 0; k < 9; ++k)
      acc = acc * 0.75f + 0.5f * ta[(threadIdx.y + k) % 18][(threadIdx.x * 3 + k) % 18];
    __syncthreads();
  }
  out[tid] = acc;
}

__global__ void float4Scalars(const float *__restrict__ A, float *__restrict__ out, int K,
                              int lda) {
  __shared__ float ta[16][132];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 128) {
    for (int i = tid; i < 512; i += blockDim.x) {
      const int ly = i / 32, lx = i % 32;
      const float4 v = *reinterpret_cast<const float4 *>(&A[ly * lda + k0 + lx * 4]);
      ta[ly][lx * 4 + 0] = v.x;
      ta[ly][lx * 4 + 1] = v.y;
      ta[ly][lx * 4 + 2] = v.z;
      ta[ly][lx * 4 + 3] = v.w;
    }
    __syncthreads();
    for (int r = 0; r < 16; ++r)
      acc = acc * 0.5f + ta[r][tid % 128] * ta[15 - r][(tid * 5) % 128];
    __syncthreads();
  }
  out[tid] = acc;
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

// Runs `launch` on `elems` random inputs and 256 outputs; prints their hash.
static void run(const char *name, int n, int d, unsigned seed, size_t elems,
                void (*launch)(int n, int d, const void *in, float *out)) {
  unsigned *h = (unsigned *)malloc(elems * 4);
  srand(seed * 131 + n * 7 + d);
  for (size_t i = 0; i < elems; ++i) h[i] = (unsigned)rand() % 4096;
  void *in;
  float *out, ho[256];
  cudaMalloc(&in, elems * 4);
  cudaMalloc(&out, sizeof ho);
  cudaMemcpy(in, h, elems * 4, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, sizeof ho);
  launch(n, d, in, out);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
  printf("%s n=%d d=%d err=%d hash=%016llx\n", name, n, d, (int)e,
         (unsigned long long)fnv(ho, sizeof ho));
  cudaFree(in);
  cudaFree(out);
  free(h);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int n : {0, 1, 2, 3, 5, 9})
    for (int d = 0; d <= 8; ++d) {
      run("rowsTiled", n, d, seed, (size_t)64 * 40 * (n + 1),
          [](int n, int d, const void *in, float *out) {
            rowsTiled<<<1, dim3(32, 8)>>>((const float *)in, out, 32 * n, 40 * (n + 1), d);
          });
      run("rowsSyncFirst", n, d, seed, (size_t)256 * (n + 1),
          [](int n, int d, const void *in, float *out) {
            rowsSyncFirst<<<1, 32>>>((const float *)in, out, n, d);
          });
      run("transposedHalo", n, d, seed, (size_t)18 * 16 * (n + 1),
          [](int n, int d, const void *in, float *out) {
            transposedHalo<<<1, dim3(16, 16)>>>((const unsigned *)in, out, 16 * n, 16 * (n + 1),
                                                2 * d + 2);
          });
      run("float4Scalars", n, d, seed, (size_t)16 * 128 * (n + 1),
          [](int n, int d, const void *in, float *out) {
            float4Scalars<<<1, d % 2 ? 64 : 256>>>((const float *)in, out, 128 * n, 128 * (n + 1));
          });
    }
  return 0;
}
