// On a machine with a GPU: tiles in dynamic shared memory that the kernel
// also reads after the loop, whose rings end on slot 0, where the buffer
// starts (docs/design.md, "The last tile in slot 0"): a block reduction
// through the same buffer after a loop over column tiles, a carry from the
// last tile through the CUDA Samples' SharedMemory<T> helper, d rows copied
// by a loop bounded by an argument and reduced after the loop (a footprint
// only the launch's values bound), a row epilogue that reads each row's last
// tile before the next row runs the loop again, and a sync-first loop; and
// the realistic kernels of test/realworld/dynamic_reuse.cu (a lag-1
// autocorrelation reduced through its buffer, a blocked difference whose
// last element is carried, a row total added with shared atomics). Each
// is launched with the bytes the kernel itself needs (the loop as written
// runs) and with S slots of them plus 128 bytes each for S = 3 and 8 (the
// ring runs where its S fits), for 0 to 9 trips (fewer than S included,
// where the prologue fills slot 0). The outputs of the plugin builds (the
// default stages, 2 and 8, and the register lowering's two slots;
// profitability=off) must be the plain build's,
// bit for bit, on fresh random data.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers %s -o %t.regs -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 9 > %t.plain.txt
// RUN: %t.plugin 9 > %t.plugin.txt
// RUN: %t.s2 9 > %t.s2.txt
// RUN: %t.s8 9 > %t.s8.txt
// RUN: %t.regs 9 > %t.regs.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: diff %t.plain.txt %t.regs.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'r' (dynamic shared memory{{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'void rowSums<256>(
// REMARK-DAG: remark: pipelined loop with 3 stages: tile '__smem' (dynamic shared memory{{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'carryTail(
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'rowsThenMax(
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'e' (dynamic shared memory{{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'rowsEpilogue(
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'q' (dynamic shared memory{{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'syncFirstLast(
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'buf' (dynamic shared memory{{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'void rowAutocorr<256>(
// REMARK-DAG: remark: pipelined loop with 3 stages: tile '__smem' (dynamic shared memory{{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'void blockedDiff<int, 128>(
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'cbuf' (dynamic shared memory{{.*}}the last iteration fills slot 0 of the ring{{.*}}kernel 'void rowTotals<128>(
// CHECK: sums ntiles=9 launch=9216 err=0
// CHECK: carry ntiles=9 launch=9216 err=0
// CHECK: rows d=5 ntiles=9 launch=21504 err=0
// CHECK: epilogue ntiles=9 launch=3072 err=0
// CHECK: syncfirst ntiles=9 launch=5120 err=0
// CHECK: autocorr cols=2305 launch=9216 err=0
// CHECK: diff ntiles=9 launch=5120 err=0
// CHECK: totals cols=2305 launch=5120 err=0
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "../realworld/Inputs/dynamic_reuse.cuh"
#include "Inputs/harness.cuh"

// Column tiles summed per thread, then reduced across the block through
// the buffer the tiles used.
template <int T>
__global__ void __launch_bounds__(T)
    rowSums(int cols, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float r[];
  float s = 0.f;
  for (int c0 = 0; c0 < cols; c0 += T) {
    r[threadIdx.x] = x[(size_t)blockIdx.x * cols + c0 + threadIdx.x];
    __syncthreads();
    s = s * 0.5f + r[(threadIdx.x * 5 + 1) % T];
    __syncthreads();
  }
  r[threadIdx.x] = s;
  __syncthreads();
  for (int w = T / 2; w > 0; w /= 2) {
    if (threadIdx.x < w)
      r[threadIdx.x] += r[threadIdx.x + w];
    __syncthreads();
  }
  if (threadIdx.x == 0)
    y[blockIdx.x] = r[0];
}
template __global__ void rowSums<256>(int, const float *, float *);

// A carry: the last tile read once more after the loop.
__global__ void __launch_bounds__(128) carryTail(int ntiles, const float2 *__restrict__ in,
                                                 float *__restrict__ out) {
  float2 *s = SharedMemory<float2>();
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    s[threadIdx.x] = in[((size_t)blockIdx.x * ntiles + t) * 128 + threadIdx.x];
    __syncthreads();
    float2 v = s[127 - threadIdx.x];
    acc = acc * 0.75f + v.x - v.y;
    __syncthreads();
  }
  if (ntiles > 0)
    acc += s[(threadIdx.x + 3) % 128].y;
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// d rows of 128 floats per tile, the largest of the last tile's column
// taken after the loop.
__global__ void __launch_bounds__(128)
    rowsThenMax(const float *__restrict__ a, float *__restrict__ out, int ntiles, int d) {
  extern __shared__ float rows[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < d; ++j)
      rows[j * 128 + threadIdx.x] = a[(((size_t)blockIdx.x * ntiles + t) * d + j) * 128 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc = acc * 0.5f + rows[j * 128 + (threadIdx.x ^ 3)];
    __syncthreads();
  }
  float m = -1e30f;
  if (ntiles > 0)
    for (int j = 0; j < d; ++j)
      m = fmaxf(m, rows[j * 128 + (127 - threadIdx.x)]);
  out[blockIdx.x * 128 + threadIdx.x] = acc + m;
}

// Rows of tiles: each row's epilogue reads the row's last tile, then the
// next row runs the loop again.
__global__ void __launch_bounds__(64) rowsEpilogue(int rows, int ntiles,
                                                   const float *__restrict__ in,
                                                   float *__restrict__ out) {
  extern __shared__ float e[];
  for (int r = 0; r < rows; ++r) {
    float acc = 0.f;
    for (int t = 0; t < ntiles; ++t) {
      e[threadIdx.x] = in[(((size_t)blockIdx.x * rows + r) * ntiles + t) * 64 + threadIdx.x];
      __syncthreads();
      acc = acc * 0.5f + e[63 - threadIdx.x];
      __syncthreads();
    }
    if (ntiles > 0)
      acc -= e[(threadIdx.x + 1) % 64];
    __syncthreads();
    out[((size_t)blockIdx.x * rows + r) * 64 + threadIdx.x] = acc;
  }
}

// A sync-first loop whose last tile is read after it.
__global__ void __launch_bounds__(128) syncFirstLast(int ntiles, const float *__restrict__ in,
                                                     float *__restrict__ out) {
  extern __shared__ float q[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    __syncthreads();
    q[threadIdx.x] = in[((size_t)blockIdx.x * ntiles + t) * 128 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.5f + q[(threadIdx.x * 3) % 128];
  }
  if (ntiles > 0)
    acc += q[127 - threadIdx.x];
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

/* The kernel's own bytes, and S slots of them, each rounded up to 128 and
 * one 128 more (what include/libpipeline.h's query asks for), S = 3 and 8. */
static int launches(int own, int *out) {
  out[0] = own;
  out[1] = 3 * ((own + 127) / 128 * 128 + 128);
  out[2] = 8 * ((own + 127) / 128 * 128 + 128);
  return 3;
}

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

/* n ints in [-1000, 1000] from `seed`: their differences do not overflow. */
static int *fresh_ints(size_t n, unsigned seed) {
  int *h = (int *)malloc(n * 4 + 4), *d;
  srand(seed);
  for (size_t i = 0; i < n; ++i)
    h[i] = rand() % 2001 - 1000;
  cudaMalloc(&d, n * 4 + 4);
  cudaMemcpy(d, h, n * 4 + 4, cudaMemcpyHostToDevice);
  free(h);
  return d;
}

static float *output(size_t n) {
  float *o;
  cudaMalloc(&o, n * 4);
  cudaMemset(o, 0xff, n * 4);
  return o;
}

static void report(const char *what, float *d, size_t n, cudaError_t err) {
  float *h = (float *)malloc(n * 4);
  cudaMemcpy(h, d, n * 4, cudaMemcpyDeviceToHost);
  printf("%s err=%d hash=%016llx\n", what, (int)err, (unsigned long long)fnv(h, n * 4));
  free(h);
}

int main(int argc, char **argv) {
  const int maxt = argc > 1 ? atoi(argv[1]) : 9;
  const int blocks = 26;
  int l[3];
  char what[96];
  for (int nt = 0; nt <= maxt; ++nt)
    for (int i = 0, n = launches(256 * 4, l); i < n; ++i) {
      float *x = fresh((size_t)blocks * nt * 256, 11 + nt), *o = output(blocks);
      rowSums<256><<<blocks, 256, l[i]>>>(nt * 256, x, o);
      cudaError_t err = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "sums ntiles=%d launch=%d", nt, l[i]);
      report(what, o, blocks, err);
      cudaFree(x);
      cudaFree(o);
    }
  for (int nt = 0; nt <= maxt; ++nt)
    for (int i = 0, n = launches(128 * 8, l); i < n; ++i) {
      float *x = fresh((size_t)blocks * nt * 256, 23 + nt), *o = output(blocks * 128);
      carryTail<<<blocks, 128, l[i]>>>(nt, (const float2 *)x, o);
      cudaError_t err = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "carry ntiles=%d launch=%d", nt, l[i]);
      report(what, o, blocks * 128, err);
      cudaFree(x);
      cudaFree(o);
    }
  for (int d : {1, 5})
    for (int nt = 0; nt <= maxt; ++nt)
      for (int i = 0, n = launches(d * 128 * 4, l); i < n; ++i) {
        float *a = fresh((size_t)blocks * nt * d * 128, 37 + nt * 3 + d), *o = output(blocks * 128);
        rowsThenMax<<<blocks, 128, l[i]>>>(a, o, nt, d);
        cudaError_t err = cudaDeviceSynchronize();
        snprintf(what, sizeof what, "rows d=%d ntiles=%d launch=%d", d, nt, l[i]);
        report(what, o, blocks * 128, err);
        cudaFree(a);
        cudaFree(o);
      }
  const int rows = 3;
  for (int nt = 0; nt <= maxt; ++nt)
    for (int i = 0, n = launches(64 * 4, l); i < n; ++i) {
      float *x = fresh((size_t)blocks * rows * nt * 64, 53 + nt), *o = output(blocks * rows * 64);
      rowsEpilogue<<<blocks, 64, l[i]>>>(rows, nt, x, o);
      cudaError_t err = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "epilogue ntiles=%d launch=%d", nt, l[i]);
      report(what, o, blocks * rows * 64, err);
      cudaFree(x);
      cudaFree(o);
    }
  for (int nt = 0; nt <= maxt; ++nt)
    for (int i = 0, n = launches(128 * 4, l); i < n; ++i) {
      float *x = fresh((size_t)blocks * nt * 128, 71 + nt), *o = output(blocks * 128);
      syncFirstLast<<<blocks, 128, l[i]>>>(nt, x, o);
      cudaError_t err = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "syncfirst ntiles=%d launch=%d", nt, l[i]);
      report(what, o, blocks * 128, err);
      cudaFree(x);
      cudaFree(o);
    }
  for (int cols : {1, 255, 256, 257, 700, 1024, 2305})
    for (int i = 0, n = launches(256 * 4, l); i < n; ++i) {
      float *x = fresh((size_t)blocks * cols, 83 + cols), *o = output(blocks);
      rowAutocorr<256><<<blocks, 256, l[i]>>>(x, o, cols);
      cudaError_t err = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "autocorr cols=%d launch=%d", cols, l[i]);
      report(what, o, blocks, err);
      cudaFree(x);
      cudaFree(o);
    }
  for (int nt = 0; nt <= maxt; ++nt)
    for (int i = 0, n = launches(128 * 4, l); i < n; ++i) {
      const int len = nt * 128;
      int *x = fresh_ints((size_t)blocks * len, 97 + nt);
      float *o = output((size_t)blocks * len + 1), *tails = output(blocks);
      blockedDiff<int, 128><<<blocks, 128, l[i]>>>(x, (int *)o, (int *)tails, len);
      cudaError_t err = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "diff ntiles=%d launch=%d", nt, l[i]);
      report(what, o, (size_t)blocks * len, err);
      snprintf(what, sizeof what, "diff tails ntiles=%d launch=%d", nt, l[i]);
      report(what, tails, blocks, err);
      cudaFree(x);
      cudaFree(o);
      cudaFree(tails);
    }
  for (int cols : {1, 127, 128, 129, 500, 1024, 2305})
    for (int i = 0, n = launches(128 * 4, l); i < n; ++i) {
      float *x = fresh((size_t)blocks * cols, 101 + cols), *o = output(blocks);
      rowTotals<128><<<blocks, 128, l[i]>>>((const unsigned *)x, (unsigned *)o, cols);
      cudaError_t err = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "totals cols=%d launch=%d", cols, l[i]);
      report(what, o, blocks, err);
      cudaFree(x);
      cudaFree(o);
    }
  return 0;
}
