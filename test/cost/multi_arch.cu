// Per chip: one clang build for three architectures;
// each device compilation runs the cost model with its own chip row and
// each remark names its architecture. The bench's streaming kernel gets a
// 3-stage cp.async ring on sm_80 (10 DRAM bytes per cycle per SM), the
// register lowering's two slots on sm_90, where the model predicts them
// faster than a 4-stage cp.async ring (ptxas keeps 4 iterations of their
// read-only loads in flight, docs/design.md "The plain loop's batch";
// measured on the H200: 1.69x against 1.47x), and the register lowering on
// sm_75 (no cp.async), each with its own prediction; the attention kernel
// is declined on both for different reasons: on sm_90 the registers it
// holds, q[64] and o[64], allow 5 blocks with or without the ring, and the
// predicted gain is within 1% (too close to call for a block of 2 warps);
// on sm_80 (smaller shared memory per SM) the ring would leave 4 blocks.
// The PTX of each architecture carries its own ring: wait_group 1 (3
// stages) for sm_80, none for sm_90 and sm_75. That batch is ptxas
// 11.8's: built against CUDA 12.3, whose ptxas keeps the loop rolled
// (measured on the H100: the rolled register ring 1.022x, a 4-stage
// cp.async ring 1.434x, docs/results/2026-12-07g), the rewrite unrolls the
// register ring's steady state 4 times itself (steady_unroll.h): in the
// PTX a main loop of 4 barriers and 4 loads, then a remainder loop of one.
// RUN: %clang_cuda -Xclang -target-sdk-version=12.3 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o %t.rolled.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ROLLED
// RUN: FileCheck %s --check-prefix=ROLLED-PTX < %t.rolled.ptx
// ROLLED: stream.cuh:14:3: remark: pipelined loop with 2 stages: {{.*}}; the steady state unrolled 4 times, since the ptxas of CUDA 12.3 keeps tile loops rolled (sm_90: predicted 2.016x; {{.*}}); registers: a cp.async ring is predicted 1.843x [sm_90, kernel 'streamSum(
// ROLLED-PTX-LABEL: .entry _Z9streamSumiiPKfPf(
// ROLLED-PTX: Loop Header
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: bar.sync
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: ld.global.nc
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: bar.sync
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: ld.global.nc
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: bar.sync
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: ld.global.nc
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: bar.sync
// ROLLED-PTX-NOT: Loop Header
// ROLLED-PTX: ld.global.nc
// ROLLED-PTX-NOT: bar.sync
// ROLLED-PTX: Loop Header
// ROLLED-PTX: bar.sync
// ROLLED-PTX-NOT: bar.sync
// ROLLED-PTX: ld.global.nc
// ROLLED-PTX-NOT: bar.sync
// ROLLED-PTX: ret;
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang_cuda -Xclang -target-sdk-version=11.8 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -S %s -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: cd %t && FileCheck %s --check-prefix=P90 < multi_arch-cuda-nvptx64-nvidia-cuda-sm_90.s
// RUN: cd %t && FileCheck %s --check-prefix=P80 < multi_arch-cuda-nvptx64-nvidia-cuda-sm_80.s
// RUN: cd %t && FileCheck %s --check-prefix=P75 < multi_arch-cuda-nvptx64-nvidia-cuda-sm_75.s
// CHECK-DAG: stream.cuh:14:3: remark: pipelined loop with 2 stages: {{.*}} (sm_75: predicted {{[0-9.]+}}x; {{.*}}); registers [sm_75, kernel 'streamSum(
// CHECK-DAG: stream.cuh:14:3: remark: pipelined loop with 3 stages: {{.*}} (sm_80: predicted 1.260x; {{.*}}); cp.async [sm_80, kernel 'streamSum(
// CHECK-DAG: stream.cuh:14:3: remark: pipelined loop with 2 stages: {{.*}} (sm_90: predicted 2.016x; {{.*}}); registers: a cp.async ring is predicted 1.843x [sm_90, kernel 'streamSum(
// CHECK-DAG: attention.cuh:{{[0-9]+}}:3: remark: loop not pipelined: on sm_90 the model predicts 1.00{{[0-9]}}x, within 1.0% of plain, too close to call: 5 resident blocks of 2 warps {{.*}} [sm_90, kernel 'attention(
// CHECK-DAG: attention.cuh:{{[0-9]+}}:3: remark: loop not pipelined: on sm_80 5 resident blocks {{.*}}; its 2 stages would leave 4 resident blocks {{.*}} [sm_80, kernel 'attention(
// P90-LABEL: .entry _Z9streamSumiiPKfPf(
// P90-NOT: cp.async
// P90: bar.sync 0;
// P90-NOT: cp.async
// P90: ret;
// P80-LABEL: .entry _Z9streamSumiiPKfPf(
// P80: cp.async.wait_group 1;
// P75-LABEL: .entry _Z9streamSumiiPKfPf(
// P75-NOT: cp.async
// P75: bar.sync 0;
// P75-NOT: cp.async
// P75: ret;
#include "../../bench/kernels/attention.cuh"
#include "../../bench/kernels/stream.cuh"
