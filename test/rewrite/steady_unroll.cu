// The steady state of a register ring unrolled where the toolkit's ptxas
// keeps tile loops rolled (lib/steady_unroll.h): built against CUDA 12.3
// (the module's SDK Version, set here with -target-sdk-version), the
// modelled register rings of a converting stream and of one whose compute
// holds a warp shuffle become a main loop of 4 iterations -- 4 barriers, 4
// loads, 4 shuffles -- and a rolled remainder. The convergent calls (the
// barriers, the shuffle, CUDA's inline assembly for __float2half) are
// swapped for stand-ins only during the unroll: none remains, and every
// asm call keeps its convergent attributes. Near misses: the same code
// built against CUDA 11.8 (ptxas unrolls it), a forced ring the model did
// not price, and a cp.async ring, none of them unrolled; and register
// rings LLVM would not unroll, priced without the batch and left rolled: a
// trip count capped at 3 (an unroll by 4 would leave no loop), a step of
// 2, and a loop under the user's `#pragma unroll 2` (found by a break-it
// session: the first crashed, the second was priced with the batch).
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o %t.kept.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=KEPT
// RUN: FileCheck %s --check-prefix=KEPT-PTX < %t.kept.ptx
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// The main loop runs 4 iterations of a 2-slot ring, so it returns to the
// slot it entered with: its slot counter is that entry value (no phi), and
// the remainder loop keeps its own.
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S -emit-llvm -fno-discard-value-names %s -o - | FileCheck %s --check-prefix=SLOT
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o %t.118.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=ROLLED < %t.118.ptx
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-stages=2 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NONE

// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; the steady state unrolled 4 times, since the ptxas of CUDA 12.3 keeps tile loops rolled ({{.*}}); registers [sm_90, kernel 'toHalf(
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; the steady state unrolled 4 times, since the ptxas of CUDA 12.3 keeps tile loops rolled ({{.*}}); registers [sm_90, kernel 'shuffled(
// CHECK-DAG: remark: pipelined loop with 4 stages: {{.*}}; cp.async [sm_90, kernel 'floats(
// CHECK-NOT: unrolled 4 times{{.*}}kernel 'floats(
// NONE-NOT: steady state unrolled
// KEPT-DAG: remark: {{.*}}[sm_90, kernel 'capped(
// KEPT-DAG: remark: pipelined loop with 2 stages: {{.*}}; removed the second barrier (sm_90: predicted 1.0{{[0-9]+}}x; {{.*}}); registers [sm_90, kernel 'stepTwo(
// KEPT-DAG: remark: pipelined loop with 2 stages: {{.*}}; removed the second barrier (sm_90: predicted 1.0{{[0-9]+}}x; {{.*}}); registers [sm_90, kernel 'pragmaTwo(
// KEPT-PTX-LABEL: .entry _Z6cappediiPKfPf(
// KEPT-PTX-COUNT-2: bar.sync
// KEPT-PTX-NOT: bar.sync
// KEPT-PTX: ret;
// KEPT-PTX-LABEL: .entry _Z7stepTwoiiPKfPf(
// KEPT-PTX: bar.sync
// KEPT-PTX-NOT: bar.sync
// KEPT-PTX: ret;
// KEPT-PTX-LABEL: .entry _Z9pragmaTwoiiPKfPf(
// KEPT-PTX: bar.sync
// KEPT-PTX-NOT: bar.sync
// KEPT-PTX: ret;

// PTX-LABEL: .entry _Z6toHalfiiPKfPf(
// PTX: Loop Header
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: ld.global.nc
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: ld.global.nc
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: ld.global.nc
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: ld.global.nc
// PTX-NOT: bar.sync
// PTX: Loop Header
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX: ret;
// PTX-LABEL: .entry _Z8shuffled
// PTX: Loop Header
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: shfl.sync.bfly
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: shfl.sync.bfly
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: shfl.sync.bfly
// PTX-NOT: Loop Header
// PTX: bar.sync
// PTX-NOT: Loop Header
// PTX: shfl.sync.bfly
// PTX-NOT: bar.sync
// PTX: Loop Header
// PTX: bar.sync
// PTX: shfl.sync.bfly
// PTX-NOT: bar.sync
// PTX: ret;
// PTX-LABEL: .entry _Z6floats
// PTX: Loop Header
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX: ret;
// ROLLED-LABEL: .entry _Z6toHalfiiPKfPf(
// ROLLED: Loop Header
// ROLLED: bar.sync
// ROLLED-NOT: bar.sync
// ROLLED: ret;

// SLOT-LABEL: define {{.*}} @_Z6toHalfiiPKfPf(
// SLOT-NOT: %pl.slot.idx = phi
// SLOT: %pl.slot.idx.epil = phi i32
// SLOT: ret void

// IR-NOT: pl.unroll.standin
// IR-LABEL: define {{.*}} @_Z6toHalfiiPKfPf(
// IR-COUNT-6: call i16 asm "{  cvt.rn.f16.f32 $0, $1;}\0A", "=h,f"(float %{{[0-9]+}}) #[[CONV:[0-9]+]]
// IR-LABEL: define {{.*}} @_Z8shuffled
// IR-COUNT-5: call {{.*}}float @llvm.nvvm.shfl.sync.bfly.f32(
// IR-NOT: pl.unroll.standin
// IR: attributes #[[CONV]] = { convergent

#include <cuda_fp16.h>

#define TO_HALF_BODY                                                                               \
  const size_t i = start + (size_t)t * 256 + threadIdx.x;                                          \
  tile[threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f);                                  \
  __syncthreads();                                                                                 \
  acc += __half2float(tile[threadIdx.x]) + 0.5f * __half2float(tile[(threadIdx.x + 1) % 256]);     \
  __syncthreads();

// A converting stream: __float2half is inline assembly, which clang marks
// convergent.
__global__ void __launch_bounds__(256)
    toHalf(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    TO_HALF_BODY
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// A warp shuffle in the compute (a convergent intrinsic).
__global__ void __launch_bounds__(256)
    shuffled(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    tile[threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f);
    __syncthreads();
    float v = __half2float(tile[(threadIdx.x + 7) % 256]);
    acc += v + __shfl_xor_sync(0xffffffffu, v, 1);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// A cp.async ring (4-byte copies cp.async can issue): not unrolled.
__global__ void __launch_bounds__(256)
    floats(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    tile[threadIdx.x] = in[start + (size_t)t * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x] + 0.5f * tile[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// At most 3 trips: an unroll by 4 would remove the loop.
__global__ void __launch_bounds__(256)
    capped(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * 64 * 256;
  float acc = 0.0f;
  for (int t = 0; t < (tiles < 3 ? tiles : 3); ++t) {
    TO_HALF_BODY
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256)
    stepTwo(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * 64 * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; t += 2) {
    TO_HALF_BODY
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(256)
    pragmaTwo(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * 64 * 256;
  float acc = 0.0f;
#pragma unroll 2
  for (int t = 0; t < tiles; ++t) {
    TO_HALF_BODY
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}
