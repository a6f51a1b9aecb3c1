// The copy loops of Inputs/copyloop_if_else_fill.cuh, whose copy and zero
// fill are written as if/else as public kernels write them, where clang leaves each arm computing the tile
// address itself (a `float2` stored as two lanes; an `int2` halo row,
// whose zeros are one 8-byte store): the address is computed once before
// the branch (lib/unmerge.c), and each loop becomes a ring of zero-filling
// cp.async with no store of zeros left. Near miss: the same halo row with
// no else (rows outside keep older values): declined.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: copyloop_if_else_fill.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'As' 8192 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes{{.*}}rowPairs
// CHECK-DAG: copyloop_if_else_fill.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'row' 2064 -> {{[0-9]+}} bytes; 1 cp.async copy of 8 bytes{{.*}}'haloRow(
// CHECK-DAG: copyloop_if_else_fill.cuh:{{[0-9]+}}:3: remark: loop not pipelined: a copy into tile 'row' in a loop of the copy stage runs under a condition that changes from iteration to iteration and writes no zeros otherwise{{.*}}haloRowNoFill
// PTX-LABEL: .entry _Z7haloRowPK4int2Pfii(
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], 8, %r{{[0-9]+}};
// PTX-LABEL: .entry _Z13haloRowNoFillPK4int2Pfii(
// PTX-NOT: cp.async
// PTX-LABEL: .entry _Z8rowPairsILi16ELi128EEvPKfPfiii(
// PTX-COUNT-2: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], 4, %r{{[0-9]+}};
// IR-LABEL: define {{.*}}haloRowPK4int2
// IR-NOT: store i64 0, ptr {{.*}}row
// IR: ret void
// IR-LABEL: define {{.*}}rowPairs
// IR-NOT: store float 0.000000e+00, ptr {{.*}}As
// IR: ret void
#include "Inputs/copyloop_if_else_fill.cuh"
