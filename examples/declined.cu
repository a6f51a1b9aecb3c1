// Two tile loops the plugin declines, and why (compiled by
// utils/examples.sh to show the remarks; not a program).
#define T 32

// Without __restrict__, the store to `out` inside the loop may write the
// memory the tile is copied from, so the copy of a later iteration cannot be
// issued early. Mark the pointers __restrict__ and the loop is pipelined.
__global__ void runningSums(int n, const float *in, float *out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = in[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x][threadIdx.y];
    out[(t * T + threadIdx.y) * T + threadIdx.x] = acc;
    __syncthreads();
  }
}

// The copy converts int to float on its way into the tile; cp.async copies
// bytes unchanged (register-staged copies are future work).
__global__ void widen(int n, const int *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = (float)in[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    acc += tile[threadIdx.x][threadIdx.y];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
