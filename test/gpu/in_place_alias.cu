// On a machine with a GPU: the in-place shape under a runtime alias check,
// over dynamic shared memory. Each block streams its tiles of `in` through an
// extern __shared__ tile and writes running sums to `out`, launched with out
// apart from in, and with out = in shifted by one tile (each block owns
// ntiles + 1 tiles, so no block writes what another reads): the check must
// send the overlapping launches to the original loop. The plugin build
// (profitability=off: the cost model declines this loop at the default;
// dynamic-ring=off: test/gpu/dynamic_ring.cu runs its ring)
// prints the plain build's output hashes at trip counts 0 to 17.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-dynamic-ring=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 7 > %t.plain.txt
// RUN: %t.plugin 7 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK: remark: pipelined loop in place {{.*}}; with a runtime alias check; no ring: tile 't' is dynamic shared memory
// CHECK: ntiles=17 overlap=1 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256) streamDyn(int ntiles, const float *in, float *out) {
  extern __shared__ float t[];
  float acc = 0;
  for (int k = 0; k < ntiles; ++k) {
    t[threadIdx.x] = in[(size_t)(blockIdx.x * (ntiles + 1) + k) * 256 + threadIdx.x];
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 256] * 0.5f + t[(threadIdx.x * 7) % 256];
    out[(size_t)(blockIdx.x * (ntiles + 1) + k) * 256 + threadIdx.x] = acc;
    __syncthreads();
  }
}
static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}
int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int ntiles : {0, 1, 2, 3, 5, 17}) {
    for (int overlap = 0; overlap < 2; ++overlap) {
      const int blocks = 40;
      size_t n = (size_t)blocks * (ntiles + 1) * 256 + 256;
      float *h = (float *)malloc(n * 4), *d;
      srand(seed + ntiles * 7 + overlap);
      for (size_t i = 0; i < n; ++i) h[i] = (float)(rand() % 1000) / 97.0f + 0.25f;
      cudaMalloc(&d, n * 4);
      cudaMemcpy(d, h, n * 4, cudaMemcpyHostToDevice);
      float *in = d, *out = overlap ? d + 256 : d + (size_t)blocks * ntiles * 256 + 256;
      if (!overlap) out = d + n / 2 > d + (size_t)blocks * ntiles * 256 ? d + n / 2 : out;
      float *o2;
      cudaMalloc(&o2, n * 4);
      if (!overlap) { cudaMemset(o2, 0xff, n * 4); out = o2; }
      streamDyn<<<blocks, 256, 256 * sizeof(float)>>>(ntiles, in, out);
      cudaError_t e = cudaDeviceSynchronize();
      cudaMemcpy(h, overlap ? d : o2, n * 4, cudaMemcpyDeviceToHost);
      printf("ntiles=%d overlap=%d err=%d hash=%016llx\n", ntiles, overlap, (int)e,
             (unsigned long long)fnv(h, n * 4));
      cudaFree(d); cudaFree(o2); free(h);
    }
  }
  return 0;
}
