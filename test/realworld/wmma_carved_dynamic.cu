// A WMMA GEMM as the CUDA Samples' cudaTensorCoreGemm and public tutorials
// write it: one `extern __shared__` buffer carved into an A and a B tile,
// rows skewed by 8 halves, 1-D indexing (`As[r * LDA + c]`), 16-byte
// copies unrolled twice per thread. The copies of one tile differ by a
// constant once each index is split into its parts ((tid + 256) / 4 * 40
// against tid / 4 * 40: 64 rows apart), and the A copies lie below the B
// carve for every thread the launch bounds allow (256). Near misses: the
// same kernel without launch bounds (a thread index up to 1023 could reach
// the B carve from A), and a B carve that overlaps A's last rows -- both
// keep the in-place shape, with the overlap as the ring's reason.
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
//
// CHECK-DAG: remark: pipelined loop with 3 stages: tile 'shmem' (dynamic shared memory, of which the kernel uses 18928 bytes at most) -> 56832 bytes; 4 cp.async copies of 16 bytes; removed the second barrier; runs where the launch gives at least 56832 bytes{{.*}}kernel 'void gemmCarved<true>
// CHECK-DAG: remark: pipelined loop in place {{.*}}no ring: two copies into tile 'shmem' may write the same bytes, and cp.async gives them no order{{.*}}kernel 'gemmCarvedUnbounded
// CHECK-DAG: remark: pipelined loop in place {{.*}}no ring: two copies into tile 'shmem' may write the same bytes, and cp.async gives them no order{{.*}}kernel 'void gemmCarved<false>
// PTX-LABEL: .entry _Z10gemmCarvedILb1EEviiiPK6__halfS2_Pf(
// PTX-COUNT-4: cp.async.cg.shared.global [{{.*}}], [{{.*}}], 16
// PTX: cp.async.commit_group;
#include <cuda_fp16.h>
#include <mma.h>

#define BLOCK_ROW_TILES 128
#define CHUNK_K 32
#define SKEW_HALF 8
#define LDA (CHUNK_K + SKEW_HALF)
#define LDB (BLOCK_ROW_TILES + SKEW_HALF)

using namespace nvcuda;

template <bool SEPARATE>
__device__ __forceinline__ void gemmBody(int M, int N, int K, const half *A, const half *B,
                                         float *C) {
  extern __shared__ half shmem[];
  half *As = shmem;
  // The B tile after A's 128 rows, or (the near miss) after 120 of them.
  half *Bs = shmem + (SEPARATE ? 128 : 120) * LDA;
  const int tid = threadIdx.x, warp = tid / 32, wm = warp / 4, wn = warp % 4;
  const int row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int j = 0; j < 2; j++)
      wmma::fill_fragment(acc[i][j], 0.0f);
  for (int k0 = 0; k0 < K; k0 += CHUNK_K) {
#pragma unroll
    for (int i = 0; i < 2; i++) {
      const int idx = tid + i * 256;
      const int ar = idx / 4, ac = (idx % 4) * 8, br = idx / 16, bc = (idx % 16) * 8;
      *(int4 *)&As[ar * LDA + ac] = *(const int4 *)&A[(size_t)(row0 + ar) * K + k0 + ac];
      *(int4 *)&Bs[br * LDB + bc] = *(const int4 *)&B[(size_t)(k0 + br) * N + col0 + bc];
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < CHUNK_K; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; i++)
        wmma::load_matrix_sync(a[i], &As[(wm * 64 + i * 16) * LDA + kk], LDA);
#pragma unroll
      for (int j = 0; j < 2; j++)
        wmma::load_matrix_sync(b[j], &Bs[kk * LDB + wn * 32 + j * 16], LDB);
#pragma unroll
      for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 2; j++)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int j = 0; j < 2; j++)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
  (void)M;
}

template <bool SEPARATE>
__global__ void __launch_bounds__(256)
    gemmCarved(int M, int N, int K, const half *A, const half *B, float *C) {
  gemmBody<SEPARATE>(M, N, K, A, B, C);
}
template __global__ void gemmCarved<true>(int, int, int, const half *, const half *, float *);
template __global__ void gemmCarved<false>(int, int, int, const half *, const half *, float *);

__global__ void gemmCarvedUnbounded(int M, int N, int K, const half *A, const half *B, float *C) {
  gemmBody<true>(M, N, K, A, B, C);
}
