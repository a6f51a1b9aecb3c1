// libpipeline.so also answers -fpass-plugin=. Given both -fplugin and
// -fpass-plugin, the pass runs once, with the -fplugin arguments.
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o - -fpass-plugin=%plugin -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=PASS
// PASS-COUNT-1: remark: pipelined loop with 3 stages
// PASS-NOT: remark:
// PASS: cp.async.wait_group 1;
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o - -fpass-plugin=%plugin -fplugin-arg-pipeline-stages=2 -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=BOTH
// BOTH-COUNT-1: remark: pipelined loop with 2 stages
// BOTH-NOT: remark:
// BOTH: cp.async.wait_group 0;
// BOTH-NOT: cp.async.wait_group 1;

#include "../../examples/sgemm_kernel.cuh"
