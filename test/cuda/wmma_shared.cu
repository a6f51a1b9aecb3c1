// WMMA loads of __shared__ tiles use the shared state space, in rings and
// in loops pipelined in place and declined loops alike. clang emits the generic form
// (llvm.nvvm.wmma.*.load.*.p0) for load_matrix_sync on a tile; the plugin
// moves each one whose address derives from a __shared__ array or ring into
// the .p3 variant, so PTX says `wmma.load...shared` (ptxas: LDSM instead of
// generic LD.E + MOVM). Only the state space changes.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.inplace.ptx -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-only=declined -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=INPLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.inplace.ptx -o /dev/null %}
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// With generic-tile-reads the loads stay generic (and the ring is built):
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o - -fplugin-arg-pipeline-generic-tile-reads | FileCheck %s --check-prefix=GENERIC
// Without the plugin every tile load is generic:
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o - | FileCheck %s --check-prefix=GENERIC

// REMARK-DAG: wmma_gemm_kernel.cuh:{{[0-9]+}}:3: remark: pipelined loop with 2 stages
// REMARK-DAG: wmma_gemm_kernel.cuh:58:9: remark: 12 tile reads use the shared state space
// REMARK-DAG: wmma_shared.cu:{{[0-9]+}}:3: remark: loop not pipelined: no ring (tile 'As' is written outside the copy stage), and on sm_80 {{.*}} in place
// INPLACE: wmma_shared.cu:{{[0-9]+}}:3: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'As'; 1 copy loaded one iteration ahead into 1 register; no ring: tile 'As' is written outside the copy stage
// INPLACE: wmma_shared.cu:{{[0-9]+}}:{{[0-9]+}}: remark: 3 tile reads use the shared state space; 1 tile write
// REMARK-DAG: wmma_shared.cu:{{[0-9]+}}:{{[0-9]+}}: remark: 3 tile reads use the shared state space; 1 tile write
// REMARK-NOT: remark: {{.*}} tile reads use

// CHECK-LABEL: .entry _Z8wmmaGemmiiiPK6__halfS1_Pf(
// CHECK: cp.async.cg.shared.global
// CHECK-NOT: wmma.load.a.sync.aligned.row.m16n16k16.f16
// CHECK-COUNT-4: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16
// CHECK-COUNT-2: wmma.load.b.sync.aligned.row.m16n16k16.shared.f16
// CHECK-LABEL: .entry _Z8declinediPK6__halfPf(
// CHECK-NOT: cp.async
// CHECK-NOT: wmma.load.a.sync.aligned.row.m16n16k16.f16
// CHECK: wmma.load.a.sync.aligned.row.m16n16k16.shared.f16
// CHECK: wmma.load.b.sync.aligned.col.m16n16k16.shared.f16
// CHECK: wmma.store.d.sync.aligned.row.m16n16k16.shared.f32
// CHECK: wmma.load.c.sync.aligned.row.m16n16k16.shared.f32
// The output matrix is global: its store stays generic.
// CHECK: wmma.store.d.sync.aligned.row.m16n16k16.f32

// GENERIC-NOT: .shared.f16
// GENERIC: wmma.load.a.sync.aligned.row.m16n16k16.f16
// GENERIC-NOT: .shared.f16

#include "../../examples/wmma_gemm_kernel.cuh"

// Declined: the compute writes tile As (it is scaled in place after the
// barrier). Its reads still move to the shared state space, and so does
// the accumulator's round trip through the shared tile Cs.
__global__ void declined(int K, const half *A, float *C) {
  using namespace nvcuda;
  __shared__ __align__(32) half As[16][16];
  __shared__ __align__(32) float Cs[16][16];
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc;
  wmma::fill_fragment(acc, 0.0f);
  for (int k = 0; k < K; k += 16) {
    As[threadIdx.x / 16][threadIdx.x % 16] = A[(size_t)k * 16 + threadIdx.x];
    __syncthreads();
    if (threadIdx.x == 0)
      As[0][0] = __float2half(0.0f);
    __syncthreads();
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a;
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::col_major> b;
    wmma::load_matrix_sync(a, &As[0][0], 16);
    wmma::load_matrix_sync(b, &As[0][0], 16);
    wmma::mma_sync(acc, a, b, acc);
    __syncthreads();
  }
  wmma::store_matrix_sync(&Cs[0][0], acc, 16, wmma::mem_row_major);
  __syncthreads();
  wmma::load_matrix_sync(acc, &Cs[0][0], 16, wmma::mem_row_major);
  wmma::store_matrix_sync(C, acc, 16, wmma::mem_row_major);
}
