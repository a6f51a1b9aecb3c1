// An in-place-style kernel. One buffer holds the field;
// each block relaxes its band of rows, reading row r+1 into a tile and
// writing row r, so the kernel is called with the same pointer for `cur`
// and `next` (in place) or with two buffers (out of place). The loop is
// versioned: in place the ranges overlap and every block runs the original
// loop; out of place the pipelined one.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}

#define WIDTH 128

__device__ inline float relax(float c, float l, float r) { return 0.5f * c + 0.25f * (l + r); }

__global__ void __launch_bounds__(WIDTH) relaxRows(int band, const float *cur, float *next) {
  __shared__ float row[WIDTH];
  const int x = threadIdx.x;
  const long first = (long)blockIdx.x * (band + 1);
  // CHECK: alias_inplace.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'row' {{.*}}; with a runtime alias check{{.*}}; cp.async
  for (int r = 0; r < band; ++r) {
    row[x] = cur[(first + r + 1) * WIDTH + x];
    __syncthreads();
    const float l = row[x == 0 ? WIDTH - 1 : x - 1], rr = row[x == WIDTH - 1 ? 0 : x + 1];
    next[(first + r) * WIDTH + x] = relax(row[x], l, rr);
    __syncthreads();
  }
}

void relaxInPlace(int blocks, int band, float *field) {
  relaxRows<<<blocks, WIDTH>>>(band, field, field); // the same buffer: overlap
}
