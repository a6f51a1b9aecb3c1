// The report page's headline counts loops that are no tile loops (no barrier,
// no __shared__ store: NotTileLoop) apart from the declined ones: a kernel
// with one tile loop and a plain loop after it (which clang splits into a
// main and a remainder loop) reads "1 pipelined, 0 declined, 2 not tile
// loops", and the plain loops keep their rows.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fplugin-arg-pipeline-report=%t/rep -fplugin-arg-pipeline-profitability=off
// RUN: python3 %src_root/utils/pipeline-report %t/rep -o %t/report.html
// RUN: FileCheck %s < %t/report.html
// CHECK: id="summary">3 loops in 1 kernels from 1 reports: 1 pipelined, 0 declined, 2 not tile loops.</p>
// CHECK-COUNT-2: <td>NotTileLoop</td>

__global__ void tiles(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float t[256];
  float acc = 0;
  for (int k = 0; k < n; ++k) {
    t[threadIdx.x] = a[k * 256 + threadIdx.x];
    __syncthreads();
    acc += t[255 - threadIdx.x];
    __syncthreads();
  }
  for (int j = 0; j < n; ++j)
    acc = acc * 0.5f + a[j];
  out[threadIdx.x] = acc;
}
