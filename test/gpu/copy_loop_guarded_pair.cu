// On a machine with a GPU: one copy loop filling two tiles, each copy
// under its own bounds guard with a zero fill, transposing through
// `i % 32` and `i / 32`, stepping by the block's thread count
// (test/realworld/copyloop_guarded_pair.cu). Block shapes that divide the
// 2048 elements and that do not (32x8, 16x4, 24x5), rows 32 and 17 of 32,
// K from 0 (no tile) to 300 (a partial fifth tile), fresh random data. The
// plugin builds (profitability=off at the default stages and at 2 and 8)
// must print the plain build's hashes; the sums are of multiples of 1/8,
// exact in float.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-stages=2 -Rpass=cuda-pipeline %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-stages=8 -Rpass=cuda-pipeline %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 7 > %t.plain.txt
// RUN: %t.plugin 7 > %t.plugin.txt
// RUN: %t.s2 7 > %t.s2.txt
// RUN: %t.s8 7 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plain.txt
// REMARK: remark: pipelined loop with {{[2-8]}} stages{{.*}}[sm_90, kernel 'pairGuarded
// CHECK: pairGuarded M=17 K=300 block=24x5 ntiles=5 err=0 hash=
#include "Inputs/harness.cuh"

__global__ void pairGuarded(int M, int K, const float *A, const float *B, float *out) {
  __shared__ float As[32][64];
  __shared__ float Bs[32][64];
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 64) {
    for (int i = tid; i < 2048; i += blockDim.x * blockDim.y) {
      const int r = i % 32, c = i / 32;
      const bool ok = r < M && k0 + c < K;
      As[r][c] = ok ? A[r * K + k0 + c] : 0.0f;
      Bs[r][c] = ok ? B[r * K + k0 + c] : 0.0f;
    }
    __syncthreads();
    for (int k = 0; k < 64; ++k)
      acc += As[tid % 32][k] * Bs[(tid / 32 + k) % 32][k];
    __syncthreads();
  }
  out[tid] = acc;
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const dim3 blocks[] = {dim3(32, 8), dim3(16, 4), dim3(24, 5)};
  for (int M : {32, 17})
    for (int K : {0, 1, 63, 64, 65, 200, 300})
      for (dim3 b : blocks) {
        char name[96];
        snprintf(name, sizeof name, "pairGuarded M=%d K=%d block=%ux%u", M, K, b.x, b.y);
        const size_t in = (size_t)2 * 32 * (K ? K : 1) * sizeof(float);
        run_hashed(name, in, 256 * sizeof(float), 1, (K + 63) / 64, seed, [&](void *i, void *o) {
          const float *A = (const float *)i, *B = A + (size_t)32 * (K ? K : 1);
          pairGuarded<<<1, b>>>(M, K, A, B, (float *)o);
        });
      }
  return 0;
}
