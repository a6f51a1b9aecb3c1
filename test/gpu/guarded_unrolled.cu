// On a machine with a GPU: the two SGEMMs of
// test/realworld/Inputs/guarded_unrolled.cuh (four copies unrolled to a
// thread under one zero-fill guard: under a thread predicate, and with
// rows distinct by their low bits only), on random data at ragged K (0 to
// 41, and 200), M = N = 128. Built plain and with the plugin at
// profitability=off (each a ring of zero-filling cp.async) and with
// lowering=registers; every output equals the CPU's exactly (inputs are
// multiples of 1/8) and the three builds print the same hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers %s -o %t.regs -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.plugin 5 > %t.plugin.txt
// RUN: %t.regs 5 > %t.regs.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.regs.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}6 cp.async copies{{.*}}[sm_90, kernel 'void predicatedLoads
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}8 cp.async copies{{.*}}[sm_90, kernel 'void rowMajorThreads
// CHECK-COUNT-43: predicatedLoads K={{[0-9]+}} err=0 bad=0 hash=
// CHECK-COUNT-43: rowMajorThreads K={{[0-9]+}} err=0 bad=0 hash=
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../realworld/Inputs/guarded_unrolled.cuh"
#include "Inputs/harness.cuh"

template <class L>
static void run(const char *name, int K, unsigned seed, L launch) {
  const int M = 128, N = 128;
  std::vector<float> a = random_floats((size_t)M * K + 1, seed);
  std::vector<float> b = random_floats((size_t)K * N + 1, seed + 1);
  float *da, *db, *dc;
  cudaMalloc(&da, a.size() * 4);
  cudaMalloc(&db, b.size() * 4);
  cudaMalloc(&dc, M * N * 4);
  cudaMemcpy(da, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(db, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
  cudaMemset(dc, 0xff, M * N * 4);
  launch(M, N, K, da, db, dc);
  cudaError_t e = cudaDeviceSynchronize();
  std::vector<float> c(M * N);
  cudaMemcpy(c.data(), dc, c.size() * 4, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      float s = 0.0f;
      for (int k = 0; k < K; ++k)
        s += a[(size_t)i * K + k] * b[(size_t)k * N + j];
      bad += c[i * N + j] != s;
    }
  printf("%s K=%d err=%d bad=%d hash=%016llx\n", name, K, (int)e, bad,
         (unsigned long long)fnv(c.data(), c.size() * 4));
  cudaFree(da), cudaFree(db), cudaFree(dc);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  std::vector<int> ks;
  for (int k = 0; k <= 41; ++k)
    ks.push_back(k);
  ks.push_back(200);
  for (int K : ks)
    run("predicatedLoads", K, seed + K, [](int M, int N, int K, float *a, float *b, float *c) {
      predicatedLoads<64, 8><<<dim3(N / 64, M / 64), 256>>>(M, N, K, a, b, c);
    });
  for (int K : ks)
    run("rowMajorThreads", K, seed + K, [](int M, int N, int K, float *a, float *b, float *c) {
      rowMajorThreads<128, 8><<<dim3(N / 128, M / 128), 256>>>(M, N, K, a, b, c);
    });
  return 0;
}
