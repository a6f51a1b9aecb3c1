// The split zero-fill copies of Inputs/split_fill_index_phi.cuh (64-bit
// indices, pointer bumps): an A copy stored after its branch takes its
// index from a phi of two equal indices, one computed for each arm (LICM
// hoisted both out of the loop). The phi is read as the index both arms
// compute: it is computed once before the branch (lib/unmerge.c) and the
// loop becomes a ring of zero-filling cp.async, eight copies, no store of
// zeros left in the loop.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK: split_fill_index_phi.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'AsT' 2176 -> {{[0-9]+}} bytes, tile 'Bs' 2048 -> {{[0-9]+}} bytes; 8 cp.async copies of 4 bytes{{.*}}raggedGemm64
// PTX-LABEL: .entry _Z12raggedGemm64iiiPKfS0_Pf(
// PTX-COUNT-8: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// IR-LABEL: define {{.*}}raggedGemm64
// IR-NOT: store float 0.000000e+00, ptr {{.*}}AsT
// IR-NOT: store float 0.000000e+00, ptr {{.*}}Bs
// IR: ret void
#include "Inputs/split_fill_index_phi.cuh"
