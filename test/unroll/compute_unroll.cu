// unroll-compute (on by default): the small loops a tile loop computes in,
// unrolled as nvcc unrolls them (lib/compute_unroll.h). A 1-D block-tiled
// SGEMM in the style of public tutorials: per tile of K, each thread walks
// BK = 8 columns of its tile (the dotIdx loop), and for each multiplies
// TM = 8 rows into its results (the resIdx loop, which clang unrolls
// itself). clang leaves the dotIdx loop rolled; unrolled, the loop's 64
// multiply-adds are straight-line code, and the results stay in registers
// either way. Near misses keep their loops: an unroll pragma of the user's,
// launch bounds that leave fewer than 128 registers a thread, a kernel also
// launched through a launcher template (its block unseen), a loop of more
// than 32 trips, a body of more than 1024 instructions unrolled (an 8 x 8
// register-blocked update), a loop that reads no shared memory, a loop
// outside any tile loop. unroll-compute=off leaves every loop as clang does.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.on.s -Rpass=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="as nvcc unrolls it"
// RUN: FileCheck %s --check-prefix=PTX < %t.on.s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.off.s -fplugin-arg-pipeline-unroll-compute=off -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: FileCheck %s --check-prefix=ROLLED < %t.off.s
// OFF-NOT: as nvcc unrolls it

#define BN 64
#define BK 8
#define TM 8

// CHECK: compute_unroll.cu:[[@LINE+35]]:5: remark: loop fully unrolled (8 trips), as nvcc unrolls it: it computes on shared memory inside a tile loop, and straight-line code keeps more of its reads and arithmetic in flight
// PTX-LABEL: .entry _Z9sgemm1DBTILi64EEviiiPKfS1_Pf(
// PTX-COUNT-64: fma.rn.f32
// PTX-NOT: fma.rn.f32
// PTX: ret;
// PTX-LABEL: .entry _Z9sgemm1DBTILi128EEviiiPKfS1_Pf(
// PTX-COUNT-8: fma.rn.f32
// PTX-NOT: fma.rn.f32
// PTX: ret;
// PTX-LABEL: .entry _Z15sgemm1DLaunchediiiPKfS0_Pf(
// PTX-COUNT-8: fma.rn.f32
// PTX-NOT: fma.rn.f32
// PTX: ret;
// ROLLED-LABEL: .entry _Z9sgemm1DBTILi64EEviiiPKfS1_Pf(
// ROLLED-COUNT-8: fma.rn.f32
// ROLLED-NOT: fma.rn.f32
// ROLLED: ret;
template <int BM>
__global__ void __launch_bounds__((BM * BN) / TM)
    sgemm1DBT(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const uint threadCol = threadIdx.x % BN, threadRow = threadIdx.x / BN;
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  const uint innerColA = threadIdx.x % BK, innerRowA = threadIdx.x / BK;
  const uint innerColB = threadIdx.x % BN, innerRowB = threadIdx.x / BN;
  float threadResults[TM] = {0.0f};
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    As[innerRowA * BK + innerColA] = A[innerRowA * K + innerColA];
    Bs[innerRowB * BN + innerColB] = B[innerRowB * N + innerColB];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      const float tmpB = Bs[dotIdx * BN + threadCol];
      for (uint resIdx = 0; resIdx < TM; ++resIdx)
        threadResults[resIdx] += As[(threadRow * TM + resIdx) * BK + dotIdx] * tmpB;
    }
    __syncthreads();
  }
  for (uint resIdx = 0; resIdx < TM; ++resIdx)
    C[(threadRow * TM + resIdx) * N + threadCol] = threadResults[resIdx];
}

// The same at 128 x 64 tiles: blocks of 1024 threads leave 64 registers a
// thread, and the loop stays rolled.
template __global__ void sgemm1DBT<64>(int, int, int, const float *, const float *, float *);
template __global__ void sgemm1DBT<128>(int, int, int, const float *, const float *, float *);

// Without launch bounds, 256-thread blocks at its launch below, but also
// passed to a launcher, whose block (1024 threads) the plugin does not
// read: the loop stays rolled.
__global__ void sgemm1DLaunched(int M, int N, int K, const float *A, const float *B, float *C) {
  __shared__ float As[32 * BK];
  __shared__ float Bs[BK * BN];
  const uint threadCol = threadIdx.x % BN, threadRow = threadIdx.x / BN;
  A += blockIdx.y * 32 * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * 32 * N + blockIdx.x * BN;
  const uint innerColA = threadIdx.x % BK, innerRowA = threadIdx.x / BK;
  const uint innerColB = threadIdx.x % BN, innerRowB = threadIdx.x / BN;
  float threadResults[TM] = {0.0f};
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    As[innerRowA * BK + innerColA] = A[innerRowA * K + innerColA];
    Bs[innerRowB * BN + innerColB] = B[innerRowB * N + innerColB];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      const float tmpB = Bs[dotIdx * BN + threadCol];
      for (uint resIdx = 0; resIdx < TM; ++resIdx)
        threadResults[resIdx] += As[(threadRow * TM + resIdx) * BK + dotIdx] * tmpB;
    }
    __syncthreads();
  }
  for (uint resIdx = 0; resIdx < TM; ++resIdx)
    C[(threadRow * TM + resIdx) * N + threadCol] = threadResults[resIdx];
}

template <class Kernel>
void launch(Kernel k, int threads, int M, int N, int K, const float *A, const float *B, float *C) {
  k<<<dim3(N / BN, M / 32), threads>>>(M, N, K, A, B, C);
}

void host(int M, int N, int K, const float *A, const float *B, float *C) {
  sgemm1DLaunched<<<dim3(N / BN, M / 32), 256>>>(M, N, K, A, B, C);
  launch(sgemm1DLaunched, 1024, M, N, K, A, B, C);
}

// The user's `#pragma unroll 1` keeps the loop rolled.
__global__ void __launch_bounds__(256) keptRolled(int K, const float *A, float *C) {
  __shared__ float t[BK][256];
  float acc[TM] = {0.0f};
  for (int k = 0; k < K; k += BK * 256) {
    for (int r = 0; r < BK; ++r)
      t[r][threadIdx.x] = A[k + r * 256 + threadIdx.x];
    __syncthreads();
#pragma unroll 1
    for (int d = 0; d < BK; ++d)
      for (int j = 0; j < TM; ++j)
        acc[j] += t[d][(threadIdx.x + j) % 256] * t[(d + j) % BK][threadIdx.x];
    __syncthreads();
  }
  for (int j = 0; j < TM; ++j)
    C[j * 256 + threadIdx.x] = acc[j];
}

// 64 trips, more than 32.
__global__ void __launch_bounds__(256) longLoop(int K, const float *A, float *C) {
  __shared__ float t[64][256];
  float acc[4] = {0.0f};
  for (int k = 0; k < K; k += 64 * 256) {
    for (int r = 0; r < 64; ++r)
      t[r][threadIdx.x] = A[k + r * 256 + threadIdx.x];
    __syncthreads();
    for (int d = 0; d < 64; ++d)
      for (int j = 0; j < 4; ++j)
        acc[j] += t[d][(threadIdx.x + j) % 256] * t[(d + j) % 64][threadIdx.x];
    __syncthreads();
  }
  for (int j = 0; j < 4; ++j)
    C[j * 256 + threadIdx.x] = acc[j];
}

// 8 x 8 results a thread: the BK loop's body comes to more than 1024
// instructions unrolled.
__global__ void __launch_bounds__(256) bigBody(int K, const float *A, float *C) {
  __shared__ float As[BK][128], Bs[BK][128];
  float acc[8][8] = {};
  const int tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  for (int k = 0; k < K; k += BK) {
    for (int r = 0; r < BK * 128; r += 256) {
      As[(r + threadIdx.x) / 128][(r + threadIdx.x) % 128] = A[k * 128 + r + threadIdx.x];
      Bs[(r + threadIdx.x) / 128][(r + threadIdx.x) % 128] = A[k * 128 + r + threadIdx.x + 1];
    }
    __syncthreads();
    for (int d = 0; d < BK; ++d)
      for (int i = 0; i < 8; ++i)
        for (int j = 0; j < 8; ++j)
          acc[i][j] += As[d][ty * 8 + i] * Bs[d][tx * 8 + j];
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      C[(ty * 8 + i) * 128 + tx * 8 + j] = acc[i][j];
}

// A small loop that reads global memory only, and one after the tile loop.
__global__ void __launch_bounds__(256) noShared(int K, const float *A, const float *W, float *C) {
  __shared__ float t[256];
  float acc = 0.0f, acc2 = 1.0f;
  for (int k = 0; k < K; k += 256) {
    t[threadIdx.x] = A[k + threadIdx.x];
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 256];
    for (int d = 0; d < 16; ++d) {
      const float w = W[d * K + k], v = W[d * K + k + 1];
      acc = acc * w + __sinf(acc) * __cosf(acc2) + __logf(1.0f + v * v) * __expf(acc2 - w);
      acc2 = acc2 * v + __expf(-acc) * __sinf(acc2) + __cosf(w * acc) * __logf(2.0f + w * w);
    }
    __syncthreads();
  }
  t[threadIdx.x] = acc;
  __syncthreads();
  for (int d = 0; d < 16; ++d) {
    const float w = t[(threadIdx.x + d) % 256], v = t[(threadIdx.x + 2 * d) % 256];
    acc = acc * w + __sinf(acc) * __cosf(acc2) + __logf(1.0f + v * v) * __expf(acc2 - w);
    acc2 = acc2 * v + __expf(-acc) * __sinf(acc2) + __cosf(w * acc) * __logf(2.0f + w * w);
  }
  C[threadIdx.x] = acc + acc2;
}
