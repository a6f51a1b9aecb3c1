// On a machine with a GPU: float4 loads stored transposed as four scalars,
// which cp.async would split into 4-byte copies, pipelined with the
// register lowering, whose lanes load from one selected address
// (plan_copies.c, plan_lanes): siboehm-style SGEMMs of 64 and 128 threads
// at trip counts 0 to 125, and a float4 read under a row guard (rows past M
// read zeros; and the same stored in descending order with a fill of ones)
// at ragged M; at the default (lowering=auto takes the register
// lowering where cp.async would split the loads and the ring pays), with
// lowering=registers priced by the model, and forced (profitability=off).
// The plugin builds' output hashes equal the plain build's.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -Rpass=cuda-pipeline %s -o %t.default -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-lowering=registers -Rpass=cuda-pipeline %s -o %t.regs -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REGS
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.forced -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=FORCED
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.default 5 > %t.default.txt
// RUN: %t.regs 5 > %t.regs.txt
// RUN: %t.forced 5 > %t.forced.txt
// RUN: diff %t.plain.txt %t.default.txt
// RUN: diff %t.plain.txt %t.regs.txt
// RUN: diff %t.plain.txt %t.forced.txt
// RUN: FileCheck %s < %t.plain.txt
// RUN: not grep -v "err=0 " %t.plain.txt
// DEFAULT-DAG: remark: pipelined loop with 2 stages{{.*}}registers: cp.async would issue 5 copies per thread where the loop issues 2 global loads [sm_90, kernel 'void sgemmVec<64, 64, 8, 8, 4>
// DEFAULT-DAG: remark: pipelined loop with 2 stages{{.*}}registers: cp.async would issue 4 copies per thread where the loop issues 1 global load [sm_90, kernel 'guardedLanes
// REGS-DAG: remark: pipelined loop with 2 stages{{.*}}registers [sm_90, kernel 'void sgemmVec<64, 64, 8, 8, 4>
// REGS-DAG: remark: pipelined loop with 2 stages{{.*}}registers [sm_90, kernel 'guardedLanes
// FORCED-DAG: remark: pipelined loop with 2 stages{{.*}}[sm_90, kernel 'void sgemmVec<64, 64, 8, 8, 8>
// FORCED-DAG: remark: pipelined loop with 2 stages{{.*}}[sm_90, kernel 'void sgemmVec<64, 64, 8, 8, 4>
// FORCED-DAG: remark: pipelined loop with 2 stages{{.*}}[sm_90, kernel 'guardedLanes
// FORCED-DAG: remark: pipelined loop with 2 stages{{.*}}[sm_90, kernel 'reversedFill
// CHECK: sgemm64 M=128 N=192 K=1000 err=0 hash=
// CHECK: sgemm128 M=320 N=192 K=1000 err=0 hash=
// CHECK: guarded M=97 K=1024 err=0 hash=
// CHECK-NEXT: reversed M=97 K=1024 err=0 hash=
#include <cstdio>
#include <cuda_runtime.h>

#include "../realworld/Inputs/transposed_lanes.cuh"
#include "Inputs/harness.cuh"

// Random floats of `n` bytes on the device (multiples of 1/8: exact sums).
static float *random_device(size_t n, unsigned seed) {
  std::vector<float> h = random_floats(n / 4, seed);
  float *d;
  cudaMalloc(&d, n);
  cudaMemcpy(d, h.data(), n, cudaMemcpyHostToDevice);
  return d;
}

static void report(const char *what, void *d, size_t n, cudaError_t e) {
  std::vector<unsigned char> h(n);
  cudaMemcpy(h.data(), d, n, cudaMemcpyDeviceToHost);
  printf("%s err=%d hash=%016llx\n", what, (int)e, (unsigned long long)fnv(h.data(), n));
}

// C (M x N) = A (M x K) * B (K x N) with the kernel's block tile BM x BN.
template <int BM, int BN, int TM, int TN>
static void gemm(const char *name, int M, int N, int K, unsigned seed) {
  float *A = random_device((size_t)M * K * 4 + 16, seed + K);
  float *B = random_device((size_t)K * N * 4 + 16, seed + K + 1);
  float *C;
  cudaMalloc(&C, (size_t)M * N * 4);
  cudaMemset(C, 0xff, (size_t)M * N * 4); // NaN: every element must be written
  sgemmVec<BM, BN, 8, TM, TN><<<dim3(N / BN, M / BM), BM * BN / (TM * TN)>>>(N, K, A, B, C);
  cudaError_t e = cudaDeviceSynchronize();
  char what[96];
  snprintf(what, sizeof what, "%s M=%d N=%d K=%d", name, M, N, K);
  report(what, C, (size_t)M * N * 4, e);
  cudaFree(A), cudaFree(B), cudaFree(C);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int K : {0, 8, 16, 24, 40, 1000}) // trip counts 0, 1, 2, 3, 5, 125
    gemm<64, 64, 8, 8>("sgemm64", 128, 192, K, seed);
  for (int K : {0, 8, 16, 24, 40, 1000})
    gemm<64, 64, 8, 4>("sgemm128", 320, 192, K, seed * 3);
  for (int M : {1, 31, 33, 97}) // rows past M read zeros
    for (int K : {0, 32, 64, 96, 1024}) {
      const int blocks = (M + 31) / 32;
      float *A = random_device((size_t)M * K * 4 + 16, seed * 5 + M + K);
      float *out;
      cudaMalloc(&out, blocks * 256 * 4);
      guardedLanes<<<blocks, 256>>>(M, K, A, out);
      cudaError_t e = cudaDeviceSynchronize();
      char what[64];
      snprintf(what, sizeof what, "guarded M=%d K=%d", M, K);
      report(what, out, blocks * 256 * 4, e);
      reversedFill<<<blocks, 256>>>(M, K, A, out);
      e = cudaDeviceSynchronize();
      snprintf(what, sizeof what, "reversed M=%d K=%d", M, K);
      report(what, out, blocks * 256 * 4, e);
      cudaFree(A), cudaFree(out);
    }
  return 0;
}
