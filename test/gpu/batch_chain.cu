// On a machine with a GPU: writes before a pipelined loop that change what
// its prologue copies. One block runs batches one after another; each
// batch's K loop sums rows of A's batch region through a tile, and the
// batch's result, written transposed (thread (ty, tx) writes row tx, column
// T + ty), lands in the next batch's region, where another thread's
// iteration 1 reads it. The original orders the write and that read by the
// K loop's barriers; the pipelined loop's prologue reads iteration 1 before
// any of them, so the plugin puts a barrier before the prologue. Built plain
// and with the plugin at the default (a ring of 3 stages); the outputs equal
// the CPU's exactly (sums of multiples of 1/8) and the hashes agree.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 3 > %t.plain.txt
// RUN: %t.plugin 3 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK: remark: pipelined loop with {{.*}}a barrier before the prologue, since a write before the loop may change what it copies
// CHECK-COUNT-4: chain {{.*}} err=0 bad=0 hash=
#include <cstdio>
#include <cstdlib>

#include "Inputs/harness.cuh"

constexpr int T = 32;

// Batch b's region of A is T rows of K floats at A + b * T * K; the result
// of batch b goes to C + b * cstride, row tx and column ty of a T x T block
// of pitch ldc.
__global__ void __launch_bounds__(T *T)
    batchChain(int batch, int K, const float *A, float *C, long long cstride, int ldc) {
  __shared__ float As[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int b = 0; b < batch; ++b) {
    const float *a = A + (size_t)b * T * K;
    float acc = 0.0f;
    for (int k0 = 0; k0 < K; k0 += T) {
      As[ty][tx] = a[ty * K + k0 + tx];
      __syncthreads();
#pragma unroll
      for (int k = 0; k < T; ++k)
        acc += As[ty][k];
      __syncthreads();
    }
    C[b * cstride + tx * ldc + ty] = acc;
  }
}

static void check(int batch, int K, unsigned seed) {
  const size_t n = (size_t)(batch + 1) * T * K;
  std::vector<float> a = random_floats(n, seed);
  float *A;
  cudaMalloc(&A, n * 4);
  cudaMemcpy(A, a.data(), n * 4, cudaMemcpyHostToDevice);
  // batch b's result into batch b + 1's region, columns T .. 2T - 1
  float *C = A + (size_t)T * K + T;
  batchChain<<<1, dim3(T, T)>>>(batch, K, A, C, (long long)T * K, K);
  cudaError_t e = cudaDeviceSynchronize();
  std::vector<float> out(n);
  cudaMemcpy(out.data(), A, n * 4, cudaMemcpyDeviceToHost);
  for (int b = 0; b < batch; ++b) { /* the CPU, batch after batch */
    float acc[T][T];
    for (int ty = 0; ty < T; ++ty)
      for (int tx = 0; tx < T; ++tx) {
        float s = 0.0f;
        for (int k = 0; k < K; ++k)
          s += a[(size_t)b * T * K + (size_t)ty * K + k];
        acc[ty][tx] = s;
      }
    for (int ty = 0; ty < T; ++ty)
      for (int tx = 0; tx < T; ++tx)
        a[(size_t)(b + 1) * T * K + T + (size_t)tx * K + ty] = acc[ty][tx];
  }
  size_t bad = 0;
  for (size_t i = 0; i < n; ++i)
    bad += out[i] != a[i];
  printf("chain batch=%d K=%d err=%d bad=%zu hash=%016llx\n", batch, K, (int)e, bad,
         (unsigned long long)fnv(out.data(), n * 4));
  cudaFree(A);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  check(2, 2 * T, seed);
  check(3, 3 * T, seed + 1);
  check(4, 2 * T, seed + 2);
  check(3, 8 * T, seed + 3);
  return 0;
}
