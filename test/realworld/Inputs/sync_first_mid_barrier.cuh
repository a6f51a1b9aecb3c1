// Sync-first tile loops whose compute has a barrier of its own, as
// attention-style kernels write them: scores into a shared array, a
// barrier, then a pass that reads them and the tile again. Used by
// test/realworld/sync_first_mid_barrier.cu and test/gpu/sync_first_mid_barrier.cu.
#pragma once

/* Per thread, the sum over n tiles of a neighbour's score and a rotated
 * tile element; 128 threads a block. */
__global__ void __launch_bounds__(128)
    scoreRows(int n, const float *__restrict__ K, const float *__restrict__ q,
              float *__restrict__ out) {
  __shared__ float kt[128];
  __shared__ float part[128];
  const int tid = threadIdx.x;
  const float *Kb = K + (size_t)blockIdx.x * n * 128;
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    __syncthreads();
    kt[tid] = Kb[(size_t)t * 128 + tid];
    __syncthreads();
    part[tid] = kt[tid] * q[tid];
    __syncthreads();
    acc += part[(tid + 1) % 128] + kt[(tid + 7) % 128];
  }
  out[blockIdx.x * 128 + tid] = acc;
}

/* Near miss: the copy stage reads `part`, which the compute of the
 * iteration before wrote after the kept barrier; the removed top barrier
 * ordered that read after every thread's write. */
__global__ void __launch_bounds__(128)
    scoreRowsCarry(int n, const float *__restrict__ K, const float *__restrict__ q,
                   float *__restrict__ out) {
  __shared__ float kt[128];
  __shared__ float part[128];
  const int tid = threadIdx.x;
  const float *Kb = K + (size_t)blockIdx.x * n * 128;
  float acc = 0.0f;
  part[tid] = 0.0f;
  for (int t = 0; t < n; ++t) {
    __syncthreads();
    acc += part[(tid + 3) % 128];
    kt[tid] = Kb[(size_t)t * 128 + tid];
    __syncthreads();
    part[tid] = kt[tid] * q[tid];
    __syncthreads();
    acc += part[(tid + 1) % 128] + kt[(tid + 7) % 128];
  }
  out[blockIdx.x * 128 + tid] = acc;
}
