// Hand-written 3-stage cp.async rings of the real-world benchmark kernels
// (sgemm_1d, sgemm_vec, sgemm_2d, sync_first, persistent_batched,
// matmul_assert, nbody, gram_ldg4): what a good engineer writes by hand,
// with pl_ring_loop (ring.cuh). Same arithmetic in the same order as the
// synchronous versions, so outputs must be bitwise identical. Included
// after hand.cuh, whose HR (stages) it uses.
#ifndef BENCH_HAND_REALWORLD_CUH
#define BENCH_HAND_REALWORLD_CUH
#include <assert.h>

#include "ring.cuh"

template <const int BM, const int BN, const int BK, const int TM>
__global__ void __launch_bounds__((BM * BN) / TM)
    sgemm1DBlocktilingHand(int M, int N, int K, const float *A, const float *B, float *C) {
  const uint cRow = blockIdx.y, cCol = blockIdx.x;
  const int threadCol = threadIdx.x % BN, threadRow = threadIdx.x / BN;
  __shared__ __align__(16) float As[HR][BM * BK];
  __shared__ __align__(16) float Bs[HR][BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerColA = threadIdx.x % BK, innerRowA = threadIdx.x / BK;
  const uint innerColB = threadIdx.x % BN, innerRowB = threadIdx.x / BN;
  (void)M;
  float threadResults[TM] = {0.0f};
  pl_ring_loop<HR>((K + BK - 1) / BK,
                   [&](int t, int s) {
                     pl_cp_async4(&As[s][innerRowA * BK + innerColA],
                                  A + (size_t)t * BK + innerRowA * K + innerColA);
                     pl_cp_async4(&Bs[s][innerRowB * BN + innerColB],
                                  B + (size_t)t * BK * N + innerRowB * N + innerColB);
                   },
                   [&](int, int s) {
                     for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
                       float tmpB = Bs[s][dotIdx * BN + threadCol];
                       for (uint resIdx = 0; resIdx < TM; ++resIdx)
                         threadResults[resIdx] +=
                             As[s][(threadRow * TM + resIdx) * BK + dotIdx] * tmpB;
                     }
                   });
  for (uint resIdx = 0; resIdx < TM; ++resIdx)
    C[(threadRow * TM + resIdx) * N + threadCol] = threadResults[resIdx];
}

template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN))
    sgemmVectorizeHand(int M, int N, int K, const float *A, const float *B, float *C) {
  const uint cRow = blockIdx.y, cCol = blockIdx.x;
  const int threadCol = threadIdx.x % (BN / TN), threadRow = threadIdx.x / (BN / TN);
  __shared__ __align__(16) float As[HR][BM * BK];
  __shared__ __align__(16) float Bs[HR][BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerRowA = threadIdx.x / (BK / 4), innerColA = threadIdx.x % (BK / 4);
  const uint innerRowB = threadIdx.x / (BN / 4), innerColB = threadIdx.x % (BN / 4);
  (void)M;
  float threadResults[TM * TN] = {0.0f};
  float regM[TM] = {0.0f};
  float regN[TN] = {0.0f};
  pl_ring_loop<HR>((K + BK - 1) / BK,
                   [&](int t, int s) {
                     // the transposed A store: four 4-byte copies from one float4's elements
                     const float *a = A + (size_t)t * BK + innerRowA * K + innerColA * 4;
#pragma unroll
                     for (int j = 0; j < 4; ++j)
                       pl_cp_async4(&As[s][(innerColA * 4 + j) * BM + innerRowA], a + j);
                     pl_cp_async16(&Bs[s][innerRowB * BN + innerColB * 4],
                                   B + (size_t)t * BK * N + innerRowB * N + innerColB * 4);
                   },
                   [&](int, int s) {
                     for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
                       for (uint i = 0; i < TM; ++i)
                         regM[i] = As[s][dotIdx * BM + threadRow * TM + i];
                       for (uint i = 0; i < TN; ++i)
                         regN[i] = Bs[s][dotIdx * BN + threadCol * TN + i];
                       for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
                         for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
                           threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
                     }
                   });
  for (uint resIdxM = 0; resIdxM < TM; resIdxM += 1)
    for (uint resIdxN = 0; resIdxN < TN; resIdxN += 4) {
      float4 tmp;
      tmp.x = threadResults[resIdxM * TN + resIdxN];
      tmp.y = threadResults[resIdxM * TN + resIdxN + 1];
      tmp.z = threadResults[resIdxM * TN + resIdxN + 2];
      tmp.w = threadResults[resIdxM * TN + resIdxN + 3];
      reinterpret_cast<float4 *>(&C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN])[0] =
          tmp;
    }
}

template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN))
    sgemm2DBlocktilingHand(int M, int N, int K, const float *A, const float *B, float *C) {
  const uint cRow = blockIdx.y, cCol = blockIdx.x;
  const uint numThreadsBlocktile = BM * BN / (TM * TN);
  assert(numThreadsBlocktile == blockDim.x);
  const int threadCol = threadIdx.x % (BN / TN), threadRow = threadIdx.x / (BN / TN);
  __shared__ __align__(16) float As[HR][BM * BK];
  __shared__ __align__(16) float Bs[HR][BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerRowA = threadIdx.x / BK, innerColA = threadIdx.x % BK;
  const uint strideA = numThreadsBlocktile / BK;
  const uint innerRowB = threadIdx.x / BN, innerColB = threadIdx.x % BN;
  const uint strideB = numThreadsBlocktile / BN;
  (void)M;
  float threadResults[TM * TN] = {0.0f};
  float regM[TM] = {0.0f};
  float regN[TN] = {0.0f};
  pl_ring_loop<HR>((K + BK - 1) / BK,
                   [&](int t, int s) {
                     for (uint loadOffset = 0; loadOffset < BM; loadOffset += strideA)
                       pl_cp_async4(&As[s][(innerRowA + loadOffset) * BK + innerColA],
                                    A + (size_t)t * BK + (innerRowA + loadOffset) * K + innerColA);
                     for (uint loadOffset = 0; loadOffset < BK; loadOffset += strideB)
                       pl_cp_async4(&Bs[s][(innerRowB + loadOffset) * BN + innerColB],
                                    B + (size_t)t * BK * N + (innerRowB + loadOffset) * N +
                                        innerColB);
                   },
                   [&](int, int s) {
                     for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
                       for (uint i = 0; i < TM; ++i)
                         regM[i] = As[s][(threadRow * TM + i) * BK + dotIdx];
                       for (uint i = 0; i < TN; ++i)
                         regN[i] = Bs[s][dotIdx * BN + threadCol * TN + i];
                       for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
                         for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
                           threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
                     }
                   });
  for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
    for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
      C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN] =
          threadResults[resIdxM * TN + resIdxN];
}

__global__ void __launch_bounds__(256)
    matmulSyncFirstHand(int M, int N, int K, const float *__restrict__ A,
                        const float *__restrict__ B, float *__restrict__ C) {
  __shared__ __align__(16) float As[HR][SF_BM][SF_BK];
  __shared__ __align__(16) float Bs[HR][SF_BK][SF_BN];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tid = ty * blockDim.x + tx;
  const int row0 = blockIdx.y * SF_BM, col0 = blockIdx.x * SF_BN;
  const int ar = tid / 4, ac = (tid % 4) * 4;
  const int br = tid / 16, bc = (tid % 16) * 4;
  (void)M;
  float acc[4][4] = {};
  pl_ring_loop<HR>((K + SF_BK - 1) / SF_BK,
                   [&](int t, int s) {
                     const int k0 = t * SF_BK;
                     pl_cp_async16(&As[s][ar][ac], &A[(size_t)(row0 + ar) * K + k0 + ac]);
                     pl_cp_async16(&Bs[s][br][bc], &B[(size_t)(k0 + br) * N + col0 + bc]);
                   },
                   [&](int, int s) {
#pragma unroll
                     for (int k = 0; k < SF_BK; ++k) {
                       float a[4], b[4];
#pragma unroll
                       for (int i = 0; i < 4; ++i)
                         a[i] = As[s][ty * 4 + i][k];
#pragma unroll
                       for (int j = 0; j < 4; ++j)
                         b[j] = Bs[s][k][tx * 4 + j];
#pragma unroll
                       for (int i = 0; i < 4; ++i)
#pragma unroll
                         for (int j = 0; j < 4; ++j)
                           acc[i][j] += a[i] * b[j];
                     }
                   });
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(row0 + ty * 4 + i) * N + col0 + tx * 4 + j] = acc[i][j];
}

__global__ void __launch_bounds__(256)
    persistentBatchedGemmHand(int n, int batch, const float *__restrict__ A,
                              const float *__restrict__ B, float *__restrict__ C) {
  __shared__ __align__(16) float As[HR][PB_T][PB_T + 1];
  __shared__ __align__(16) float Bs[HR][PB_T][PB_T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * PB_T, col0 = blockIdx.x * PB_T;
  for (int b = blockIdx.z; b < batch; b += gridDim.z) {
    const size_t off = (size_t)b * n * n;
    const float *Ab = A + off, *Bb = B + off;
    float acc[PB_T / PB_TY] = {};
    pl_ring_loop<HR>((n + PB_T - 1) / PB_T,
                     [&](int t, int s) {
                       const int k0 = t * PB_T;
#pragma unroll
                       for (int j = 0; j < PB_T / PB_TY; ++j) {
                         pl_cp_async4(&As[s][ty + PB_TY * j][tx],
                                      &Ab[(size_t)(row0 + ty + PB_TY * j) * n + k0 + tx]);
                         pl_cp_async4(&Bs[s][ty + PB_TY * j][tx],
                                      &Bb[(size_t)(k0 + ty + PB_TY * j) * n + col0 + tx]);
                       }
                     },
                     [&](int, int s) {
#pragma unroll
                       for (int k = 0; k < PB_T; ++k) {
                         const float bv = Bs[s][k][tx];
#pragma unroll
                         for (int j = 0; j < PB_T / PB_TY; ++j)
                           acc[j] += As[s][ty + PB_TY * j][k] * bv;
                       }
                     });
    // The next batch's prologue refills slots that slow threads may still
    // be reading.
    __syncthreads();
#pragma unroll
    for (int j = 0; j < PB_T / PB_TY; ++j)
      C[off + (size_t)(row0 + ty + PB_TY * j) * n + col0 + tx] = acc[j];
  }
}

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDAHand(float *C, float *A, float *B, int hA, int wA, int wB) {
  __shared__ __align__(16) float As[HR][BLOCK_SIZE][BLOCK_SIZE];
  __shared__ __align__(16) float Bs[HR][BLOCK_SIZE][BLOCK_SIZE];
  const int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  assert(blockDim.x == BLOCK_SIZE && blockDim.y == BLOCK_SIZE);
  assert(wA % BLOCK_SIZE == 0 && wB % BLOCK_SIZE == 0);
  const int aBegin = wA * BLOCK_SIZE * by, aStep = BLOCK_SIZE;
  const int bBegin = BLOCK_SIZE * bx, bStep = BLOCK_SIZE * wB;
  float Csub = 0;
  pl_ring_loop<HR>((wA + BLOCK_SIZE - 1) / BLOCK_SIZE,
                   [&](int t, int s) {
                     const int a = aBegin + t * aStep, b = bBegin + t * bStep;
                     assert(a + wA * ty + tx < hA * wA);
                     assert(b + wB * ty + tx < wA * wB);
                     pl_cp_async4(&As[s][ty][tx], &A[a + wA * ty + tx]);
                     pl_cp_async4(&Bs[s][ty][tx], &B[b + wB * ty + tx]);
                   },
                   [&](int, int s) {
#pragma unroll
                     for (int k = 0; k < BLOCK_SIZE; ++k)
                       Csub += As[s][ty][k] * Bs[s][k][tx];
                   });
  const int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}

__global__ void __launch_bounds__(NB_P)
    nbodyAccelHand(int n, float eps2, const float *__restrict__ pos, float *__restrict__ accel) {
  __shared__ __align__(16) float shPos[HR][NB_F];
  const int i = blockIdx.x * NB_P + threadIdx.x;
  const bool active = i < n;
  float3 me = make_float3(0.0f, 0.0f, 0.0f);
  if (active)
    me = make_float3(pos[3 * i], pos[3 * i + 1], pos[3 * i + 2]);
  float3 acc = make_float3(0.0f, 0.0f, 0.0f);
  pl_ring_loop<HR>(
      n / NB_TILE,
      [&](int t, int s) {
        if (threadIdx.x < NB_F)
          pl_cp_async4(&shPos[s][threadIdx.x], &pos[(size_t)t * NB_F + threadIdx.x]);
      },
      [&](int, int s) {
#pragma unroll 16
        for (int j = 0; j < NB_TILE; ++j)
          acc = bodyBodyInteraction(me, shPos[s][3 * j], shPos[s][3 * j + 1], shPos[s][3 * j + 2],
                                    acc, eps2);
      });
  if (active) {
    accel[3 * i] = acc.x;
    accel[3 * i + 1] = acc.y;
    accel[3 * i + 2] = acc.z;
  }
}

__global__ void __launch_bounds__(256)
    gramLdg4Hand(int M, int N, int D, const float *__restrict__ X, const float *__restrict__ Y,
                 float *__restrict__ S) {
  __shared__ __align__(16) float Xs[HR][GR_B][GR_K + 4];
  __shared__ __align__(16) float Ys[HR][GR_B][GR_K + 4];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int tid = ty * 16 + tx;
  const int r = tid / 4, c = (tid % 4) * 4;
  const int xrow = blockIdx.y * GR_B + r, yrow = blockIdx.x * GR_B + r;
  float acc[4][4] = {};
  pl_ring_loop<HR>(
      (D + GR_K - 1) / GR_K,
      [&](int t, int s) {
        const int k0 = t * GR_K;
        const bool xok = xrow < M && k0 + c < D;
        const bool yok = yrow < N && k0 + c < D;
        // Zero-fill out of bounds; the address is clamped to the matrix.
        pl_cp_async16z(&Xs[s][r][c], xok ? &X[(size_t)xrow * D + k0 + c] : X, xok ? 16 : 0);
        pl_cp_async16z(&Ys[s][r][c], yok ? &Y[(size_t)yrow * D + k0 + c] : Y, yok ? 16 : 0);
      },
      [&](int, int s) {
#pragma unroll
        for (int k = 0; k < GR_K; ++k) {
          float a[4], b[4];
#pragma unroll
          for (int i = 0; i < 4; ++i)
            a[i] = Xs[s][ty * 4 + i][k];
#pragma unroll
          for (int j = 0; j < 4; ++j)
            b[j] = Ys[s][tx * 4 + j][k];
#pragma unroll
          for (int i = 0; i < 4; ++i)
#pragma unroll
            for (int j = 0; j < 4; ++j)
              acc[i][j] += a[i] * b[j];
        }
      });
#pragma unroll
  for (int i = 0; i < 4; ++i) {
    const int row = blockIdx.y * GR_B + ty * 4 + i;
#pragma unroll
    for (int j = 0; j < 4; ++j) {
      const int col = blockIdx.x * GR_B + tx * 4 + j;
      if (row < M && col < N)
        S[(size_t)row * N + col] = acc[i][j];
    }
  }
}

// haloConv (halo_conv.cuh) with a hand-written ring: src-size 0 outside
// the image, the address clamped to `in`.
__global__ void __launch_bounds__(HC_P *HC_P)
    haloConvHand(int H, int W, const float *__restrict__ in, const float *__restrict__ w,
                 float *__restrict__ out) {
  __shared__ float tile[HR][HC_P][HC_P];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int c = blockIdx.x * HC_T + tx - 1;
  pl_ring_loop<HR>(
      (H + HC_T - 1) / HC_T,
      [&](int t, int s) {
        const int r = t * HC_T + ty - 1;
        const bool ok = r >= 0 && r < H && c >= 0 && c < W;
        pl_cp_async4z(&tile[s][ty][tx], ok ? &in[r * W + c] : in, ok ? 4 : 0);
      },
      [&](int t, int s) {
        const int orow = t * HC_T + ty, ocol = blockIdx.x * HC_T + tx;
        if (tx < HC_T && ty < HC_T && orow < H && ocol < W)
          out[(size_t)orow * W + ocol] = hcStencil(tile[s], w, ty, tx);
      });
}
// The copy-loop GEMM (copyloop_gemm.cuh) as a hand-written ring: each
// stage's strided copy loop issues zero-filling cp.async.
__global__ void __launch_bounds__(CL_THREADS)
    copyLoopGemmHand(int M, int N, int K, const float *__restrict__ A,
                     const float *__restrict__ B, float *__restrict__ C) {
  __shared__ __align__(16) float As[HR][CL_BM * CL_BK];
  __shared__ __align__(16) float Bs[HR][CL_BK * CL_BN];
  const int tr = threadIdx.x / (CL_BN / CL_TN), tc = threadIdx.x % (CL_BN / CL_TN);
  const int row0 = blockIdx.y * CL_BM, col0 = blockIdx.x * CL_BN;
  float acc[CL_TM][CL_TN] = {};
  pl_ring_loop<HR>(
      (K + CL_BK - 1) / CL_BK,
      [&](int t, int s) {
        const int k0 = t * CL_BK;
        for (int i = threadIdx.x; i < CL_BM * CL_BK; i += blockDim.x) {
          const int r = row0 + i / CL_BK, c = k0 + i % CL_BK;
          const bool ok = r < M && c < K;
          pl_cp_async4z(&As[s][i], ok ? &A[(size_t)r * K + c] : A, ok ? 4 : 0);
        }
        for (int i = threadIdx.x; i < CL_BK * CL_BN; i += blockDim.x) {
          const int r = k0 + i / CL_BN, c = col0 + i % CL_BN;
          const bool ok = r < K && c < N;
          pl_cp_async4z(&Bs[s][i], ok ? &B[(size_t)r * N + c] : B, ok ? 4 : 0);
        }
      },
      [&](int t, int s) { clCompute(As[s], Bs[s], tr, tc, acc); });
  clStore(M, N, C, row0, col0, tr, tc, acc);
}

#endif
