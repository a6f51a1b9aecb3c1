// On a machine with a GPU: copy loops whose copies are skipped on some
// iterations (`if (cond) tile[i] = A[..]` with no else), where the compute
// reads every byte of the tile, the skipped ones included: those must hold
// what the original tile held, the bytes of the last iteration that copied
// them. The ring takes them from the slot before (a fix-up after the wait).
// Rings of 2, 3 and 8 stages; 4- and 8-byte copies; a 2-D block walking a
// haloed tile whose right edge is skipped past the image; a naive GEMM
// whose last K tile is partial; tile counts 1 to 41, fresh random data. Every plugin build must print the plain build's
// hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 7 > %t.plain.txt
// RUN: %t.plugin 7 > %t.plugin.txt
// RUN: %t.s2 7 > %t.s2.txt
// RUN: %t.s8 7 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'everyThird(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'everyThirdInt2(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'haloRightEdge
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}2 copies skipped on some iterations{{.*}} [sm_90, kernel 'naiveGemm
// CHECK: haloRightEdge ntiles=41 err=0 hash=
// CHECK: naiveGemm ntiles=95 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include "Inputs/harness.cuh"

#define TILE 512
#define NT 256

// Tile t copies element i unless (i + t) % 3 == 0 (tile 0 copies all):
// a skipped element keeps the value of the last tile that copied it.
__global__ void __launch_bounds__(NT)
    everyThird(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int i = tid; i < TILE; i += blockDim.x)
      if (t == 0 || (i + t) % 3 != 0)
        s[i] = src[(size_t)t * TILE + i];
    __syncthreads();
    acc = acc * 0.5f + s[(tid * 7 + t) % TILE] * s[(tid + 5 * t + 1) % TILE];
    __syncthreads();
  }
  out[(size_t)blockIdx.x * NT + tid] = acc;
}

// The same over int2 elements (8-byte copies), skipping where (i ^ t) & 4.
__global__ void __launch_bounds__(NT)
    everyThirdInt2(int ntiles, const int2 *__restrict__ in, int *__restrict__ out) {
  __shared__ int2 s[TILE];
  const int tid = threadIdx.x;
  const int2 *src = in + (size_t)blockIdx.x * ntiles * TILE;
  int acc = 0;
  for (int t = 0; t < ntiles; ++t) {
    for (int i = tid; i < TILE; i += blockDim.x)
      if (t == 0 || ((i ^ t) & 4) == 0)
        s[i] = src[(size_t)t * TILE + i];
    __syncthreads();
    const int2 a = s[(tid * 3 + t) % TILE], b = s[(tid + 11 * t) % TILE];
    acc = acc * 3 + a.x * b.y - a.y + b.x;
    __syncthreads();
  }
  out[(size_t)blockIdx.x * NT + tid] = acc;
}

// A block of 32 x 8 threads walks right along a band of 16 rows, one
// haloed 18 x 34 tile per step; columns past the image's width W are not
// copied, so the last tile's right edge keeps the tile before's columns,
// and the compute reads them.
#define BW 32
#define BH 16
#define HW (BW + 2)
#define HH (BH + 2)
__global__ void __launch_bounds__(BW * 8)
    haloRightEdge(int W, int ld, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HH][HW];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const float *band = in + (size_t)blockIdx.x * (BH + 2) * ld;
  float acc[2] = {0.f, 0.f};
  for (int x0 = 0; x0 < W; x0 += BW) {
    for (int i = ty * BW + tx; i < HH * HW; i += BW * 8) {
      const int ly = i / HW, lx = i % HW;
      if (x0 + lx < W + 2)
        tile[ly][lx] = band[(size_t)ly * ld + x0 + lx];
    }
    __syncthreads();
    for (int r = 0; r < 2; ++r) {
      const int y = ty + 8 * r + 1, x = tx + 1;
      acc[r] = acc[r] * 0.75f + tile[y - 1][x] + tile[y + 1][x] + tile[y][x - 1] +
               tile[y][x + 1] - 4.f * tile[y][x];
    }
    __syncthreads();
  }
  out[((size_t)blockIdx.x * 2 + 0) * BW * 8 + ty * BW + tx] = acc[0];
  out[((size_t)blockIdx.x * 2 + 1) * BW * 8 + ty * BW + tx] = acc[1];
}

// A naive GEMM tile loop (test/realworld/copy_loop_skipped.cu): past K the
// last tile keeps the tile before's columns of A and rows of B, and the
// sum over the whole tile adds their products into every output.
#define BM 64
#define BN 64
#define BK 16
__global__ void __launch_bounds__(NT) naiveGemm(int M, int N, int K, const float *__restrict__ A,
                                                const float *__restrict__ B,
                                                float *__restrict__ C) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BN];
  const int tid = threadIdx.x, row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  const int tr = tid / 16 * 4, tc = tid % 16 * 4;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += NT) {
      const int r = i / BK, c = i % BK;
      if (row0 + r < M && k0 + c < K)
        As[r][c] = A[(size_t)(row0 + r) * K + k0 + c];
    }
    for (int i = tid; i < BK * BN; i += NT) {
      const int r = i / BN, c = i % BN;
      if (k0 + r < K && col0 + c < N)
        Bs[r][c] = B[(size_t)(k0 + r) * N + col0 + c];
    }
    __syncthreads();
    for (int kk = 0; kk < BK; ++kk)
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
          acc[y][x] += As[tr + y][kk] * Bs[kk][tc + x];
    __syncthreads();
  }
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      if (row0 + tr + y < M && col0 + tc + x < N)
        C[(size_t)(row0 + tr + y) * N + col0 + tc + x] = acc[y][x];
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int blocks = 30, counts[] = {1, 2, 3, 4, 7, 9, 16, 41};
  for (int nt : counts) {
    run_hashed("everyThird", (size_t)blocks * nt * TILE * 4, blocks * NT * 4, 1, nt, seed,
        [&](void *i, void *o) { everyThird<<<blocks, NT>>>(nt, (const float *)i, (float *)o); });
    run_hashed("everyThirdInt2", (size_t)blocks * nt * TILE * 8, blocks * NT * 4, 0, nt, seed,
        [&](void *i, void *o) {
          everyThirdInt2<<<blocks, NT>>>(nt, (const int2 *)i, (int *)o);
        });
    // W from 32 * nt - 31 to 32 * nt: the last tile is ragged (or full);
    // the first is full (its skipped bytes would be uninitialized memory,
    // which the compute reads).
    const int W = BW * nt - (nt > 1 ? (nt * 7) % BW : 0), ld = BW * nt + 2;
    run_hashed("haloRightEdge", (size_t)blocks * (BH + 2) * ld * 4, blocks * 2 * BW * 8 * 4, 1, nt,
               seed,
        [&](void *i, void *o) {
          haloRightEdge<<<blocks, dim3(BW, 8)>>>(W, ld, (const float *)i, (float *)o);
        });
  }
  // K >= 16: the first tile copies every column it reads (rows past M and
  // columns past N only reach outputs that are not stored).
  const int shapes[][3] = {{64, 64, 16}, {100, 70, 37}, {130, 129, 200}, {33, 200, 17}, {7, 5, 95}};
  for (auto &sh : shapes) {
    const int M = sh[0], N = sh[1], K = sh[2];
    const size_t abytes = (size_t)M * K * 4, bbytes = (size_t)K * N * 4;
    run_hashed("naiveGemm", abytes + bbytes, (size_t)M * N * 4, 1, K, seed, [&](void *i, void *o) {
      const float *A = (const float *)i, *B = A + (size_t)M * K;
      naiveGemm<<<dim3((N + BN - 1) / BN, (M + BM - 1) / BM), NT>>>(M, N, K, A, B, (float *)o);
    });
  }
  return 0;
}
