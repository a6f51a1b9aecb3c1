// Which lowering, where most copies are made by few threads: the halo
// copies of a stencil run under `ty == 0`, `tx == 31`, `(tx | ty) == 0` and
// the like. The register lowering has every thread load them (from zeros
// where its predicate fails), with the later iteration's condition and a
// select of the address, which the model does not price: measured on an
// H100, haloblur's register ring ran 0.873x plain and its cp.async ring
// 1.351x (3 stages). So the register lowering does not replace a cp.async
// ring, nor stand in for a declined one, where more than half its staged
// copies are under a predicate that holds for at most a quarter of the
// threads (docs/design.md, "Which lowering"). haloblur: 8 of 9, cp.async.
// Near misses, which keep the register lowering: rowdot (1 of 2 copies
// under `ty == 0`), the batched GEMM through pointer arrays (no
// predicate), and a copy under `tid < 192` of 256 threads (most threads).
// A compute under a branch takes cp.async whatever its copies' predicates.
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s
// CHECK-DAG: halo_blur.cuh:33:3: remark: pipelined loop with 3 stages: tile 'tile' 1360 -> {{[0-9]+}} bytes; 9 cp.async copies of 4 bytes; removed the second barrier (sm_90: predicted {{.*}}); cp.async [sm_90, kernel 'haloBlur
// CHECK-DAG: row_dot.cuh:39:3: remark: pipelined loop with 2 stages: {{.*}} staged through {{.*}}; registers: a cp.async ring is predicted {{.*}} [sm_90, kernel 'void rowDot<32, 4>
// CHECK-DAG: ptr_batch.cuh:29:3: remark: pipelined loop with 2 stages: {{.*}} 8 staged through 8 registers; {{.*}}; registers: a cp.async ring is predicted {{.*}} [sm_90, kernel 'ptrBatchSgemm
// CHECK-DAG: lowering_predicated.cu:[[@LINE+13]]:3: remark: pipelined loop with 2 stages: {{.*}} staged through {{.*}}; registers: a cp.async ring is predicted {{.*}} [sm_90, kernel 'mostThreads
#include "../../bench/kernels/halo_blur.cuh"
#include "../../bench/kernels/ptr_batch.cuh"
#include "../../bench/kernels/row_dot.cuh"

template __global__ void rowDot<32, 4>(int, int, const float *__restrict__, const float *__restrict__,
                                       float *__restrict__);

__global__ void __launch_bounds__(256) mostThreads(int ntiles, const float *__restrict__ taps,
                                                   const float *__restrict__ x, float *__restrict__ y) {
  __shared__ float tile[192];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
    if (tid < 192)
      tile[tid] = x[(size_t)t * 192 + tid];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 8; ++j)
      acc += taps[j] * tile[(tid + j) % 192];
    __syncthreads();
  }
  y[blockIdx.x * 256 + tid] = acc;
}

// The same with its compute under a branch (`if (tid < 184)`): ptxas keeps
// such a loop rolled, so the register lowering's next loads are not issued
// with later iterations', and one slot of registers hides nothing more than
// the plain loop does (bench rowreduce: 1.00x plain, its 4-stage cp.async
// ring 1.35x): a cp.async ring.
__global__ void __launch_bounds__(256) computeBranch(int ntiles, const float *__restrict__ taps,
                                                    const float *__restrict__ x,
                                                    float *__restrict__ y) {
  __shared__ float tile[192];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: lowering_predicated.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[34]}} stages: {{.*}} cp.async copy of 4 bytes; {{.*}}; cp.async [sm_90, kernel 'computeBranch
  for (int t = 0; t < ntiles; ++t) {
    if (tid < 192)
      tile[tid] = x[(size_t)t * 192 + tid];
    __syncthreads();
    if (tid < 184)
#pragma unroll
      for (int j = 0; j < 8; ++j)
        acc += taps[j] * tile[tid + j];
    __syncthreads();
  }
  y[blockIdx.x * 256 + tid] = acc;
}
