// Shape 5, writes in the enclosing loop: the K loop of a batch loop, A and
// C not __restrict__, so the store of the previous batch entry may write
// what the prologue copies. In the original, the K loop's barriers ordered
// another thread's store before this thread's loads of iterations 1..S-2;
// the prologue issues them before any barrier of the loop, so a barrier
// before the prologue takes that place (one per entry into the loop). The
// K loop has no preheader (clang enters it straight from the batch loop's
// header on `K > 0`): the pass makes one.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// In the batch loop: the barrier, then the prologue's copies, then the K loop.
// PTX: bar.sync 0;
// PTX-NOT: bar.sync
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 4;
// PTX: cp.async.commit_group;
// PTX: cp.async.wait_group 1;
// PTX-NEXT: bar.sync 0;

#define T 32

__global__ void batchedRunning(int batch, int K, const float *A, float *C) {
  __shared__ float As[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int bt = blockIdx.z; bt < batch; bt += gridDim.z) {
    const float *a = A + (size_t)bt * T * K;
    float acc = 0.0f;
    // CHECK: outer_aliasing_entry_barrier.cu:[[@LINE+1]]:5: remark: pipelined loop with 3 stages: tile 'As' 4224 -> 12672 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; a barrier before the prologue, since a write before the loop may change what it copies
    for (int k0 = 0; k0 < K; k0 += T) {
      As[ty][tx] = a[ty * K + k0 + tx];
      __syncthreads();
#pragma unroll
      for (int k = 0; k < T; ++k)
        acc += As[ty][k];
      __syncthreads();
    }
    C[(size_t)bt * T * T + ty * T + tx] = acc;
  }
}
