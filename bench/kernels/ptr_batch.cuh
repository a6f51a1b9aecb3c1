// A batched SGEMM through arrays of device pointers, as cuBLAS-style
// batched APIs take them (cublasSgemmBatched): blockIdx.z picks the batch
// entry, whose A, B and C are loaded from Aarray, Barray and Carray. Each
// block of 32 x 8 threads computes a 32 x 32 tile of C, each thread 4
// outputs of one column (rows ty, ty + 8, ty + 16, ty + 24); the K loop
// copies a 32 x 32 tile of A and of B, zero past the matrix edges
// (`As[r][tx] = (row < M && k < K) ? A[..] : 0.f`), then the inner
// product. A shape of public batched GEMMs; C[b] = A[b] * B[b], row-major,
// any M, N, K. Launch: grid (ceil(N/32), ceil(M/32), batch), block (32, 8).
#ifndef BENCH_PTR_BATCH_CUH
#define BENCH_PTR_BATCH_CUH
#include "tile_copy.h"

#define PT_TILE 32
#define PT_TY 8
#define PT_RM (PT_TILE / PT_TY) // outputs per thread

__global__ void __launch_bounds__(PT_TILE *PT_TY)
    ptrBatchSgemm(int M, int N, int K, const float *const *Aarray, const float *const *Barray,
                  float *const *Carray) {
  __shared__ float As[PT_TILE][PT_TILE];
  __shared__ float Bs[PT_TILE][PT_TILE];
  const float *A = Aarray[blockIdx.z];
  const float *B = Barray[blockIdx.z];
  float *C = Carray[blockIdx.z];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * PT_TILE, col = blockIdx.x * PT_TILE + tx;
  float acc[PT_RM] = {};
  for (int k0 = 0; k0 < K; k0 += PT_TILE) {
#pragma unroll
    for (int i = 0; i < PT_RM; ++i) {
      const int r = ty + i * PT_TY;
      const int row = row0 + r, ka = k0 + tx, kb = k0 + r;
      PL_TILE_COPY(As[r][tx] = (row < M && ka < K) ? A[(size_t)row * K + ka] : 0.f);
      PL_TILE_COPY(Bs[r][tx] = (kb < K && col < N) ? B[(size_t)kb * N + col] : 0.f);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < PT_TILE; ++kk) {
      const float b = Bs[kk][tx];
#pragma unroll
      for (int i = 0; i < PT_RM; ++i)
        acc[i] += As[ty + i * PT_TY][kk] * b;
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < PT_RM; ++i) {
    const int row = row0 + ty + i * PT_TY;
    if (row < M && col < N)
      C[(size_t)row * N + col] = acc[i];
  }
}
#ifdef PL_HAND
#include "ring.cuh"
// The hand-written ring: 3 slots of As and Bs (pl_ring_loop), K tiles t+1
// and t+2 in flight while tile t is computed, one barrier per tile; each
// thread issues its own 8 copies as zero-filling cp.async of 4 bytes
// (src-size 0 past the edges). The same arithmetic in the same order.
__global__ void __launch_bounds__(PT_TILE *PT_TY)
    ptrBatchSgemmHand(int M, int N, int K, const float *const *Aarray, const float *const *Barray,
                      float *const *Carray) {
  __shared__ float As[3][PT_TILE][PT_TILE];
  __shared__ float Bs[3][PT_TILE][PT_TILE];
  const float *A = Aarray[blockIdx.z];
  const float *B = Barray[blockIdx.z];
  float *C = Carray[blockIdx.z];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * PT_TILE, col = blockIdx.x * PT_TILE + tx;
  float acc[PT_RM] = {};
  pl_ring_loop<3>((K + PT_TILE - 1) / PT_TILE,
                  [&](int t, int s) {
                    const int k0 = t * PT_TILE;
#pragma unroll
                    for (int i = 0; i < PT_RM; ++i) {
                      const int r = ty + i * PT_TY;
                      const int row = row0 + r, ka = k0 + tx, kb = k0 + r;
                      const bool okA = row < M && ka < K, okB = kb < K && col < N;
                      pl_cp_async4z(&As[s][r][tx], okA ? &A[(size_t)row * K + ka] : A, okA ? 4 : 0);
                      pl_cp_async4z(&Bs[s][r][tx], okB ? &B[(size_t)kb * N + col] : B, okB ? 4 : 0);
                    }
                  },
                  [&](int, int s) {
#pragma unroll
                    for (int kk = 0; kk < PT_TILE; ++kk) {
                      const float b = Bs[s][kk][tx];
#pragma unroll
                      for (int i = 0; i < PT_RM; ++i)
                        acc[i] += As[s][ty + i * PT_TY][kk] * b;
                    }
                  });
#pragma unroll
  for (int i = 0; i < PT_RM; ++i) {
    const int row = row0 + ty + i * PT_TY;
    if (row < M && col < N)
      C[(size_t)row * N + col] = acc[i];
  }
}
#endif
#endif
