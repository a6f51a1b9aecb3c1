// Launchers of every benchmark kernel in every variant. Each variant is one
// translation unit (variant.cu) compiled with its own flags:
//   plain   no plugin                       plugin  the plugin, default stages
//   s2..s4  -fplugin-arg-pipeline-stages=N  hand    hand-written cp.async rings
//   limit   no plugin, copies left out (compute-only: latency fully hidden)
//   regs    the plugin with lowering=registers (every copy staged through
//           registers, on the GPU the bench is built for)
//   cpasync the plugin with lowering=cp.async (loops with copies cp.async
//           cannot do stay as written)
//   sm75    the plugin, built for sm_75 only: the register lowering; the
//           driver JIT-compiles the embedded compute_75 PTX for the GPU
//   sm75p   no plugin, built for sm_75 only (what sm75 is compared with)
#ifndef BENCH_LAUNCHERS_H
#define BENCH_LAUNCHERS_H

#include <cuda_fp16.h>

#define PL_VARIANTS(X)                                                                             \
  X(plain) X(plugin) X(s2) X(s3) X(s4) X(hand) X(limit) X(regs) X(cpasync) X(sm75) X(sm75p)

#define PL_DECLARE(v)                                                                              \
  void sgemm_##v(int N, const float *A, const float *B, float *C);                                 \
  void wmma_##v(int M, int N, int K, const half *A, const half *B, float *C);                      \
  void rbsgemm_##v(int M, int N, int K, const float *A, const float *B, float *C);                 \
  void conv_##v(int C, int H, int W, const float *in, const float *w, float *out);                 \
  void batched_##v(int n, int batch, const float *A, const float *B, float *C);                    \
  void attn_##v(int L, int bh, const float *Q, const float *K, const float *V, float *O);          \
  void stream_##v(int n, int tiles_per_block, int blocks, const float *in, float *out);            \
  void streamldg_##v(int n, int tiles_per_block, int blocks, const float *in, float *out);         \
  void sgemm1d_##v(int M, int N, int K, const float *A, const float *B, float *C);                 \
  void sgemmvec_##v(int M, int N, int K, const float *A, const float *B, float *C);                \
  void sgemm2d_##v(int M, int N, int K, const float *A, const float *B, float *C);                 \
  void syncfirst_##v(int M, int N, int K, const float *A, const float *B, float *C);               \
  void pbatched_##v(int n, int batch, int zgrid, const float *A, const float *B, float *C);        \
  void mmassert_##v(int hA, int wA, int wB, const float *A, const float *B, float *C);             \
  void nbody_##v(int n, const float *pos, float *accel);                                           \
  void gram_##v(int M, int N, int D, const float *X, const float *Y, float *S);                   \
  void f2h_##v(int n, int tiles_per_block, int blocks, const float *in, float *out);               \
  void dequant_##v(int M, int N, int K, const half *A, const signed char *W, const float *scale,  \
                   float *C);                                                                      \
  void halfgemm_##v(int M, int N, int K, const half *A, const half *B, float *C);
PL_VARIANTS(PL_DECLARE)
#undef PL_DECLARE

#endif
