// One variant of every benchmark kernel. Compiled once per variant with
// -DPL_NS=<variant> (and, for plugin variants, -fplugin=libpipeline.so and
// its arguments); the kernels sit in namespace PL_NS so that the variants
// link together into one benchmark.
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <mma.h>

#include "launchers.h"

#define PL_CAT2(a, b) a##b
#define PL_CAT(a, b) PL_CAT2(a, b)

namespace PL_NS {
#include "../examples/sgemm_kernel.cuh"
#include "../examples/wmma_gemm_kernel.cuh"
#ifdef PL_HAND
#include "hand_kernels.cuh"
#define SGEMM_K sgemmHand
#define WMMA_K wmmaGemmHand
#else
#define SGEMM_K sgemmTiled
#define WMMA_K wmmaGemm
#endif
} // namespace PL_NS

void PL_CAT(sgemm_, PL_NS)(int N, const float *A, const float *B, float *C) {
  PL_NS::SGEMM_K<<<dim3(N / TILE, N / TILE), dim3(TILE, TILE)>>>(N, A, B, C);
}

void PL_CAT(wmma_, PL_NS)(int M, int N, int K, const half *A, const half *B, float *C) {
  PL_NS::WMMA_K<<<dim3(N / WG_BN, M / WG_BM), 256>>>(M, N, K, A, B, C);
}
