// Near miss of the register lowering: int8 weights dequantized with a
// per-group scale that is itself loaded inside the K loop (`scales[k / G]`):
// the stored value combines two loads, which is neither a copy nor a
// conversion of one loaded value (a second copy stage would be needed to
// stage the scale). Must stay declined, on sm_80 and on sm_75.
// Today: TileStoreNotCopy.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda --cuda-gpu-arch=sm_75 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
#include <cuda_fp16.h>

#define G 64
__global__ void groupDequant(int K, int N, const signed char *__restrict__ wq,
                             const float *__restrict__ scales, float *__restrict__ out) {
  __shared__ half ws[16][16];
  const int tx = threadIdx.x, ty = threadIdx.y, col = blockIdx.x * 16 + tx;
  float acc = 0.0f;
  // CHECK: nm_dequant_group_scale.cu:[[@LINE+1]]:3: remark: loop not pipelined: the value stored into tile 'ws' combines two loads; a copy may convert one loaded value only
  for (int k0 = 0; k0 < K; k0 += 16) {
    ws[ty][tx] = __float2half((float)wq[(size_t)(k0 + ty) * N + col] *
                              scales[((k0 + ty) / G) * N + col]);
    __syncthreads();
    for (int k = 0; k < 16; ++k)
      acc += __half2float(ws[k][tx]);
    __syncthreads();
  }
  out[ty * N + col] = acc;
}
