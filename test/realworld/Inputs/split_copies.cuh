// Guarded copies clang splits into a store of the load on one arm of a
// branch and a store of a constant on the other, in the two shapes beside
// the plain pair of one type:
// - haloRowsInt2: an int2 read with __ldg under a 2-D bounds guard, zeros
//   (`int2()`) otherwise; clang stores the two loaded lanes one by one and
//   the zeros as one 8-byte store;
// - fillRows: four rows of doubles that read 1.0 beyond the end (a
//   product's neutral element), each row's copy and fill split by one
//   shared condition.
// Shared by test/realworld/split_copy_forms.cu and test/gpu/guarded_unrolled.cu.
#ifndef SPLIT_COPIES_CUH
#define SPLIT_COPIES_CUH

__global__ void __launch_bounds__(128)
    haloRowsInt2(const int2 *__restrict__ A, float *__restrict__ out, int nt, int H, int W,
                 int ld) {
  __shared__ __align__(16) int2 t[2][128];
  float acc = 0.0f;
  const int tx = threadIdx.x;
  for (int k = 0; k < nt; ++k) {
#pragma unroll
    for (int r = 0; r < 2; ++r) {
      const int y = blockIdx.y * 2 + r, x = k * 128 + tx - 1;
      if (y < H && x >= 0 && x < W)
        t[r][tx] = __ldg(&A[(size_t)y * ld + x]);
      else
        t[r][tx] = int2();
    }
    __syncthreads();
    const int2 a = t[0][tx], b = t[1][(tx + 1) % 128];
    acc += (float)(a.x - b.y) * 0.5f + (float)(a.y + b.x);
    __syncthreads();
  }
  out[blockIdx.y * 128 + tx] = acc;
}

__global__ void __launch_bounds__(256)
    fillRows(const double *__restrict__ A, double *__restrict__ out, int n, int ld) {
  __shared__ double t[4][64];
  const int tx = threadIdx.x % 64, ty = threadIdx.x / 64;
  double acc = 0.0;
  for (int k = 0; k < (n + 63) / 64; ++k) {
    const int x = k * 64 + tx;
    if (x < n) {
      t[0][tx] = A[x];
      t[1][tx] = A[ld + x];
      t[2][tx] = A[2 * ld + x];
      t[3][tx] = A[3 * ld + x];
    } else {
      t[0][tx] = 1.0;
      t[1][tx] = 1.0;
      t[2][tx] = 1.0;
      t[3][tx] = 1.0;
    }
    __syncthreads();
    acc += t[ty][tx] * t[(ty + 1) % 4][63 - tx];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

#endif
