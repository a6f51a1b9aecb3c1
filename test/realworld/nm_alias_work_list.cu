// Near miss: a grid-stride loop over a work list. The tile each iteration
// writes is read from memory (`tiles[w]`), so no range bounds the write
// before the loop, and `in` and `out` may overlap: the loop stays declined
// and its code as written.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.plain.ptx -fplugin-arg-pipeline-disable
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx
// RUN: diff %t.plain.ptx %t.ptx
#define TILE 256

__global__ void __launch_bounds__(TILE) workList(int nwork, const int *tiles, const float *in,
                                                 float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_alias_work_list.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 's' is copied from; mark the pointers __restrict__ if they never overlap
  for (int w = blockIdx.x; w < nwork; w += gridDim.x) {
    const int t = tiles[w];
    s[tid] = in[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 1) % TILE];
    out[(size_t)t * TILE + tid] = acc;
    __syncthreads();
  }
}
