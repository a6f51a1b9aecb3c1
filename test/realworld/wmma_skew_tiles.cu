// WMMA tiles as many public GEMMs write them: a SKEW of 8 halves after each
// row (rows of 80 and 272 bytes, row / 16 odd), a template over the block
// tile, fragments through a helper. The tiles already read conflict-free,
// so the ring keeps their rows (no padding, no RingLayout remark), and the
// WMMA loads keep ldm 40 and 136. Its unskewed twin, in the same file, is
// padded to exactly that layout by the plugin: the same ldm, the same bytes
// per row.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}

// REMARK-DAG: wmma_skew_tiles.cu:[[@LINE+50]]:3: remark: pipelined loop with 2 stages: tile 'As' 10240 -> 20480 bytes, tile 'Bs' 8704 -> 17408 bytes; 4 cp.async copies of 16 bytes; removed the second barrier
// REMARK-DAG: wmma_skew_tiles.cu:[[@LINE+49]]:3: remark: pipelined loop with 2 stages: tile 'As' 8192 -> 20480 bytes, tile 'Bs' 8192 -> 17408 bytes; {{.*}}; tile 'As' rows padded from 64 to 80 bytes: WMMA reads conflict-free; tile 'Bs' rows padded from 256 to 272 bytes: WMMA reads conflict-free; cp.async
// REMARK-NOT: RingLayout
// REMARK-NOT: keeps its rows

// CHECK-LABEL: .entry _Z8skewGemmILi8EEviiiPK6__halfS2_Pf(
// CHECK: mov.b32 %r[[A:[0-9]+]], 40;
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[A]];
// CHECK: mov.b32 %r[[B:[0-9]+]], 136;
// CHECK: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[B]];
// CHECK-LABEL: .entry _Z8skewGemmILi0EEviiiPK6__halfS2_Pf(
// CHECK: mov.b32 %r[[PA:[0-9]+]], 40;
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[PA]];
// CHECK: mov.b32 %r[[PB:[0-9]+]], 136;
// CHECK: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[PB]];

#include <cassert>
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

namespace cfg {
constexpr int BM = 128, BN = 128, BK = 32, THREADS = 256;
}

template <typename Frag>
__device__ __forceinline__ void loadTile(Frag &f, const half *smem, int ld) {
  wmma::load_matrix_sync(f, smem, ld);
}

template <int SKEW>
__global__ void __launch_bounds__(cfg::THREADS)
    skewGemm(int M, int N, int K, const half *__restrict__ A, const half *__restrict__ B,
             float *__restrict__ C) {
  using namespace cfg;
  constexpr int LDA = BK + SKEW, LDB = BN + SKEW;
  __shared__ __align__(32) half As[BM][LDA];
  __shared__ __align__(32) half Bs[BK][LDB];
  assert(K % BK == 0);
  const int tid = threadIdx.x, warp = tid / 32;
  const int wm = warp / 4, wn = warp % 4;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  (void)M;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int idx = tid + i * THREADS;
      const int ar = idx / (BK / 8), ac = (idx % (BK / 8)) * 8;
      *reinterpret_cast<int4 *>(&As[ar][ac]) =
          *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + ar) * K + k0 + ac]);
      const int br = idx / (BN / 8), bc = (idx % (BN / 8)) * 8;
      *reinterpret_cast<int4 *>(&Bs[br][bc]) =
          *reinterpret_cast<const int4 *>(&B[(size_t)(k0 + br) * N + col0 + bc]);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        loadTile(a[i], &As[wm * 64 + i * 16][kk], LDA);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        loadTile(b[j], &Bs[kk][wn * 32 + j * 16], LDB);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

void launch(int M, int N, int K, const half *A, const half *B, float *C, bool skew) {
  dim3 grid(N / cfg::BN, M / cfg::BM);
  if (skew)
    skewGemm<8><<<grid, cfg::THREADS>>>(M, N, K, A, B, C);
  else
    skewGemm<0><<<grid, cfg::THREADS>>>(M, N, K, A, B, C);
}
