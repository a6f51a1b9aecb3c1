// A halo tile loaded under nested conditions, each with its own else
// (test/realworld/Inputs/nested_halo.cuh): `if (row ok) { if (column ok)
// t = in[..]; else t = 0; } else t = 0;` with short2 pixels, which clang
// leaves as two fill blocks storing the same zero at the same address.
// The two are one fill (pl_fill_twin_merge), whose two branches are then
// one (pl_fill_chain_fold): pipelined, 1 zero-filled copy. Near misses,
// declined with the IR left as written and the remark saying why: the
// column's fill is 1 and the row's 0, and the row's fill lies one element
// further on.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: nested_halo.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 't' 1368 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes{{.*}}nestedHalo<0, 0, 0>
// CHECK-DAG: nested_halo.cuh:{{[0-9]+}}:3: remark: loop not pipelined: {{.*}}a store into tile 't' writes the constant {{.*}} on one way of a branch whose other way does not copy into the tile itself{{.*}}nestedHalo<0, 1, 0>
// CHECK-DAG: nested_halo.cuh:{{[0-9]+}}:3: remark: loop not pipelined: {{.*}}a store into tile 't' writes the constant {{.*}} on one way of a branch whose other way does not copy into the tile itself{{.*}}nestedHalo<0, 0, 1>
// The copy, zero-filled where either condition fails (src-size 0).
// PTX-LABEL: .entry _Z10nestedHaloILi0ELi0ELi0EEvPK6short2Pfiii(
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX: ret;
// IR-LABEL: define {{.*}}nestedHaloILi0ELi1ELi0E
// IR-NOT: pl.
// IR: ret void
// IR-LABEL: define {{.*}}nestedHaloILi0ELi0ELi1E
// IR-NOT: pl.
// IR: ret void
#include <cuda_runtime.h>

#include "Inputs/nested_halo.cuh"
