// An in-place-style kernel. One buffer holds the field;
// each block relaxes its band of rows, reading row r+1 into a tile and
// writing row r, so the kernel is called with the same pointer for `cur`
// and `next` (in place) or with two buffers (out of place). The loop is
// versioned behind a per-iteration check: both accesses move by one row per
// iteration, and the copies a ring issues ahead of row r's write read rows
// r+2 and on, so both calls run the pipelined loop; the whole-loop ranges,
// which overlap in place, are not what it compares.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// The row's window one iteration ahead (512 bytes further) against the
// block's writes:
// IR-LABEL: define {{.*}}relaxRows
// IR: atomicrmw umax ptr addrspace(3)
// IR: add i64 %{{[0-9]+}}, 512
// IR: call {{i32|i1}} @[[SYNC_OR]](
// IR: cp.async
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
