// On a machine with a GPU: a ring in dynamic shared memory of exactly
// 48 KiB (6 stages of an 8 KiB extern __shared__ tile) in a kernel that
// also has static shared memory (a 1 KiB reduction array): together over
// 48 KiB, so the launch needs cudaFuncAttributeMaxDynamicSharedMemorySize
// raised, which include/libpipeline.h's pl_dynamic_smem_bytes does whenever
// the ring is larger than the kernel's own bytes. Without it the launch
// fails (invalid argument). The plugin build (stages=6,
// profitability=off) must print the plain build's hashes, 0 to 9 tiles.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-stages=6 -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 4 > %t.plain.txt
// RUN: %t.plugin 4 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK: remark: pipelined loop with 6 stages: tile 'dsm' (dynamic shared memory, of which the kernel uses 8192 bytes at most) -> 49152 bytes;{{.*}}kernel 'rowSums
// CHECK: tiles=9 bytes=49152 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <libpipeline.h>

__global__ void __launch_bounds__(256) rowSums(int nt, const float *__restrict__ in,
                                               float *__restrict__ out) {
  extern __shared__ float dsm[];
  __shared__ float red[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < nt; ++t) {
    for (int i = tid; i < 2048; i += 256)
      dsm[i] = in[((size_t)blockIdx.x * nt + t) * 2048 + i];
    __syncthreads();
    for (int k = 0; k < 8; ++k)
      acc += dsm[(tid * 8 + k * 33) % 2048];
    __syncthreads();
  }
  red[tid] = acc;
  __syncthreads();
  out[blockIdx.x * 256 + tid] = acc + red[(tid + 1) % 256];
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int nt = 0; nt <= 9; ++nt) {
    size_t n = (size_t)2 * (nt + 1) * 2048;
    float *h = (float *)malloc(n * sizeof *h), ho[512];
    srand(seed * 97 + nt);
    for (size_t i = 0; i < n; ++i) h[i] = (float)(rand() % 64);
    float *in, *out;
    cudaMalloc(&in, n * sizeof *h);
    cudaMalloc(&out, sizeof ho);
    cudaMemcpy(in, h, n * sizeof *h, cudaMemcpyHostToDevice);
    cudaMemset(out, 0, sizeof ho);
    size_t bytes = pl_dynamic_smem_bytes<rowSums>(8192);
    rowSums<<<2, 256, bytes>>>(nt, in, out);
    cudaError_t e = cudaDeviceSynchronize();
    cudaMemcpy(ho, out, sizeof ho, cudaMemcpyDeviceToHost);
    // The plain build asks for the kernel's own bytes: print the ring's.
    printf("tiles=%d bytes=%zu err=%d hash=%016llx\n", nt, bytes > 8192 ? bytes : (size_t)49152,
           (int)e, (unsigned long long)fnv(ho, sizeof ho));
    cudaFree(in);
    cudaFree(out);
    free(h);
  }
  return 0;
}
