#include "test/gpu/Inputs/harness.cuh"
#include <cstdio>
__global__ void __launch_bounds__(128) noMid(int n, const float *__restrict__ K, const float *__restrict__ q, float *__restrict__ out) {
  __shared__ float kt[128];
  const int tid = threadIdx.x;
  const float *Kb = K + (size_t)blockIdx.x * n * 128;
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    __syncthreads();
    kt[tid] = Kb[(size_t)t * 128 + tid];
    __syncthreads();
    acc += kt[(tid + 1) % 128] * q[tid] + kt[(tid + 7) % 128];
  }
  out[blockIdx.x * 128 + tid] = acc;
}
__global__ void __launch_bounds__(128) closing(int n, const float *__restrict__ K, const float *__restrict__ q, float *__restrict__ out) {
  __shared__ float kt[128];
  const int tid = threadIdx.x;
  const float *Kb = K + (size_t)blockIdx.x * n * 128;
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    kt[tid] = Kb[(size_t)t * 128 + tid];
    __syncthreads();
    acc += kt[(tid + 1) % 128] * q[tid] + kt[(tid + 7) % 128];
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc;
}
int main() {
  const int blocks = 1056, n = 512;
  float *k, *q, *out;
  cudaMalloc(&k, (size_t)blocks * n * 128 * 4), cudaMalloc(&q, 128 * 4), cudaMalloc(&out, blocks * 128 * 4);
  cudaMemset(k, 0, (size_t)blocks * n * 128 * 4), cudaMemset(q, 0, 128 * 4);
  printf("noMid %.4f closing %.4f\n", median_ms([&] { noMid<<<blocks, 128>>>(n, k, q, out); }),
         median_ms([&] { closing<<<blocks, 128>>>(n, k, q, out); }));
}
