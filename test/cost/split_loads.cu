// Loads cp.async would split (the kernels: Inputs/transposed_lanes.cuh). A
// float4 of A stored transposed as four scalars (siboehm's kernel 6, at
// 64x64 tiles and 64 threads) would be four 4-byte cp.async, five with B's
// float4, where the loop issues two 16-byte loads: the cp.async ring is
// declined ("split"). The register lowering keeps the loads whole: its four
// lanes load from one selected address and merge back into one
// ld.global.v4 (plan_copies.c, plan_lanes), so the model counts two loads
// and prices its ring, and lowering=auto takes it where it pays (plan.c,
// pl_make_plan): at 100 registers (a fake ptxas) it does, at 168 it does
// not (occupancy), and the remark gives both reasons. Forced cp.async keeps
// the split decline alone; forced registers say nothing of cp.async.
// RUN: env FAKE_REGS=100 %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=sgemmVec --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=READS < %t.ptx
// RUN: env FAKE_REGS=168 %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=sgemmVec --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NEITHER
// RUN: env FAKE_REGS=100 %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=sgemmVec -fplugin-arg-pipeline-lowering=cp.async --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: env FAKE_REGS=100 %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=sgemmVec -fplugin-arg-pipeline-lowering=registers --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REGS
// The lanes of a guarded float4 (rows past M read zeros): one select of the
// group's first address, against 16 bytes of zeros, and the other lanes at
// 4, 8 and 12 bytes from it, in the prologue and in the steady state.
// RUN: %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-only=guardedLanes -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// Lanes stored in descending address order with a fill of ones: the group
// still loads from its lowest address, once, and the backend merges it
// (load_groups walks down to the lowest address; a fill is the stores'
// business); the group's first copy in program order (.w) selects its own
// place in the zeros.
// RUN: %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-only=reversedFill -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o - | FileCheck %s --check-prefix=ORDER
// RUN: %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-only=reversedFill -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=ZEROS

// AUTO: transposed_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: {{.*}}5 copies of 4 to 16 bytes, 5 staged through 8 registers; removed the second barrier (sm_90: predicted 1.{{[0-9]+}}x; {{.*}}); registers: cp.async would issue 5 copies per thread where the loop issues 2 global loads [sm_90, kernel 'void sgemmVec<64, 64, 8, 8, 8>
// NEITHER: transposed_lanes.cuh:{{[0-9]+}}:3: remark: loop not pipelined: on sm_90 the ring would issue 5 cp.async per thread where the loop issues 2 global loads: the loads would split into narrower copies; nor does the register lowering, which keeps them whole: {{[0-9]+}} resident blocks
// SPLIT: transposed_lanes.cuh:{{[0-9]+}}:3: remark: loop not pipelined: on sm_90 the ring would issue 5 cp.async per thread where the loop issues 2 global loads: the loads would split into narrower copies [sm_90
// REGS: transposed_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_90, kernel 'void sgemmVec<64, 64, 8, 8, 8>
// The ring's tile reads claim the alignment their offsets have in the tile
// (rewrite.c, slot_read_alignments): each thread's eight floats of an As
// row load as two ld.shared.v4, not eight scalar loads (LLVM 19 writes
// .f32/.u32, LLVM 22 .b32).
// READS-LABEL: .entry _Z8sgemmVec
// READS-NOT: ld.shared.{{[fbu]}}32
// READS: ld.shared.v4.{{[fb]}}32
// READS-NOT: ld.shared.{{[fbu]}}32
// READS-LABEL: .entry _Z9manyLanes
// PTX-LABEL: .entry _Z8sgemmVec
// PTX-NOT: cp.async
// PTX: bar.sync
// PTX-NOT: ld.global{{(.nc)?}}.{{[bu]}}32
// PTX: ld.global{{(.nc)?}}.v4.{{[bu]}}32
// PTX-NOT: ld.global{{(.nc)?}}.{{[bu]}}32
// PTX: ld.global{{(.nc)?}}.v4.{{[bu]}}32
// PTX-NOT: ld.global{{(.nc)?}}.{{[bu]}}32
// PTX-NOT: bar.sync
// PTX: st.shared.v4.{{[bu]}}32
// PTX-LABEL: .entry _Z9manyLanes
// IR: [[P0:%[0-9]+]] = select i1 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, ptr addrspace(1) @pl.zeros.16
// IR-NEXT: load i32, ptr addrspace(1) [[P0]], align 16
// IR: getelementptr i8, ptr addrspace(1) [[P0]], i64 4
// IR: getelementptr i8, ptr addrspace(1) [[P0]], i64 8
// IR: getelementptr i8, ptr addrspace(1) [[P0]], i64 12
// IR: [[P1:%[0-9]+]] = select i1 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, ptr addrspace(1) @pl.zeros.16
// IR-NEXT: load i32, ptr addrspace(1) [[P1]], align 16
// IR: getelementptr i8, ptr addrspace(1) [[P1]], i64 4
// IR: getelementptr i8, ptr addrspace(1) [[P1]], i64 8
// IR: getelementptr i8, ptr addrspace(1) [[P1]], i64 12
// ORDER-LABEL: .entry _Z12reversedFill
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ORDER: ld.global{{(.nc)?}}.v4
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ORDER: ld.global{{(.nc)?}}.v4
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ZEROS: select i1 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @pl.zeros.16, i64 12)
#include "Inputs/transposed_lanes.cuh"

template __global__ void sgemmVec<64, 64, 8, 8, 8>(int, int, const float *, const float *, float *);

// Where the register lowering would stage more than max-staged-regs (ten
// float4 stored transposed: 40 registers), the decline gives both reasons,
// and its analysis remark says why registers were tried (not "lowering=
// registers", which nobody asked for); the loop stays as written.
// RUN: %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-only=manyLanes --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MANY
// RUN: %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-only=manyLanes --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.many.ll
// RUN: %clang_cuda -I%S/../realworld -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.plain.ll
// RUN: diff %t.plain.ll %t.many.ll
// MANY: split_loads.cu:[[@LINE+8]]:3: remark: loop not pipelined: on sm_90 the ring would issue 40 cp.async per thread where the loop issues 10 global loads: the loads would split into narrower copies; nor does the register lowering, which keeps them whole: the register lowering would stage 40 registers per thread, over the limit of 32
// MANY: split_loads.cu:[[@LINE+7]]:3: remark: loop not pipelined: all 40 copies would go through registers, tried because cp.async would split their loads
// MANY-NOT: lowering=registers
__global__ void __launch_bounds__(64)
    manyLanes(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[40][65];
  const int r = threadIdx.x;
  float acc = 0.f;
  for (int k = 0; k < K; k += 40) {
#pragma unroll
    for (int q = 0; q < 10; ++q) {
      float4 v = *reinterpret_cast<const float4 *>(&A[(size_t)r * K + k + 4 * q]);
      As[4 * q + 0][r] = v.x;
      As[4 * q + 1][r] = v.y;
      As[4 * q + 2][r] = v.z;
      As[4 * q + 3][r] = v.w;
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 40; ++j)
      acc += As[j][r] * As[(j + r) % 40][(r + 1) & 63];
    __syncthreads();
  }
  out[blockIdx.x * 64 + r] = acc;
}
