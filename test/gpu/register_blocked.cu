// On a machine with a GPU: two register-blocked SGEMMs written the way
// public tutorials write them (2-D block tiling with an 8x8 result per
// thread, and the same with float4 loads; alpha and beta), whose private
// result arrays clang leaves in local memory and the plugin's unrolling
// (register-arrays) puts in registers, at several sizes on random data. The
// plugin build's output hashes equal those of the plain build and of the
// build with register-arrays=off. With `time` as the second argument it
// times each kernel at 4096^3 instead (CUDA events, 3 warm-up launches, the
// median of 21), as the bench does.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-register-arrays=off %s -o %t.off -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 7 > %t.plain.txt
// RUN: %t.plugin 7 > %t.plugin.txt
// RUN: %t.off 7 > %t.off.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.off.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-COUNT-2: remark: loop fully unrolled (8 trips)
// CHECK: blocktiling M=128 N=256 K=8 err=0 bad=0 hash=
// CHECK: vectorize M=384 N=256 K=1000 err=0 bad=0 hash=
#include <cstdio>
#include <cstdlib>

#include "../registers/Inputs/public_sgemms.cuh"
#include "Inputs/harness.cuh"

typedef void (*launch_fn)(int, int, int, float, float *, float *, float, float *);

static void launch2d(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  sgemm2DBlocktiling<128, 128, 8, 8, 8>
      <<<dim3(N / 128, M / 128), 256>>>(M, N, K, alpha, A, B, beta, C);
}

static void launchVec(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  sgemmVectorize<128, 128, 8, 8, 8><<<dim3(N / 128, M / 128), 256>>>(M, N, K, alpha, A, B, beta, C);
}

/* Runs one kernel at M x N x K on random data; prints its error status, the
 * number of results that differ from the CPU's (exact: the inputs are
 * multiples of 1/8 small enough that every sum is exact) and a hash. */
static void check(const char *name, launch_fn f, int M, int N, int K, unsigned seed) {
  std::vector<float> a = random_floats((size_t)M * K, seed), b = random_floats((size_t)K * N, seed + 1),
                     c = random_floats((size_t)M * N, seed + 2);
  float *A, *B, *C;
  cudaMalloc(&A, a.size() * 4 + 16), cudaMalloc(&B, b.size() * 4 + 16), cudaMalloc(&C, c.size() * 4);
  cudaMemcpy(A, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(B, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(C, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
  f(M, N, K, 0.5f, A, B, 2.0f, C);
  cudaError_t e = cudaDeviceSynchronize();
  std::vector<float> out(c.size());
  cudaMemcpy(out.data(), C, out.size() * 4, cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0;
      for (int k = 0; k < K; ++k)
        s += a[(size_t)i * K + k] * b[(size_t)k * N + j];
      bad += out[(size_t)i * N + j] != 0.5f * s + 2.0f * c[(size_t)i * N + j];
    }
  printf("%s M=%d N=%d K=%d err=%d bad=%zu hash=%016llx\n", name, M, N, K, (int)e, bad,
         (unsigned long long)fnv(out.data(), out.size() * 4));
  cudaFree(A), cudaFree(B), cudaFree(C);
}

/* The median time of `f` at n^3 (median_ms), in ms. */
static float time_kernel(launch_fn f, int n) {
  float *A, *B, *C;
  size_t bytes = (size_t)n * n * 4;
  cudaMalloc(&A, bytes), cudaMalloc(&B, bytes), cudaMalloc(&C, bytes);
  cudaMemset(A, 0, bytes), cudaMemset(B, 0, bytes), cudaMemset(C, 0, bytes);
  float ms = median_ms([&] { f(n, n, n, 1.0f, A, B, 0.0f, C); });
  cudaFree(A), cudaFree(B), cudaFree(C);
  return ms;
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  if (argc > 2) { /* time */
    float a = time_kernel(launch2d, 4096), b = time_kernel(launchVec, 4096);
    printf("blocktiling 4096 median_ms=%.4f\nvectorize 4096 median_ms=%.4f\n", a, b);
    return 0;
  }
  const int sizes[][3] = {{128, 128, 8}, {128, 256, 8}, {256, 128, 64}, {384, 256, 1000}};
  for (auto &s : sizes)
    check("blocktiling", launch2d, s[0], s[1], s[2], seed + s[2]);
  for (auto &s : sizes)
    check("vectorize", launchVec, s[0], s[1], s[2], seed * 3 + s[2]);
  return 0;
}
