// On a machine with a GPU: copy loops with a runtime trip count whose
// copies are skipped on some iterations (`if (x < n) s[j * NT + tid] =
// in[x]` with no else). clang unrolls such a loop by four with a remainder
// loop, so each tile has five copies in two loops, each under its own
// guard; the ring takes each skipped copy's bytes from the slot before.
// The compute reads every byte of the tile, the skipped ones included:
// they must hold what the original tile held, the bytes of the last tile
// that copied them. Rings of 2, 3 and 8 stages; 4- and 8-byte copies; a
// 1-D stream whose last tile is ragged, a skip pattern that moves with the
// tile, two tiles; and a file-scope `extern __shared__` array that a block
// reduction also writes, filled by a copy loop of a constant bound that
// skips past a row's end (a ring in dynamic shared memory, launched with
// pl_dynamic_smem_bytes' bytes); tile counts 1 to 41, fresh random data.
// Every plugin build must print the plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 7 > %t.plain.txt
// RUN: %t.plugin 7 > %t.plugin.txt
// RUN: %t.s2 7 > %t.s2.txt
// RUN: %t.s8 7 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}5 copies skipped on some iterations{{.*}} [sm_90, kernel 'raggedStream(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}5 copies skipped on some iterations{{.*}} [sm_90, kernel 'movingSkips(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}dynamic shared memory{{.*}}1 copy skipped on some iterations{{.*}} [sm_90, kernel 'dynRows(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}10 copies skipped on some iterations{{.*}} [sm_90, kernel 'twoTiles(
// CHECK-NOT: err={{[1-9]}}
// CHECK: raggedStream/per=1 ntiles=1 err=0 hash=
// CHECK: twoTiles/per=7 ntiles=41 err=0 hash=
// CHECK: dynRows ntiles=41 err=0 hash=
// CHECK-NOT: err={{[1-9]}}
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include "Inputs/harness.cuh"
#include <libpipeline.h>

#define NT 128
#define MAXPER 8

// Each tile holds `per` groups of NT floats of a stream of n; past n the
// last tile keeps the tile before's values, which the compute reads.
__global__ void __launch_bounds__(NT)
    raggedStream(int n, int per, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[MAXPER * NT];
  const int tid = threadIdx.x, len = per * NT;
  float acc = 0.f;
  for (int x0 = 0; x0 < n; x0 += len) {
    for (int j = 0; j < per; ++j) {
      const int i = j * NT + tid;
      if (x0 + i < n)
        s[i] = in[x0 + i];
    }
    __syncthreads();
    acc = acc * 0.5f + s[(tid * 7 + x0) % len] - s[(tid * 3 + 1) % len];
    __syncthreads();
  }
  out[blockIdx.x * NT + tid] = acc;
}

// Tile t copies element i unless (i + t) % 3 == 0 (tile 0 copies all), in
// 8-byte elements; `||` makes each copy's guard two branches.
__global__ void __launch_bounds__(NT)
    movingSkips(int ntiles, int per, const int2 *__restrict__ in, int *__restrict__ out) {
  __shared__ int2 s[MAXPER * NT];
  const int tid = threadIdx.x, len = per * NT;
  const int2 *src = in + (size_t)blockIdx.x * ntiles * len;
  int acc = 0;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < per; ++j) {
      const int i = j * NT + tid;
      if (t == 0 || (i + t) % 3 != 0)
        s[i] = src[(size_t)t * len + i];
    }
    __syncthreads();
    const int2 a = s[(tid * 5 + t) % len], b = s[(tid + 13 * t) % len];
    acc = acc * 3 + a.x * b.y - a.y + b.x;
    __syncthreads();
  }
  out[(size_t)blockIdx.x * NT + tid] = acc;
}

// Two tiles, each with its own ragged edge (A's rows are n long, B's m).
__global__ void __launch_bounds__(NT)
    twoTiles(int n, int m, int per, const float *__restrict__ A, const float *__restrict__ B,
             float *__restrict__ out) {
  __shared__ float sa[MAXPER * NT], sb[MAXPER * NT];
  const int tid = threadIdx.x, len = per * NT;
  const int rows = (n > m ? n : m);
  float acc = 0.f;
  for (int x0 = 0; x0 < rows; x0 += len) {
    for (int j = 0; j < per; ++j) {
      const int i = j * NT + tid;
      if (x0 + i < n)
        sa[i] = A[x0 + i];
    }
    for (int j = 0; j < per; ++j) {
      const int i = j * NT + tid;
      if (x0 + i < m)
        sb[i] = B[x0 + i];
    }
    __syncthreads();
    acc = acc * 0.75f + sa[(tid * 3 + x0) % len] * sb[(tid * 5 + 2) % len];
    __syncthreads();
  }
  out[blockIdx.x * NT + tid] = acc;
}

// One `extern __shared__` array for the file's kernels: a block sum writes
// it (launched first), and a row sum over tiles of 512 fills it, skipping
// past the row's end n.
extern __shared__ float dynbuf[];

__global__ void blockSum(const float *__restrict__ x, float *__restrict__ y, int n) {
  const int tid = threadIdx.x;
  dynbuf[tid] = tid < n ? x[blockIdx.x * blockDim.x + tid] : 0.f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      dynbuf[tid] += dynbuf[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    y[blockIdx.x] = dynbuf[0];
}

__global__ void __launch_bounds__(NT) dynRows(const float *__restrict__ x, float *__restrict__ y,
                                              int n) {
  float acc = 0.f;
  for (int base = 0; base < n; base += 512) {
    for (int i = threadIdx.x; i < 512; i += NT)
      if (base + i < n)
        dynbuf[i] = x[(size_t)blockIdx.x * n + base + i];
    __syncthreads();
    acc = acc * 0.5f + dynbuf[(threadIdx.x * 3 + base) % 512];
    __syncthreads();
  }
  y[blockIdx.x * NT + threadIdx.x] = acc;
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int pers[] = {1, 3, 4, 7}, counts[] = {1, 2, 3, 4, 7, 9, 16, 41};
  for (int per : pers)
    for (int nt : counts) {
      const int len = per * NT;
      // the first tile is full (its skipped bytes would be uninitialized
      // memory, which the compute reads); the last one ragged
      const int n = len * nt - (nt > 1 ? (nt * 37) % len : 0);
      char name[3][32];
      snprintf(name[0], sizeof name[0], "raggedStream/per=%d", per);
      snprintf(name[1], sizeof name[1], "movingSkips/per=%d", per);
      snprintf(name[2], sizeof name[2], "twoTiles/per=%d", per);
      run_hashed(name[0], (size_t)len * nt * 4, NT * 4, 1, nt, seed + per,
          [&](void *i, void *o) { raggedStream<<<1, NT>>>(n, per, (const float *)i, (float *)o); });
      run_hashed(name[1], (size_t)30 * nt * len * 8, 30 * NT * 4, 0, nt, seed + per,
          [&](void *i, void *o) {
            movingSkips<<<30, NT>>>(nt, per, (const int2 *)i, (int *)o);
          });
      const int m = len * nt - (nt > 1 ? (nt * 53) % len : 0);
      run_hashed(name[2], (size_t)2 * len * nt * 4, NT * 4, 1, nt, seed + per,
          [&](void *i, void *o) {
            const float *A = (const float *)i, *B = A + (size_t)len * nt;
            twoTiles<<<1, NT>>>(n, m, per, A, B, (float *)o);
          });
    }
  const size_t smem = pl_dynamic_smem_bytes<dynRows>(2048);
  for (int nt : counts) {
    // the first tile full, the last ragged
    const int n = 512 * nt - (nt > 1 ? (nt * 41) % 512 : 0);
    run_hashed("dynRows", (size_t)20 * n * 4, 20 * NT * 4, 1, nt, seed, [&](void *i, void *o) {
      blockSum<<<20, 256, 256 * 4>>>((const float *)i, (float *)o, n);
      dynRows<<<20, NT, smem>>>((const float *)i, (float *)o, n);
    });
  }
  return 0;
}
