// Near misses of copy loops that step by the block size: destinations that
// two iterations of one thread can share, or that nothing bounds. Each must
// stay declined OverlappingCopies (a copy loop cannot be pipelined in place
// either, so the loop is left as written: the IR with the plugin is the IR
// without it).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.after.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.before.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: diff %t.before.ll %t.after.ll

// tile[i / 2]: with one thread per block, i and i + 1 write one element.
__global__ void halved(int n, const float *__restrict__ src, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: nm_copyloop_runtime_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations (its destination does not step by a known amount)
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
      tile[i / 2] = src[t * 512 + i];
    __syncthreads();
    acc += tile[threadIdx.x % 256];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A transposed store whose rows are too short for the column count:
// i = 1 and i = 256 both write tile[32].
__global__ void short_rows(int n, const float *__restrict__ src, float *__restrict__ out) {
  __shared__ float tile[512];
  float acc = 0.0f;
  // CHECK: nm_copyloop_runtime_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations (its destination does not step by a known amount)
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
      tile[(i % 8) * 32 + i / 8] = src[t * 512 + i];
    __syncthreads();
    acc += tile[threadIdx.x % 512];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// The same transposed store with a bound known only at run time: i / 8
// can exceed a row.
__global__ void unbounded(int n, int len, const float *__restrict__ src,
                          float *__restrict__ out) {
  __shared__ float tile[512];
  float acc = 0.0f;
  // CHECK: nm_copyloop_runtime_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy loop into tile 'tile' may write the same bytes on two of its iterations (its destination does not step by a known amount)
  for (int t = 0; t < n; ++t) {
    for (int i = threadIdx.x; i < len; i += blockDim.x)
      tile[(i % 8) * 64 + i / 8] = src[t * 512 + i];
    __syncthreads();
    acc += tile[threadIdx.x % 512];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
