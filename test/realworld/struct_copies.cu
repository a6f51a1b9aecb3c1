// The struct copies of Inputs/struct_copies.cuh: each memcpy and memset of
// a copy stage is loaded and stored as its bytes and the stack temporary
// promoted to registers (lib/mem_calls.c), so the double2 copy loop with
// its if/else zero fill and the int4 conditional expression become rings
// of 16-byte zero-filling cp.async (before: a copy loop may hold no
// calls), with no memcpy or memset left in their loops; the float4 copy
// loop (whose memcpy InstCombine had already split) as before; the
// straight-line int4 expression (its last memcpy in the barrier's block) a
// ring of cp.async, the float3 one (12 bytes, no cp.async) staged through
// registers. The fill (1.0, 2.0), stored as two doubles beside the
// copy's one 16-byte store, is one fill of 16 bytes, copied by cp.async
// from a constant global that holds it.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: struct_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'tile' 8192 -> {{[0-9]+}} bytes; 1 cp.async copy of 16 bytes{{.*}}rowsFloat4
// CHECK-DAG: struct_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'tile' 8448 -> {{[0-9]+}} bytes; 1 cp.async copy of 16 bytes (through L1, by cp.async.ca{{.*}}'rowsDouble2(
// CHECK-DAG: struct_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'ta' 8448 -> {{[0-9]+}} bytes; 1 cp.async copy of 16 bytes{{.*}}rowsInt4
// CHECK-DAG: struct_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'tile' 8448 -> {{[0-9]+}} bytes; 1 cp.async copy of 16 bytes (through L1, by cp.async.ca{{.*}}'rowsDouble2Ones(
// CHECK-DAG: struct_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'ta' 2112 -> {{[0-9]+}} bytes; 1 cp.async copy of 16 bytes{{.*}}rowInt4Straight
// CHECK-DAG: struct_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'ta' 1536 -> 3072 bytes; 1 copy of 12 bytes, 1 staged through 3 registers{{.*}}rowFloat3
// PTX: .global .align 16 .b8 pl_$_fill[16] = {0, 0, 0, 0, 0, 0, 240, 63, 0, 0, 0, 0, 0, 0, 0, 64};
// rowsDouble2 and rowsDouble2Ones step by 64 columns over tiles of 66: the
// next tile reads two columns again, so their copies go through L1 (.ca).
// PTX-LABEL: .entry _Z11rowsDouble2PK7double2Pfii(
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], 16, %r{{[0-9]+}};
// PTX-LABEL: .entry _Z8rowsInt4PKiPfiii(
// PTX: cp.async.cg.shared.global [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], 16, %r{{[0-9]+}};
// PTX-LABEL: .entry _Z15rowsDouble2OnesPK7double2Pfii(
// PTX: mov.{{[bu]}}64 %rd{{[0-9]+}}, pl_$_fill;
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], 16, %r{{[0-9]+}};
// IR-LABEL: define {{.*}}rowsDouble2PK7double2Pfii(
// IR-NOT: call void @llvm.mem{{set|cpy}}
// IR: ret void
// IR-LABEL: define {{.*}}rowsInt4
// IR-NOT: call void @llvm.mem{{set|cpy}}
// IR: ret void
#include "Inputs/struct_copies.cuh"
