// On a machine with a GPU: the two SGEMMs of
// test/realworld/Inputs/guarded_unrolled.cuh (four copies unrolled to a
// thread under one zero-fill guard: under a thread predicate, and with
// rows distinct by their low bits only), on random data at ragged K (0 to
// 41, and 200), M = N = 128; and the two split copies of
// test/realworld/Inputs/split_copies.cuh (an int2 halo whose zeros clang
// stores as one 8-byte store, rows of doubles filled with 1.0) at ragged
// widths; the 64-bit split copies of
// test/realworld/Inputs/split_fill_index_phi.cuh (exact, as the SGEMMs);
// the if/else copy loops of test/realworld/Inputs/copyloop_if_else_fill.cuh
// and the struct copies of test/realworld/Inputs/struct_copies.cuh
// (hashes). Built plain and with the plugin at
// profitability=off (each a ring of zero-filling cp.async) and with
// lowering=registers; every output equals the CPU's exactly (inputs are
// multiples of 1/8) and the three builds print the same hashes. With
// `time` as the second argument it times each kernel instead (CUDA events,
// 3 warm-up launches, the median of 21) at 4096^3.
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
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}2 cp.async copies of 8 bytes{{.*}}[sm_90, kernel 'haloRowsInt2
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_90, kernel 'fillRows
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}8 cp.async copies{{.*}}[sm_90, kernel 'raggedGemm64
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}[sm_90, kernel 'void rowPairs
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}[sm_90, kernel 'haloRow(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}[sm_90, kernel 'rowsDouble2(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}[sm_90, kernel 'rowsInt4(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}[sm_90, kernel 'rowsDouble2Ones(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}[sm_90, kernel 'rowInt4Straight(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: {{.*}}[sm_90, kernel 'rowFloat3(
// CHECK-COUNT-43: predicatedLoads K={{[0-9]+}} err=0 bad=0 hash=
// CHECK-COUNT-43: rowMajorThreads K={{[0-9]+}} err=0 bad=0 hash=
// CHECK-COUNT-43: raggedGemm64 K={{[0-9]+}} err=0 bad=0 hash=
// CHECK-COUNT-13: splits n={{[0-9]+}} err=0 hash=
// CHECK-COUNT-6: if_else n={{[0-9]+}} err=0 hash=
// CHECK-COUNT-6: structs n={{[0-9]+}} err=0 hash=
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../realworld/Inputs/guarded_unrolled.cuh"
#include "../realworld/Inputs/split_copies.cuh"
#include "../realworld/Inputs/split_fill_index_phi.cuh"
#include "../realworld/Inputs/copyloop_if_else_fill.cuh"
#include "../realworld/Inputs/struct_copies.cuh"
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

// The split copies: an int2 halo (lanes stored one by one, zeros as one
// store) and rows of doubles filled with 1.0; hashes only, compared with
// the plain build's.
static void run_splits(int n, unsigned seed) {
  const int H = 6, ld = n + 3;
  std::vector<float> v = random_floats((size_t)H * ld * 2 + 4 * ld + 8, seed);
  std::vector<int> ints(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    ints[i] = (int)(v[i] * 8);
  std::vector<double> dv(v.begin(), v.end());
  int *di;
  double *dd, *dout;
  float *fout;
  cudaMalloc(&di, ints.size() * 4), cudaMalloc(&dd, dv.size() * 8);
  cudaMalloc(&fout, 4 * 128 * 4), cudaMalloc(&dout, 2 * 256 * 8);
  cudaMemcpy(di, ints.data(), ints.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, dv.data(), dv.size() * 8, cudaMemcpyHostToDevice);
  cudaMemset(fout, 0, 4 * 128 * 4), cudaMemset(dout, 0, 2 * 256 * 8);
  haloRowsInt2<<<dim3(1, 4), 128>>>((const int2 *)di, fout, (n + 129) / 128, H, n, ld);
  fillRows<<<2, 256>>>(dd, dout, n, ld);
  cudaError_t e = cudaDeviceSynchronize();
  std::vector<float> fo(4 * 128);
  std::vector<double> d2(2 * 256);
  cudaMemcpy(fo.data(), fout, fo.size() * 4, cudaMemcpyDeviceToHost);
  cudaMemcpy(d2.data(), dout, d2.size() * 8, cudaMemcpyDeviceToHost);
  printf("splits n=%d err=%d hash=%016llx %016llx\n", n, (int)e,
         (unsigned long long)fnv(fo.data(), fo.size() * 4),
         (unsigned long long)fnv(d2.data(), d2.size() * 8));
  cudaFree(di), cudaFree(dd), cudaFree(fout), cudaFree(dout);
}

// The if/else copy loops: a float2 row pair and an int2 halo row (and the
// halo row without the else, declined); hashes only.
static void run_if_else(int n, unsigned seed) {
  const int tiles = (n + 255) / 256 + 1, K = 128 * 3, M = 40;
  std::vector<float> v = random_floats((size_t)M * K + 2 * n + 8, seed);
  std::vector<int> ints(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    ints[i] = (int)(v[i] * 8);
  float *df, *out;
  int *di;
  cudaMalloc(&df, v.size() * 4), cudaMalloc(&di, ints.size() * 4);
  cudaMalloc(&out, 3 * 3 * 256 * 4);
  cudaMemset(out, 0, 3 * 3 * 256 * 4);
  cudaMemcpy(df, v.data(), v.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(di, ints.data(), ints.size() * 4, cudaMemcpyHostToDevice);
  rowPairs<16, 128><<<dim3(1, 3), 128>>>(df, out, M, K, K);
  haloRow<<<3, 256>>>((const int2 *)di, out + 3 * 256, n, tiles);
  haloRowNoFill<<<3, 256>>>((const int2 *)di, out + 6 * 256, n, tiles);
  cudaError_t e = cudaDeviceSynchronize();
  std::vector<float> o(3 * 3 * 256);
  cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost);
  printf("if_else n=%d err=%d hash=%016llx %016llx %016llx\n", n, (int)e,
         (unsigned long long)fnv(o.data(), 3 * 256 * 4),
         (unsigned long long)fnv(o.data() + 3 * 256, 3 * 256 * 4),
         (unsigned long long)fnv(o.data() + 6 * 256, 3 * 256 * 4));
  cudaFree(df), cudaFree(di), cudaFree(out);
}

// The struct copies: float4 and double2 copy loops (the latter zero-filled
// past n), an int4 conditional expression, and the (1.0, 2.0) near miss;
// hashes only.
static void run_structs(int n, unsigned seed) {
  const int tiles = 3, W = n, ld = 3 * 128 + 8;
  std::vector<float> v = random_floats((size_t)4 * 512 * tiles * 4 + 16 * ld + 8 * n + 64, seed);
  std::vector<int> ints(v.size());
  for (size_t i = 0; i < v.size(); ++i)
    ints[i] = (int)(v[i] * 8);
  std::vector<double> dv(v.begin(), v.end());
  float *df, *out;
  double *dd;
  int *di;
  cudaMalloc(&df, v.size() * 4), cudaMalloc(&dd, dv.size() * 8), cudaMalloc(&di, ints.size() * 4);
  cudaMalloc(&out, 6 * 1024 * 4);
  cudaMemset(out, 0, 6 * 1024 * 4);
  cudaMemcpy(df, v.data(), v.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(dd, dv.data(), dv.size() * 8, cudaMemcpyHostToDevice);
  cudaMemcpy(di, ints.data(), ints.size() * 4, cudaMemcpyHostToDevice);
  rowsFloat4<<<4, 256>>>((const float4 *)df, out, tiles);
  rowsDouble2<<<4, 128>>>((const double2 *)dd, out + 1024, n / 2, tiles);
  rowsInt4<<<4, 128>>>(di, out + 2048, W, ld, tiles);
  rowsDouble2Ones<<<4, 128>>>((const double2 *)dd, out + 3072, n / 2, tiles);
  rowInt4Straight<<<4, 128>>>(di, out + 4096, W, ld, tiles);
  rowFloat3<<<4, 128>>>((const float3 *)df, out + 5120, n, tiles);
  cudaError_t e = cudaDeviceSynchronize();
  std::vector<float> o(6 * 1024);
  cudaMemcpy(o.data(), out, o.size() * 4, cudaMemcpyDeviceToHost);
  printf("structs n=%d err=%d hash=%016llx\n", n, (int)e,
         (unsigned long long)fnv(o.data(), o.size() * 4));
  cudaFree(df), cudaFree(dd), cudaFree(di), cudaFree(out);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  if (argc > 2) { /* time: 4096^3, K ragged by one (the guards fail on the last tile) */
    const int n = 4096, K = n - 1;
    float *a, *b, *c;
    cudaMalloc(&a, (size_t)n * n * 4), cudaMalloc(&b, (size_t)n * n * 4);
    cudaMalloc(&c, (size_t)n * n * 4);
    cudaMemset(a, 0, (size_t)n * n * 4), cudaMemset(b, 0, (size_t)n * n * 4);
    printf("predicatedLoads %d^3 median_ms=%.4f\n", n, median_ms([&] {
             predicatedLoads<64, 8><<<dim3(n / 64, n / 64), 256>>>(n, n, K, a, b, c);
           }));
    printf("rowMajorThreads %d^3 median_ms=%.4f\n", n, median_ms([&] {
             rowMajorThreads<128, 8><<<dim3(n / 128, n / 128), 256>>>(n, n, K, a, b, c);
           }));
    return 0;
  }
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
  for (int K : ks)
    run("raggedGemm64", K, seed + K, [](int M, int N, int K, float *a, float *b, float *c) {
      raggedGemm64<<<dim3(N / 64, M / 64), 128>>>(M, N, K, a, b, c);
    });
  for (int n : {0, 1, 63, 64, 65, 127, 128, 129, 200, 255, 256, 257, 1000})
    run_splits(n, seed * 7 + n);
  for (int n : {0, 1, 255, 256, 257, 700})
    run_if_else(n, seed * 5 + n);
  for (int n : {0, 2, 100, 128, 129, 384})
    run_structs(n, seed * 3 + n);
  return 0;
}
