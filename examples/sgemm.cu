// Example: the seeds' tiled SGEMM as an ordinary synchronous CUDA program.
//
//   sgemm [N] [seed]
//
// Multiplies two N x N matrices of fresh random floats (N a multiple of 32),
// checks the result against a CPU reference in double precision, and prints
// a hash of the output bytes, so that builds with and without the plugin can
// be compared bitwise.
#include "common.h"
#include "sgemm_kernel.cuh"

#include <math.h>

int main(int argc, char **argv) {
  int N = argc > 1 ? atoi(argv[1]) : 512;
  uint64_t seed = argc > 2 ? strtoull(argv[2], NULL, 10) : 1;
  if (N <= 0 || N % TILE != 0) {
    fprintf(stderr, "N must be a positive multiple of %d\n", TILE);
    return 2;
  }
  size_t n = (size_t)N * N;
  float *hA = (float *)malloc(n * sizeof(float)), *hB = (float *)malloc(n * sizeof(float));
  float *hC = (float *)malloc(n * sizeof(float));
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 1;
  for (size_t i = 0; i < n; ++i) {
    hA[i] = rand_unit(&s);
    hB[i] = rand_unit(&s);
  }
  float *A, *B, *C;
  CHECK(cudaMalloc(&A, n * sizeof(float)));
  CHECK(cudaMalloc(&B, n * sizeof(float)));
  CHECK(cudaMalloc(&C, n * sizeof(float)));
  CHECK(cudaMemcpy(A, hA, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(B, hB, n * sizeof(float), cudaMemcpyHostToDevice));
  CHECK(cudaMemset(C, 0xff, n * sizeof(float))); // NaN: unwritten outputs show
  dim3 block(TILE, TILE), grid(N / TILE, N / TILE);
  sgemmTiled<<<grid, block>>>(N, A, B, C);
  CHECK_LAUNCH();
  CHECK(cudaMemcpy(hC, C, n * sizeof(float), cudaMemcpyDeviceToHost));

  // Reference on a sample of rows (all of them for small N).
  int step = N <= 256 ? 1 : N / 64;
  double err = 0, ref_norm = 0;
  for (int i = 0; i < N; i += step)
    for (int j = 0; j < N; ++j) {
      double r = 0;
      for (int k = 0; k < N; ++k)
        r += (double)hA[(size_t)i * N + k] * hB[(size_t)k * N + j];
      double d = hC[(size_t)i * N + j] - r;
      err += d * d;
      ref_norm += r * r;
    }
  double rel = sqrt(err / (ref_norm > 0 ? ref_norm : 1));
  printf("sgemm N=%d seed=%llu rel_err=%.3g hash=%016llx\n", N, (unsigned long long)seed,
         rel, (unsigned long long)hash_bytes(hC, n * sizeof(float)));
  CHECK(cudaFree(A));
  CHECK(cudaFree(B));
  CHECK(cudaFree(C));
  free(hA);
  free(hB);
  free(hC);
  return rel < 1e-4 ? 0 : 1;
}
