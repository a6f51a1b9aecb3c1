// Example: a WMMA fp16 GEMM with fp32 accumulate as an ordinary synchronous
// CUDA program (block tile 128x128, K chunk 32, 256 threads, 16-byte copies).
//
//   wmma_gemm [M] [N] [K] [seed]
//
// Checks against a CPU reference in double precision on sampled rows and
// prints a hash of the output bytes for bitwise comparison between builds.
#include "common.h"
#include "wmma_gemm_kernel.cuh"

#include <math.h>

int main(int argc, char **argv) {
  int M = argc > 1 ? atoi(argv[1]) : 512;
  int N = argc > 2 ? atoi(argv[2]) : 512;
  int K = argc > 3 ? atoi(argv[3]) : 512;
  uint64_t seed = argc > 4 ? strtoull(argv[4], NULL, 10) : 1;
  if (M <= 0 || N <= 0 || K <= 0 || M % WG_BM || N % WG_BN || K % WG_BK) {
    fprintf(stderr, "M, N must be positive multiples of 128 and K of 32\n");
    return 2;
  }
  size_t na = (size_t)M * K, nb = (size_t)K * N, nc = (size_t)M * N;
  half *hA = (half *)malloc(na * sizeof(half)), *hB = (half *)malloc(nb * sizeof(half));
  float *fA = (float *)malloc(na * sizeof(float)), *fB = (float *)malloc(nb * sizeof(float));
  float *hC = (float *)malloc(nc * sizeof(float));
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 7;
  for (size_t i = 0; i < na; ++i) {
    hA[i] = __float2half(rand_unit(&s));
    fA[i] = __half2float(hA[i]);
  }
  for (size_t i = 0; i < nb; ++i) {
    hB[i] = __float2half(rand_unit(&s));
    fB[i] = __half2float(hB[i]);
  }
  half *A, *B;
  float *C;
  CHECK(cudaMalloc(&A, na * sizeof(half)));
  CHECK(cudaMalloc(&B, nb * sizeof(half)));
  CHECK(cudaMalloc(&C, nc * sizeof(float)));
  CHECK(cudaMemcpy(A, hA, na * sizeof(half), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, hB, nb * sizeof(half), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(C, 0xff, nc * sizeof(float)));
  dim3 grid(N / WG_BN, M / WG_BM);
  wmmaGemm<<<grid, 256>>>(M, N, K, A, B, C);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(hC, C, nc * sizeof(float), cudaMemcpyDeviceToHost));

  int step = M <= 256 ? 1 : M / 64;
  double err = 0, ref_norm = 0;
  for (int i = 0; i < M; i += step)
    for (int j = 0; j < N; ++j) {
      double r = 0;
      for (int k = 0; k < K; ++k)
        r += (double)fA[(size_t)i * K + k] * fB[(size_t)k * N + j];
      double d = hC[(size_t)i * N + j] - r;
      err += d * d;
      ref_norm += r * r;
    }
  double rel = sqrt(err / (ref_norm > 0 ? ref_norm : 1));
  printf("wmma_gemm M=%d N=%d K=%d seed=%llu rel_err=%.3g hash=%016llx\n", M, N, K,
         (unsigned long long)seed, rel, (unsigned long long)hash_bytes(hC, nc * sizeof(float)));
  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  free(hA);
  free(hB);
  free(fA);
  free(fB);
  free(hC);
  return rel < 1e-3 ? 0 : 1;
}
