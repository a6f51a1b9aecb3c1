// Near miss of shape 5: a call in the loop that really writes the memory the
// tile is copied from (an in-place normalization of the next row). Unlike
// assert or printf it writes user memory. Must stay declined.
// Today: SourceMayBeWritten.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__device__ __noinline__ void scaleInPlace(float *row, float s) { row[threadIdx.x] *= s; }

__global__ void normalizeAhead(int ntiles, float *data, float *__restrict__ out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: nm_call_writes_source.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from
  for (int t = 0; t < ntiles; ++t) {
    tile[threadIdx.x] = data[t * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    scaleInPlace(data + (t + 1) * 256, 0.5f);
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
