// A batched SGEMM through arrays of pointers, as cuBLAS's gemmBatched takes
// them: each block of a batch loads its matrices' addresses from device
// arrays (`const float *A = Aarray[blockIdx.z]`), so nothing proves at
// compile time that the tiles are copied from global memory. Shared by
// test/realworld/pointer_array_sources.cu and test/gpu/pointer_array_gemm.cu.
#ifndef POINTER_ARRAY_GEMM_CUH
#define POINTER_ARRAY_GEMM_CUH

// C[b] = A[b] * B[b], n x n row-major each, n a multiple of TS.
template <int TS>
__global__ void __launch_bounds__(TS *TS)
    gemmPointerArray(int n, const float *const *Aarray, const float *const *Barray,
                     float *const *Carray) {
  __shared__ float As[TS][TS + 1];
  __shared__ float Bs[TS][TS + 1];
  const float *A = Aarray[blockIdx.z];
  const float *B = Barray[blockIdx.z];
  float *C = Carray[blockIdx.z];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TS + ty, col = blockIdx.x * TS + tx;
  float acc = 0.0f;
  for (int k0 = 0; k0 < n; k0 += TS) {
    As[ty][tx] = A[row * n + k0 + tx];
    Bs[ty][tx] = B[(k0 + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TS; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

#endif
