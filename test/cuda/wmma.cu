// The WMMA fp16 GEMM (16-byte int4 copies, which clang emits as llvm.memcpy
// with an understated destination alignment of 2): each copy becomes a
// 16-byte cp.async.cg; the prologue issues 2 x 4 copies; ptxas accepts it.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}

// REMARK: wmma_gemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'As' 8192 -> 24576 bytes, tile 'Bs' 8192 -> 24576 bytes; 4 cp.async copies of 16 bytes; removed the second barrier

// CHECK-LABEL: .entry _Z8wmmaGemmiiiPK6__halfS1_Pf(
// CHECK-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16;
// CHECK: cp.async.commit_group;
// CHECK-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: wmma.mma.sync
// CHECK-NOT: bar.sync
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: bar.sync
// CHECK: wmma.store.d

#include "../../examples/wmma_gemm_kernel.cuh"
