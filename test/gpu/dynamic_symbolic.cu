// On a machine with a GPU: rings in dynamic shared memory whose footprint
// the kernel's arguments set (docs/design.md, "Rings in dynamic shared
// memory"). Three kernels over an `extern __shared__` tile sized at launch
// -- d rows of 128 floats copied by a loop bounded by d, n floats copied by
// a block-stride loop and read back reversed, and a persistent row stencil
// (grid-stride over rows, each row of n floats staged whole, its
// neighbours read under bounds tests) -- each launched with the bytes the
// kernel itself needs (the loop as written runs) and with three slots of
// them plus 128 bytes each (what include/libpipeline.h's query asks for:
// the ring runs), at row counts, lengths and block sizes that leave
// partial blocks, empty loops and single elements. The plugin build
// (profitability=off) prints the plain build's hashes at every launch, on
// fresh random data; the query gives the ring's bytes in the plugin build,
// the kernel's own without it.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 5 > %t.plain.txt 2> %t.plain.query.txt
// RUN: %t.plugin 5 > %t.plugin.txt 2> %t.plugin.query.txt
// RUN: FileCheck %s --check-prefix=QUERY-PLAIN < %t.plain.query.txt
// RUN: FileCheck %s --check-prefix=QUERY < %t.plugin.query.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'rowTiles
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 's' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'blockStride
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'row' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'rowStencil
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'blockRows
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'buf' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'sizeRead
// QUERY-PLAIN: query rows=2048 stride=4000 stencil=1200
// QUERY: query rows=6528 stride=12672 stencil=4224
// CHECK: rows d=17 ntiles=6 launch=26496 err=0
// CHECK: stride n=2049 threads=96 launch=25344 err=0
// CHECK: stencil n=1024 rows=40 launch=12672 err=0
// CHECK: blockrows d=11 threads=256 launch=34176 err=0
// CHECK: sizeread m=9 threads=128 launch=14208 err=0
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <libpipeline.h>

__global__ void __launch_bounds__(128)
    rowTiles(const float *__restrict__ a, float *__restrict__ out, int ntiles, int d) {
  extern __shared__ float rows[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < d; ++j)
      rows[j * 128 + threadIdx.x] = a[((size_t)blockIdx.x * ntiles + t) * d * 128 + j * 128 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc = acc * 0.75f + rows[j * 128 + (127 - threadIdx.x)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void blockStride(const float *__restrict__ a, float *__restrict__ out, int ntiles,
                            int n) {
  extern __shared__ float s[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      s[i] = a[((size_t)blockIdx.x * ntiles + t) * n + i];
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      acc = acc * 0.5f + s[n - 1 - i];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void rowStencil(const float *__restrict__ x, const float *__restrict__ w,
                           float *__restrict__ y, int rows, int n) {
  extern __shared__ float row[];
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      row[i] = x[(size_t)r * n + i];
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x) {
      float s = row[i] * w[i];
      if (i > 0)
        s += row[i - 1];
      if (i + 1 < n)
        s += row[i + 1];
      y[(size_t)r * n + i] = s;
    }
    __syncthreads();
  }
}

// d rows of blockDim.x floats, the row loop kept rolled, read swizzled.
__global__ void __launch_bounds__(256)
    blockRows(const float *__restrict__ a, float *__restrict__ out, int ntiles, int d) {
  extern __shared__ float rows[];
  float acc = 0.f;
  const int bd = blockDim.x;
  for (int t = 0; t < ntiles; ++t) {
#pragma unroll 1
    for (int j = 0; j < d; ++j)
      rows[j * bd + threadIdx.x] = a[(((size_t)blockIdx.x * ntiles + t) * d + j) * bd + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc = acc * 0.5f + rows[j * bd + (threadIdx.x ^ 1)];
    __syncthreads();
  }
  out[blockIdx.x * bd + threadIdx.x] = acc;
}

// n floats counted in size_t, read back as m rows of blockDim.x.
__global__ void __launch_bounds__(128) sizeRead(const float *__restrict__ a,
                                                float *__restrict__ out, size_t ntiles, size_t n,
                                                int m) {
  extern __shared__ float buf[];
  float acc = 0.f;
  for (size_t t = 0; t < ntiles; ++t) {
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
      buf[i] = a[(blockIdx.x * ntiles + t) * n + i];
    __syncthreads();
    for (int k = 0; k < m; ++k)
      acc = acc * 0.5f + buf[k * blockDim.x + threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

/* Three slots of the kernel's own bytes, each rounded up to 128 and one
 * 128 more: what the query answers in the plugin build. */
static int ring_launch(int own) { return 3 * ((own + 127) / 128 * 128 + 128); }

static float *fresh(size_t n, unsigned seed) {
  float *h = (float *)malloc(n * 4 + 4), *d;
  srand(seed);
  for (size_t i = 0; i < n; ++i)
    h[i] = (float)(rand() % 2001 - 1000) / 64.0f;
  cudaMalloc(&d, n * 4 + 4);
  cudaMemcpy(d, h, n * 4 + 4, cudaMemcpyHostToDevice);
  free(h);
  return d;
}

static void report(const char *what, float *d, size_t n, cudaError_t err) {
  float *h = (float *)malloc(n * 4);
  cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost);
  printf("%s err=%d hash=%016llx\n", what, (int)err, (unsigned long long)fnv(h, n * 4));
  free(h);
}

static void run_rows(unsigned seed) {
  const int blocks = 30;
  for (int d : {0, 1, 2, 3, 8, 9, 17})
    for (int ntiles : {0, 1, 3, 6}) {
      const int own = d * 128 * 4;
      for (int launch : {own, ring_launch(own)}) {
        float *a = fresh((size_t)blocks * ntiles * d * 128, seed + d * 31 + ntiles), *o;
        cudaMalloc(&o, blocks * 128 * 4);
        cudaMemset(o, 0xff, blocks * 128 * 4);
        rowTiles<<<blocks, 128, launch>>>(a, o, ntiles, d);
        cudaError_t err = cudaDeviceSynchronize();
        char what[96];
        snprintf(what, sizeof what, "rows d=%d ntiles=%d launch=%d", d, ntiles, launch);
        report(what, o, blocks * 128, err);
        cudaFree(a);
        cudaFree(o);
      }
    }
}

static void run_stride(unsigned seed) {
  const int blocks = 24, ntiles = 5;
  for (int threads : {256, 96})
    for (int n : {1, 37, 256, 1000, 2049}) {
      const int own = n * 4;
      for (int launch : {own, ring_launch(own)}) {
        float *a = fresh((size_t)blocks * ntiles * n, seed + n + threads), *o;
        cudaMalloc(&o, blocks * threads * 4);
        cudaMemset(o, 0xff, blocks * threads * 4);
        blockStride<<<blocks, threads, launch>>>(a, o, ntiles, n);
        cudaError_t err = cudaDeviceSynchronize();
        char what[96];
        snprintf(what, sizeof what, "stride n=%d threads=%d launch=%d", n, threads, launch);
        report(what, o, blocks * threads, err);
        cudaFree(a);
        cudaFree(o);
      }
    }
}

static void run_stencil(unsigned seed) {
  for (int rows : {1, 5, 40})
    for (int n : {1, 2, 300, 1024}) {
      const int own = n * 4;
      for (int launch : {own, ring_launch(own)}) {
        float *x = fresh((size_t)rows * n, seed + rows * 7 + n), *w = fresh(n, seed + n), *y;
        cudaMalloc(&y, (size_t)rows * n * 4);
        cudaMemset(y, 0xff, (size_t)rows * n * 4);
        rowStencil<<<8, 128, launch>>>(x, w, y, rows, n);
        cudaError_t err = cudaDeviceSynchronize();
        char what[96];
        snprintf(what, sizeof what, "stencil n=%d rows=%d launch=%d", n, rows, launch);
        report(what, y, (size_t)rows * n, err);
        cudaFree(x);
        cudaFree(w);
        cudaFree(y);
      }
    }
}

static void run_block_rows(unsigned seed) {
  const int blocks = 20, ntiles = 4;
  for (int threads : {64, 256})
    for (int d : {1, 3, 8, 11}) {
      const int own = d * threads * 4;
      for (int launch : {own, ring_launch(own)}) {
        float *a = fresh((size_t)blocks * ntiles * d * threads, seed + d + threads), *o;
        cudaMalloc(&o, blocks * threads * 4);
        cudaMemset(o, 0xff, blocks * threads * 4);
        blockRows<<<blocks, threads, launch>>>(a, o, ntiles, d);
        cudaError_t err = cudaDeviceSynchronize();
        char what[96];
        snprintf(what, sizeof what, "blockrows d=%d threads=%d launch=%d", d, threads, launch);
        report(what, o, blocks * threads, err);
        cudaFree(a);
        cudaFree(o);
      }
    }
}

static void run_size_read(unsigned seed) {
  const int blocks = 20, ntiles = 3;
  for (int threads : {32, 128})
    for (int m : {1, 4, 9}) {
      const size_t n = (size_t)m * threads;
      const int own = (int)n * 4;
      for (int launch : {own, ring_launch(own)}) {
        float *a = fresh((size_t)blocks * ntiles * n, seed + m * 3 + threads), *o;
        cudaMalloc(&o, blocks * threads * 4);
        cudaMemset(o, 0xff, blocks * threads * 4);
        sizeRead<<<blocks, threads, launch>>>(a, o, ntiles, n, m);
        cudaError_t err = cudaDeviceSynchronize();
        char what[96];
        snprintf(what, sizeof what, "sizeread m=%d threads=%d launch=%d", m, threads, launch);
        report(what, o, blocks * threads, err);
        cudaFree(a);
        cudaFree(o);
      }
    }
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? (unsigned)atoi(argv[1]) : 1;
  fprintf(stderr, "query rows=%zu stride=%zu stencil=%zu\n", pl_dynamic_smem_bytes<rowTiles>(2048),
          pl_dynamic_smem_bytes<blockStride>(4000), pl_dynamic_smem_bytes<rowStencil>(1200));
  run_rows(seed);
  run_stride(seed);
  run_stencil(seed);
  run_block_rows(seed);
  run_size_read(seed);
  return 0;
}
