// A copy stage of copy loops: `for (i = tid; i < 512; i +=
// blockDim.x)` runs tile bytes / (copy bytes * threads) = 2048 / (4 * 256)
// = 2 trips per thread with 256 threads per block (launch bounds), not an
// unknown 16, and each trip of the plain loop stores what it loaded before
// the next trip loads (the runtime count keeps it rolled): two loops of 2
// trips wait for 4 load latencies one after another, where the ring issues
// every trip's cp.async at once. The bench's copy-loop GEMM
// (bench/kernels/copyloop_gemm.cuh): declined before (869 instructions per
// iteration, predicted 0.989x); its forced 3- and 4-stage rings ran 1.18x
// and 1.21x plain on the H200 (docs/results/2026-12-01d).
//
// A last trip that only some threads run counts its share: the bench's
// 1-D halo convolution (bench/kernels/copyloop_conv.cuh) fills 272 floats
// with 256 threads, 1.06 trips, and is declined (its forced rings ran
// 0.92x-0.94x plain on the H200; the model predicted 1.114x with whole
// trips, before that run, and was wrong).
//
// The near-miss: the same GEMM with the two trips of each copy written out
// (straight-line copies, issued together: one latency per iteration),
// declined: 6 blocks of 8 warps cover it.
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// CHECK: copyloop_gemm.cuh:60:3: remark: pipelined loop with 3 stages: {{.*}} (sm_90: predicted 1.{{[0-9]+}}x; {{.*}}); cp.async [sm_90, kernel 'copyLoopGemm
// CHECK: copyloop_gemm.cuh:60:3: remark: cost model on sm_90: 256 threads per block, about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once{{.*}}); per warp and iteration {{392|393}} instructions {{.*}}; the plain loop waits for 4.00 load latencies one after another (copy-loop trips) [sm_90, kernel '{{.*}}']
// CHECK: copy_loop_trips.cu:[[@LINE+14]]:3: remark: loop not pipelined: on sm_90 {{[0-9]+}} resident blocks of 8 warps {{.*}} [sm_90, kernel 'straightCopyGemm
// CHECK-NOT: waits for {{[0-9.]+}} load latencies
// CHECK: copyloop_conv.cuh:33:3: remark: loop not pipelined: on sm_90 8 resident blocks of 8 warps {{.*}} [sm_90, kernel 'copyLoopConv
// CHECK: copyloop_conv.cuh:33:3: remark: loop not pipelined: cost model on sm_90: {{.*}}; the plain loop waits for 1.06 load latencies one after another (copy-loop trips)
#include "../../bench/kernels/copyloop_gemm.cuh"

__global__ void __launch_bounds__(CL_THREADS)
    straightCopyGemm(int M, int N, int K, const float *__restrict__ A,
                     const float *__restrict__ B, float *__restrict__ C) {
  __shared__ float As[CL_BM * CL_BK];
  __shared__ float Bs[CL_BK * CL_BN];
  const int tr = threadIdx.x / (CL_BN / CL_TN), tc = threadIdx.x % (CL_BN / CL_TN);
  const int row0 = blockIdx.y * CL_BM, col0 = blockIdx.x * CL_BN;
  float acc[CL_TM][CL_TN] = {};
  for (int k0 = 0; k0 < K; k0 += CL_BK) {
#pragma unroll
    for (int p = 0; p < 2; ++p) {
      const int i = threadIdx.x + p * CL_THREADS;
      const int r = row0 + i / CL_BK, c = k0 + i % CL_BK;
      As[i] = r < M && c < K ? A[(size_t)r * K + c] : 0.0f;
      const int rb = k0 + i / CL_BN, cb = col0 + i % CL_BN;
      Bs[i] = rb < K && cb < N ? B[(size_t)rb * N + cb] : 0.0f;
    }
    __syncthreads();
    clCompute(As, Bs, tr, tc, acc);
    __syncthreads();
  }
  clStore(M, N, C, row0, col0, tr, tc, acc);
}

#include "../../bench/kernels/copyloop_conv.cuh"
