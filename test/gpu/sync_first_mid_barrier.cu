// On a machine with a GPU: the sync-first tile loops whose compute has a
// barrier of its own (test/realworld/Inputs/sync_first_mid_barrier.cuh), on
// random data at 0 to 9 tiles and several grids. Built plain and with the
// plugin at `profitability=off` (scoreRows: a ring of 3 stages; the near
// miss scoreRowsCarry: in place); the outputs equal the CPU's exactly
// (inputs are multiples of 1/8 and each sum has few terms) and the hashes
// agree. With `time` as the second argument it times each kernel instead
// (CUDA events, 3 warm-up launches, the median of 21), as the bench does.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 3 > %t.plain.txt
// RUN: %t.plugin 3 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}removed the top barrier; cp.async [sm_90, kernel 'scoreRows(
// REMARK-DAG: remark: pipelined loop in place {{.*}}[sm_90, kernel 'scoreRowsCarry(
// CHECK-COUNT-6: scoreRows {{.*}} err=0 bad=0 hash=
// CHECK-COUNT-6: scoreRowsCarry {{.*}} err=0 bad=0 hash=
#include <cstdio>
#include <cstdlib>

#include "../realworld/Inputs/sync_first_mid_barrier.cuh"
#include "Inputs/harness.cuh"

template <class T> static T *upload(const std::vector<T> &v) {
  T *d;
  cudaMalloc(&d, v.size() * sizeof(T) + 16);
  cudaMemcpy(d, v.data(), v.size() * sizeof(T), cudaMemcpyHostToDevice);
  return d;
}

/* One kernel over `blocks` blocks of `n` tiles, against the CPU. */
static void check(int carry, int blocks, int n, unsigned seed) {
  std::vector<float> k = random_floats((size_t)blocks * n * 128 + 1, seed),
                     q = random_floats(128, seed + 1), out(blocks * 128);
  float *dk = upload(k), *dq = upload(q), *dout;
  cudaMalloc(&dout, out.size() * 4);
  if (carry)
    scoreRowsCarry<<<blocks, 128>>>(n, dk, dq, dout);
  else
    scoreRows<<<blocks, 128>>>(n, dk, dq, dout);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (int b = 0; b < blocks; ++b) {
    const float *kb = &k[(size_t)b * n * 128];
    std::vector<float> part(128, 0.0f);
    for (int tid = 0; tid < 128; ++tid) {
      float acc = 0.0f;
      for (int t = 0; t < n; ++t) {
        if (carry) /* the scores of the tile before (zero before the first) */
          acc += t ? kb[(size_t)(t - 1) * 128 + (tid + 3) % 128] * q[(tid + 3) % 128] : 0.0f;
        int j = (tid + 1) % 128;
        acc += kb[(size_t)t * 128 + j] * q[j] + kb[(size_t)t * 128 + (tid + 7) % 128];
      }
      bad += out[b * 128 + tid] != acc;
    }
  }
  char what[64];
  snprintf(what, sizeof what, "%s blocks=%d tiles=%d", carry ? "scoreRowsCarry" : "scoreRows",
           blocks, n);
  printf("%s err=%d bad=%zu hash=%016llx\n", what, (int)e, bad,
         (unsigned long long)fnv(out.data(), out.size() * 4));
  cudaFree(dk), cudaFree(dq), cudaFree(dout);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  if (argc > 2) { /* time */
    const int blocks = 1056, n = 512;
    float *k, *q, *out;
    cudaMalloc(&k, (size_t)blocks * n * 128 * 4), cudaMalloc(&q, 128 * 4);
    cudaMalloc(&out, blocks * 128 * 4);
    cudaMemset(k, 0, (size_t)blocks * n * 128 * 4), cudaMemset(q, 0, 128 * 4);
    printf("scoreRows %dx%d median_ms=%.4f\n", blocks, n,
           median_ms([&] { scoreRows<<<blocks, 128>>>(n, k, q, out); }));
    printf("scoreRowsCarry %dx%d median_ms=%.4f\n", blocks, n,
           median_ms([&] { scoreRowsCarry<<<blocks, 128>>>(n, k, q, out); }));
    return 0;
  }
  const int shapes[][2] = {{1, 0}, {1, 1}, {2, 2}, {3, 3}, {5, 9}, {132, 4}};
  for (int carry = 0; carry < 2; ++carry)
    for (auto &s : shapes)
      check(carry, s[0], s[1], seed * 31 + s[0] * 7 + s[1] + carry);
  return 0;
}
