// Near misses of runtime-unrolled copy loops: copies of one thread that
// write the same bytes twice within one copy stage. A loop clang unrolled
// at run time becomes a main loop and a remainder that continues its
// induction variable; these look alike but do not continue it, or write
// one row on two iterations, or one float4's four scalars on several (test/decline/overlapping_copies_unrolled.ll
// edits the unrolled loops themselves). Each must stay declined (a copy
// loop cannot be pipelined in place either, so the IR with the plugin is
// the IR without).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.after.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.before.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: diff %t.before.ll %t.after.ll

// Two passes over the same rows: the second rewrites what the first wrote.
__global__ void twoPasses(const float *__restrict__ A, const float *__restrict__ B,
                          float *__restrict__ out, int K, int n) {
  __shared__ float tile[64 * 32];
  const int tx = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_copyloop_unrolled_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: copies into tile 'tile' in different loops of the copy stage
  for (int k0 = 0; k0 < K; k0 += 32) {
    for (int j = 0; j < n; ++j)
      tile[32 * j + tx] = A[j * K + k0 + tx];
    for (int j = 0; j < n; ++j)
      tile[32 * j + tx] = B[j * K + k0 + tx];
    __syncthreads();
    acc += tile[tx] * tile[(tx * 7) % 2048];
    __syncthreads();
  }
  out[blockIdx.x * 32 + tx] = acc;
}

// Rows j and j + 1 share a row of the tile: the unrolled copies of one
// iteration write the same bytes.
__global__ void pairedRows(const float *__restrict__ A, float *__restrict__ out, int K, int n) {
  __shared__ float tile[64 * 32];
  const int tx = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_copyloop_unrolled_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined:
  for (int k0 = 0; k0 < K; k0 += 32) {
    for (int j = 0; j < n; ++j)
      tile[32 * (j >> 1) + tx] = A[j * K + k0 + tx];
    __syncthreads();
    acc += tile[tx] * tile[(tx * 7) % 2048];
    __syncthreads();
  }
  out[blockIdx.x * 32 + tx] = acc;
}

// A float4 stored as four scalars into one row: i and i + 32 write the same
// four elements (the digit `i % 32` repeats, and nothing else moves).
__global__ void float4OneRow(const float *__restrict__ A, float *__restrict__ out, int K) {
  __shared__ float ta[128];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_copyloop_unrolled_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy loop into tile 'ta' may write the same bytes on two of its iterations
  for (int k0 = 0; k0 < K; k0 += 128) {
    for (int i = tid; i < 512; i += blockDim.x) {
      const float4 v = *reinterpret_cast<const float4 *>(&A[(i / 32) * K + k0 + (i % 32) * 4]);
      ta[(i % 32) * 4 + 0] = v.x;
      ta[(i % 32) * 4 + 1] = v.y;
      ta[(i % 32) * 4 + 2] = v.z;
      ta[(i % 32) * 4 + 3] = v.w;
    }
    __syncthreads();
    acc += ta[tid % 128];
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc;
}
