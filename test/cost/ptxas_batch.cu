// The plain loop's batch (docs/design.md, "The plain loop's batch"): ptxas
// unrolls a small tile loop whose copies are read-only global loads
// (ld.global.nc: `const T *__restrict__` or __ldg), issued on every
// iteration, and moves the loads of up to 4 iterations above the barriers
// of the iterations before. The plain loop then has those tiles in flight
// already, and a ring of 4-byte cp.async copies only adds work: on an H100
// (docs/results/log.md, the sixth 2026-12-05 session) such loops ran
// 0.82x-0.99x plain with a ring of 4 stages. The model counts the batch
// into the plain loop's latency and declines them; it keeps pipelining
// the same loop where ptxas cannot batch it: a load under a branch, a
// coherent load (a source that is not __restrict__), or more compute.
// The batches are ptxas 11.8's (to 12.2's), pinned here whatever toolkit
// the build found. From CUDA 12.3 on ptxas keeps the tile loop rolled
// (cost.h, PL_COST_ROLLED_SDK_MAJOR), no batch forms, and the same thin
// loops get their rings:
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ROLLED
// ROLLED-NOT: iterations in flight
// ROLLED-DAG: remark: pipelined loop with 4 stages: {{.*}}; cp.async [sm_90, kernel 'readOnly(
// ROLLED-DAG: remark: cost model on sm_90: {{.*}}; the ptxas of CUDA 12.3 keeps the plain tile loop rolled, one iteration's loads in flight [sm_90, kernel 'readOnly(
// ROLLED-DAG: remark: pipelined loop with 4 stages: {{.*}}; cp.async [sm_90, kernel 'throughLdg(
// ROLLED-DAG: remark: pipelined loop with 4 stages: {{.*}}; cp.async [sm_90, kernel 'readOnly256(
// ROLLED-NOT: iterations in flight
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | grep "kernel 'muchMoreCompute" | FileCheck %s --check-prefix=MUCH
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | grep "kernel 'structRows" | FileCheck %s --check-prefix=STRUCT
// Declined, the batched loops' IR stays as written (the other kernels left out):
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.with.ll "-fplugin-arg-pipeline-only=^(readOnly|throughLdg|moreCompute|readOnly256)\("
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll
// The register lowering's loads are the plain ones moved ahead, batched alike:
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-lowering=registers -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REGS

#define THIN_LOOP(LOAD, EXTRA)                                                                     \
  __shared__ float kt[128];                                                                        \
  const int tid = threadIdx.x;                                                                     \
  float acc = 0.0f;                                                                                \
  for (int t = 0; t < n; ++t) {                                                                    \
    kt[tid] = LOAD;                                                                                \
    __syncthreads();                                                                               \
    float v = kt[(tid + 1) % 128];                                                                 \
    acc = acc * v + kt[(tid + 2) % 128];                                                           \
    EXTRA                                                                                          \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[blockIdx.x * 128 + tid] = acc;

// CHECK-DAG: remark: loop not pipelined: {{.*}}; ptxas already keeps the plain loop's read-only loads of 4 iterations in flight (it unrolls the small loop and issues them above its barriers) [sm_90, kernel 'readOnly(
// REGS-DAG: remark: loop not pipelined: {{.*}}; ptxas already keeps the plain loop's read-only loads of 4 iterations in flight {{.*}}[sm_90, kernel 'readOnly(
// REGS-DAG: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_90, kernel 'guardedLoad(
__global__ void __launch_bounds__(128) readOnly(int n, const float *__restrict__ K, float *__restrict__ out) {
  THIN_LOOP(K[(size_t)t * 128 + tid], )
}

// __ldg reads through the same path, __restrict__ or not:
// CHECK-DAG: remark: loop not pipelined: {{.*}}read-only loads of 4 iterations in flight {{.*}}[sm_90, kernel 'throughLdg(
__global__ void __launch_bounds__(128) throughLdg(int n, const float *K, float *__restrict__ out) {
  THIN_LOOP(__ldg(&K[(size_t)t * 128 + tid]), )
}

// A load under a branch: ptxas does not unroll the loop. The register
// lowering's loads are not under it (the guard selects their address), and
// ptxas batches them: the model takes its two slots over a 4-stage
// cp.async ring (measured on the H100: 1.38x-2.02x against 1.20x-1.94x).
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; registers: a cp.async ring is predicted {{[0-9.]+}}x [sm_90, kernel 'guardedLoad(
__global__ void __launch_bounds__(128) guardedLoad(int n, int lim, const float *__restrict__ K, float *__restrict__ out) {
  THIN_LOOP(t * 128 + tid < lim ? K[(size_t)t * 128 + tid] : 0.0f, )
}

// A coherent load (K may be written elsewhere): ptxas keeps it below the
// barrier.
// CHECK-DAG: remark: pipelined loop with 4 stages: {{.*}} [sm_90, kernel 'coherent(
__global__ void __launch_bounds__(128) coherent(int n, const float *K, float *__restrict__ out) {
  THIN_LOOP(K[(size_t)t * 128 + tid], )
}

// More compute: with 10 more multiply-adds (41 instructions an iteration
// as the model counts them) the model takes 3 iterations in flight (ptxas
// 11.8 keeps 4 here, 3 in most loops of that size); with 20 more, none
// (ptxas keeps 2): where it counts fewer than ptxas keeps, it decides as
// it did before it counted batches.
// CHECK-DAG: remark: loop not pipelined: {{.*}}read-only loads of 3 iterations in flight {{.*}}[sm_90, kernel 'moreCompute(
__global__ void __launch_bounds__(128) moreCompute(int n, const float *__restrict__ K, float *__restrict__ out) {
  THIN_LOOP(K[(size_t)t * 128 + tid], for (int j = 3; j < 13; ++j) acc = acc * v + kt[(tid + j) % 128];)
}
// MUCH-NOT: iterations in flight
// MUCH: remark: {{.*}}[sm_90, kernel 'muchMoreCompute(
// MUCH-NOT: iterations in flight
__global__ void __launch_bounds__(128) muchMoreCompute(int n, const float *__restrict__ K, float *__restrict__ out) {
  THIN_LOOP(K[(size_t)t * 128 + tid], for (int j = 3; j < 23; ++j) acc = acc * v + kt[(tid + j) % 128];)
}

// What keeps ptxas from unrolling the loop, or from moving loads across
// what it holds (found by a break-it session; the SASS of ptxas 11.8 and
// 13.0): `#pragma unroll 1` (NVPTX writes .pragma "nounroll"), an integer
// division by a variable, a call that is not an intrinsic. Their loads are
// not batched, and the ring is taken as for a coherent load.
// CHECK-DAG: remark: pipelined loop with 4 stages: {{.*}} [sm_90, kernel 'noUnroll(
__global__ void __launch_bounds__(128) noUnroll(int n, const float *__restrict__ K, float *__restrict__ out) {
  __shared__ float kt[128];
  const int tid = threadIdx.x;
  float acc = 0.0f;
#pragma unroll 1
  for (int t = 0; t < n; ++t) {
    kt[tid] = K[(size_t)t * 128 + tid];
    __syncthreads();
    acc = acc * kt[(tid + 1) % 128] + kt[(tid + 2) % 128];
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc;
}
// CHECK-DAG: remark: pipelined loop with 4 stages: {{.*}} [sm_90, kernel 'intDivide(
__global__ void __launch_bounds__(128) intDivide(int n, int d, const float *__restrict__ K, float *__restrict__ out) {
  THIN_LOOP(K[(size_t)t * 128 + tid], acc += (float)((tid + t) / d);)
}

// A struct copied whole (a memcpy): LLVM 22 reads a `const __restrict__`
// one with coherent loads, so it is not counted as batched.
struct Quad {
  float a, b, c, d;
};
// STRUCT-NOT: iterations in flight
// STRUCT: remark: {{.*}}[sm_90, kernel 'structRows(
// STRUCT-NOT: iterations in flight
__global__ void __launch_bounds__(128) structRows(int n, const Quad *__restrict__ src, float *__restrict__ out) {
  __shared__ Quad tile[128];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[tid] = src[(size_t)t * 128 + tid];
    __syncthreads();
    acc = acc * tile[(tid + 1) % 128].a + tile[(tid + 2) % 128].b;
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc;
}

// At 256 threads (8 warps) a tie is no longer pipelined for the barrier it
// removes where the batch is 4: such rings ran 0.75x-0.98x on the H100.
// CHECK-DAG: remark: loop not pipelined: {{.*}}too close to call: {{.*}}remove a barrier that costs the plain loop little; ptxas already keeps the plain loop's read-only loads of 4 iterations in flight {{.*}}[sm_90, kernel 'readOnly256(
__global__ void __launch_bounds__(256) readOnly256(int n, const float *__restrict__ K, float *__restrict__ out) {
  __shared__ float kt[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    kt[tid] = K[(size_t)t * 256 + tid];
    __syncthreads();
    acc = acc * kt[(tid + 1) % 256] + kt[(tid + 2) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}
