// The seeds' tiled SGEMM through clang with the plugin, to PTX for sm_80 and
// sm_90: each tile copy becomes a 4-byte cp.async.ca, the steady state waits
// with wait_group 1, the loop holds exactly one bar.sync, and ptxas accepts
// the result.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o - | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// Without the plugin the same source has no cp.async and two barriers:
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o - | FileCheck %s --check-prefix=PLAIN

// CHECK-LABEL: .entry _Z10sgemmTilediPKfS0_Pf(
// Prologue: iteration 0, then iteration 1 zero-filled when absent.
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4;
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4;
// CHECK: cp.async.commit_group;
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// The loop: wait, one barrier, issue, commit, compute, branch back.
// CHECK: [[LOOP:\$L__BB0_[0-9]+]]:
// CHECK-NOT: bar.sync
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK-NOT: bar.sync
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK-NOT: bar.sync
// CHECK: cp.async.commit_group;
// CHECK-NOT: bar.sync
// CHECK: fma.rn.f32
// CHECK-NOT: bar.sync
// CHECK: bra{{.*}} [[LOOP]];
// CHECK: cp.async.wait_group 0;
// CHECK-NOT: bar.sync
// CHECK: ret;

// PLAIN-NOT: cp.async
// PLAIN: bar.sync 0;
// PLAIN: bar.sync 0;
// PLAIN-NOT: cp.async

#include "../../examples/sgemm_kernel.cuh"
