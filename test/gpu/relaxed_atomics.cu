// On a machine with a GPU: tile loops that count, histogram and keep a
// maximum with CUDA's relaxed atomic functions (atomicAdd, atomicMax) while
// they compute, and one with __threadfence_block()
// (test/realworld/relaxed_atomics.cu). Their copies run ahead of the
// atomics; the counts, histograms, maxima and sums must equal the plain
// build's, for tile counts 1 to 37 and fresh random data.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.plugin 5 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'countAbove
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'histogramPairs
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'blockFence
// CHECK: blockFence ntiles=37 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define TILE 256
#define NBINS 61

__global__ void __launch_bounds__(TILE)
    countAbove(int ntiles, float thr, const float *__restrict__ in, float *__restrict__ out,
               unsigned *__restrict__ hits) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    float v = s[(tid + 7) % TILE];
    acc += v;
    if (v > thr)
      atomicAdd(hits, 1u);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

__global__ void __launch_bounds__(TILE)
    histogramPairs(int ntiles, const float *__restrict__ in, unsigned *__restrict__ hist,
                   int nbins, float *__restrict__ maxOut) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  int *maxBits = reinterpret_cast<int *>(maxOut);
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    float v = s[tid] + s[(tid + 1) % TILE];
    int bin = min(max((int)(v * 0.5f * nbins), 0), nbins - 1);
    atomicAdd(&hist[bin], 1u);
    atomicMax(maxBits, __float_as_int(v)); /* v >= 0: the bits order as the values */
    __syncthreads();
  }
}

__global__ void __launch_bounds__(TILE)
    blockFence(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    acc = acc * 0.5f + s[tid ^ 1];
    out[(size_t)blockIdx.x * TILE + tid] = acc;
    __threadfence_block();
    __syncthreads();
  }
}

static uint64_t fnv(const void *p, size_t n, uint64_t h = 1469598103934665603ull) {
  for (size_t i = 0; i < n; ++i)
    h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

// Launches `launch` over `blocks` blocks of `ntiles` tiles of random floats
// in [0, 1) (multiples of 1/1024, so sums are exact); hashes `out_bytes`
// of output and `aux_bytes` of counters.
template <typename Launch>
static void run(const char *name, int blocks, int ntiles, size_t out_bytes, size_t aux_bytes,
                unsigned seed, Launch launch) {
  size_t n = (size_t)blocks * ntiles * TILE;
  float *hi = (float *)malloc(n * sizeof(float));
  srand(seed * 7919 + ntiles);
  for (size_t i = 0; i < n; ++i)
    hi[i] = (float)(rand() % 1024) / 1024.0f;
  float *din;
  void *dout, *daux;
  cudaMalloc(&din, n * sizeof(float));
  cudaMalloc(&dout, out_bytes);
  cudaMalloc(&daux, aux_bytes);
  cudaMemcpy(din, hi, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, out_bytes);
  cudaMemset(daux, 0, aux_bytes);
  launch(din, dout, daux);
  cudaError_t e = cudaDeviceSynchronize();
  unsigned char *ho = (unsigned char *)malloc(out_bytes + aux_bytes);
  cudaMemcpy(ho, dout, out_bytes, cudaMemcpyDeviceToHost);
  cudaMemcpy(ho + out_bytes, daux, aux_bytes, cudaMemcpyDeviceToHost);
  printf("%s ntiles=%d err=%d hash=%016llx\n", name, ntiles, (int)e,
         (unsigned long long)fnv(ho, out_bytes + aux_bytes));
  cudaFree(din);
  cudaFree(dout);
  cudaFree(daux);
  free(hi);
  free(ho);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int blocks = 40, counts[] = {1, 2, 3, 5, 8, 37};
  for (int ntiles : counts) {
    run("countAbove", blocks, ntiles, blocks * TILE * 4, 4, seed, [&](float *i, void *o, void *a) {
      countAbove<<<blocks, TILE>>>(ntiles, 0.75f, i, (float *)o, (unsigned *)a);
    });
    run("histogramPairs", blocks, ntiles, 4, NBINS * 4, seed, [&](float *i, void *o, void *a) {
      histogramPairs<<<blocks, TILE>>>(ntiles, i, (unsigned *)a, NBINS, (float *)o);
    });
    run("blockFence", blocks, ntiles, blocks * TILE * 4, 4, seed, [&](float *i, void *o, void *a) {
      blockFence<<<blocks, TILE>>>(ntiles, i, (float *)o);
    });
  }
  return 0;
}
