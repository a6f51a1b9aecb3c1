#include <libpipeline.h>
#define T 16
PL_PIPELINE __global__ void __launch_bounds__(256)
    gemm(int n, const float *__restrict__ a, const float *__restrict__ b, float *__restrict__ c) {
  __shared__ float as[T][T];
  __shared__ float bs[T][T];
  int row = blockIdx.y * T + threadIdx.y, col = blockIdx.x * T + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < n / T; ++t) {
    as[threadIdx.y][threadIdx.x] = a[row * n + t * T + threadIdx.x];
    bs[threadIdx.y][threadIdx.x] = b[(t * T + threadIdx.y) * n + col];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += as[threadIdx.y][k] * bs[k][threadIdx.x];
    __syncthreads();
  }
  c[row * n + col] = acc;
}
