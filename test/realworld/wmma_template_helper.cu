// WMMA tiles the way library code writes them: a template kernel over the
// warp layout, fragments loaded by a __device__ helper that takes a plain
// `const half *` into the tile, an epilogue staged through a __shared__
// buffer with store_matrix_sync. Every matrix access of shared memory moves
// to the shared state space once the helpers are inlined; the loop is
// pipelined. The near miss `pickTile` chooses its tile through a runtime
// pointer (a phi of two tiles): that read stays generic, and is not
// counted. The tiles' rows (64 and 256 bytes) conflict for the WMMA loads,
// so the ring pads them (80 and 272 bytes: ldm 40 and 136), through the
// helper's pointer argument once inlined; padded, 2 stages fit beside Cs.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}

// REMARK: wmma_template_helper.cu:[[@LINE+40]]:3: remark: pipelined loop with 2 stages: tile 'As' 4096 -> 10240 bytes, tile 'Bs' 8192 -> 17408 bytes;
// REMARK-SAME: tile 'As' rows padded from 64 to 80 bytes: WMMA reads conflict-free; tile 'Bs' rows padded from 256 to 272 bytes: WMMA reads conflict-free
// REMARK: remark: 8 tile reads use the shared state space; 4 tile writes [sm_80, kernel '{{.*}}']
// REMARK: remark: 1 tile read uses the shared state space [sm_80, kernel '{{.*}}']

// CHECK-LABEL: .entry _Z8tileGemmILi2ELi4EEviiPK6__halfS2_Pf(
// CHECK-NOT: wmma.load.{{[ab]}}.sync.aligned.row.m16n16k16.f16
// CHECK: mov.b32 %r[[LDA:[0-9]+]], 40;
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[LDA]];
// CHECK: mov.b32 %r[[LDB:[0-9]+]], 136;
// CHECK: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[LDB]];
// CHECK: wmma.store.d.sync.aligned.row.m16n16k16.shared.f32
// CHECK-LABEL: .entry _Z8pickTileiPK6__halfPf(
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16
// CHECK: wmma.load.b.sync.aligned.col.m16n16k16.f16

#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

template <typename Frag> __device__ __forceinline__ void loadFrag(Frag &f, const half *p, int ld) {
  wmma::load_matrix_sync(f, p, ld);
}

// WM x WN warps, each 32 x 32 of C; K chunk 32.
template <int WM, int WN>
__global__ void tileGemm(int N, int K, const half *__restrict__ A, const half *__restrict__ B,
                         float *__restrict__ C) {
  constexpr int BM = WM * 32, BN = WN * 32, BK = 32;
  __shared__ __align__(32) half As[BM][BK];
  __shared__ __align__(32) half Bs[BK][BN];
  __shared__ __align__(32) float Cs[WM * WN][16 * 16];
  const int tid = threadIdx.x, warp = tid / 32;
  const int wm = warp / WN, wn = warp % WN;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  for (int k0 = 0; k0 < K; k0 += BK) {
    constexpr int NT = WM * WN * 32;
#pragma unroll
    for (int c = 0; c < BM * BK / 8 / NT; ++c) {
      const int idx = tid + c * NT, r = idx / (BK / 8), q = (idx % (BK / 8)) * 8;
      *reinterpret_cast<int4 *>(&As[r][q]) =
          *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + r) * K + k0 + q]);
    }
#pragma unroll
    for (int c = 0; c < BK * BN / 8 / NT; ++c) {
      const int idx = tid + c * NT, r = idx / (BN / 8), q = (idx % (BN / 8)) * 8;
      *reinterpret_cast<int4 *>(&Bs[r][q]) =
          *reinterpret_cast<const int4 *>(&B[(size_t)(k0 + r) * N + col0 + q]);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
      for (int i = 0; i < 2; ++i)
        loadFrag(a[i], &As[wm * 32 + i * 16][kk], BK);
      for (int j = 0; j < 2; ++j)
        loadFrag(b[j], &Bs[kk][wn * 32 + j * 16], BN);
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
  // Epilogue through shared memory, one 16x16 piece at a time.
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j) {
      wmma::store_matrix_sync(&Cs[warp][0], acc[i][j], 16, wmma::mem_row_major);
      __syncwarp();
      for (int e = tid % 32; e < 256; e += 32)
        C[(size_t)(row0 + wm * 32 + i * 16 + e / 16) * N + col0 + wn * 32 + j * 16 + e % 16] =
            Cs[warp][e];
      __syncwarp();
    }
}

template __global__ void tileGemm<2, 4>(int, int, const half *, const half *, float *);

// Near miss: which tile is read is decided at run time.
__global__ void pickTile(int which, const half *__restrict__ A, float *__restrict__ C) {
  __shared__ __align__(32) half T0[16 * 16], T1[16 * 16];
  T0[threadIdx.x] = A[threadIdx.x];
  T1[threadIdx.x] = A[256 + threadIdx.x];
  __syncthreads();
  const half *t = which ? T0 : T1;
  wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
  wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  wmma::load_matrix_sync(a, T0, 16);
  wmma::load_matrix_sync(b, t, 16);
  wmma::mma_sync(acc, a, b, acc);
  wmma::store_matrix_sync(C, acc, 16, wmma::mem_row_major);
}
