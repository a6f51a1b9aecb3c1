// Guarded copies with a fill other than zero that reaches the pass in
// pieces (test/realworld/Inputs/fill_lanes.cuh): a halo copy loop whose
// fill block is entered from a chain of two branches (folded into one
// branch: the remark of the loop as written would say the fill is no
// copy), and vectors whose fill SROA stores lane by lane beside the one
// store of the loaded bytes (put together into one fill of the copy's
// type: 0x0001000100010001 for make_short4(1, 1, 1, 1), 1 + 2 * 2^16 + 3 *
// 2^32 + 4 * 2^48 for make_short4(1, 2, 3, 4)); an int4 memcpy beside its
// fill in four ints, split into a load and a store first; and an int4
// conditional expression into dynamic shared memory, whose temporary is
// promoted as for a static tile. Near misses, declined
// with the tile left as written: a fill of one lane of two (the other
// would keep a stale value); a chain whose middle test reads memory (it
// cannot be computed before the branch that skips it); and the halo chain
// of a tile read after the loop (haloOnes<true>) under last-slot=off,
// folded, declined, and rolled back (no `pl.fill.any` left, the remark says
// both reasons).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-last-slot=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-last-slot=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: fill_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 'ta' 4624 -> {{[0-9]+}} bytes, tile 'tb' 4624 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes{{.*}}haloOnes<false>
// CHECK-DAG: fill_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 512 -> 1024 bytes; 1 copy of 8 bytes, 1 staged through 2 registers{{.*}}short4Fill<0>
// CHECK-DAG: fill_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 2048 -> 4096 bytes; 4 copies of 4 bytes{{.*}}float2NegInf
// CHECK-DAG: fill_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 512 -> 1024 bytes; 1 copy of 8 bytes, 1 staged through 2 registers{{.*}}short4Fill<1>
// CHECK-DAG: fill_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 2048 -> 4096 bytes; 1 copy of 16 bytes, 1 staged through 4 registers{{.*}}int4Ones
// CHECK-DAG: fill_lanes.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 'smem' (dynamic shared memory, of which the kernel uses 8192 bytes at most) -> 24576 bytes; 2 cp.async copies of 16 bytes{{.*}}dynInt4
// The fill of the halo tiles: 1 from a constant global, copied by cp.async
// where the guard fails.
// PTX: .global .align 16 .u32 pl_$_fill = 1;
// PTX-LABEL: .entry _Z8haloOnesILb0EEvPKiS1_Pfiii(
// PTX-COUNT-2: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+-?[0-9]+)?}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
// PTX: ret;
// IR-LABEL: define {{.*}}int4Ones
// IR-NOT: call void @llvm.memcpy
// IR: select i1 {{.*}}, <4 x i32> %{{[0-9a-z.]+}}, <4 x i32> {{<i32 1, i32 1, i32 1, i32 1>|splat \(i32 1\)}}
// IR: ret void
// IR-LABEL: define {{.*}}dynInt4
// IR-NOT: call void @llvm.memcpy
// IR: ret void
// IR-LABEL: define {{.*}}haloOnesILb0E
// IR-NOT: store i32 1,
// IR: ret void
// IR-LABEL: define {{.*}}haloOnesILb1E
// IR-NOT: pl.
// IR: ret void
// IR-LABEL: define {{.*}}short4FillILi0E
// IR: select i1 {{.*}}, <2 x i32> %{{[0-9a-z.]+}}, <2 x i32> bitcast (<1 x i64> {{<i64 281479271743489>|splat \(i64 281479271743489\)}} to <2 x i32>)
// IR-NOT: store <2 x i16> <i16 1, i16 1>
// IR: ret void
// IR-LABEL: define {{.*}}short4FillILi1E
// IR: select i1 {{.*}}, <2 x i32> %{{[0-9a-z.]+}}, <2 x i32> bitcast (<1 x i64> {{<i64 1125912791875585>|splat \(i64 1125912791875585\)}} to <2 x i32>)
// IR: ret void
// IR-LABEL: define {{.*}}halfFill
// IR-NOT: pl.
// IR: ret void
// IR-LABEL: define {{.*}}maskedHalo
// IR-NOT: pl.
// IR: ret void
#include <cuda_runtime.h>

#include "Inputs/fill_lanes.cuh"

template __global__ void haloOnes<false>(const int *, const int *, float *, int, int, int);
// CHECK-DAG: fill_lanes.cuh:{{[0-9]+}}:3: remark: loop not pipelined: once the branches into a copy's fill are one branch{{.*}}, tile 'ta' is also used outside the loop{{.*}}; as written, a store into tile 'ta' writes the constant 1 in a block that several branches enter{{.*}}haloOnes<true>
template __global__ void haloOnes<true>(const int *, const int *, float *, int, int, int);
template __global__ void short4Fill<0>(const short4 *, float *, int, int);
template __global__ void short4Fill<1>(const short4 *, float *, int, int);

__global__ void __launch_bounds__(64) halfFill(const short2 *__restrict__ A, float *out, int nt,
                                               int n) {
  __shared__ __align__(16) short2 t[64];
  const int tx = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: split_fill_lanes.cu:[[@LINE+1]]:3: remark: loop not pipelined: a store into tile 't' writes the constant {{[0-9]+}} on one way of a branch whose other way copies into the tile, but not to the same bytes{{.*}}halfFill
  for (int k = 0; k < nt; ++k) {
    const int x = k * 64 + tx;
    if (x < n)
      t[tx] = A[x];
    else
      t[tx].x = 1;
    __syncthreads();
    acc += (float)(t[63 - tx].x - t[tx ^ 1].y);
    __syncthreads();
  }
  out[blockIdx.x * 64 + tx] = acc;
}

__global__ void __launch_bounds__(1024) maskedHalo(const int *__restrict__ A,
                                                   const int *__restrict__ rowOk, float *out,
                                                   int nt, int H, int W) {
  __shared__ __align__(16) int t[34][34];
  const int tid = threadIdx.y * 32 + threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: split_fill_lanes.cu:[[@LINE+1]]:3: remark: loop not pipelined: {{.*}}maskedHalo
  for (int k = 0; k < nt; ++k) {
    __syncthreads();
    for (int i = tid; i < 34 * 34; i += blockDim.x * blockDim.y) {
      const int ly = i / 34, lx = i % 34;
      const int sy = k * 32 + ly - 1, sx = lx - 1;
      if (sy >= 0 && sy < H && rowOk[sy] && sx >= 0 && sx < W)
        t[ly][lx] = A[(sy + 2) * 44 + sx + 4];
      else
        t[ly][lx] = 1;
    }
    __syncthreads();
    acc += (float)t[threadIdx.y + 1][threadIdx.x + 1];
  }
  out[blockIdx.x * 1024 + tid] = acc;
}

