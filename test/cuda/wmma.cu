// The WMMA fp16 GEMM (16-byte int4 copies, which clang emits as llvm.memcpy
// with an understated destination alignment of 2): each copy becomes a
// 16-byte cp.async.cg. Its tiles' rows (64 and 256 bytes) put the 8 rows of
// each wmma.load phase into the same banks, so the ring pads them by 16
// bytes (80 and 272, lib/layout.h): the WMMA loads read with ldm 40 and 136,
// and the padded ring fits 2 stages of 18944 bytes in the 48 KiB budget (3
// unpadded would fit). The prologue issues 1 x 4 copies; ptxas accepts it.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// layout=unpadded keeps the rows: 3 stages, ldm 32 and 128.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.u.ptx -fplugin-arg-pipeline-layout=unpadded -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=UREMARK
// RUN: FileCheck %s --check-prefix=UNPADDED < %t.u.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.u.ptx -o /dev/null %}

// REMARK: wmma_gemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'As' 8192 -> 20480 bytes, tile 'Bs' 8192 -> 17408 bytes; 4 cp.async copies of 16 bytes; removed the second barrier
// REMARK-SAME: tile 'As' rows padded from 64 to 80 bytes: WMMA reads conflict-free; tile 'Bs' rows padded from 256 to 272 bytes: WMMA reads conflict-free; cp.async
// UREMARK: wmma_gemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'As' 8192 -> 24576 bytes, tile 'Bs' 8192 -> 24576 bytes; 4 cp.async copies of 16 bytes; removed the second barrier
// UREMARK-NOT: rows padded

// CHECK-LABEL: .entry _Z8wmmaGemmiiiPK6__halfS1_Pf(
// CHECK: .shared .align 32 .b8 _ZZ8wmmaGemmiiiPK6__halfS1_PfE2As_$_ring[20480];
// CHECK: .shared .align 32 .b8 _ZZ8wmmaGemmiiiPK6__halfS1_PfE2Bs_$_ring[17408];
// CHECK-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 0;
// CHECK-NEXT: bar.sync 0;
// CHECK-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: mov.b32 %r[[LDA:[0-9]+]], 40;
// CHECK-COUNT-4: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[LDA]];
// CHECK: mov.b32 %r[[LDB:[0-9]+]], 136;
// CHECK-COUNT-2: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[LDB]];
// CHECK: wmma.mma.sync
// CHECK-NOT: bar.sync
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: bar.sync
// CHECK: wmma.store.d

// UNPADDED-LABEL: .entry _Z8wmmaGemmiiiPK6__halfS1_Pf(
// UNPADDED-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16;
// UNPADDED: cp.async.commit_group;
// UNPADDED-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// UNPADDED: cp.async.commit_group;
// UNPADDED: cp.async.wait_group 1;
// UNPADDED-NEXT: bar.sync 0;
// UNPADDED-COUNT-4: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// UNPADDED: cp.async.commit_group;
// UNPADDED: mov.b32 %r[[ULDA:[0-9]+]], 32;
// UNPADDED-NEXT: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16 {{.*}}, %r[[ULDA]];
// UNPADDED: wmma.mma.sync
// UNPADDED-NOT: bar.sync
// UNPADDED: cp.async.wait_group 0;
// UNPADDED-NOT: bar.sync
// UNPADDED: wmma.store.d

#include "../../examples/wmma_gemm_kernel.cuh"
