// On a machine with a GPU: the two sync-first tile loops with copy loops of
// test/realworld/Inputs/sync_first_copy_loops.cuh (column sums of 128-row
// strips, a constant-step copy loop; an SGEMM whose copy loops step by
// blockDim.x), on random data at several sizes (0 to 9 tiles). Built plain
// and with the plugin at the default (a ring of 2 and of 3 stages); the
// outputs equal the CPU's exactly (inputs are multiples of 1/8, so every
// sum is exact) and the hashes agree. With `time` as the second argument it
// times each kernel instead (CUDA events, 3 warm-up launches, the median of
// 21), as the bench does.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 3 > %t.plain.txt
// RUN: %t.plugin 3 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}removed the top barrier {{.*}}[sm_90, kernel 'stripColumnSums
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}removed the top barrier {{.*}}[sm_90, kernel 'void sgemmSyncFirst
// CHECK-COUNT-5: strips {{.*}} err=0 bad=0 hash=
// CHECK-COUNT-5: sgemm {{.*}} err=0 bad=0 hash=
#include <cstdio>
#include <cstdlib>

#include "../realworld/Inputs/sync_first_copy_loops.cuh"
#include "Inputs/harness.cuh"

template <class T> static T *upload(const std::vector<T> &v) {
  T *d;
  cudaMalloc(&d, v.size() * sizeof(T) + 16);
  cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

static void report(const char *what, cudaError_t e, size_t bad, const std::vector<float> &out) {
  printf("%s err=%d bad=%zu hash=%016llx\n", what, (int)e, bad,
         (unsigned long long)fnv(out.data(), out.size() * 4));
}

/* Column sums: `cols` blocks of 32 columns, `strips` strips of 128 rows. */
static void check_strips(int blocks, int strips, unsigned seed) {
  const int ld = blocks * 32;
  std::vector<float> in = random_floats((size_t)strips * 128 * ld + 1, seed), out(blocks * 256);
  float *din = upload(in), *dout;
  cudaMalloc(&dout, out.size() * 4);
  stripColumnSums<<<blocks, dim3(32, 8)>>>(din, dout, strips, ld);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (int b = 0; b < blocks; ++b)
    for (int ty = 0; ty < 8; ++ty)
      for (int tx = 0; tx < 32; ++tx) {
        float s = 0.0f;
        for (int st = 0; st < strips; ++st)
          for (int k = 0; k < 16; ++k)
            s += in[(size_t)(st * 128 + ty * 16 + k) * ld + b * 32 + tx];
        bad += out[(b * 8 + ty) * 32 + tx] != s;
      }
  char what[64];
  snprintf(what, sizeof what, "strips blocks=%d strips=%d", blocks, strips);
  report(what, e, bad, out);
  cudaFree(din), cudaFree(dout);
}

static void check_sgemm(int M, int N, int K, unsigned seed) {
  std::vector<float> a = random_floats((size_t)M * K, seed), b = random_floats((size_t)K * N, seed + 1),
                     c((size_t)M * N);
  float *A = upload(a), *B = upload(b), *C;
  cudaMalloc(&C, c.size() * 4 + 4);
  sgemmSyncFirst<64, 64, 16><<<dim3(N / 64, M / 64), 256>>>(M, N, K, A, B, C);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(c.data(), C, c.size() * 4, cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int k = 0; k < K; ++k)
        s += a[(size_t)i * K + k] * b[(size_t)k * N + j];
      bad += c[(size_t)i * N + j] != s;
    }
  char what[64];
  snprintf(what, sizeof what, "sgemm M=%d N=%d K=%d", M, N, K);
  report(what, e, bad, c);
  cudaFree(A), cudaFree(B), cudaFree(C);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  if (argc > 2) { /* time */
    const int blocks = 528, strips = 64, n = 4096;
    float *in, *out, *A, *B, *C;
    cudaMalloc(&in, (size_t)strips * 128 * blocks * 32 * 4), cudaMalloc(&out, blocks * 256 * 4);
    cudaMalloc(&A, (size_t)n * n * 4), cudaMalloc(&B, (size_t)n * n * 4), cudaMalloc(&C, (size_t)n * n * 4);
    cudaMemset(in, 0, (size_t)strips * 128 * blocks * 32 * 4);
    cudaMemset(A, 0, (size_t)n * n * 4), cudaMemset(B, 0, (size_t)n * n * 4);
    printf("strips %dx%d median_ms=%.4f\n", strips * 128, blocks * 32, median_ms([&] {
             stripColumnSums<<<blocks, dim3(32, 8)>>>(in, out, strips, blocks * 32);
           }));
    printf("sgemm %d^3 median_ms=%.4f\n", n, median_ms([&] {
             sgemmSyncFirst<64, 64, 16><<<dim3(n / 64, n / 64), 256>>>(n, n, n, A, B, C);
           }));
    return 0;
  }
  const int strips[][2] = {{1, 0}, {1, 1}, {2, 2}, {3, 3}, {5, 9}};
  for (auto &s : strips)
    check_strips(s[0], s[1], seed * 31 + s[0] * 7 + s[1]);
  const int gemms[][3] = {{64, 64, 0}, {64, 64, 16}, {64, 128, 32}, {128, 64, 48}, {192, 128, 144}};
  for (auto &g : gemms)
    check_sgemm(g[0], g[1], g[2], seed * 17 + g[2]);
  return 0;
}
