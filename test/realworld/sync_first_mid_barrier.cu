// A sync-first loop whose compute has a barrier of its own
// (Inputs/sync_first_mid_barrier.cuh):
//   for (...) { __syncthreads(); copy; __syncthreads(); c1; __syncthreads(); c2; }
// The top barrier is removed and the one after the copies kept, as in a
// sync-first loop of two barriers; the compute's barrier stays (c1 and c2
// both read the iteration's slot). Before: "memory is accessed after the
// last barrier of the body" (only two barriers were taken as sync-first).
// The near miss, whose copy stage reads what the compute wrote, gets no
// ring and is pipelined in place, which keeps every barrier.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-profitability=off -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// The loop as written has three barriers:
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_90 --cuda-device-only -O3 -S %s -o - | FileCheck %s --check-prefix=PLAIN
// CHECK-DAG: sync_first_mid_barrier.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'kt' 512 -> 1536 bytes; 1 cp.async copy of 4 bytes; removed the top barrier; cp.async [sm_90, kernel 'scoreRows(
// CHECK-DAG: sync_first_mid_barrier.cuh:{{[0-9]+}}:3: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'kt'; 1 copy loaded one iteration ahead into 1 register; no ring: a memory access before the second barrier may conflict with one after it, which the removed top barrier ordered across iterations; registers in place [sm_90, kernel 'scoreRowsCarry(
// PTX-LABEL: .entry _Z9scoreRowsiPKfS0_Pf(
// PTX: cp.async.ca.shared.global
// PTX: cp.async.commit_group
// PTX: cp.async.wait_group 1;
// PTX-NEXT: bar.sync 0;
// PTX: cp.async.ca.shared.global
// PTX: bar.sync 0;
// PTX-NOT: bar.sync
// PTX: cp.async.wait_group 0;
// PTX: .entry _Z14scoreRowsCarry
// PTX-NOT: cp.async
// PTX-COUNT-3: bar.sync 0;
// PTX-NOT: cp.async
// PTX: ret;
// PLAIN-LABEL: .entry _Z9scoreRowsiPKfS0_Pf(
// PLAIN-COUNT-3: bar.sync 0;
// PLAIN-NOT: bar.sync
// PLAIN: ret;
#include "Inputs/sync_first_mid_barrier.cuh"
