// Kernels that reuse their `extern __shared__` buffer after a tile loop, as
// public kernels do to save shared memory: a per-row lag-1 autocorrelation
// that stages the row in chunks of the block's width and then reduces the
// threads' sums through the same buffer, and a blocked difference filter
// (through the CUDA Samples' SharedMemory<T> helper, with an assert) whose
// thread 0 saves the last chunk's last element for a later pass, and a
// row total that the threads add into the buffer's first word with shared
// atomics after the loop.
#ifndef DYNAMIC_REUSE_CUH
#define DYNAMIC_REUSE_CUH

#include <cassert>

template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    rowAutocorr(const float *__restrict__ x, float *__restrict__ r1, int cols) {
  extern __shared__ float buf[];
  const int tid = threadIdx.x;
  const float *row = x + (size_t)blockIdx.x * cols;
  float sum = 0.0f;
  for (int c0 = 0; c0 < cols; c0 += BLOCK) {
    buf[tid] = c0 + tid < cols ? row[c0 + tid] : 0.0f;
    __syncthreads();
    if (tid + 1 < BLOCK)
      sum += buf[tid] * buf[tid + 1];
    __syncthreads();
  }
  buf[tid] = sum;
  __syncthreads();
  for (int s = BLOCK / 2; s > 0; s >>= 1) {
    if (tid < s)
      buf[tid] += buf[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    r1[blockIdx.x] = buf[0];
}

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};

template <typename T, int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    blockedDiff(const T *__restrict__ in, T *__restrict__ out, T *__restrict__ tails, int n) {
  assert(blockDim.x == BLOCK);
  T *tile = SharedMemory<T>();
  const size_t base = (size_t)blockIdx.x * n;
  for (int i0 = 0; i0 < n; i0 += BLOCK) {
    tile[threadIdx.x] = in[base + i0 + threadIdx.x];
    __syncthreads();
    T prev = threadIdx.x > 0 ? tile[threadIdx.x - 1] : T(0);
    out[base + i0 + threadIdx.x] = tile[threadIdx.x] - prev;
    __syncthreads();
  }
  if (threadIdx.x == 0 && n > 0)
    tails[blockIdx.x] = tile[BLOCK - 1];
}

// Each row's sum of x[i] * x[BLOCK - 1 - i] within its chunks (in 32 bits,
// wrapping), the threads' parts added with atomicAdd into the buffer.
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    rowTotals(const unsigned *__restrict__ x, unsigned *__restrict__ totals, int cols) {
  extern __shared__ unsigned cbuf[];
  const int tid = threadIdx.x;
  const unsigned *row = x + (size_t)blockIdx.x * cols;
  unsigned acc = 0;
  for (int c0 = 0; c0 < cols; c0 += BLOCK) {
    cbuf[tid] = c0 + tid < cols ? row[c0 + tid] : 0u;
    __syncthreads();
    acc += cbuf[tid] * cbuf[BLOCK - 1 - tid];
    __syncthreads();
  }
  if (tid == 0)
    cbuf[0] = 0;
  __syncthreads();
  atomicAdd(&cbuf[0], acc);
  __syncthreads();
  if (tid == 0)
    totals[blockIdx.x] = cbuf[0];
}

#endif
