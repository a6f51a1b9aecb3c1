// On a machine with a GPU: runtime alias checks whose ranges come from
// interval arithmetic (test/realworld/alias_interval_bounds.cu's shapes: a
// clamp-to-edge row, a copy loop with a runtime trip count, an int index
// extended after the counter stepped, a store in a runtime-unrolled inner
// loop) and checked per iteration (a tile written back where it was read,
// or into the next tile's place, through the pointer the loop copies from).
// Each kernel runs with its output apart from its input, and on its
// input (the same buffer, or shifted by one tile so that an iteration
// writes what a later one copies; one block where other blocks would race).
// The plugin build (profitability=off, every loop pipelined behind its
// check) must print the plain build's hashes at every size.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.plugin 5 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'clampRows
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'rowsLoop1
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'strided
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'fanOut
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'scaleInPlace
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'scaleAhead
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'writeThenCopy
// REMARK-DAG: remark: pipelined loop {{.*}}with a runtime alias check{{.*}}[sm_90, kernel 'syncFirstWrite
// CHECK: syncFirstWrite n=9 mode=0 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) clampRows(int H, int W, const float *in, float *out) {
  __shared__ float tile[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  float acc = 0.0f;
  for (int y0 = 0; y0 < H; y0 += 8) {
    tile[ty][tx] = in[min(y0 + ty, H - 1) * W + col];
    __syncthreads();
    acc = acc * 0.75f + tile[7 - ty][tx];
    out[(y0 + ty) * W + col] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) rowsLoop1(int ntiles, int d, int ld, const float *in,
                                                 float *out) {
  __shared__ float tile[64][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
#pragma unroll 1
    for (int j = 0; j < d; ++j)
      tile[ty + 8 * j][tx] = in[(t * 64 + ty + 8 * j) * ld + tx];
    __syncthreads();
    acc = acc * 0.75f + tile[(8 * d - 1 - ty) % 64][tx];
    out[t * 256 + ty * 32 + tx] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) strided(int K, const float *in, float *out) {
  __shared__ float tile[256];
  const int x = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < K; k += 256) {
    tile[x] = in[blockIdx.x * K + k + x];
    __syncthreads();
    acc = acc * 0.75f + tile[255 - x];
    out[blockIdx.x * K + k + x] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(128) fanOut(int ntiles, int copies, const float *in, float *out) {
  __shared__ float tile[128];
  const int x = threadIdx.x;
  for (int t = 0; t < ntiles; ++t) {
    tile[x] = in[t * 128 + x];
    __syncthreads();
    for (int c = 0; c < copies; ++c)
      out[(t * copies + c) * 128 + x] = tile[127 - x] * (float)(c + 1);
    __syncthreads();
  }
}

// Each tile written back where it was read (mode 0), or into the next
// tile's place, which the next iteration copies (mode 1).
__global__ void __launch_bounds__(256) scaleInPlace(int ntiles, float *a) {
  __shared__ float t[256];
  for (int i = 0; i < ntiles; ++i) {
    t[threadIdx.x] = a[i * 256 + threadIdx.x];
    __syncthreads();
    a[i * 256 + threadIdx.x] = t[255 - threadIdx.x] * 0.5f + 1.0f;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) scaleAhead(int ntiles, float *a) {
  __shared__ float t[256];
  for (int i = 0; i < ntiles; ++i) {
    t[threadIdx.x] = a[i * 256 + threadIdx.x];
    __syncthreads();
    a[(i + 1) * 256 + threadIdx.x] += t[255 - threadIdx.x] * 0.5f;
    __syncthreads();
  }
}

// A write that precedes the copy of its own iteration: in the copy stage
// (through b, launched as a and apart), or before a sync-first loop's top
// barrier, into what another thread copies next.
__global__ void __launch_bounds__(256) writeThenCopy(int n, float *a, float *b, float *out) {
  __shared__ float t[256];
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    b[i * 256 + threadIdx.x] = acc + 0.5f;
    t[threadIdx.x] = a[i * 256 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.75f + t[255 - threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256) syncFirstWrite(int n, float *a, float *out) {
  __shared__ float t[256];
  float acc = 0;
  for (int i = 0; i < n; ++i) {
    a[i * 256 + (threadIdx.x ^ 1)] = acc + 1.0f;
    __syncthreads();
    t[threadIdx.x] = a[i * 256 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.75f + t[255 - threadIdx.x];
  }
  out[threadIdx.x] = acc;
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

// mode 0: out apart from in; 1: out == in; 2: out = in + one tile (one block)
static void run(const char *name, int n, int mode, unsigned seed, size_t elems, int tile,
                void (*launch)(int n, int mode, const float *in, float *out)) {
  size_t bytes = (elems + tile) * sizeof(float);
  float *h = (float *)malloc(2 * bytes), *d;
  srand(seed * 131 + n * 7 + mode);
  for (size_t i = 0; i < 2 * bytes / sizeof(float); ++i) h[i] = (float)(rand() % 1000) / 97.0f;
  cudaMalloc(&d, 2 * bytes);
  cudaMemcpy(d, h, 2 * bytes, cudaMemcpyHostToDevice);
  float *out = mode == 0 ? d + bytes / sizeof(float) : mode == 1 ? d : d + tile;
  launch(n, mode, d, out);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(h, d, 2 * bytes, cudaMemcpyDeviceToHost);
  printf("%s n=%d mode=%d err=%d hash=%016llx\n", name, n, mode, (int)e,
         (unsigned long long)fnv(h, 2 * bytes));
  cudaFree(d);
  free(h);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int n : {0, 1, 2, 3, 5, 9}) {
    run("scaleInPlace", n, 0, seed, (size_t)256 * (n + 1), 256,
        [](int n, int, const float *in, float *) { scaleInPlace<<<1, 256>>>(n, (float *)in); });
    run("scaleAhead", n, 0, seed, (size_t)256 * (n + 2), 256,
        [](int n, int, const float *in, float *) { scaleAhead<<<1, 256>>>(n, (float *)in); });
    for (int mode = 0; mode < 2; ++mode)
      run("writeThenCopy", n, mode, seed, (size_t)256 * (n + 2), 256,
          [](int n, int mode, const float *in, float *out) {
            writeThenCopy<<<1, 256>>>(n, (float *)in, mode ? (float *)in : out,
                                      out + 256 * (n + 1));
          });
    run("syncFirstWrite", n, 0, seed, (size_t)256 * (n + 2), 256,
        [](int n, int, const float *in, float *) {
          syncFirstWrite<<<1, 256>>>(n, (float *)in, (float *)in + 256 * (n + 1));
        });
    for (int mode = 0; mode < 3; ++mode) {
      // clampRows: H = 8n - 3 rows (a clamped last tile), 4 column blocks
      run("clampRows", n, mode, seed, (size_t)(8 * n + 8) * 128, 8 * 128,
          [](int n, int mode, const float *in, float *out) {
            int H = n ? 8 * n - 3 : 0;
            clampRows<<<mode == 2 ? 1 : 4, dim3(32, 8)>>>(H, 128, in, out);
          });
      run("rowsLoop1", n, mode, seed, (size_t)(n + 1) * 64 * 40, 256,
          [](int n, int mode, const float *in, float *out) {
            rowsLoop1<<<1, dim3(32, 8)>>>(n, 1 + n % 8, 40, in, out);
          });
      run("strided", n, mode, seed, (size_t)8 * 256 * (n + 1), 256,
          [](int n, int mode, const float *in, float *out) {
            strided<<<mode == 2 ? 1 : 8, 256>>>(256 * n, in, out);
          });
      run("fanOut", n, mode, seed, (size_t)128 * (3 * n + 4), 128,
          [](int n, int mode, const float *in, float *out) {
            fanOut<<<1, 128>>>(n, 3, in, out);
          });
    }
  }
  return 0;
}
