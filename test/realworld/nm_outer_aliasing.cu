// Near miss of shape 7: the K loop of a batch loop has no preheader (clang
// enters it straight from the batch loop's header on `K > 0`), but the
// pointers are not __restrict__, so the store of the previous batch entry
// may write what the prologue would copy before any barrier. It stays declined, and the preheader the pass would make
// for a pipelined loop is not made: the IR is the same as without the
// plugin (loaded, so that debug locations match, but disabled).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.with.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll

#define T 32

__global__ void batchedRunning(int batch, int K, const float *A, float *C) {
  __shared__ float As[T][T + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  for (int bt = blockIdx.z; bt < batch; bt += gridDim.z) {
    const float *a = A + (size_t)bt * T * K;
    float acc = 0.0f;
    // CHECK: nm_outer_aliasing.cu:[[@LINE+1]]:5: remark: loop not pipelined: a write before the loop may change the global memory tile 'As' is copied from
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
