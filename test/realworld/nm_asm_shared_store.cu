// Near miss: inline PTX in the copy stage that writes shared memory by an
// absolute address (`st.shared.f32 [0]`, with a memory clobber) -- here
// the first word of the tile, the only __shared__ array. Its accesses are
// unknown, so it may write the tile behind the ring's back: no ring (the
// copy would land in a slot the asm never writes). The in-place shape
// keeps the tile and the asm as written. (Found by a break-it session.)
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
#include <cuda_runtime.h>

__global__ void __launch_bounds__(128)
    pokeFirstWord(const float *__restrict__ A, float *__restrict__ out, int nt) {
  __shared__ float t[128];
  float acc = 0.0f;
  const int tx = threadIdx.x;
  // CHECK: nm_asm_shared_store.cu:[[@LINE+1]]:3: remark: pipelined loop in place {{.*}}no ring: a memory access before the first barrier may conflict
  for (int k = 0; k < nt; ++k) {
    t[tx] = A[k * 128 + tx];
    if (tx == 0)
      asm volatile("st.shared.f32 [0], %0;" ::"f"(5.0f) : "memory");
    __syncthreads();
    acc += t[(tx + 1) % 128];
    __syncthreads();
  }
  out[tx] = acc;
}
