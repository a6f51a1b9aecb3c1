// Register rings that carry several iterations' loads where the toolkit
// keeps tile loops rolled (lib/staged_depth.h): the kernels
// test/rewrite/staged_depth.cu checks the IR and PTX of and
// test/gpu/staged_depth.cu runs.
#ifndef STAGED_RINGS_CUH
#define STAGED_RINGS_CUH
#include <cuda_fp16.h>

#define TO_HALF_BODY                                                                               \
  const size_t i = start + (size_t)t * 256 + threadIdx.x;                                          \
  tile[threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f);                                  \
  __syncthreads();                                                                                 \
  acc += __half2float(tile[threadIdx.x]) + 0.5f * __half2float(tile[(threadIdx.x + 1) % 256]);     \
  __syncthreads();

// A converting stream: __float2half is inline assembly, which clang marks
// convergent.
__global__ void __launch_bounds__(256)
    toHalf(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    TO_HALF_BODY
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// A warp shuffle in the compute (a convergent intrinsic).
__global__ void __launch_bounds__(256)
    shuffled(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    tile[threadIdx.x] = __float2half(i < (size_t)n ? in[i] : 0.0f);
    __syncthreads();
    float v = __half2float(tile[(threadIdx.x + 7) % 256]);
    acc = acc * 0.5f + v + __shfl_xor_sync(0xffffffffu, v, 1);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// A guarded stream reading through __ldg a pointer that is not __restrict__.
__global__ void __launch_bounds__(256)
    guardedLdg(int n, int tiles, const float *in, float *__restrict__ out) {
  __shared__ float tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; ++t) {
    const size_t i = start + (size_t)t * 256 + threadIdx.x;
    tile[threadIdx.x] = i < (size_t)n ? __ldg(&in[i]) : 0.0f;
    __syncthreads();
    acc = acc * 0.75f + tile[threadIdx.x] + 0.5f * tile[(threadIdx.x + 3) % 256];
    __syncthreads();
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// At most 3 trips, fewer than the depth: the loads of iterations that do
// not exist read zeros.
__global__ void __launch_bounds__(256)
    capped(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < (tiles < 3 ? tiles : 3); ++t) {
    TO_HALF_BODY
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}

// A step of 2: every other tile.
__global__ void __launch_bounds__(256)
    stepTwo(int n, int tiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ half tile[256];
  const size_t start = (size_t)blockIdx.x * tiles * 256;
  float acc = 0.0f;
  for (int t = 0; t < tiles; t += 2) {
    TO_HALF_BODY
  }
  out[(size_t)blockIdx.x * 256 + threadIdx.x] = acc;
}
#endif
