// On a machine with a GPU: register rings whose steady state the rewrite
// unrolls 4 times with a rolled remainder, where the toolkit's ptxas keeps
// tile loops rolled (lib/steady_unroll.h; the module says CUDA 12.3 here,
// whatever toolkit builds it): a converting stream (__float2half, inline
// assembly), the same with a warp shuffle in its compute, and a guarded
// stream reading through __ldg. Tile counts 0 to 9 (no main loop, main
// loop only, main and remainder loops), a partial last tile, 1 and 3
// blocks, fresh random data. The plugin build must print the plain
// build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -Xclang -target-sdk-version=12.3 -fplugin=%plugin -fplugin-arg-pipeline-ptxas=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 9 > %t.plain.txt
// RUN: %t.plugin 9 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plain.txt
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; the steady state unrolled 4 times, {{.*}}[sm_90, kernel 'toHalf
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; the steady state unrolled 4 times, {{.*}}[sm_90, kernel 'shuffled
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; the steady state unrolled 4 times, {{.*}}[sm_90, kernel 'guardedLdg
// CHECK: guardedLdg tiles=9 blocks=3 ntiles=9 err=0 hash=
#include "Inputs/harness.cuh"
#include <cuda_fp16.h>

__global__ void __launch_bounds__(256)
    toHalf(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    tile[threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f);
    __syncthreads();
    acc += __half2float(tile[threadIdx.x]) + 0.5f * __half2float(tile[(threadIdx.x + 1) % 256]);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256)
    shuffled(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    tile[threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f);
    __syncthreads();
    float v = __half2float(tile[(threadIdx.x + 7) % 256]);
    acc = acc * 0.5f + v + __shfl_xor_sync(0xffffffffu, v, 1);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256)
    guardedLdg(int n, int tiles, const float *in, float *__restrict__ out) {
  __shared__ float tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    tile[threadIdx.x] = i < (size_t)n ? __ldg(&in[i]) : 0.0f;
    __syncthreads();
    acc = acc * 0.75f + tile[threadIdx.x] + 0.5f * tile[(threadIdx.x + 3) % 256];
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

typedef void (*kernel_t)(int, int, const float *, float *);

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const struct {
    const char *name;
    kernel_t k;
  } kernels[] = {{"toHalf", toHalf}, {"shuffled", shuffled}, {"guardedLdg", guardedLdg}};
  for (auto &kk : kernels)
    for (int tiles = 0; tiles <= 9; ++tiles)
      for (int blocks : {1, 3}) {
        const int n = blocks * tiles * 256 - 37; /* a partial last tile */
        const size_t in = (size_t)(blocks * tiles * 256 + 1) * sizeof(float);
        char name[64];
        snprintf(name, sizeof name, "%s tiles=%d blocks=%d", kk.name, tiles, blocks);
        run_hashed(name, in, (size_t)blocks * 256 * sizeof(float), 1, tiles, seed,
                   [&](void *i, void *o) {
                     kk.k<<<blocks, 256>>>(n, tiles, (const float *)i, (float *)o);
                   });
      }
  return 0;
}
