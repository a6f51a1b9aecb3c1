// The ring's added instructions cost their issue time: in a loop
// bound by shared-memory wavefronts, the ring's slot rotation, wait and
// cp.async issue run in the copy phase and add warps x added / 4 cycles,
// not added / instructions of the wavefront-bound time. The bench's rowdot
// (bench/kernels/row_dot.cuh: 4 warps per block, 64 tile loads and 143
// instructions per warp and iteration, 31 added, 91 registers by ptxas, 5
// blocks per SM) is pipelined with 3 stages at a predicted 1.118x (its
// plain loop loads the `x` tile under `ty == 0` and a zero-fill guard only
// after the stores before it: 1.3 latencies, docs/design.md, "Serial
// latencies"; 1.066x when it counted one); measured on the H200 its forced
// 3-stage ring ran 1.083x plain, and the model that
// scaled the wavefront-bound time predicted 0.982x and declined it (a
// blind prediction, wrong; docs/results/log.md). The seeds' SGEMM (same
// mix, 8 blocks of 8 warps) stays declined: the other blocks cover its
// latency and the ring's issue does not pay (predicted 0.946x, measured
// 0.969x). The rings are asked for with cp.async copies: at the default the
// model prices the register lowering too and takes it for rowdot (1.193x
// predicted, test/cost/ptxas_batch.cu).
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-lowering=cp.async -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// CHECK-DAG: row_dot.cuh:39:3: remark: pipelined loop with 3 stages: {{.*}} (sm_90: predicted 1.118x; 3 stages keep {{[0-9]+}} bytes in flight per SM over 5 resident blocks, {{.*}}); cp.async [sm_90, kernel 'void rowDot<32, 4>
// CHECK-DAG: sgemm_kernel.cuh:23:3: remark: loop not pipelined: on sm_90 8 resident blocks of 8 warps and 142 instructions per iteration already cover an estimated 1000-cycle load latency; a ring would add 31 instructions (predicted 0.946x) [sm_90, kernel 'sgemmTiled
#include "../../bench/kernels/row_dot.cuh"
#include "../../examples/sgemm_kernel.cuh"

template __global__ void rowDot<32, 4>(int, int, const float *__restrict__, const float *__restrict__,
                                       float *__restrict__);
