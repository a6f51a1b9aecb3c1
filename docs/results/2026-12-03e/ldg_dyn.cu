// In place for an __ldg copy over dynamic shared memory, and for a float4
// assigned whole: plain against plugin (profitability=off), hashes of out.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
__global__ void __launch_bounds__(256) ldgRows(int cols, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float v[];
  float s = 0;
  for (int c0 = 0; c0 < cols; c0 += 256) {
    v[threadIdx.x] = __ldg(&x[(size_t)blockIdx.x * cols + c0 + threadIdx.x]);
    __syncthreads();
    for (int j = 0; j < 256; j += 32) s += v[j + threadIdx.x % 32] * v[(j + threadIdx.x / 32) % 256];
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}
__global__ void __launch_bounds__(256) ldg4Rows(int cols, const float4 *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float4 w[];
  float s = 0;
  for (int c0 = 0; c0 < cols; c0 += 256) {
    float4 t = __ldg(&x[(size_t)blockIdx.x * cols + c0 + threadIdx.x]);
    w[threadIdx.x] = t;
    __syncthreads();
    float4 u = w[(threadIdx.x * 5) % 256];
    s += u.x * 0.5f + u.y - u.z * u.w;
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}
static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}
int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  for (int tiles : {0, 1, 2, 3, 9}) {
    int cols = tiles * 256, blocks = 30;
    size_t n = (size_t)blocks * (cols + 256) * 4;
    float *h = (float *)malloc(n * 4), *x, *y;
    srand(seed + tiles);
    for (size_t i = 0; i < n; ++i) h[i] = (float)(rand() % 1000) / 37.0f - 3.0f;
    cudaMalloc(&x, n * 4); cudaMalloc(&y, blocks * 256 * 4);
    cudaMemcpy(x, h, n * 4, cudaMemcpyHostToDevice);
    cudaMemset(y, 0xff, blocks * 256 * 4);
    ldgRows<<<blocks, 256, 256 * 4>>>(cols, x, y);
    cudaDeviceSynchronize();
    cudaMemcpy(h, y, blocks * 256 * 4, cudaMemcpyDeviceToHost);
    printf("ldgRows tiles=%d err=%d hash=%016llx\n", tiles, (int)cudaGetLastError(), (unsigned long long)fnv(h, blocks * 256 * 4));
    cudaMemset(y, 0xff, blocks * 256 * 4);
    ldg4Rows<<<blocks, 256, 256 * 16>>>(cols, (const float4 *)x, y);
    cudaDeviceSynchronize();
    cudaMemcpy(h, y, blocks * 256 * 4, cudaMemcpyDeviceToHost);
    printf("ldg4Rows tiles=%d err=%d hash=%016llx\n", tiles, (int)cudaGetLastError(), (unsigned long long)fnv(h, blocks * 256 * 4));
    cudaFree(x); cudaFree(y); free(h);
  }
  return 0;
}
