// Loops whose copies read global memory through an atomic, a compare and
// swap or ld.global.nc's ldu form are tile loops, whatever their other
// accesses: each gets its decline under -Rpass-missed, none "not a tile
// loop" (the census counts atomics and memory-reading intrinsics as reads
// outside shared memory; a tree reduction, which reads only shared memory,
// is in not_tile_loop.cu).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="not a tile loop"
// CHECK-DAG: not_tile_loop_reads.cu:[[@LINE+4]]:3: remark: loop not pipelined: {{.*}}[sm_90, kernel 'atomicTile
__global__ void __launch_bounds__(256) atomicTile(float *x, float *out, int n) {
  __shared__ float s[256];
  float acc = 0.0f;
  for (int t = 0; t < n; t += 256) {
    s[threadIdx.x] = atomicAdd(&x[t + threadIdx.x], 0.0f);
    __syncthreads();
    acc += s[(threadIdx.x * 7) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// CHECK-DAG: not_tile_loop_reads.cu:[[@LINE+4]]:3: remark: loop not pipelined: {{.*}}[sm_90, kernel 'casTile
__global__ void __launch_bounds__(256) casTile(int *x, int *out, int n) {
  __shared__ int s[256];
  int acc = 0;
  for (int t = 0; t < n; t += 256) {
    s[threadIdx.x] = atomicCAS(&x[t + threadIdx.x], 0, 1);
    __syncthreads();
    acc += s[(threadIdx.x * 7) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// CHECK-DAG: not_tile_loop_reads.cu:[[@LINE+4]]:3: remark: loop not pipelined: {{.*}}[sm_90, kernel 'lduTile
__global__ void __launch_bounds__(256) lduTile(const float *__restrict__ x, float *out, int n) {
  __shared__ float s[256];
  float acc = 0.0f;
  for (int t = 0; t < n; t += 256) {
    s[threadIdx.x] = __nvvm_ldu_f(&x[t + threadIdx.x]);
    __syncthreads();
    acc += s[(threadIdx.x * 7) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
