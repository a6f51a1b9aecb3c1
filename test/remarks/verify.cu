// Remarks sit on the loop's line in the .cu file: one per loop, pipelined
// or declined. clang -verify fails on any missing or unexpected remark.
// The last loop is no tile loop (no barrier, no __shared__ store): its
// remarks go to -Rpass-analysis only, so -Rpass-missed shows none.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Xclang -verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline

#define T 32

__global__ void good(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) { // expected-remark {{pipelined loop with 3 stages: tile 'tile' 4224 -> 12672 bytes; 1 cp.async copy of 4 bytes; removed the second barrier}}
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k] * tile[k][threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}

__global__ void written(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) { // expected-remark {{pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; 1 copy loaded one iteration ahead into 1 register; no ring: tile 'tile' is written outside the copy stage}}
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x][threadIdx.y];
    tile[threadIdx.x][threadIdx.y] = acc;
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}

__global__ void aliased(int n, const float *a, float *out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) { // expected-remark {{loop not pipelined: the loop may write the global memory tile 'tile' is copied from}}
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x][threadIdx.y];
    out[(int)a[t] * T * T + threadIdx.y * T + threadIdx.x] = acc; // scattered
    __syncthreads();
  }
}

__global__ void plain_loop(int n, float *out) {
  for (int t = 0; t < n; ++t)
    out[t] = t;
}
