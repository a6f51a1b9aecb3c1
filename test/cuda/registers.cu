// The register lowering through clang, with ptxas: the bench's converting
// kernels (bench/kernels/convert.cuh) and the seeds' SGEMM.
//   sm_75: no cp.async exists; every loop is staged through registers
//   sm_90: the float->half stream and the 2-byte half GEMM go through
//          registers, the int8 dequantizing GEMM is mixed (its fp16 half2
//          copy is a cp.async, its dequantized weights go through
//          registers), the SGEMM stays a 3-stage cp.async ring (cost model
//          off: this checks the lowerings); forced with
//          lowering=registers, the SGEMM is staged too
//   both:  one build for sm_75 and sm_90 gives each its own lowering, and
//          each remark names the lowering and the architecture
// The loops as CUDA 11.8 to 12.2 get them: from 12.3 on the modelled
// register rings are unrolled (test/rewrite/steady_unroll.cu).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_75 -S %s -o %t/sm75.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R75
// RUN: FileCheck %s --check-prefix=P75 < %t/sm75.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_75 %t/sm75.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o %t/sm90.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R90
// RUN: FileCheck %s --check-prefix=P90 < %t/sm90.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t/sm90.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers -S %s -o %t/sm90r.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R90R
// RUN: FileCheck %s --check-prefix=P75 < %t/sm90r.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t/sm90r.ptx -o /dev/null %}
// RUN: cd %t && %clang_cuda -fplugin-arg-pipeline-ptxas=off -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_75 --cuda-gpu-arch=sm_90 -S %s -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=BOTH

// R75: convert.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'tile' 512 -> 1024 bytes; 1 copy of 2 bytes, 1 staged through 1 register; removed the second barrier{{(; the steady state unrolled [0-9] times[^(]*)?}} (sm_75: predicted {{[0-9.]+}}x; {{.*}}); registers [sm_75
// R75: convert.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'As' 1024 -> 2048 bytes, tile 'Ws' 1024 -> 2048 bytes; 3 copies of 2 to 4 bytes, 3 staged through 3 registers; removed the second barrier{{(; the steady state unrolled [0-9] times[^(]*)?}} (sm_75: predicted {{[0-9.]+}}x; {{.*}}); registers [sm_75
// R75: convert.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'As' 512 -> 1024 bytes, tile 'Bs' 512 -> 1024 bytes; 2 copies of 2 bytes, 2 staged through 2 registers; removed the second barrier{{(; the steady state unrolled [0-9] times[^(]*)?}} (sm_75: predicted {{[0-9.]+}}x; {{.*}}); registers [sm_75
// R75: sgemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: {{.*}}; 2 copies of 4 bytes, 2 staged through 2 registers; removed the second barrier{{(; the steady state unrolled [0-9] times[^(]*)?}} (sm_75: predicted {{[0-9.]+}}x; {{.*}}); registers [sm_75

// R90: convert.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_90
// R90: convert.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'As' 1024 -> 2048 bytes, tile 'Ws' 1024 -> 2048 bytes; 3 copies of 2 to 4 bytes, 2 staged through 2 registers; removed the second barrier; cp.async+registers [sm_90
// R90: convert.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_90
// R90: sgemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: {{.*}}; 2 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_90

// R90R-COUNT-4: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_90

// BOTH-DAG: sgemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_75
// BOTH-DAG: sgemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: {{.*}}; cp.async [sm_90
// BOTH-DAG: convert.cuh:{{[0-9]+}}:3: remark: {{.*}}; cp.async+registers [sm_90

// Each loop: the kept barrier, the loads of the next tile, the compute, the
// conversion and the stores into the other buffer; no second barrier.
// P75-LABEL: .entry _Z9f2hStreamiiPKfPf(
// P75: bar.sync 0;
// P75-NOT: bar.sync
// P75: ld.global{{.*}}.{{f32|b32}}
// P75-NOT: bar.sync
// P75: cvt.rn.f16.f32
// P75-NOT: bar.sync
// P75: st.shared.{{[ub]}}16
// P75-NOT: bar.sync
// P75: ret;
// P75-LABEL: .entry _Z11dequantGemmiiiPK6__halfPKaPKfPf(
// P75: bar.sync 0;
// P75-NOT: bar.sync
// P75-COUNT-2: ld.global{{.*}}.{{[usb]}}8
// P75-NOT: bar.sync
// P75: st.shared.{{[ub]}}32
// P75-NOT: bar.sync
// P75: ret;
// P75-NOT: cp.async

// P90-LABEL: .entry _Z11dequantGemmiiiPK6__halfPKaPKfPf(
// P90: cp.async.wait_group 0;
// P90-NEXT: bar.sync 0;
// P90: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// P90: cp.async.commit_group;
// P90: cvt.rn.f16.f32
// P90: st.shared.{{[ub]}}16
// P90-NOT: bar.sync
// P90: ret;

#include <cuda_fp16.h>
#include "../../bench/kernels/convert.cuh"
#include "../../examples/sgemm_kernel.cuh"
