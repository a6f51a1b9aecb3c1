// The tiled SGEMM of the seeds, written the ordinary synchronous way:
// copy a tile of A and B into shared memory, barrier, compute, barrier.
// C = A * B for N x N row-major matrices, N a multiple of TILE.
#ifndef SGEMM_KERNEL_CUH
#define SGEMM_KERNEL_CUH

#define TILE 32

// PL_TILE_COPY(s) is just `s`; the benchmark (bench/kernels/tile_copy.h)
// redefines it to build the compute-only limit of this kernel.
#ifndef PL_TILE_COPY
#define PL_TILE_COPY(...) __VA_ARGS__
#endif

__global__ void sgemmTiled(int N, const float *A, const float *B, float *C) {
  __shared__ float As[TILE][TILE + 1];
  __shared__ float Bs[TILE][TILE + 1];

  const int row = blockIdx.y * TILE + threadIdx.y;
  const int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;

  for (int t = 0; t < N / TILE; ++t) {
    PL_TILE_COPY(As[threadIdx.y][threadIdx.x] = A[row * N + t * TILE + threadIdx.x]);
    PL_TILE_COPY(Bs[threadIdx.y][threadIdx.x] = B[(t * TILE + threadIdx.y) * N + col]);
    __syncthreads();
    for (int k = 0; k < TILE; ++k)
      acc += As[threadIdx.y][k] * Bs[k][threadIdx.x];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

#endif
