// On a machine with a GPU: grid-stride tile loops under the runtime alias
// check (test/realworld/grid_stride_in_place.cu), whose counters step by
// gridDim.x, gridDim.x * 256, gridDim.x * gridDim.y, or a stride argument.
// Each is launched three ways: the output apart from the input (the check
// passes), in place (out == in: each block writes back the tile it read,
// and the next tiles it copies ahead are its own, still unwritten, so the
// check passes), and with out = in shifted by the step (each iteration
// writes the tile its block reads next: the check must fail and the loop
// as written run). Grids of 1 to 5 blocks, tile counts 0 to 9, ragged
// element counts, fresh random data. The plugin build (profitability=off)
// must print the plain build's hashes of both buffers.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.plugin 5 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'scaleTiles
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'smoothRows
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'sumTiles2D
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'strideTiles
// CHECK: smoothRows n=2573 grid=5 mode=2 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define TILE 256

__global__ void __launch_bounds__(TILE) scaleTiles(int ntiles, const float *in, float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
    s[tid] = in[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 1) % TILE];
    out[(size_t)t * TILE + tid] = s[(tid * 7) % TILE] * 0.5f + acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(TILE) smoothRows(unsigned n, const float *in, float *out) {
  __shared__ float s[TILE];
  const unsigned tid = threadIdx.x;
  for (unsigned base = blockIdx.x * TILE; base < n; base += gridDim.x * TILE) {
    const unsigned i = base + tid;
    s[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    const float v = 0.25f * s[tid > 0 ? tid - 1 : tid] + 0.5f * s[tid] +
                    0.25f * s[tid + 1 < TILE ? tid + 1 : tid];
    if (i < n)
      out[i] = v;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(TILE) sumTiles2D(int ntiles, const float *in, float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = blockIdx.y * gridDim.x + blockIdx.x; t < ntiles; t += gridDim.x * gridDim.y) {
    s[tid] = in[t * TILE + tid];
    __syncthreads();
    acc = acc * 0.75f + s[(tid * 3) % TILE];
    out[t * TILE + tid] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(TILE) strideTiles(int ntiles, int stride, const float *in,
                                                    float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = blockIdx.x; t < ntiles; t += stride) {
    s[tid] = in[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 1) % TILE];
    out[(size_t)t * TILE + tid] = acc;
    __syncthreads();
  }
}

static uint64_t fnv(const void *p, size_t n, uint64_t h = 1469598103934665603ull) {
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

// One launch over `elems` elements of input (small random integers) in a
// buffer with `shift` more; mode 0 writes a second buffer, mode 1 the
// input itself, mode 2 the input `shift` elements on. Prints the hash of
// both buffers.
template <typename Launch>
static void run(const char *name, const char *what, int size, int grid, int mode, size_t elems,
                size_t shift, unsigned seed, Launch launch) {
  size_t total = elems + shift + TILE;
  float *h = (float *)malloc(total * sizeof *h);
  srand(seed * 977 + size * 31 + grid * 7 + mode);
  for (size_t i = 0; i < total; ++i) h[i] = (float)(rand() % 64);
  float *in, *out;
  cudaMalloc(&in, total * sizeof *h);
  cudaMalloc(&out, total * sizeof *h);
  cudaMemcpy(in, h, total * sizeof *h, cudaMemcpyHostToDevice);
  cudaMemset(out, 0, total * sizeof *h);
  launch(in, mode == 0 ? out : mode == 1 ? in : in + shift);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, in, total * sizeof *h, cudaMemcpyDeviceToHost);
  uint64_t hash = fnv(h, total * sizeof *h);
  cudaMemcpy(h, out, total * sizeof *h, cudaMemcpyDeviceToHost);
  hash = fnv(h, total * sizeof *h, hash);
  printf("%s %s=%d grid=%d mode=%d err=%d hash=%016llx\n", name, what, size, grid, mode, (int)e,
         (unsigned long long)hash);
  cudaFree(in);
  cudaFree(out);
  free(h);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int mode = 0; mode < 3; ++mode) {
    for (int ntiles = 0; ntiles <= 9; ++ntiles)
      for (int g : {1, 3, 4}) {
        size_t elems = (size_t)ntiles * TILE, shift = (size_t)g * TILE;
        run("scaleTiles", "ntiles", ntiles, g, mode, elems, shift, seed,
            [&](const float *in, float *out) { scaleTiles<<<g, TILE>>>(ntiles, in, out); });
        run("sumTiles2D", "ntiles", ntiles, g, mode, elems, 2 * shift, seed,
            [&](const float *in, float *out) {
              sumTiles2D<<<dim3(g, 2), TILE>>>(ntiles, in, out);
            });
        for (int k : {1, 2})
          run(k == 1 ? "strideTiles1" : "strideTiles2", "ntiles", ntiles, g, mode, elems,
              k * shift, seed, [&](const float *in, float *out) {
                strideTiles<<<g, TILE>>>(ntiles, k * g, in, out);
              });
      }
    for (unsigned n : {0u, 1u, 255u, 256u, 257u, 1000u, 2573u})
      for (int g : {1, 2, 5})
        run("smoothRows", "n", (int)n, g, mode, n, (size_t)g * TILE, seed,
            [&](const float *in, float *out) { smoothRows<<<g, TILE>>>(n, in, out); });
  }
  return 0;
}
