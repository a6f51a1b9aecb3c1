// A tensor-core GEMM whose K extent is a template
// constant, its K loop `#pragma unroll`ed over the KDIM / BK chunks, as
// fixed-size attention and MLP kernels write it. Clang fully unrolls the
// loop before the pass runs: the kernel gets one FullyUnrolled remark at
// the loop's line, saying to remove the pragma, and its code is the code
// without the plugin (no cp.async). The same kernel with `#pragma unroll 1`
// (the GEMM_ROLLED instantiation) stays a loop and is pipelined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK --implicit-check-not=remark:
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}

#include <cassert>
#include <cuda_fp16.h>
#include <mma.h>

using namespace nvcuda;

// REMARK: wmma_const_k.cu:90:5: remark: loop not pipelined: its '#pragma unroll' fully unrolled the loop (constant trip count 4) before the pass ran; remove the pragma, or write '#pragma unroll 1', to let it be pipelined [sm_80, kernel 'void gemmFixedK<128, false>(__half const*, __half const*, float*, int)']
// REMARK: wmma_const_k.cu:86:5: remark: pipelined loop with {{[0-9]}} stages{{.*}}[sm_80, kernel 'void gemmFixedK<128, true>(__half const*, __half const*, float*, int)']

// CHECK-LABEL: .entry _Z10gemmFixedKILi128ELb0EEvPK6__halfS2_Pfi(
// CHECK-NOT: cp.async
// CHECK: ret;
// CHECK-LABEL: .entry _Z10gemmFixedKILi128ELb1EEvPK6__halfS2_Pfi(
// CHECK: cp.async.cg.shared.global
// CHECK: cp.async.wait_group

template <typename Frag> __device__ __forceinline__ void loadFrag(Frag &f, const half *p, int ld) {
  wmma::load_matrix_sync(f, p, ld);
}

constexpr int BM = 64, BN = 64, BK = 32, NT = 128; // 4 warps, 2 x 2, 32 x 32 each

// One K chunk: copy the A and B tiles, wait, multiply, wait.
template <int KDIM>
__device__ __forceinline__ void kChunk(half (&As)[BM][BK], half (&Bs)[BK][BN],
                                       wmma::fragment<wmma::accumulator, 16, 16, 16, float> (&acc)[2][2],
                                       const half *A, const half *B, int N, int k0) {
  const int tid = threadIdx.x, warp = tid / 32, wm = warp / 2, wn = warp % 2;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
#pragma unroll
  for (int c = 0; c < BM * BK / 8 / NT; ++c) {
    const int idx = tid + c * NT, r = idx / (BK / 8), q = (idx % (BK / 8)) * 8;
    *reinterpret_cast<int4 *>(&As[r][q]) =
        *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + r) * KDIM + k0 + q]);
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

// C[M x N] = A[M x KDIM] * B[KDIM x N], row-major, KDIM fixed at compile time;
// ROLLED picks `#pragma unroll 1` over the K chunks instead of `#pragma unroll`.
template <int KDIM, bool ROLLED>
__global__ void __launch_bounds__(NT)
    gemmFixedK(const half *__restrict__ A, const half *__restrict__ B, float *__restrict__ C, int N) {
  static_assert(KDIM % BK == 0, "K must be a multiple of the K chunk");
  __shared__ __align__(32) half As[BM][BK];
  __shared__ __align__(32) half Bs[BK][BN];
  const int warp = threadIdx.x / 32, wm = warp / 2, wn = warp % 2;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  assert(blockDim.x == NT);
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  if (ROLLED) {
#pragma unroll 1
    for (int k0 = 0; k0 < KDIM; k0 += BK)
      kChunk<KDIM>(As, Bs, acc, A, B, N, k0);
  } else {
#pragma unroll
    for (int k0 = 0; k0 < KDIM; k0 += BK)
      kChunk<KDIM>(As, Bs, acc, A, B, N, k0);
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 32 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

template __global__ void gemmFixedK<128, false>(const half *, const half *, float *, int);
template __global__ void gemmFixedK<128, true>(const half *, const half *, float *, int);
