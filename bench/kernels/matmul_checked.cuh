// A kernel the cost model was not tuned on (one of those that test the
// ptxas register counts, lib/ptxas.h): the CUDA Samples' matrixMul as a careful
// user hardens it. `__launch_bounds__(BLOCK_SIZE * BLOCK_SIZE, MIN_BLOCKS)`
// says the block shape, the loop asserts that both copies stay inside A and
// B, and, with SHAPE, the kernel also asserts its launch shape and the
// divisibility of the sizes before the loop (as the bench's mmassert does).
// Same tiles, same loop, same arithmetic in every instance; what differs is
// how many registers ptxas gives it, and so how many blocks of 1024 threads
// fit on an SM: 2 at 32 registers (MIN_BLOCKS = 2 asks ptxas for that), 1
// above (docs/results/log.md).
// C (hA x wB) = A (hA x wA) * B (wA x wB); all multiples of BLOCK_SIZE = 32.
#ifndef BENCH_MATMUL_CHECKED_CUH
#define BENCH_MATMUL_CHECKED_CUH
#include <assert.h>

#include "tile_copy.h"

#define MC_BLOCK 32
// sm_75 holds 1024 threads per SM: there a block of 1024 fits once, and
// ptxas would warn about 2
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ < 800
#define MC_MIN_BLOCKS(n) 1
#else
#define MC_MIN_BLOCKS(n) (n)
#endif

template <int BLOCK_SIZE, bool SHAPE, int MIN_BLOCKS>
__global__ void __launch_bounds__(BLOCK_SIZE *BLOCK_SIZE, MC_MIN_BLOCKS(MIN_BLOCKS))
    matmulChecked(float *__restrict__ C, const float *__restrict__ A,
                  const float *__restrict__ B, int hA, int wA, int wB) {
  const int tx = threadIdx.x, ty = threadIdx.y;
  if (SHAPE) {
    assert(blockDim.x == BLOCK_SIZE && blockDim.y == BLOCK_SIZE);
    assert(wA % BLOCK_SIZE == 0 && wB % BLOCK_SIZE == 0);
  }
  const float *a = A + (size_t)blockIdx.y * BLOCK_SIZE * wA;
  const float *b = B + blockIdx.x * BLOCK_SIZE;
  const float *a_end = a + wA;
  float acc = 0.0f;
  for (; a < a_end; a += BLOCK_SIZE, b += (size_t)BLOCK_SIZE * wB) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    assert(a + wA * ty + tx < A + (size_t)hA * wA);
    assert(b + wB * ty + tx < B + (size_t)wA * wB);
    PL_TILE_COPY(As[ty][tx] = a[wA * ty + tx]);
    PL_TILE_COPY(Bs[ty][tx] = b[wB * ty + tx]);
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[((size_t)blockIdx.y * BLOCK_SIZE + ty) * wB + blockIdx.x * BLOCK_SIZE + tx] = acc;
}
#endif
