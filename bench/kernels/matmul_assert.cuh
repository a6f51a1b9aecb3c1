// Real-world shapes 5, 1 and 2: the CUDA Samples' matrixMul with asserts.
//
// Imitates MatrixMulCUDA of NVIDIA's cuda-samples (0_Introduction/matrixMul):
// a `template <int BLOCK_SIZE>` kernel whose tiles are declared inside the
// loop body of the template (shape 1), with two induction variables
// `a += aStep, b += bStep` where bStep = BLOCK_SIZE * wB is loop invariant
// but not a constant (shape 2), pointers neither const nor __restrict__,
// as in the sample. Added, as real code adds them: asserts on the launch
// shape before the loop and bounds asserts on both copies inside it (calls
// of __assertfail on a cold path, which write no user memory: shape 5).
// C (hA x wB) = A (hA x wA) * B (wA x wB); all multiples of BLOCK_SIZE = 32
// (trip count wA / 32).
#ifndef BENCH_MATMUL_ASSERT_CUH
#define BENCH_MATMUL_ASSERT_CUH
#include <assert.h>

#include "tile_copy.h"

#define MA_BLOCK 32

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float *C, float *A, float *B, int hA, int wA, int wB) {
  // Block index
  int bx = blockIdx.x;
  int by = blockIdx.y;

  // Thread index
  int tx = threadIdx.x;
  int ty = threadIdx.y;

  assert(blockDim.x == BLOCK_SIZE && blockDim.y == BLOCK_SIZE);
  assert(wA % BLOCK_SIZE == 0 && wB % BLOCK_SIZE == 0);

  // Index of the first sub-matrix of A processed by the block
  int aBegin = wA * BLOCK_SIZE * by;

  // Index of the last sub-matrix of A processed by the block
  int aEnd = aBegin + wA - 1;

  // Step size used to iterate through the sub-matrices of A
  int aStep = BLOCK_SIZE;

  // Index of the first sub-matrix of B processed by the block
  int bBegin = BLOCK_SIZE * bx;

  // Step size used to iterate through the sub-matrices of B
  int bStep = BLOCK_SIZE * wB;

  // Csub is used to store the element of the block sub-matrix
  // that is computed by the thread
  float Csub = 0;

  // Loop over all the sub-matrices of A and B
  // required to compute the block sub-matrix
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    // Declaration of the shared memory array As used to
    // store the sub-matrix of A
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];

    // Declaration of the shared memory array Bs used to
    // store the sub-matrix of B
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];

    // Load the matrices from device memory
    // to shared memory; each thread loads
    // one element of each matrix
    assert(a + wA * ty + tx < hA * wA);
    assert(b + wB * ty + tx < wA * wB);
    PL_TILE_COPY(As[ty][tx] = A[a + wA * ty + tx]);
    PL_TILE_COPY(Bs[ty][tx] = B[b + wB * ty + tx]);

    // Synchronize to make sure the matrices are loaded
    __syncthreads();

    // Multiply the two matrices together;
    // each thread computes one element
    // of the block sub-matrix
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k) {
      Csub += As[ty][k] * Bs[k][tx];
    }

    // Synchronize to make sure that the preceding
    // computation is done before loading two new
    // sub-matrices of A and B in the next iteration
    __syncthreads();
  }

  // Write the block sub-matrix to device memory;
  // each thread writes one element
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}
#endif
