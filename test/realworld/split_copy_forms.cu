// Guarded copies that clang splits into a store of the load on one arm
// and a store of a constant on the other (test/realworld/Inputs/
// split_copies.cuh): an int2's two lanes stored one by one beside one
// 8-byte store of zeros, pipelined as a ring of zero-filling cp.async with
// no store of zeros left; and a fill of 1.0 split from each of four rows,
// pipelined with the register lowering (cp.async fills only zeros), the
// fill applied where the guard fails. Near misses, declined with the tile
// left as written: a store of zeros wider than what the other arm loads
// (halfLane: the .y lane would lose its zeros), and a constant stored at
// another address than the load's (shiftedFill).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: split_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with {{[2-8]}} stages: tile 't' 2048 -> {{[0-9]+}} bytes; 2 cp.async copies of 8 bytes{{.*}}haloRowsInt2
// CHECK-DAG: split_copies.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 2048 -> 4096 bytes; 4 copies of 8 bytes, 4 staged through 8 registers{{.*}}; registers [sm_80, kernel 'fillRows
// PTX-LABEL: .entry _Z12haloRowsInt2PK4int2Pfiiii(
// PTX-COUNT-2: cp.async.ca.shared.global [%rd{{[0-9]+}}{{(\+[0-9]+)?}}], [%rd{{[0-9]+}}], 8, %r{{[0-9]+}};
// IR-LABEL: define {{.*}}haloRowsInt2
// IR-NOT: store i64 0
// IR: ret void
// The fill: 1.0 where the staged row's guard fails, selected into the
// staged bits of each of the four rows, and no store of 1.0 left.
// IR-LABEL: define {{.*}}fillRows
// IR-COUNT-4: select i1 {{.*}}, <2 x i32> bitcast (<1 x double> {{<double 1.000000e\+00>|splat \(double 1.000000e\+00\)}} to <2 x i32>)
// IR-NOT: store double 1.000000e+00
// IR: ret void
#include <cuda_runtime.h>

#include "Inputs/split_copies.cuh"

__global__ void __launch_bounds__(128) halfLane(const float *__restrict__ A, float *out, int nt,
                                                int n) {
  __shared__ float2 t[128];
  float acc = 0.0f;
  const int tx = threadIdx.x;
  // CHECK-DAG: split_copy_forms.cu:[[@LINE+1]]:3: remark: loop not pipelined: a store into tile 't' writes the constant {{[0-9]+}} on one way of a branch whose other way copies into the tile, but not to the same bytes{{.*}}halfLane
  for (int k = 0; k < nt; ++k) {
    const int i = k * 128 + tx;
    if (i < n)
      t[tx].x = A[i];
    else
      t[tx] = float2();
    __syncthreads();
    acc += t[(tx * 3) % 128].x;
    __syncthreads();
  }
  out[tx] = acc;
}

__global__ void __launch_bounds__(128) shiftedFill(const float *__restrict__ A, float *out, int nt,
                                                   int n) {
  __shared__ float t[129];
  float acc = 0.0f;
  const int tx = threadIdx.x;
  // CHECK-DAG: split_copy_forms.cu:[[@LINE+1]]:3: remark: loop not pipelined: a store into tile 't' writes the constant {{[0-9]+}} on one way of a branch whose other way copies into the tile, but not to the same bytes{{.*}}shiftedFill
  for (int k = 0; k < nt; ++k) {
    const int i = k * 128 + tx;
    if (i < n)
      t[tx] = A[i];
    else
      t[tx + 1] = 0.0f;
    __syncthreads();
    acc += t[(tx * 3) % 128];
    __syncthreads();
  }
  out[tx] = acc;
}
