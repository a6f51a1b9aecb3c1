// Copy widening: one thread's copies that continue each other byte for byte
// in the source and in the tile, under the same guard, become one cp.async
// of 8 or 16 bytes when both ends are aligned to it. Here four scalar copies
// per thread become one 16-byte cp.async.cg; without the 16-byte alignment
// of the source (only 4 bytes known) they stay four 4-byte copies.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REMARK: widen.cu:[[@LINE+16]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4096 -> 12288 bytes; 1 cp.async copy of 16 bytes
// REMARK: widen.cu:[[@LINE+30]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4096 -> 12288 bytes; 4 cp.async copies of 4 bytes
// PTX-LABEL: .entry _Z7alignediPKfPf(
// PTX-COUNT-3: cp.async.cg.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.ca
// PTX-LABEL: .entry _Z9unalignediPKfPf(
// PTX-NOT: cp.async.cg
// PTX: cp.async.ca.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 4

#define N 256

__global__ void aligned(int ntiles, const float *a, float *__restrict__ out) {
  __shared__ float tile[4 * N];
  const float *A = static_cast<const float *>(__builtin_assume_aligned(a, 16));
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      tile[4 * tid + j] = A[(size_t)t * 4 * N + 4 * tid + j];
    __syncthreads();
    acc += tile[(4 * tid + 5) % (4 * N)];
    __syncthreads();
  }
  out[blockIdx.x * N + tid] = acc;
}

__global__ void unaligned(int ntiles, const float *A, float *__restrict__ out) {
  __shared__ float tile[4 * N];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      tile[4 * tid + j] = A[(size_t)t * 4 * N + 4 * tid + j];
    __syncthreads();
    acc += tile[(4 * tid + 5) % (4 * N)];
    __syncthreads();
  }
  out[blockIdx.x * N + tid] = acc;
}
