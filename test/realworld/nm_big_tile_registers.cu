// Near miss: a 48 KiB row per block of 1024 threads, 12 floats copied per
// thread. Two stages need 96 KiB, over the 48 KiB of static shared memory, so
// no ring fits; in place, the 12 registers staged across the compute on top of
// the kernel's 64 (ptxas, with clang 19 and clang 22 alike) exceed what 1024
// threads can have (64 each). (With 10 floats clang 22's code takes 50
// registers, and 10 staged fit: it is pipelined in place there.) The
// remark names both, and the IR stays as it was. The register count is
// ptxas's (ptxas=PATH: the cost model asks it), so the test needs ptxas.
// REQUIRES: ptxas
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=%ptxas --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.with.ll -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll
// CHECK: nm_big_tile_registers.cu:[[@LINE+7]]:3: remark: loop not pipelined: no ring (a ring of 2 stages needs 98304 bytes of shared memory, over the budget of 49152 bytes; {{.*}}), and loading each next tile into registers in place would need {{[0-9]+}} registers per thread ({{[0-9]+}} and 12 staged), more than a block of 1024 threads can have on sm_90; copy less per thread or use smaller blocks

#define ROW 12288
#define NT 1024
__global__ void __launch_bounds__(NT) smoothRows(int rows, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float row[ROW];
  float acc[12] = {};
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
#pragma unroll
    for (int k = 0; k < 12; ++k)
      row[threadIdx.x + k * NT] = in[(size_t)r * ROW + threadIdx.x + k * NT];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < 12; ++k) {
      int c = threadIdx.x + k * NT;
      float s = 0;
      for (int w = -8; w <= 8; ++w)
        s += row[(c + w + ROW) % ROW];
      acc[k] += s * (1.0f / 17);
    }
    __syncthreads();
  }
#pragma unroll
  for (int k = 0; k < 12; ++k)
    out[(size_t)blockIdx.x * ROW + threadIdx.x + k * NT] = acc[k];
}
