// Copy loops over a runtime number of rows, which clang -O3 unrolls by two
// at run time: a main loop of two copies per iteration, then one more copy
// in a block of its own where the count is odd, at the row the main loop
// stopped at. Shared by test/realworld/copyloop_unrolled_by_two.cu and
// test/gpu/copyloop_unrolled_by_two.cu.
#ifndef UNROLLED_BY_TWO_CUH
#define UNROLLED_BY_TWO_CUH

// `rows` rows of 64 int4 per tile (at most 3), zero past W. With an
// unsigned thread index the tile's index carries no `nneg`: its bound comes
// from the tile's size (the store's address is `inbounds`).
template <class Index>
__global__ void __launch_bounds__(64) rowsInt4(const int4 *__restrict__ A, float *out, int nt,
                                               int rows, int W) {
  __shared__ __align__(16) int4 t[192];
  const Index tid = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int r = 0; r < rows; ++r) {
      const int x = k * 192 + r * 64 + tid;
      if (x < W)
        t[r * 64 + tid] = A[x];
      else
        t[r * 64 + tid] = make_int4(0, 0, 0, 0);
    }
    __syncthreads();
    const int4 v = t[(tid * 3) % (rows * 64)];
    acc += v.x + 2.0f * v.y - v.z + 0.5f * v.w;
    __syncthreads();
  }
  out[blockIdx.x * 64 + tid] = acc;
}

// Near miss: after the loop, the last row is copied again from the next
// block's rows, so that copy writes what the loop's last iteration wrote.
__global__ void __launch_bounds__(64) rowsAgain(const int4 *__restrict__ A, float *out, int nt,
                                                int rows, int W) {
  __shared__ __align__(16) int4 t[192];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    int r = 0;
    for (; r < rows; ++r) {
      const int x = k * 192 + r * 64 + tid;
      if (x < W)
        t[r * 64 + tid] = A[x];
      else
        t[r * 64 + tid] = make_int4(0, 0, 0, 0);
    }
    if (r > 0)
      t[(r - 1) * 64 + tid] = A[k * 192 + r * 64 + tid];
    __syncthreads();
    const int4 v = t[(tid * 3) % 192];
    acc += v.x + 2.0f * v.y - v.z + 0.5f * v.w;
    __syncthreads();
  }
  out[blockIdx.x * 64 + tid] = acc;
}

template __global__ void rowsInt4<int>(const int4 *, float *, int, int, int);
template __global__ void rowsInt4<unsigned>(const int4 *, float *, int, int, int);

#endif
