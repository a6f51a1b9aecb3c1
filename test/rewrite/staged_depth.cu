// A register ring keeps the loads of several iterations in flight in
// registers where the toolkit's ptxas keeps tile loops rolled
// (lib/staged_depth.h): built against CUDA 12.3 (the module's SDK Version,
// set here with -target-sdk-version), the modelled register rings of a
// converting stream, of one whose compute holds a warp shuffle, of a loop
// of at most 3 trips, one stepping by 2 and one under the user's
// `#pragma unroll 2` stay rolled loops with one barrier, whose prologue
// loads iterations 0 to 3 and whose steady state loads iteration i+4 and
// stores iteration i+1's registers, carried by phis (the value, and the
// guard it was loaded under). Near misses keep one iteration ahead: the
// same code built against CUDA 11.8 (ptxas batches the loads itself),
// forced 2 stages (the model did not price a batch: S - 1 iterations, as
// asked), a cp.async ring. Forced 4 stages carry 3 iterations' loads.
// Found by a break-it session: the runtime alias check of a loop that
// writes global memory and reads through __ldg a pointer that may alias it
// must cover every iteration loaded ahead (4, not 1); and the
// max-staged-regs argument bounds the registers of all the iterations
// carried (at 2, two iterations of one register).
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S -emit-llvm -fno-discard-value-names %s -o - | FileCheck %s --check-prefix=IR
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o %t.118.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=ONE < %t.118.ptx
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-stages=2 --cuda-gpu-arch=sm_90 -S %s -o %t.s2.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: FileCheck %s --check-prefix=ONE < %t.s2.ptx
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-stages=4 -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_90 -S %s -o %t.s4.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FORCED
// RUN: FileCheck %s --check-prefix=THREE < %t.s4.ptx
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-stages=4 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NONE
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ALIAS
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-max-staged-regs=2 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=CAP

// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; removed the second barrier; 4 iterations' loads in flight in registers, since the ptxas of CUDA 12.3 keeps tile loops rolled ({{.*}}); registers [sm_90, kernel 'toHalf(
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'shuffled(
// CHECK-DAG: remark: pipelined loop with 4 stages: {{.*}}; cp.async [sm_90, kernel 'floats(
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'guardedLdg(
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'capped(
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'stepTwo(
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'pragmaTwo(
// CHECK-DAG: remark: pipelined loop with 2 stages: {{.*}}; with a runtime alias check; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'ldgStore(
// CHECK-NOT: in flight in registers{{.*}}kernel 'floats(
// ALIAS: remark: runtime alias check before the loop, once per block: each thread's 1 copied range on each of the 4 iterations issued ahead of a write {{.*}}[sm_90, kernel 'ldgStore(
// CAP: remark: pipelined loop with 2 stages: {{.*}}; 2 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'toHalf(
// NONE-NOT: in flight in registers

// PTX-LABEL: .entry _Z6toHalfiiPKfPf(
// PTX-COUNT-4: ld.global.nc.{{[fb]}}32
// PTX-NOT: {{ld.global|bar.sync}}
// PTX: Loop Header
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX: ld.global.nc.{{[fb]}}32
// PTX-NOT: {{ld.global|bar.sync}}
// PTX: st.shared.{{[ub]}}16
// PTX-NOT: {{ld.global|bar.sync|Loop Header}}
// PTX: ret;
// PTX-LABEL: .entry _Z8shuffled
// PTX-COUNT-4: ld.global.nc.{{[fb]}}32
// PTX-NOT: {{ld.global|bar.sync}}
// PTX: Loop Header
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX: shfl.sync.bfly
// PTX-NOT: {{bar.sync|Loop Header}}
// PTX: ret;
// PTX-LABEL: .entry _Z6capped
// PTX-COUNT-4: ld.global.nc.{{[fb]}}32
// PTX: Loop Header
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX: ret;
// PTX-LABEL: .entry _Z6floats
// PTX: Loop Header
// PTX: bar.sync
// PTX-NOT: bar.sync
// PTX: ret;
// FORCED: remark: pipelined loop with 2 stages: {{.*}}; removed the second barrier; 3 iterations' loads in flight in registers, since the ptxas of CUDA 12.3 keeps tile loops rolled (4 stages requested; the register lowering has 2 slots); registers [sm_90, kernel 'toHalf(
// THREE-LABEL: .entry _Z6toHalfiiPKfPf(
// THREE-COUNT-3: ld.global.nc.{{[fb]}}32
// THREE-NOT: {{ld.global|bar.sync}}
// THREE: Loop Header
// THREE: ld.global.nc.{{[fb]}}32
// THREE-NOT: ld.global
// THREE: ret;
// ONE-LABEL: .entry _Z6toHalfiiPKfPf(
// ONE-COUNT-2: ld.global.nc.{{[fb]}}32
// ONE-NOT: ld.global
// ONE: ret;

// The phis carrying iterations i+1 .. i+3: each takes the next one's at the
// latch, the last the load of iteration i+4 (from our zeros where it does
// not exist); the store converts the first.
// IR-LABEL: define {{.*}} @_Z6toHalfiiPKfPf(
// IR: %pl.staged.ahead = phi float [ %[[A1:pl.staged[0-9]+]], %{{.*}} ], [ %[[P2:pl.staged.ahead[0-9]+]], %[[LATCH:[a-z.0-9_]+]] ]
// IR-NEXT: %[[P2]] = phi float [ %[[A2:pl.staged[0-9]+]], %{{.*}} ], [ %[[P3:pl.staged.ahead[0-9]+]], %[[LATCH]] ]
// IR-NEXT: %[[P3]] = phi float [ %[[A3:pl.staged[0-9]+]], %{{.*}} ], [ %[[NEW:pl.staged[0-9]+]], %[[LATCH]] ]
// IR: [[SYNC]]
// IR: %[[NEW]] = load float, ptr addrspace(1) %{{.*}}
// IR: asm "{  cvt.rn.f16.f32 $0, $1;}\0A", "=h,f"(float %pl.staged.ahead)
// IR-NOT: [[SYNC]]
// IR: ret void

#include "Inputs/staged_rings.cuh"

// A cp.async ring (4-byte copies cp.async can issue): its own stages.
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

// Under the user's `#pragma unroll 2`, which stays the user's.
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

// Reads through __ldg a pointer the loop's stores may reach (`out` may be
// `in` + 2 tiles: iteration t would write what iteration t+2 reads).
__global__ void __launch_bounds__(64) ldgStore(int tiles, const float *in, float *out) {
  __shared__ half tile[64];
  __shared__ float pad[10000]; /* few resident blocks: the ring pays */
  pad[threadIdx.x] = threadIdx.x;
  float acc = pad[(threadIdx.x + 3) % 64];
  for (int t = 0; t < tiles; ++t) {
    int i = t * 64 + threadIdx.x;
    tile[threadIdx.x] = __float2half(__ldg(in + i));
    __syncthreads();
    out[i] = acc + __half2float(tile[threadIdx.x]);
    __syncthreads();
  }
}
