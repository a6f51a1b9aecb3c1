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
//   copyback the plugin with copy-back and profitability=off (every legal
//           loop at 3 stages; a tile read after its loop gets the last slot
//           copied back: tailread)
//   unpadded the plugin with layout=unpadded (rings keep the tiles' rows:
//           the plugin before it padded rows of conflicting WMMA tiles)
//   padded  the plugin with layout=padded (every tile whose accesses can be
//           rewritten gets padded rows, WMMA reads or not: a correctness
//           check of the layout rewrite on every kernel)
//   generic the plugin with generic-tile-reads (matrix loads of tiles left
//           generic: the plugin before tile reads moved to .shared)
//   nvcc_plain, nvcc_hand  the plain and hand-written sources built by nvcc
//           (CUDA 13 on the GPU machine) into libbench-nvcc.so, which bench
//           loads with dlopen when it is there (utils/gpu-run.sh, step nvcc)
#ifndef BENCH_LAUNCHERS_H
#define BENCH_LAUNCHERS_H

#include <cuda_fp16.h>

#define PL_VARIANTS(X)                                                                             \
  X(plain)                                                                                         \
  X(plugin) X(generic) X(s2) X(s3) X(s4) X(hand) X(limit) X(regs) X(cpasync) X(sm75) X(sm75p)    \
  X(copyback) X(unpadded) X(padded)

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
  void mmchecked_##v(int mode, int hA, int wA, int wB, const float *A, const float *B, float *C);  \
  void nbody_##v(int n, const float *pos, float *accel);                                           \
  void gram_##v(int M, int N, int D, const float *X, const float *Y, float *S);                    \
  void haloconv_##v(int H, int W, const float *in, const float *w, float *out);                    \
  void f2h_##v(int n, int tiles_per_block, int blocks, const float *in, float *out);               \
  void dequant_##v(int M, int N, int K, const half *A, const signed char *W, const float *scale,   \
                   float *C);                                                                      \
  void halfgemm_##v(int M, int N, int K, const half *A, const half *B, float *C);                 \
  void aliasrows_##v(int tiles, int blocks, int strided, const float *in, float *out);            \
  void fixedk_##v(int M, int N, int rolled, const half *A, const half *B, float *C);               \
  void smallk_##v(int batch, int rolled, const float *A, const float *B, float *C);              \
  void twoloop_##v(int M, int K1, int K2, const float *A, const float *x, const float *B,          \
                   const float *y, float *out);                                                    \
  void tailread_##v(int M, int K1, int extra, const float *A, const float *x, float *out);      \
  void copyloop_##v(int M, int N, int K, const float *A, const float *B, float *C);              \
  void wmmapad_##v(int M, int N, int K, const half *A, const half *B, float *C);                 \
  void rowdot_##v(int M, int K, const float *A, const float *x, float *out);                     \
  void copyloopconv_##v(int C, int H, int W, const float *in, const float *w, float *out);         \
  void colgemv_##v(int M, int N, const float *A, const float *x, float *y);                        \
  void zstencil_##v(int D, int H, int W, const float *in, float *out);                            \
  void halo5_##v(int H, int W, const float *in, float *out);                                       \
  void conv20_##v(int C, int H, int W, const float *in, const float *w, float *out);
PL_VARIANTS(PL_DECLARE)
PL_DECLARE(nvcc_plain)
PL_DECLARE(nvcc_hand)
#undef PL_DECLARE

// One variant's launchers; PL_VARIANT_INIT(v) is its initializer.
struct Variant {
  const char *name;
  void (*sgemm)(int, const float *, const float *, float *);
  void (*wmma)(int, int, int, const half *, const half *, float *);
  void (*rbsgemm)(int, int, int, const float *, const float *, float *);
  void (*conv)(int, int, int, const float *, const float *, float *);
  void (*batched)(int, int, const float *, const float *, float *);
  void (*attn)(int, int, const float *, const float *, const float *, float *);
  void (*stream)(int, int, int, const float *, float *);
  void (*streamldg)(int, int, int, const float *, float *);
  void (*sgemm1d)(int, int, int, const float *, const float *, float *);
  void (*sgemmvec)(int, int, int, const float *, const float *, float *);
  void (*sgemm2d)(int, int, int, const float *, const float *, float *);
  void (*syncfirst)(int, int, int, const float *, const float *, float *);
  void (*pbatched)(int, int, int, const float *, const float *, float *);
  void (*mmassert)(int, int, int, const float *, const float *, float *);
  void (*nbody)(int, const float *, float *);
  void (*gram)(int, int, int, const float *, const float *, float *);
  void (*haloconv)(int, int, const float *, const float *, float *);
  void (*f2h)(int, int, int, const float *, float *);
  void (*dequant)(int, int, int, const half *, const signed char *, const float *, float *);
  void (*halfgemm)(int, int, int, const half *, const half *, float *);
  void (*aliasrows)(int, int, int, const float *, float *);
  void (*fixedk)(int, int, int, const half *, const half *, float *);
  void (*smallk)(int, int, const float *, const float *, float *);
  void (*twoloop)(int, int, int, const float *, const float *, const float *, const float *,
                  float *);
  void (*tailread)(int, int, int, const float *, const float *, float *);
  void (*copyloop)(int, int, int, const float *, const float *, float *);
  void (*wmmapad)(int, int, int, const half *, const half *, float *);
  void (*rowdot)(int, int, const float *, const float *, float *);
  void (*copyloopconv)(int, int, int, const float *, const float *, float *);
  void (*colgemv)(int, int, const float *, const float *, float *);
  void (*zstencil)(int, int, int, const float *, float *);
  void (*mmchecked)(int, int, int, int, const float *, const float *, float *);
  void (*halo5)(int, int, const float *, float *);
  void (*conv20)(int, int, int, const float *, const float *, float *);
};
#define PL_VARIANT_INIT(v)                                                                         \
  {                                                                                                \
      #v,           sgemm_##v,   wmma_##v,      rbsgemm_##v,   conv_##v,                           \
      batched_##v,  attn_##v,    stream_##v,    streamldg_##v, sgemm1d_##v,                        \
      sgemmvec_##v, sgemm2d_##v, syncfirst_##v, pbatched_##v,  mmassert_##v,                       \
      nbody_##v,    gram_##v,      haloconv_##v,  f2h_##v,       dequant_##v,                        \
      halfgemm_##v, aliasrows_##v, fixedk_##v, smallk_##v, twoloop_##v, tailread_##v,       \
      copyloop_##v, wmmapad_##v, rowdot_##v, copyloopconv_##v, colgemv_##v, zstencil_##v, mmchecked_##v, \
      halo5_##v, conv20_##v}

#endif
