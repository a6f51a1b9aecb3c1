// On a machine with a GPU: the batched SGEMM through arrays of pointers of
// test/realworld/Inputs/pointer_array_gemm.cuh, pipelined behind a runtime
// test that its source pointers are global (isspacep.global), on random
// data at several sizes and batch counts. One batch's A lives in
// __constant__ memory, whose generic address is not a global one: its
// blocks must take the original loop, the others the pipelined one. Built
// plain and with the plugin (profitability=off); the outputs equal the
// CPU's exactly (inputs are multiples of 1/8, so every sum is exact) and
// the hashes agree.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.plugin 5 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK: remark: pipelined loop with 3 stages: {{.*}}with a runtime test that its sources are global
// CHECK-COUNT-6: gemm {{.*}} err=0 bad=0 hash=
#include <cstdio>
#include <cstdlib>

#include "../realworld/Inputs/pointer_array_gemm.cuh"
#include "Inputs/harness.cuh"

constexpr int TS = 16;
__constant__ float constantA[TS * TS];

/* `batch` products of n x n matrices; with `use_constant` (n = TS only)
 * batch 0's A is read from __constant__ memory. */
static void check(int n, int batch, bool use_constant, unsigned seed) {
  size_t nn = (size_t)n * n;
  std::vector<float> a = random_floats(nn * batch, seed), b = random_floats(nn * batch, seed + 7),
                     c(nn * batch);
  float *A, *B, *C;
  cudaMalloc(&A, a.size() * 4), cudaMalloc(&B, b.size() * 4), cudaMalloc(&C, c.size() * 4);
  cudaMemcpy(A, a.data(), a.size() * 4, cudaMemcpyHostToDevice);
  cudaMemcpy(B, b.data(), b.size() * 4, cudaMemcpyHostToDevice);
  cudaMemset(C, 0xff, c.size() * 4);
  std::vector<const float *> pa(batch), pb(batch);
  std::vector<float *> pc(batch);
  for (int i = 0; i < batch; ++i)
    pa[i] = A + i * nn, pb[i] = B + i * nn, pc[i] = C + i * nn;
  if (use_constant) {
    cudaMemcpyToSymbol(constantA, a.data(), nn * 4);
    void *p;
    cudaGetSymbolAddress(&p, constantA);
    pa[0] = (const float *)p;
  }
  const float **dpa, **dpb;
  float **dpc;
  cudaMalloc(&dpa, batch * sizeof(void *)), cudaMalloc(&dpb, batch * sizeof(void *));
  cudaMalloc(&dpc, batch * sizeof(void *));
  cudaMemcpy(dpa, pa.data(), batch * sizeof(void *), cudaMemcpyHostToDevice);
  cudaMemcpy(dpb, pb.data(), batch * sizeof(void *), cudaMemcpyHostToDevice);
  cudaMemcpy(dpc, pc.data(), batch * sizeof(void *), cudaMemcpyHostToDevice);
  gemmPointerArray<TS><<<dim3(n / TS, n / TS, batch), dim3(TS, TS)>>>(n, dpa, dpb, dpc);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(c.data(), C, c.size() * 4, cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (int z = 0; z < batch; ++z)
    for (int i = 0; i < n; ++i)
      for (int j = 0; j < n; ++j) {
        float s = 0.0f;
        for (int k = 0; k < n; ++k)
          s += a[z * nn + (size_t)i * n + k] * b[z * nn + (size_t)k * n + j];
        bad += c[z * nn + (size_t)i * n + j] != s;
      }
  printf("gemm n=%d batch=%d constant=%d err=%d bad=%zu hash=%016llx\n", n, batch, (int)use_constant,
         (int)e, bad, (unsigned long long)fnv(c.data(), c.size() * 4));
  cudaFree(A), cudaFree(B), cudaFree(C), cudaFree(dpa), cudaFree(dpb), cudaFree(dpc);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  check(16, 1, false, seed);
  check(16, 3, true, seed + 1);
  check(32, 2, false, seed + 2);
  check(48, 5, false, seed + 3);
  check(64, 3, false, seed + 4);
  check(128, 7, false, seed + 5);
  return 0;
}
