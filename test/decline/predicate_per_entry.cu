// A predicated copy with no else in a tile loop that a loop over rows runs
// again: `if (tid < w) tile[tid] = ...` with the width read per row. Where
// a row's width is smaller, the bytes it skips keep, in the tile, the last
// tile of the row before, which the compute reads; a ring's slot would
// keep whatever that slot last held. The ring is declined, saying why; the
// in-place shape, which keeps the tile, serves the loop. A predicate the
// same in every row (`tid < 96`) keeps its ring. The same for a copy loop
// whose bound is read per row, and for a destination that moves with the
// row.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-in-place=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The three declines leave the IR as it was (rowsFixedWidth, pipelined,
// excluded), here on the optimized IR of the build without the plugin:
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -emit-llvm %s -o %t.plain.ll
// RUN: %opt -passes='cuda-pipeline<profitability=off;in-place=off;exclude=rowsFixedWidth>' -pass-remarks-missed=cuda-pipeline -S %t.plain.ll -o %t.after.ll 2>&1 | FileCheck %s --check-prefix=OPT
// RUN: %opt -passes=verify -S %t.plain.ll -o %t.before.ll
// RUN: diff %t.before.ll %t.after.ll
// OPT-COUNT-3: loop not pipelined: the copy {{.*}} may change from one run of the loop to the next (a loop around it computes it)
// IN-PLACE: predicate_per_entry.cu:[[@LINE+13]]:5: remark: pipelined loop in place (1 slot, the tiles and both barriers kept){{.*}}no ring: the copy into tile 'tile' runs under a condition that may change from one run of the loop to the next
// IN-PLACE: predicate_per_entry.cu:[[@LINE+31]]:5: remark: pipelined loop with 3 stages

__global__ void __launch_bounds__(128) rowWidths(const float *__restrict__ in,
                                                 float *__restrict__ out,
                                                 const int *__restrict__ widths, int rows,
                                                 int nt) {
  __shared__ float tile[128];
  const int tid = threadIdx.x;
  for (int r = 0; r < rows; ++r) {
    const int w = widths[r];
    float acc = 0.f;
    // CHECK: predicate_per_entry.cu:[[@LINE+1]]:5: remark: loop not pipelined: the copy into tile 'tile' runs under a condition that may change from one run of the loop to the next (a loop around it computes it) and writes no zeros otherwise, so a slot would keep another run's data where the tile keeps the last run's; write zeros in the other branch (x = c ? A[i] : 0)
    for (int t = 0; t < nt; ++t) {
      if (tid < w)
        tile[tid] = in[(r * nt + t) * 128 + tid];
      __syncthreads();
      acc += tile[127 - tid];
      __syncthreads();
    }
    out[r * 128 + tid] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(128) rowsFixedWidth(const float *__restrict__ in,
                                                      float *__restrict__ out, int rows, int nt) {
  __shared__ float tile[128];
  const int tid = threadIdx.x;
  for (int r = 0; r < rows; ++r) {
    float acc = 0.f;
    // CHECK: predicate_per_entry.cu:[[@LINE+1]]:5: remark: pipelined loop with 3 stages
    for (int t = 0; t < nt; ++t) {
      if (tid < 96)
        tile[tid] = in[(r * nt + t) * 128 + tid];
      __syncthreads();
      acc += tile[95 - tid % 96];
      __syncthreads();
    }
    out[r * 128 + tid] = acc;
    __syncthreads();
  }
}

// The same with a copy loop whose bound is read per row: no ring, and no
// in-place shape for a copy loop.
__global__ void __launch_bounds__(128) rowCopyLoop(const float *__restrict__ in,
                                                   float *__restrict__ out,
                                                   const int *__restrict__ widths, int rows,
                                                   int nt) {
  __shared__ float tile[512];
  const int tid = threadIdx.x;
  for (int r = 0; r < rows; ++r) {
    const int w = widths[r];
    float acc = 0.f;
    // CHECK: predicate_per_entry.cu:[[@LINE+1]]:5: remark: loop not pipelined: the copy stage's control flow decides on a value that may change from one run of the loop to the next (a loop around it computes it), so a slot would keep another run's data where the tile keeps the last run's
    for (int t = 0; t < nt; ++t) {
      for (int i = tid; i < w; i += blockDim.x)
        tile[i] = in[(r * nt + t) * 512 + i];
      __syncthreads();
      acc += tile[511 - tid] + tile[tid];
      __syncthreads();
    }
    out[r * 128 + tid] = acc;
    __syncthreads();
  }
}

// A copy whose destination moves with the row (half the tile a row): the
// other half keeps the row before's last tile, which the compute reads.
__global__ void __launch_bounds__(64) rowHalves(const float *__restrict__ in,
                                                float *__restrict__ out, int rows, int nt) {
  __shared__ float tile[128];
  const int tid = threadIdx.x;
  for (int r = 0; r < rows; ++r) {
    float acc = 0.f;
    // CHECK: predicate_per_entry.cu:[[@LINE+1]]:5: remark: loop not pipelined: the copy into tile 'tile' writes bytes that may change from one run of the loop to the next (a loop around it computes it), so a slot would keep another run's data where the tile keeps the last run's
    for (int t = 0; t < nt; ++t) {
      tile[(r & 1) * 64 + tid] = in[(r * nt + t) * 64 + tid];
      __syncthreads();
      acc += tile[127 - tid] - tile[tid];
      __syncthreads();
    }
    out[r * 64 + tid] = acc;
    __syncthreads();
  }
}
