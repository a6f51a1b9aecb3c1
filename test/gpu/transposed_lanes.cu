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
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__(BM * BN / (TM * TN))
    sgemmVec(int N, int K, const float *A, const float *B, float *C) {
  __shared__ __align__(16) float As[BM * BK];
  __shared__ __align__(16) float Bs[BK * BN];
  const int threadCol = threadIdx.x % (BN / TN), threadRow = threadIdx.x / (BN / TN);
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  const int innerRowA = threadIdx.x / (BK / 4), innerColA = threadIdx.x % (BK / 4);
  const int innerRowB = threadIdx.x / (BN / 4), innerColB = threadIdx.x % (BN / 4);
  float acc[TM * TN] = {0.0f};
  float regM[TM], regN[TN];
  for (int bk = 0; bk < K; bk += BK) {
    float4 tmp = reinterpret_cast<const float4 *>(&A[innerRowA * K + innerColA * 4])[0];
    As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
    As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
    As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
    As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
        reinterpret_cast<const float4 *>(&B[innerRowB * N + innerColB * 4])[0];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (int d = 0; d < BK; ++d) {
      for (int i = 0; i < TM; ++i)
        regM[i] = As[d * BM + threadRow * TM + i];
      for (int i = 0; i < TN; ++i)
        regN[i] = Bs[d * BN + threadCol * TN + i];
      for (int m = 0; m < TM; ++m)
        for (int n = 0; n < TN; ++n)
          acc[m * TN + n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      C[(threadRow * TM + m) * N + threadCol * TN + n] = acc[m * TN + n];
}

__global__ void __launch_bounds__(256)
    guardedLanes(int M, int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float as[32][33];
  const int tid = threadIdx.x, r = tid >> 3, c4 = (tid & 7) * 4;
  const int row = blockIdx.x * 32 + r;
  float acc = 0.f;
  for (int k = 0; k < K; k += 32) {
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (row < M)
      v = *reinterpret_cast<const float4 *>(&A[(size_t)row * K + k + c4]);
    as[c4 + 0][r] = v.x;
    as[c4 + 1][r] = v.y;
    as[c4 + 2][r] = v.z;
    as[c4 + 3][r] = v.w;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; ++j)
      acc += as[j][tid & 31] * as[(j + tid) & 31][(tid >> 3) & 31];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}

// The same with the lanes stored in descending address order and a fill
// of ones: the group's first copy in program order (.w) selects its own
// place in the zeros, and the fill is applied at the store.
__global__ void __launch_bounds__(256)
    reversedFill(int M, int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float as[32][33];
  const int tid = threadIdx.x, r = tid >> 3, c4 = (tid & 7) * 4;
  const int row = blockIdx.x * 32 + r;
  float acc = 0.f;
  for (int k = 0; k < K; k += 32) {
    float4 v = make_float4(1.f, 1.f, 1.f, 1.f);
    if (row < M)
      v = *reinterpret_cast<const float4 *>(&A[(size_t)row * K + k + c4]);
    as[c4 + 3][r] = v.w;
    as[c4 + 2][r] = v.z;
    as[c4 + 1][r] = v.y;
    as[c4 + 0][r] = v.x;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; ++j)
      acc += as[j][tid & 31] * as[(j + tid) & 31][(tid >> 3) & 31];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

// Random floats of `n` bytes on the device (small integers: exact sums).
static float *random_device(size_t n, unsigned seed) {
  float *h = (float *)malloc(n);
  srand(seed);
  for (size_t i = 0; i < n / 4; ++i)
    h[i] = (float)(rand() % 17 - 8) * 0.25f;
  float *d;
  cudaMalloc(&d, n);
  cudaMemcpy(d, h, n, cudaMemcpyHostToDevice);
  free(h);
  return d;
}

static void report(const char *what, void *d, size_t n, cudaError_t e) {
  unsigned char *h = (unsigned char *)malloc(n);
  cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost);
  printf("%s err=%d hash=%016llx\n", what, (int)e, (unsigned long long)fnv(h, n));
  free(h);
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
