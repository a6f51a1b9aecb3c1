// On a machine with a GPU: tiles read outside their loops, whose rings end
// on slot 0, the tile's own place (docs/design.md, "The last tile in slot
// 0"): a carry read from the last tile, a remainder loop over it, a copy
// loop with a zero-filled edge, a tile loop in a loop over rows whose
// epilogue reads the last tile before the next row runs the loop again,
// two tiles initialized before a loop that may not run, a counter counting
// down, and a `<=` bound from a start that is not 0; and, as a near
// miss kept in place, a copy whose predicate a loop over rows changes. The
// outputs must be the plain build's, bit for bit, for 0 to 17 trips (fewer
// than S included, where the prologue fills slot 0), at the default
// stages, 2 and 8, and with the register lowering.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers %s -o %t.regs -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 17 > %t.plain.txt
// RUN: %t.plugin 17 > %t.plugin.txt
// RUN: %t.s2 17 > %t.s2.txt
// RUN: %t.s8 17 > %t.s8.txt
// RUN: %t.regs 17 > %t.regs.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: diff %t.plain.txt %t.regs.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}the last iteration fills slot 0 of the ring{{.*}} [sm_90, kernel 'void carry<128>(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}the last iteration fills slot 0 of the ring{{.*}} [sm_90, kernel 'remainder(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}the last iteration fills slot 0 of the ring{{.*}} [sm_90, kernel 'copyLoopEdge(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}the last iteration fills slot 0 of the ring{{.*}}a barrier before the prologue{{.*}} [sm_90, kernel 'rowsEpilogue(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}the last iteration fills slot 0 of each ring, the bytes of tiles 'ta' and 'tb'{{.*}} [sm_90, kernel 'initialized(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}the last iteration fills slot 0 of the ring{{.*}} [sm_90, kernel 'countDown(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}the last iteration fills slot 0 of the ring{{.*}} [sm_90, kernel 'lessEqual(
// REMARK-DAG: remark: pipelined loop in place {{.*}}may change from one run of the loop to the next{{.*}} [sm_90, kernel 'rowWidths(
// CHECK: carry ntiles=17 err=0 hash=
// CHECK: remainder ntiles=17 err=0 hash=
// CHECK: copyLoopEdge ntiles=17 err=0 hash=
// CHECK: rowsEpilogue ntiles=17 err=0 hash=
// CHECK: initialized ntiles=17 err=0 hash=
// CHECK: countDown ntiles=17 err=0 hash=
// CHECK: lessEqual ntiles=17 err=0 hash=
// CHECK: rowWidths ntiles=17 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#include "Inputs/harness.cuh"

// A running sum over tiles of T floats; after the loop each thread adds
// its neighbour's element of the last tile (a carry for the next block).
template <int T>
__global__ void __launch_bounds__(T) carry(int ntiles, const float *__restrict__ in,
                                           float *__restrict__ out) {
  __shared__ float tile[T];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
    tile[tid] = in[(size_t)blockIdx.x * ntiles * T + t * T + tid];
    __syncthreads();
    acc += tile[(tid * 5) % T] * (float)(t % 3 + 1);
    __syncthreads();
  }
  out[blockIdx.x * T + tid] = acc + tile[(tid + 1) % T];
}

// A counter that steps by the tile (k += 256 while k < n), then a loop
// over the last tile again, `extra` times, without a copy.
__global__ void __launch_bounds__(256) remainder(int n, int extra, const float *__restrict__ in,
                                                 float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; k += 256) {
    tile[tid] = in[(size_t)blockIdx.x * n + k + tid];
    __syncthreads();
    acc += tile[255 - tid] - tile[(tid + 7) & 255];
    __syncthreads();
  }
  __syncthreads();
  for (int e = 0; e < extra; ++e)
    acc += tile[(tid + 3 * e) & 255];
  out[blockIdx.x * 256 + tid] = acc;
}

// A copy loop over a tile of 64 x 16 floats, zero past the end of the
// input (its last tile is partial); after the loop each thread reads a row
// of the last tile.
__global__ void __launch_bounds__(128) copyLoopEdge(int len, const float *__restrict__ in,
                                                    float *__restrict__ out) {
  __shared__ float tile[64 * 16];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int base = 0; base < len; base += 64 * 16) {
    for (int i = tid; i < 64 * 16; i += blockDim.x)
      tile[i] = base + i < len ? in[(size_t)blockIdx.x * len + base + i] : 0.0f;
    __syncthreads();
    for (int j = 0; j < 16; ++j)
      acc += tile[(tid % 64) * 16 + j];
    __syncthreads();
  }
  float last = 0.0f;
  for (int j = 0; j < 16; ++j)
    last += tile[(tid % 64) * 16 + j] * (float)(j + 1);
  out[blockIdx.x * 128 + tid] = acc - last;
}

// Rows of tiles: each block walks rows, runs the tile loop over a row,
// then reads the row's last tile in the epilogue; the next row runs the
// tile loop again.
__global__ void __launch_bounds__(64) rowsEpilogue(int rows, int ntiles,
                                                   const float *__restrict__ in,
                                                   float *__restrict__ out) {
  __shared__ float tile[64];
  const int tid = threadIdx.x;
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
      tile[tid] = in[((size_t)r * ntiles + t) * 64 + tid];
      __syncthreads();
      acc += tile[63 - tid];
      __syncthreads();
    }
    out[(size_t)r * 64 + tid] = acc * 2.0f + tile[(tid + 9) & 63];
  }
}

// Two tiles initialized before the loop, which may run no iteration; the
// code after it reads both.
__global__ void __launch_bounds__(128) initialized(int ntiles, const float *__restrict__ a,
                                                   const float *__restrict__ b,
                                                   float *__restrict__ out) {
  __shared__ float ta[128];
  __shared__ float tb[128];
  const int tid = threadIdx.x;
  ta[tid] = 1.0f;
  tb[tid] = 2.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
    ta[tid] = a[(size_t)blockIdx.x * ntiles * 128 + t * 128 + tid];
    tb[tid] = b[t * 128 + tid];
    __syncthreads();
    acc += ta[(tid + 1) & 127] * tb[(tid + 2) & 127];
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc + ta[127 - tid] - tb[(tid * 3) & 127];
}

// A counter that counts down by the tile (k -= 64 while k > 0), the
// tiles read from the end: the latch compare's count, downwards.
__global__ void __launch_bounds__(64) countDown(int n, const float *__restrict__ in,
                                                float *__restrict__ out) {
  __shared__ float tile[64];
  const int tid = threadIdx.x;
  const float *p = in + (size_t)blockIdx.x * (n + 64);
  float acc = 0.0f;
  for (int k = n; k > 0; k -= 64) {
    tile[tid] = p[k - 64 + tid + 64];
    __syncthreads();
    acc += tile[63 - tid] * 0.5f;
    __syncthreads();
  }
  out[blockIdx.x * 64 + tid] = acc + tile[(tid + 5) & 63];
}

// `<=` a bound, from a start that is not 0, by a step that does not divide
// the span (k = off + 3; k <= n; k += 100).
__global__ void __launch_bounds__(128) lessEqual(int n, int off, const float *__restrict__ in,
                                                 float *__restrict__ out) {
  __shared__ float tile[128];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k = off + 3; k <= n; k += 100) {
    tile[tid] = in[k + tid];
    __syncthreads();
    acc += tile[127 - tid] - tile[tid];
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc + tile[(tid + 1) & 127];
}

// A predicated copy whose width is read per row, in a tile loop a loop
// over rows runs again: a row that copies fewer elements leaves the last
// tile of the row before in the rest, which the compute reads. No ring can
// keep that (each slot holds what it last held), so the loop is pipelined
// in place, which keeps the tile.
__global__ void __launch_bounds__(128) rowWidths(int rows, int ntiles,
                                                 const int *__restrict__ widths,
                                                 const float *__restrict__ in,
                                                 float *__restrict__ out) {
  __shared__ float tile[128];
  const int tid = threadIdx.x;
  for (int r = 0; r < rows; ++r) {
    const int w = r == 0 ? 128 : widths[r] & 127; // the first row fills the tile
    float acc = 0.0f;
    for (int t = 0; t < ntiles; ++t) {
      if (tid < w)
        tile[tid] = in[((size_t)r * ntiles + t) * 128 + tid];
      __syncthreads();
      acc += tile[127 - tid] * (float)(t + 1);
      __syncthreads();
    }
    out[(size_t)(blockIdx.x * rows + r) * 128 + tid] = acc;
    __syncthreads();
  }
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int trips[] = {0, 1, 2, 3, 4, 5, 7, 8, 9, 17};
  const int blocks = 3;
  for (int nt : trips) {
    printf("-- %d trips\n", nt);
    const size_t cin = (size_t)blocks * (nt + 1) * 128 * 4, cout = (size_t)blocks * 128 * 4;
    run_hashed("carry", cin, cout, 1, nt, seed, [&](void *i, void *o) {
      carry<128><<<blocks, 128>>>(nt, (const float *)i, (float *)o);
    });
    // n not a multiple of the tile: the last tile reads past n, as written
    const int n = nt * 256 - (nt > 1 ? 100 : 0);
    const size_t rin = (size_t)blocks * (nt + 1) * 256 * 4, rout = (size_t)blocks * 256 * 4;
    run_hashed("remainder", rin, rout, 1, nt, seed, [&](void *i, void *o) {
      remainder<<<blocks, 256>>>(n, 5, (const float *)i, (float *)o);
    });
    const int len = nt * 1024 - (nt ? 333 : 0);
    const size_t lin = (size_t)blocks * (nt + 1) * 1024 * 4, lout = (size_t)blocks * 128 * 4;
    run_hashed("copyLoopEdge", lin, lout, 1, nt, seed, [&](void *i, void *o) {
      copyLoopEdge<<<blocks, 128>>>(len, (const float *)i, (float *)o);
    });
    const int rows = 7;
    const size_t win = (size_t)rows * (nt + 1) * 64 * 4, wout = (size_t)rows * 64 * 4;
    run_hashed("rowsEpilogue", win, wout, 1, nt, seed, [&](void *i, void *o) {
      rowsEpilogue<<<blocks, 64>>>(rows, nt, (const float *)i, (float *)o);
    });
    const size_t iin = (size_t)(blocks + 1) * (nt + 1) * 128 * 4, iout = (size_t)blocks * 128 * 4;
    run_hashed("initialized", iin, iout, 1, nt, seed, [&](void *i, void *o) {
      const float *a = (const float *)i;
      initialized<<<blocks, 128>>>(nt, a, a + (size_t)blocks * (nt + 1) * 128, (float *)o);
    });
    const int dn = nt * 64 - (nt > 1 ? 17 : 0);
    const size_t din = (size_t)blocks * (dn + 64 + 64) * 4, dout = (size_t)blocks * 64 * 4;
    run_hashed("countDown", din, dout, 1, nt, seed, [&](void *i, void *o) {
      countDown<<<blocks, 64>>>(dn, (const float *)i, (float *)o);
    });
    // trips: k = 5, 105, ... <= n; n chosen for nt trips, or none for 0
    const int ln = nt ? 5 + (nt - 1) * 100 + (nt % 3) * 33 : 4;
    const size_t lin2 = (size_t)(ln + 128 + 8) * 4, lout2 = (size_t)blocks * 128 * 4;
    run_hashed("lessEqual", lin2, lout2, 1, nt, seed, [&](void *i, void *o) {
      lessEqual<<<blocks, 128>>>(ln, 2, (const float *)i, (float *)o);
    });
    // widths first (random small ints), then the rows' tiles
    const int wrows = 6;
    const size_t win2 = (size_t)wrows * 4 + (size_t)wrows * (nt + 1) * 128 * 4;
    run_hashed("rowWidths", win2, (size_t)blocks * wrows * 128 * 4, 0, nt, seed,
               [&](void *i, void *o) {
                 rowWidths<<<blocks, 128>>>(wrows, nt, (const int *)i,
                                            (const float *)((const int *)i + wrows), (float *)o);
               });
  }
  return 0;
}
