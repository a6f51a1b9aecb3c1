// Where the plugin emits no cp.async: below sm_80 (the register lowering,
// with a remark naming it and the target; with lowering=cp.async forced a
// decline naming the target), at -O0, and on the host side of a CUDA compile.
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_75 -S %s -o %t.sm75.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: FileCheck %s --check-prefix=NOCP < %t.sm75.ptx
// SM75: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_75
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_75 -S %s -o %t.sm75cp.ptx -Rpass-missed=cuda-pipeline -fplugin-arg-pipeline-lowering=cp.async 2>&1 | FileCheck %s --check-prefix=SM75CP
// RUN: FileCheck %s --check-prefix=NOCP < %t.sm75cp.ptx
// SM75CP: remark: loop not pipelined: cp.async needs sm_80 or newer, and the target is sm_75
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_80 -O0 -S %s -o - -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NOCP --implicit-check-not=remark
// The host side: the plugin is loaded and changes nothing.
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-host-only -O3 -S -emit-llvm %s -o %t.host-plugin.ll -fplugin=%plugin -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | count 0
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-host-only -O3 -S -emit-llvm %s -o %t.host-plain.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: diff %t.host-plain.ll %t.host-plugin.ll
// NOCP-NOT: cp.async

#include "../../examples/sgemm_kernel.cuh"
