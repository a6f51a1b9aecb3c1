// Register-blocked SGEMMs written the way public tutorials write them: 2-D
// block tiling with an 8x8 result per thread, and the same with float4
// loads, both with alpha and beta. clang's unroller leaves the write-back
// loop, too large for its threshold, a loop; its index into the private
// result array then keeps the whole array in local memory, in the K loop
// too. The loops are marked for full unrolling (UnrolledForRegisters), and
// the PTX has no local memory; with register-arrays=off it has.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.s -Rpass=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not=UnrolledForRegisters --implicit-check-not="fully unrolled"
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.off.s -fplugin-arg-pipeline-register-arrays=off -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: FileCheck %s --check-prefix=PTX-OFF < %t.off.s
// A kernel the user leaves out (exclude=, only=) is left as clang makes it.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ex.s -fplugin-arg-pipeline-exclude=Vectorize -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=EXCLUDED
// RUN: FileCheck %s --check-prefix=PTX-EXCLUDED < %t.ex.s
// EXCLUDED: remark: loop fully unrolled (8 trips)
// EXCLUDED-NOT: fully unrolled
// PTX-EXCLUDED: .local .align {{[0-9]+}} .b8 __local_depot1[256];
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fsave-optimization-record -foptimization-record-file=%t.yaml
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
// PTX-NOT: __local_depot
// PTX-NOT: st.local
// PTX-OFF: .local .align {{[0-9]+}} .b8 __local_depot0[256];
// PTX-OFF: .local .align {{[0-9]+}} .b8 __local_depot1[256];
// OFF-NOT: fully unrolled
// YAML: Name: UnrolledForRegisters
// YAML: - Trips: '8'
// YAML: - ArrayBytes: '256'
// The write-back loops of the two kernels (Inputs/public_sgemms.cuh):
// CHECK: public_sgemms.cuh:51:3: remark: loop fully unrolled (8 trips) so that a private array of 256 bytes it indexes by its counter can live in registers: an index that changes at run time keeps the whole array in local memory
// CHECK: public_sgemms.cuh:99:3: remark: loop fully unrolled (8 trips) so that a private array of 256 bytes

#include "Inputs/public_sgemms.cuh"

void run(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  dim3 grid((N + 127) / 128, (M + 127) / 128);
  sgemm2DBlocktiling<128, 128, 8, 8, 8><<<grid, 256>>>(M, N, K, alpha, A, B, beta, C);
  sgemmVectorize<128, 128, 8, 8, 8><<<grid, 256>>>(M, N, K, alpha, A, B, beta, C);
}
