// Launchers of every kernel in every variant. Each variant is one
// translation unit (variant.cu) compiled with its own flags; the names carry
// the variant: plain (no plugin), plugin (default stages), s2, s3, s4
// (forced stages), hand (hand-written cp.async ring, no plugin), handz (the
// same, zero-filling out-of-range copies instead of skipping them).
#ifndef BENCH_LAUNCHERS_H
#define BENCH_LAUNCHERS_H

#include <cuda_fp16.h>

#define PL_VARIANTS(X) X(plain) X(plugin) X(s2) X(s3) X(s4) X(hand) X(handz)

#define PL_DECLARE(v)                                                                    \
  void sgemm_##v(int N, const float *A, const float *B, float *C);                       \
  void wmma_##v(int M, int N, int K, const half *A, const half *B, float *C);
PL_VARIANTS(PL_DECLARE)
#undef PL_DECLARE

#endif
