// One variant of every benchmark kernel. Compiled once per variant with
// -DPL_NS=<variant> (plus -fplugin=libpipeline.so and its arguments for the
// plugin variants, -DPL_HAND for the hand-written rings, -DPL_COMPUTE_ONLY
// for the limit); the kernels sit in namespace PL_NS so that all variants
// link into one benchmark.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <math.h>
#include <mma.h>

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
#include "kernels/attention.cuh"
#include "kernels/batched.cuh"
#include "kernels/conv.cuh"
#include "kernels/rb_sgemm.cuh"
#include "kernels/stream.cuh"
#ifdef PL_HAND
#include "hand_kernels.cuh"
#include "kernels/hand.cuh"
#endif
} // namespace PL_NS

void PL_CAT(sgemm_, PL_NS)(int N, const float *A, const float *B, float *C) {
  KERNEL(sgemmTiled)<<<dim3(N / TILE, N / TILE), dim3(TILE, TILE)>>>(N, A, B, C);
}
void PL_CAT(wmma_, PL_NS)(int M, int N, int K, const half *A, const half *B, float *C) {
  KERNEL(wmmaGemm)<<<dim3(N / WG_BN, M / WG_BM), 256>>>(M, N, K, A, B, C);
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
