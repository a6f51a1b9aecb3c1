// -fplugin-arg-pipeline-stages=N sets the ring depth: wait_group N-2 in the
// steady state, and a ring of N slots (N x 8448 bytes for the SGEMM's two
// 4224-byte tiles).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o - -fplugin-arg-pipeline-stages=2 | FileCheck %s --check-prefix=S2
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o - -fplugin-arg-pipeline-stages=3 | FileCheck %s --check-prefix=S3
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o - -fplugin-arg-pipeline-stages=4 | FileCheck %s --check-prefix=S4
// S2: .shared .align 16 .b8 {{.*}}As_$_ring[8448];
// S2: cp.async.wait_group 0;
// S2-NEXT: bar.sync 0;
// S3: .shared .align 16 .b8 {{.*}}As_$_ring[12672];
// S3: cp.async.wait_group 1;
// S3-NEXT: bar.sync 0;
// S4: .shared .align 16 .b8 {{.*}}As_$_ring[16896];
// S4: cp.async.wait_group 2;
// S4-NEXT: bar.sync 0;

#include "../../examples/sgemm_kernel.cuh"
