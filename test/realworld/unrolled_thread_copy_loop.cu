// A copy loop whose trip count depends on the thread, under `#pragma
// unroll`, as GEMM kernels write their float4 tile loaders:
// `for (f = tid; f < BM * BK / 4; f += NTHREADS)` with more float4s than
// threads but not a multiple of them. clang unrolls it fully into nested
// conditions, `if (tid < 128) { copy; if (tid < 32) copy; }`; each copy runs
// under the conjunction of the branches above it, all per-thread
// conditions, so the same threads fill the same bytes of every slot.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The prologue issues a thread's first float4 where tid < 128 and its
// second only where tid < 32 as well.
// PTX-LABEL: .entry _Z10gemmLoaderILi64ELi8ELi96EEviiPKfS1_Pf(
// PTX: setp.gt.u32 %p{{[0-9]+}}, [[TID:%r[0-9]+]], 127;
// PTX: cp.async.cg.shared.global
// PTX: setp.gt.u32 %p{{[0-9]+}}, [[TID]], 31;
// PTX: cp.async.cg.shared.global
// PTX: cp.async.wait_group
// The same loop on sm_75 stages through registers, under the same terms.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_75 -S %s -o %t.75.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: %if ptxas %{ %ptxas -arch=sm_75 %t.75.ptx -o /dev/null %}
// SM75: remark: pipelined loop with 2 stages: tile 'As' 2048 -> 4096 bytes{{.*}}registers [sm_75, kernel 'void gemmLoader
// A near miss: the inner condition depends on the tile loop's counter and
// the copy writes nothing where it fails, so a ring slot would keep stale
// data; the tile has a second copy, so no fix-up from the slot before
// serves it either: as a ring it stays declined, in place it is pipelined.
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=RING
// RING: unrolled_thread_copy_loop.cu:{{[0-9]+}}:{{[0-9]+}}: remark: loop not pipelined: the copy into tile 'As' runs under a condition that changes from iteration to iteration
// In place (the default) its float4 copies, llvm.memcpy calls, become a
// load and a store; the analysis remark still points at the copy whose
// condition rules the ring out (the location is read before the rewrite).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NO-RING
// NO-RING: unrolled_thread_copy_loop.cu:75:22: remark: no ring: the rewrite cannot move the slot before's bytes into a skipped copy's: the tile has other copies
#include <cuda_runtime.h>

template <int BM, int BK, int NTHREADS>
__global__ void __launch_bounds__(NTHREADS)
    gemmLoader(int M, int K, const float *__restrict__ A, const float *__restrict__ x,
               float *__restrict__ y) {
  __shared__ float4 As[BM * BK / 4];
  const int tid = threadIdx.x;
  const float *a = A + (size_t)blockIdx.x * BM * K;
  float acc = 0.0f;
  // CHECK: unrolled_thread_copy_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 2048 -> {{[0-9]+}} bytes; 2 cp.async copies of 16 bytes
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int f = tid; f < BM * BK / 4; f += NTHREADS) {
      const int r = f / (BK / 4), c = f % (BK / 4);
      As[f] = *reinterpret_cast<const float4 *>(&a[(size_t)r * K + k0 + c * 4]);
    }
    __syncthreads();
    if (tid < BM) {
      const float4 *row = &As[tid * (BK / 4)];
#pragma unroll
      for (int c = 0; c < BK / 4; ++c)
        acc += row[c].x * x[k0 + 4 * c] + row[c].y * x[k0 + 4 * c + 1] +
               row[c].z * x[k0 + 4 * c + 2] + row[c].w * x[k0 + 4 * c + 3];
    }
    __syncthreads();
  }
  if (tid < BM)
    y[blockIdx.x * BM + tid] = acc;
}

template __global__ void gemmLoader<64, 8, 96>(int, int, const float *, const float *, float *);

__global__ void nearMiss(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float4 As[128];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 512) {
    if (tid < 96) {
      As[tid] = reinterpret_cast<const float4 *>(A + k0)[tid];
      if (k0 + 4 * tid < 128)
        As[tid + 96] = reinterpret_cast<const float4 *>(A + k0)[tid + 96];
    }
    __syncthreads();
    acc += As[tid % 128].x;
    __syncthreads();
  }
  out[tid] = acc;
}
