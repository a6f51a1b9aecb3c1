// On a machine with a GPU: copy loops of 1- and 2-byte elements, which
// cp.async cannot copy, unrolled completely to their bound and staged
// through registers: an 8-bit image's 34x34 halo tile loaded by a strided
// loop (5 trips), zero-filled outside the image; rows of fp16 loaded by a
// strided loop (5 trips) with a zero fill past K; a loop of a runtime
// count bounded by its tile's extent (3 trips); rows of a 2-D tile of a
// runtime count, the loop clang's (unrolled by four, then its remainder;
// no execution enters the main loop, whose third copy would store past the
// tile, so it is removed); and a byte loop clang unrolled by eight (its
// main loop removed the same way) that writes its source back in place,
// behind a runtime alias check, launched with writes behind the tiles read
// (the ring) and into the next tile (the loop as written); and the 2-D
// rows in a tile of 32, whose main loop stays (clang 22 enters its
// remainder from two blocks, which the pass joins first); and a copy
// clang splits into loads and zeros, whose loop must stay.
// Sizes whose tiles are
// partial and whole, trip counts 0 to 5, fresh random data; the plugin
// builds (profitability=off, at the default and at 4 stages, which the
// register lowering cuts to 2) must print the plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-stages=4 %s -o %t.s4 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 11 > %t.plain.txt
// RUN: %t.plugin 11 > %t.plugin.txt
// RUN: %t.s4 11 > %t.s4.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s4.txt
// RUN: FileCheck %s < %t.plain.txt
// REMARK-DAG: remark: pipelined loop with 2 stages{{.*}}the copy loop unrolled completely (at most 5 trips){{.*}}[sm_90, kernel 'boxU8
// REMARK-DAG: remark: pipelined loop with 2 stages{{.*}}the copy loop unrolled completely (at most 5 trips){{.*}}[sm_90, kernel 'rowsHalf
// REMARK-DAG: remark: pipelined loop with 2 stages{{.*}}the copy loop unrolled completely (at most 4 trips){{.*}}[sm_90, kernel 'extentU8
// REMARK-DAG: remark: pipelined loop with 2 stages{{.*}}2 copies of 2 bytes{{.*}}the copy loop unrolled completely (at most 2 trips){{.*}}[sm_90, kernel 'rows2D
// REMARK-DAG: remark: pipelined loop with 2 stages{{.*}}7 copies of 2 bytes{{.*}}the 2 copy loops unrolled completely (at most 3 trips each){{.*}}[sm_90, kernel 'rows2DTall
// REMARK-DAG: remark: pipelined loop with 2 stages{{.*}}4 copies of 2 bytes{{.*}}the copy loop unrolled completely (at most 4 trips){{.*}}[sm_90, kernel 'splitArms
// REMARK-DAG: remark: pipelined loop with 2 stages{{.*}}4 copies of 1 bytes{{.*}}with a runtime alias check; the copy loop unrolled completely (at most 4 trips){{.*}}[sm_90, kernel 'inPlaceU8
// CHECK: boxU8 C=5 H=70 W=45 ntiles=5 err=0 hash=
// CHECK: rowsHalf K=300 ntiles=5 err=0 hash=
// CHECK: extentU8 d=3 ntiles=4 err=0 hash=
// CHECK: rows2D d=2 W=41 ntiles=6 err=0 hash=
// CHECK: rows2DTall d=4 W=41 ntiles=6 err=0 hash=
// CHECK: splitArms d=4 ntiles=5 err=0 hash=
// CHECK: inPlaceU8 d=3 wofs=192 ntiles=5 err=0 hash=
#include "Inputs/harness.cuh"
#include <cuda_fp16.h>

__global__ void __launch_bounds__(256) boxU8(int C, int H, int W, const unsigned char *img,
                                             float *out) {
  __shared__ unsigned char tile[34][34];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  const int x0 = blockIdx.x * 32 - 1, y0 = blockIdx.y * 32 - 1;
  float acc[4] = {0, 0, 0, 0};
  for (int c = 0; c < C; ++c) {
    for (int i = tid; i < 34 * 34; i += 256) {
      const int y = y0 + i / 34, x = x0 + i % 34;
      tile[i / 34][i % 34] =
          (y >= 0 && y < H && x >= 0 && x < W) ? img[((size_t)c * H + y) * W + x] : 0;
    }
    __syncthreads();
    for (int q = 0; q < 4; ++q) {
      const int ty = threadIdx.y * 2 + q / 2, tx = threadIdx.x * 2 + q % 2;
      int s = 0;
      for (int dy = 0; dy < 3; ++dy)
        for (int dx = 0; dx < 3; ++dx)
          s += tile[ty + dy][tx + dx];
      acc[q] = acc[q] * 0.5f + (float)s;
    }
    __syncthreads();
  }
  for (int q = 0; q < 4; ++q) {
    const int y = blockIdx.y * 32 + threadIdx.y * 2 + q / 2, x = blockIdx.x * 32 + threadIdx.x * 2 + q % 2;
    if (y < H && x < W)
      out[(size_t)y * W + x] = acc[q];
  }
}

__global__ void __launch_bounds__(128) rowsHalf(int K, int lda, const __half *A, float *out) {
  __shared__ __half As[8][66];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 64) {
    for (int i = tid; i < 8 * 66; i += 128) {
      const int r = i / 66, c = i % 66;
      As[r][c] = k0 + c < K ? A[(size_t)(blockIdx.x * 8 + r) * lda + k0 + c] : __float2half(0.0f);
    }
    __syncthreads();
    for (int j = 0; j < 4; ++j)
      acc += __half2float(As[tid % 8][(tid / 8) * 4 + j]) *
             __half2float(As[(tid + 1) % 8][(tid / 8) * 4 + j + 2]);
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc;
}

__global__ void __launch_bounds__(128) extentU8(int nt, int d, const unsigned char *A, float *out) {
  __shared__ unsigned char t[385];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
#pragma unroll 1
    for (int j = 0; j < d; ++j)
      t[j * 128 + threadIdx.x] = A[(size_t)k * 384 + j * 128 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.5f + (float)t[(threadIdx.x * 3) % (d * 128)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(64) rows2D(int nt, int d, int W, const short *A, float *out) {
  __shared__ short t[16][8];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int j = 0; j < d; ++j) {
      const int x = k * 8 + (int)threadIdx.x, y = (int)threadIdx.y + 8 * j;
      t[y][threadIdx.x] = x < W ? A[(size_t)y * W + x] : (short)0;
    }
    __syncthreads();
    for (int q = 0; q < 3; ++q)
      acc = acc * 0.5f + (float)t[(threadIdx.y + q) % (8 * d)][(threadIdx.x * 3 + q) % 8];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.y * 8 + threadIdx.x] = acc;
}

/* the same in a tile of 32 rows: clang's main loop (four copies a trip)
 * runs once where d is 4 and stays */
__global__ void __launch_bounds__(64) rows2DTall(int nt, int d, int W, const short *A, float *out) {
  __shared__ short t[32][8];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int j = 0; j < d; ++j) {
      const int x = k * 8 + (int)threadIdx.x, y = (int)threadIdx.y + 8 * j;
      t[y][threadIdx.x] = x < W ? A[(size_t)y * W + x] : (short)0;
    }
    __syncthreads();
    for (int q = 0; q < 3; ++q)
      acc = acc * 0.5f + (float)t[(threadIdx.y + q) % (8 * d)][(threadIdx.x * 3 + q) % 8];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.y * 8 + threadIdx.x] = acc;
}

/* a copy clang splits in two, loads under `i >= 256` and zeros below:
 * the load arm's store alone would lie past the tile wherever it runs, the
 * zeros arm's does not, so the loop is not removed (it was on LLVM 22,
 * leaving the ring's slots unwritten) */
struct __align__(2) uc2 {
  unsigned char x, y;
};
__global__ void __launch_bounds__(64) splitArms(int nt, int d, const uc2 *A, float *out) {
  __shared__ uc2 t[256];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
#pragma unroll 1
    for (int j = 0; j < d; ++j) {
      int i = j * 64 + (int)threadIdx.x;
      if (i >= 256) {
        t[i] = A[(size_t)k * 256 + i];
      } else {
        t[i].x = 0;
        t[i].y = 0;
      }
    }
    __syncthreads();
    acc = acc * 0.75f + (float)t[(threadIdx.x * 3 + k) % (64 * d)].y;
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(64) inPlaceU8(int nt, int d, long long wofs, unsigned char *A,
                                                float *out) {
  __shared__ unsigned char t[193];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int j = 0; j < d; ++j)
      t[j * 64 + threadIdx.x] = A[(size_t)k * 192 + j * 64 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.75f + (float)t[(threadIdx.x * 3 + k) % (d * 64)];
    A[wofs + (size_t)k * 192 + threadIdx.x] = (unsigned char)(int)acc;
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  char name[96];
  const int sizes[][2] = {{32, 32}, {70, 45}, {5, 100}};
  for (int C : {0, 1, 2, 5})
    for (auto hw : sizes) {
      const int H = hw[0], W = hw[1];
      snprintf(name, sizeof name, "boxU8 C=%d H=%d W=%d", C, H, W);
      const size_t in = (size_t)(C ? C : 1) * H * W + 4;
      run_hashed(name, in, (size_t)H * W * sizeof(float), 0, C, seed, [&](void *i, void *o) {
        boxU8<<<dim3((W + 31) / 32, (H + 31) / 32), dim3(16, 16)>>>(C, H, W, (const unsigned char *)i,
                                                                    (float *)o);
      });
    }
  for (int K : {0, 1, 63, 64, 65, 200, 300}) {
    snprintf(name, sizeof name, "rowsHalf K=%d", K);
    const int lda = K + 2, rows = 3 * 8;
    run_hashed(name, (size_t)rows * lda * sizeof(__half) + 4, 3 * 128 * sizeof(float), 0,
               (K + 63) / 64, seed, [&](void *i, void *o) {
                 rowsHalf<<<3, 128>>>(K, lda, (const __half *)i, (float *)o);
               });
  }
  for (int d : {1, 2, 3})
    for (int nt : {0, 1, 2, 4}) {
      snprintf(name, sizeof name, "extentU8 d=%d", d);
      run_hashed(name, (size_t)(nt ? nt : 1) * 384 * 2, 2 * 128 * sizeof(float), 0, nt, seed,
                 [&](void *i, void *o) {
                   extentU8<<<2, 128>>>(nt, d, (const unsigned char *)i + (size_t)nt * 384 * 0,
                                        (float *)o);
                 });
    }
  for (int d : {1, 2})
    for (int W : {8, 41})
      for (int nt : {0, 1, 6}) {
        snprintf(name, sizeof name, "rows2D d=%d W=%d", d, W);
        run_hashed(name, (size_t)16 * W * sizeof(short) + 4, 2 * 64 * sizeof(float), 0, nt, seed,
                   [&](void *i, void *o) {
                     rows2D<<<2, dim3(8, 8)>>>(nt, d, W, (const short *)i, (float *)o);
                   });
      }
  for (int d : {1, 3, 4})
    for (int W : {8, 41})
      for (int nt : {0, 1, 6}) {
        snprintf(name, sizeof name, "rows2DTall d=%d W=%d", d, W);
        run_hashed(name, (size_t)32 * W * sizeof(short) + 4, 2 * 64 * sizeof(float), 0, nt, seed,
                   [&](void *i, void *o) {
                     rows2DTall<<<2, dim3(8, 8)>>>(nt, d, W, (const short *)i, (float *)o);
                   });
      }
  for (int d : {1, 3, 4})
    for (int nt : {0, 1, 5}) {
      snprintf(name, sizeof name, "splitArms d=%d", d);
      run_hashed(name, (size_t)(nt ? nt : 1) * 256 * 2 + 4, 2 * 64 * sizeof(float), 0, nt, seed,
                 [&](void *i, void *o) { splitArms<<<2, 64>>>(nt, d, (const uc2 *)i, (float *)o); });
    }
  /* one block: its in-place writes race with no other block's reads */
  for (int d : {1, 3})
    for (long long wofs : {0LL, 192LL, 4096LL})
      for (int nt : {1, 5}) {
        snprintf(name, sizeof name, "inPlaceU8 d=%d wofs=%lld", d, wofs);
        run_hashed(name, 8192, 64 * sizeof(float), 0, nt, seed, [&](void *i, void *o) {
          inPlaceU8<<<1, 64>>>(nt, d, wofs, (unsigned char *)i, (float *)o);
        });
      }
  return 0;
}
