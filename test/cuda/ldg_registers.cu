// The register lowering keeps an __ldg read-only: its staged load of the
// next tile is ld.global.nc, as the copy's was, where the source pointer is
// not `const __restrict__` (which alone would let NVPTX select
// ld.global.nc). A coherent ld.global there cost 2x on an H100: ptxas keeps
// a thin loop's read-only loads of 4 iterations in flight above its
// barriers, and a coherent load of one (docs/results/log.md, the sixth
// 2026-12-05 session). The same for the in-place shape (last-slot=off), and
// for a register ring that ends on slot 0 (the default, where the tile is
// read after the loop).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-last-slot=off -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers -S %s -o %t.last.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=LAST
// RUN: FileCheck %s < %t.last.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.last.ptx -o /dev/null %}
// LAST: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_80, kernel 'ldgNotRestrict(
// LAST: remark: pipelined loop with 2 stages: {{.*}}; the last iteration fills slot 0 of the ring, the bytes of tile 'tile', which is read after the loop; registers [sm_80, kernel 'ldgInPlace(
// REMARK: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_80, kernel 'ldgNotRestrict(
// REMARK: remark: pipelined loop in place {{.*}}[sm_80, kernel 'ldgInPlace(
// CHECK-LABEL: .entry _Z14ldgNotRestrictiPKfPf
// CHECK-NOT: ld.global.{{[buf]}}32
// CHECK: ld.global.nc.{{[bu]}}32
// CHECK-NOT: ld.global.{{[buf]}}32
// CHECK: ld.global.nc.{{[bu]}}32
// CHECK-NOT: ld.global.{{[buf]}}32
// CHECK-LABEL: .entry _Z10ldgInPlaceiPKfPf
// CHECK-NOT: ld.global.{{[buf]}}32
// CHECK: ld.global.nc.{{[buf]}}32
// CHECK-NOT: ld.global.{{[buf]}}32
// CHECK: ret;
__global__ void ldgNotRestrict(int n, const float *a, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.x] = __ldg(&a[t * 256 + threadIdx.x]);
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// The tile is read after the loop: a ring that ends on slot 0 by default,
// else (last-slot=off) no ring, loaded ahead in place.
__global__ void ldgInPlace(int n, const float *a, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.x] = __ldg(&a[t * 256 + threadIdx.x]);
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc + tile[threadIdx.x];
}
