// One variant of every benchmark kernel: the launchers that launchers.h
// declares from kernels.def, each launching its kernel. Compiled once per
// variant with -DPL_NS=<variant> (plus -fplugin=libpipeline.so and its
// arguments for the plugin variants, -DPL_HAND for the hand-written rings,
// -DPL_COMPUTE_ONLY for the limit); the kernels sit in namespace PL_NS so
// that all variants link into one benchmark.
#include <assert.h> // before the namespace: its device __assert_fail is global
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <float.h>
#include <math.h>
#include <mma.h>

#include <libpipeline.h> // before the namespace: its query is global

#include "kernels/tile_copy.h"
#include "launchers.h"

#define PL_CAT2(a, b) a##b
#define PL_CAT(a, b) PL_CAT2(a, b)
#ifdef PL_HAND
#define KERNEL(k) PL_NS::k##Hand
#else
#define KERNEL(k) PL_NS::k
#endif

namespace PL_NS {
#include "../examples/sgemm_kernel.cuh"
#include "../examples/wmma_gemm_kernel.cuh"
#include "kernels/alias_rows.cuh"
#include "kernels/attention.cuh"
#include "kernels/batched.cuh"
#include "kernels/box_u8.cuh"
#include "kernels/col_gemv.cuh"
#include "kernels/conv.cuh"
#include "kernels/batch_transpose.cuh"
#include "kernels/conv5.cuh"
#include "kernels/copyloop_conv.cuh"
#include "kernels/copyloop_gemm.cuh"
#include "kernels/dyn_smem.cuh"
#include "kernels/convert.cuh"
#include "kernels/fixed_k.cuh"
#include "kernels/gemv_vec.cuh"
#include "kernels/gram_ldg4.cuh"
#include "kernels/halo_conv.cuh"
#include "kernels/halo_guard.cuh"
#include "kernels/int8_attn.cuh"
#include "kernels/kmeans.cuh"
#include "kernels/matmul_assert.cuh"
#include "kernels/matmul_checked.cuh"
#include "kernels/nbody.cuh"
#include "kernels/persistent_batched.cuh"
#include "kernels/row_dot.cuh"
#include "kernels/rb_sgemm.cuh"
#include "kernels/sgemm_1d.cuh"
#include "kernels/sgemm_2d.cuh"
#include "kernels/sgemm_runtime.cuh"
#include "kernels/sgemm_vec.cuh"
#include "kernels/skip_gemm.cuh"
#include "kernels/max_pool.cuh"
#include "kernels/ptr_batch.cuh"
#include "kernels/halo_blur.cuh"
#include "kernels/row_reduce.cuh"
#include "kernels/h16_tile.cuh"
#include "kernels/small_gemm.cuh"
#include "kernels/stream.cuh"
#include "kernels/sync_first.cuh"
#include "kernels/trans_mm.cuh"
#include "kernels/two_loop.cuh"
#include "kernels/wmma_dyn.cuh"
#include "kernels/wmma_padded.cuh"
#include "kernels/z_stencil.cuh"
#ifdef PL_HAND
#include "hand_kernels.cuh"
#include "kernels/hand.cuh"
#include "kernels/hand_realworld.cuh"
#include "kernels/wmma_dyn.cuh"
#include "kernels/wmma_padded.cuh"
#endif
} // namespace PL_NS

void PL_CAT(sgemm_, PL_NS)(int N, const float *A, const float *B, float *C) {
  KERNEL(sgemmTiled)<<<dim3(N / TILE, N / TILE), dim3(TILE, TILE)>>>(N, A, B, C);
}
// The WMMA GEMMs ask include/libpipeline.h for the dynamic shared memory to
// launch with: 0 without the plugin, and where the plugin moved their rings
// into dynamic shared memory (a padded ring of 3 stages exceeds the 48 KiB
// of static arrays) those rings' bytes.
void PL_CAT(wmma_, PL_NS)(int M, int N, int K, const half *A, const half *B, float *C) {
  size_t smem = pl_dynamic_smem_bytes<KERNEL(wmmaGemm)>(0);
  KERNEL(wmmaGemm)<<<dim3(N / WG_BN, M / WG_BM), 256, smem>>>(M, N, K, A, B, C);
}
void PL_CAT(wmmapad_, PL_NS)(int M, int N, int K, const half *A, const half *B, float *C) {
  size_t smem = pl_dynamic_smem_bytes<KERNEL(wmmaGemmPadded)>(0);
  KERNEL(wmmaGemmPadded)<<<dim3(N / WG_BN, M / WG_BM), 256, smem>>>(M, N, K, A, B, C);
}
void PL_CAT(rbsgemm_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(rbSgemm)<<<dim3(N / RB_BN, M / RB_BM), 256>>>(M, N, K, A, B, C);
}
void PL_CAT(conv_, PL_NS)(int C, int H, int W, const float *in, const float *w, float *out) {
  dim3 grid((W + CV_TX - 1) / CV_TX, (H + CV_TY - 1) / CV_TY);
  KERNEL(conv3x3)<<<grid, dim3(CV_TX, CV_TY)>>>(C, H, W, in, w, out);
}
void PL_CAT(batched_, PL_NS)(int n, int batch, const float *A, const float *B, float *C) {
  KERNEL(batchedGemm)<<<dim3(n / BT, n / BT, batch), dim3(BT, BT)>>>(n, A, B, C);
}
void PL_CAT(attn_, PL_NS)(int L, int bh, const float *Q, const float *K, const float *V,
                          float *O) {
  KERNEL(attention)<<<dim3((L + AT_BQ - 1) / AT_BQ, bh), AT_BQ>>>(L, Q, K, V, O);
}
void PL_CAT(stream_, PL_NS)(int n, int tiles_per_block, int blocks, const float *in,
                            float *out) {
  KERNEL(streamSum)<<<blocks, 256>>>(n, tiles_per_block, in, out);
}
void PL_CAT(streamldg_, PL_NS)(int n, int tiles_per_block, int blocks, const float *in,
                               float *out) {
  KERNEL(streamSumLdg)<<<blocks, 256>>>(n, tiles_per_block, in, out);
}

// Real-world tile loops: templates, pointer bumps, asserts, guards, outer
// loops.
void PL_CAT(sgemm1d_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(sgemm1DBlocktiling)<S1_BM, S1_BN, S1_BK, S1_TM>
      <<<dim3(N / S1_BN, M / S1_BM), S1_BM * S1_BN / S1_TM>>>(M, N, K, A, B, C);
}
void PL_CAT(sgemmvec_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(sgemmVectorize)<SV_BM, SV_BN, SV_BK, SV_TM, SV_TN>
      <<<dim3(N / SV_BN, M / SV_BM), SV_BM * SV_BN / (SV_TM * SV_TN)>>>(M, N, K, A, B, C);
}
// The same kernel with 128 threads of 8x4 results over a 64x64 block tile
// (one float4 of A and one of B per thread): a shape the model gives the
// register lowering (cp.async would split the float4 of A into four 4-byte
// copies).
void PL_CAT(sgemmvec2_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(sgemmVectorize)<64, 64, SV_BK, 8, 4><<<dim3(N / 64, M / 64), 128>>>(M, N, K, A, B, C);
}
void PL_CAT(sgemm2d_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(sgemm2DBlocktiling)<S2_BM, S2_BN, S2_BK, S2_TM, S2_TN>
      <<<dim3(N / S2_BN, M / S2_BM), S2_BM * S2_BN / (S2_TM * S2_TN)>>>(M, N, K, A, B, C);
}
void PL_CAT(syncfirst_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(matmulSyncFirst)<<<dim3(N / SF_BN, M / SF_BM), dim3(16, 16)>>>(M, N, K, A, B, C);
}
void PL_CAT(pbatched_, PL_NS)(int n, int batch, int zgrid, const float *A, const float *B,
                              float *C) {
  KERNEL(persistentBatchedGemm)<<<dim3(n / PB_T, n / PB_T, zgrid), dim3(PB_T, PB_TY)>>>(n, batch, A,
                                                                                        B, C);
}
void PL_CAT(mmassert_, PL_NS)(int hA, int wA, int wB, const float *A, const float *B, float *C) {
  // The sample's signature takes non-const pointers; it never writes A or B.
  KERNEL(MatrixMulCUDA)<MA_BLOCK><<<dim3(wB / MA_BLOCK, hA / MA_BLOCK), dim3(MA_BLOCK, MA_BLOCK)>>>(
      C, const_cast<float *>(A), const_cast<float *>(B), hA, wA, wB);
}
void PL_CAT(mmchecked_, PL_NS)(int mode, int hA, int wA, int wB, const float *A, const float *B,
                               float *C) {
  // mode 0: bounds asserts in the loop; 1: and shape asserts before it;
  // 2: bounds asserts, and __launch_bounds__ asks for 2 blocks per SM
  dim3 grid(wB / MC_BLOCK, hA / MC_BLOCK), block(MC_BLOCK, MC_BLOCK);
  if (mode == 0)
    PL_NS::matmulChecked<MC_BLOCK, false, 1><<<grid, block>>>(C, A, B, hA, wA, wB);
  else if (mode == 1)
    PL_NS::matmulChecked<MC_BLOCK, true, 1><<<grid, block>>>(C, A, B, hA, wA, wB);
  else
    PL_NS::matmulChecked<MC_BLOCK, false, 2><<<grid, block>>>(C, A, B, hA, wA, wB);
}
void PL_CAT(nbody_, PL_NS)(int n, const float *pos, float *accel) {
  KERNEL(nbodyAccel)<<<(n + NB_P - 1) / NB_P, NB_P>>>(n, 0.01f, pos, accel);
}
void PL_CAT(gram_, PL_NS)(int M, int N, int D, const float *X, const float *Y, float *S) {
  KERNEL(gramLdg4)<<<dim3((N + GR_B - 1) / GR_B, (M + GR_B - 1) / GR_B), dim3(16, 16)>>>(M, N, D, X,
                                                                                         Y, S);
}

// Copies cp.async cannot do: converting, dequantizing, 2-byte.
void PL_CAT(f2h_, PL_NS)(int n, int tiles_per_block, int blocks, const float *in, float *out) {
  KERNEL(f2hStream)<<<blocks, CV_T>>>(n, tiles_per_block, in, out);
}
void PL_CAT(dequant_, PL_NS)(int M, int N, int K, const half *A, const signed char *W,
                             const float *scale, float *C) {
  KERNEL(dequantGemm)<<<dim3(N / DQ_B, M / DQ_B), dim3(DQ_B, DQ_B)>>>(M, N, K, A, W, scale, C);
}
void PL_CAT(halfgemm_, PL_NS)(int M, int N, int K, const half *A, const half *B, float *C) {
  KERNEL(halfGemm)<<<dim3(N / HG_B, M / HG_B), dim3(HG_B, HG_B)>>>(M, N, K, A, B, C);
}
// A halo tile under a compound guard that changes per tile.
void PL_CAT(haloconv_, PL_NS)(int H, int W, const float *in, const float *w, float *out) {
  KERNEL(haloConv)<<<(W + HC_T - 1) / HC_T, dim3(HC_P, HC_P)>>>(H, W, in, w, out);
}
// The runtime alias check: the same kernel in every variant (no
// hand-written ring: the hand variant runs it as written); checked, not
// timed.
void PL_CAT(aliasrows_, PL_NS)(int tiles, int blocks, int strided, const float *in, float *out) {
  if (strided)
    PL_NS::aliasRowsStrided<<<blocks, AR_W>>>(tiles, in, out);
  else
    PL_NS::aliasRows<<<blocks, AR_W>>>(tiles, in, out);
}
// Constant-trip tile loops, unrolled (rolled = 0) or kept a loop with
// `#pragma unroll 1` (rolled = 1).
void PL_CAT(fixedk_, PL_NS)(int M, int N, int rolled, const half *A, const half *B, float *C) {
  dim3 grid(N / FK_BN, M / FK_BM);
  if (rolled)
    KERNEL(fixedKWmma)<true><<<grid, FK_NT>>>(N, A, B, C);
  else
    KERNEL(fixedKWmma)<false><<<grid, FK_NT>>>(N, A, B, C);
}
void PL_CAT(smallk_, PL_NS)(int batch, int rolled, const float *A, const float *B, float *C) {
  if (rolled)
    KERNEL(smallKSgemm)<true><<<batch, dim3(SK_T, SK_T)>>>(A, B, C);
  else
    KERNEL(smallKSgemm)<false><<<batch, dim3(SK_T, SK_T)>>>(A, B, C);
}
// Two tile loops over the same tiles, and a tile loop whose last tiles are
// read after it; a GEMM whose tiles are copied by strided loops. No
// hand-written ring for the first two: the hand variant runs the plain
// kernels.
void PL_CAT(twoloop_, PL_NS)(int M, int K1, int K2, const float *A, const float *x, const float *B,
                             const float *y, float *out) {
  PL_NS::twoLoop<<<M / TL_ROWS, dim3(TL_BK, TL_ROWS)>>>(M, K1, K2, A, x, B, y, out);
}
void PL_CAT(tailread_, PL_NS)(int M, int K1, int extra, const float *A, const float *x,
                              float *out) {
  PL_NS::tailRead<<<M / TL_ROWS, dim3(TL_BK, TL_ROWS)>>>(M, K1, extra, A, x, out);
}
void PL_CAT(copyloop_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 grid((N + CL_BN - 1) / CL_BN, (M + CL_BM - 1) / CL_BM);
  KERNEL(copyLoopGemm)<<<grid, CL_THREADS>>>(M, N, K, A, B, C);
}
// A GEMV-like row-times-vector product (ragged last tile) and a 1-D halo
// convolution whose tile is filled by a strided copy loop. No hand-written
// ring: the hand variant runs the plain kernel.
void PL_CAT(rowdot_, PL_NS)(int M, int K, const float *A, const float *x, float *out) {
  PL_NS::rowDot<RD_BK, RD_ROWS><<<M / RD_ROWS, dim3(RD_BK, RD_ROWS)>>>(M, K, A, x, out);
}
void PL_CAT(copyloopconv_, PL_NS)(int C, int H, int W, const float *in, const float *w,
                                  float *out) {
  dim3 grid((W + CC_T - 1) / CC_T, H);
  PL_NS::copyLoopConv<<<grid, CC_T>>>(C, H, W, in, w, out);
}
// A transposed GEMV (y = A^T x, ragged last tile of rows) and a 3-D stencil
// marching along z whose haloed plane is filled by a strided copy loop. No
// hand-written ring: the hand variant runs the plain kernel.
void PL_CAT(colgemv_, PL_NS)(int M, int N, const float *A, const float *x, float *y) {
  const int grid = (N + CG_BX - 1) / CG_BX;
  PL_NS::colGemv<CG_BX, CG_BY, CG_TM><<<grid, dim3(CG_BX, CG_BY)>>>(M, N, A, x, y);
}
void PL_CAT(zstencil_, PL_NS)(int D, int H, int W, const float *in, float *out) {
  dim3 grid((W + ZS_BX - 1) / ZS_BX, (H + ZS_BY - 1) / ZS_BY);
  PL_NS::zStencil<<<grid, dim3(ZS_BX, ZS_BY)>>>(D, H, W, 0.4f, 0.1f, 0.05f, in, out);
}
// Haloed tiles filled by copy loops under compound bounds guards
// (kernels/halo_guard.cuh). No hand-written ring.
void PL_CAT(halo5_, PL_NS)(int H, int W, const float *in, float *out) {
  PL_NS::halo5Stencil<<<(W + H5_B - 1) / H5_B, dim3(H5_B, H5_B)>>>(W, H, in, out, 0.5f, 0.125f);
}
// An 8-bit box filter over C planes whose byte tile a strided copy loop
// fills (kernels/box_u8.cuh); the hand-written register double buffer.
void PL_CAT(boxu8_, PL_NS)(int C, int H, int W, const unsigned char *img, float *out) {
  if (H > 0 && W > 0)
    KERNEL(boxU8)<<<dim3((W + BU_B - 1) / BU_B, (H + BU_B - 1) / BU_B), dim3(16, 16)>>>(C, H, W,
                                                                                       img, out);
}
void PL_CAT(conv20_, PL_NS)(int C, int H, int W, const float *in, const float *w, float *out) {
  dim3 grid((W + 15) / 16, (H + 15) / 16);
  PL_NS::conv20Channels<<<grid, dim3(16, C20_TY)>>>(W, H, C, in, w, out);
}
// Tile loops over dynamic shared memory (kernels/dyn_smem.cuh), launched with
// the bytes their tiles need, or those a ring in dynamic shared memory needs
// where the plugin made one (include/libpipeline.h; the same source in
// every variant: without a ring it is the tiles' bytes).
void PL_CAT(dynmm_, PL_NS)(int hA, int wA, int wB, const float *A, const float *B, float *C) {
  size_t smem = pl_dynamic_smem_bytes<KERNEL(matmulDynamic)>(2 * DM_T * DM_T * sizeof(float));
  KERNEL(matmulDynamic)<<<dim3(wB / DM_T, hA / DM_T), dim3(DM_T, DM_T), smem>>>(C, A, B, hA, wA,
                                                                                wB);
}
void PL_CAT(dynnbody_, PL_NS)(int n, const float *pos, float *accel) {
  size_t smem = pl_dynamic_smem_bytes<KERNEL(nbodyDynamic)>(DN_P * sizeof(float4));
  KERNEL(nbodyDynamic)<<<n / DN_P, DN_P, smem>>>(n, 0.01f, (const float4 *)pos, (float4 *)accel);
}
// Copy loops that step by the block size (kernels/sgemm_runtime.cuh).
void PL_CAT(sgemmrt_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(sgemmRuntime)<SR_BM, SR_BN, SR_BK, SR_TM, SR_TN>
      <<<dim3(N / SR_BN, M / SR_BM), SR_BM * SR_BN / (SR_TM * SR_TN)>>>(M, N, K, A, B, C);
}
// Kernels written blind, in the style of public CUDA code, without looking
// at the plugin's remarks (the cost model's held-out set; bench.cu,
// blind()). No hand-written ring: the hand variant runs the plain kernels.
void PL_CAT(transmm_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  dim3 grid((N + TM_TILE - 1) / TM_TILE, (M + TM_TILE - 1) / TM_TILE);
  PL_NS::transMatMul<TM_TILE><<<grid, dim3(TM_TILE, TM_TILE)>>>(M, N, K, A, B, C);
}
void PL_CAT(gemvvec_, PL_NS)(int M, int K, const float *A, const float *x, float *y) {
  const int grid = (M + GV_WARPS - 1) / GV_WARPS;
  PL_NS::gemvVec4<GV_WARPS, GV_TK><<<grid, dim3(32, GV_WARPS)>>>(M, K, A, x, y);
}
void PL_CAT(kmeans_, PL_NS)(int n, int k, const float *points, const float *centroids,
                            int *assign) {
  const int grid = (n + KM_THREADS - 1) / KM_THREADS;
  PL_NS::kmeansAssign<KM_D, KM_TC><<<grid, KM_THREADS>>>(n, k, points, centroids, assign);
}
void PL_CAT(int8attn_, PL_NS)(int Lq, int Lk, int bh, const signed char *Q, const signed char *K,
                              float *S) {
  // int8 scales of 1/127 for Q and K, and 1/sqrt(d)
  const float alpha = 1.0f / (127.0f * 127.0f * sqrtf((float)IA_HD));
  dim3 grid((Lq + IA_BQ - 1) / IA_BQ, bh);
  PL_NS::int8AttnScores<IA_HD, IA_BQ, IA_BK><<<grid, dim3(16, 16)>>>(Lq, Lk, Q, K, S, alpha);
}
void PL_CAT(smallgemm_, PL_NS)(int M, int N, int K, int batch, const float *A, const float *B,
                               float *C) {
  dim3 grid(N / SG_BN, M / SG_BM, batch);
  const int threads = (SG_BM / SG_TM) * (SG_BN / SG_TN);
  PL_NS::smallGemmBatched<SG_BM, SG_BN, SG_BK, SG_TM, SG_TN>
      <<<grid, threads>>>(M, N, K, A, (long long)M * K, B, (long long)K * N, C, (long long)M * N);
}
void PL_CAT(conv5_, PL_NS)(int C, int H, int W, const float *in, const float *w, float *out) {
  // the filter (C x 5 x 5, on the device) into this variant's constant bank
  if (C > 0)
    cudaMemcpyToSymbolAsync(PL_NS::c5Filter, w, sizeof(float) * C * C5_K * C5_K, 0,
                            cudaMemcpyDeviceToDevice);
  dim3 grid((W + C5_TILE - 1) / C5_TILE, (H + C5_TILE - 1) / C5_TILE);
  PL_NS::conv5x5Channels<<<grid, dim3(C5_TILE, C5_TILE)>>>(C, H, W, in, out);
}
// A WMMA GEMM over one extern __shared__ buffer with skewed tiles
// (kernels/wmma_dyn.cuh), written blind: launched with the bytes its tiles
// need, or those a ring in dynamic shared memory needs where the plugin made
// one; the hand variant with its 3-stage ring's bytes (above 48 KiB, so the
// kernel's limit is raised first).
void PL_CAT(dynwmma_, PL_NS)(int M, int N, int K, const half *A, const half *B, float *C) {
#ifdef PL_HAND
  size_t smem = WD_HAND_SMEM_BYTES;
  if (smem > 48 * 1024)
    cudaFuncSetAttribute(KERNEL(wmmaGemmDynamic), cudaFuncAttributeMaxDynamicSharedMemorySize,
                         (int)smem);
#else
  size_t smem = pl_dynamic_smem_bytes<KERNEL(wmmaGemmDynamic)>(WD_SMEM_BYTES);
#endif
  KERNEL(wmmaGemmDynamic)<<<dim3(N / WD_BN, M / WD_BM), WD_THREADS, smem>>>(M, N, K, A, B, C);
}
// A batched transpose over a grid-stride loop with pointers that may alias
// (kernels/batch_transpose.cuh), written for the alias check of such loops,
// and its hand-written ring of 3 slots.
void PL_CAT(batchtr_, PL_NS)(int nmat, int blocks, const float *in, float *out) {
  if (blocks > 0)
    KERNEL(batchTranspose)<<<blocks, dim3(BT_N, BT_ROWS)>>>(nmat, in, out);
}
// A naive SGEMM whose copy loops skip copies past the edges (no else;
// kernels/skip_gemm.cuh), written for the fix-up of skipped copies, and its
// hand-written ring of 3 slots with the same fix-up.
void PL_CAT(skipgemm_, PL_NS)(int M, int N, int K, const float *A, const float *B, float *C) {
  KERNEL(skipGemm)<<<dim3((N + SG_BN - 1) / SG_BN, (M + SG_BM - 1) / SG_BM), SG_NT>>>(M, N, K, A, B,
                                                                                    C);
}
// A 3 x 3 max filter over float4 pixels whose halo reads -INFINITY past
// the edges, a fill clang stores lane by lane (kernels/max_pool.cuh), and
// its hand-written ring of 3 slots filled by cp.async.ca.
void PL_CAT(maxpool_, PL_NS)(int H, int W, const float *in, float *out) {
  if (H > 0 && W > 0)
    KERNEL(maxPool3)<<<dim3((W + MP_TX - 1) / MP_TX, (H + MP_ROWS - 1) / MP_ROWS), 256>>>(
        H, W, (const float4 *)in, (float4 *)out);
}
// Kernels written blind in the shapes of public tile loops, each with its
// hand-written ring of 3 slots: a batched SGEMM through arrays of device
// pointers (kernels/ptr_batch.cuh), a 3 x 3 blur whose halo is copied by
// the threads on the tile's border (kernels/halo_blur.cuh), and an fp16
// GEMM filled with __float2half(0.0f) past the edges (kernels/h16_tile.cuh).
void PL_CAT(ptrbatch_, PL_NS)(int M, int N, int K, int batch, const float *const *A,
                              const float *const *B, float *const *C) {
  if (M > 0 && N > 0 && batch > 0)
    KERNEL(ptrBatchSgemm)<<<dim3((N + PT_TILE - 1) / PT_TILE, (M + PT_TILE - 1) / PT_TILE, batch),
                            dim3(PT_TILE, PT_TY)>>>(M, N, K, A, B, C);
}
void PL_CAT(haloblur_, PL_NS)(int H, int W, const float *in, float *out) {
  if (H > 0 && W > 0)
    KERNEL(haloBlur)<<<dim3((W + HB_BX - 1) / HB_BX, (H + HB_ROWS - 1) / HB_ROWS),
                       dim3(HB_BX, HB_BY)>>>(H, W, in, out);
}
void PL_CAT(h16tile_, PL_NS)(int M, int N, int K, const half *A, const half *B, float *C) {
  if (M > 0 && N > 0)
    KERNEL(h16TileGemm)<<<dim3((N + HT_TILE - 1) / HT_TILE, (M + HT_TILE - 1) / HT_TILE),
                          dim3(HT_TILE, HT_TY)>>>(M, N, K, A, B, C);
}
// A row reduction that stages each row's chunks in dynamic shared memory and
// reduces through the same buffer after the loop (kernels/row_reduce.cuh),
// launched with the chunk's bytes, or those the plugin's ring asks for
// (include/libpipeline.h); the hand-written ring with its 3 slots.
void PL_CAT(rowreduce_, PL_NS)(int rows, int cols, const float *x, float *r1) {
#ifdef PL_HAND
  const size_t smem = 3 * RR_B * sizeof(float);
#else
  const size_t smem = pl_dynamic_smem_bytes<KERNEL(rowAutocorr)>(RR_B * sizeof(float));
#endif
  if (rows > 0)
    KERNEL(rowAutocorr)<<<rows, RR_B, smem>>>(cols, x, r1);
}
#ifdef PL_EXPORT
// The nvcc builds go into a shared library that bench loads with dlopen:
// one table of launchers per variant (struct Variant, in the order of
// kernels.def), found by its C name.
#define PL_EXPORT_INIT(v) PL_VARIANT_INIT(v)
extern "C" const Variant PL_CAT(pl_variant_, PL_NS) = PL_EXPORT_INIT(PL_NS);
#endif
