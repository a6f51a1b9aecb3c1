// Tiles carved from one dynamic shared buffer (`extern __shared__`), filled
// by copy loops whose step is the block size, as public SGEMM and stencil
// kernels write them: one loop filling both tiles with one index, one loop
// filling one tile transposed and the other as it is, one loop per tile, and
// a 2-D halo tile beside a weight tile. Near misses: a second tile that
// starts inside what the loop writes of the first, in one loop and in two.
// Shared by test/realworld/carved_tiles.cu and test/gpu/carved_tiles.cu.
#ifndef CARVED_TILES_CUH
#define CARVED_TILES_CUH

// A is M x K, B is K x N, row-major; each of the 256 threads computes one
// value of a 32 x 8 block of C (BM = 32).
template <int BM, int BK>
__global__ void __launch_bounds__(256) carvedGemm(const float *__restrict__ A,
                                                  const float *__restrict__ B, float *C, int N,
                                                  int K) {
  extern __shared__ __align__(16) float smem[];
  float *As = smem;
  float *Bs = smem + BM * BK;
  const int tid = threadIdx.x;
  const float *a = A + blockIdx.y * BM * K;
  const float *b = B + blockIdx.x * BM;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x) {
      As[i] = a[(i / BK) * K + k0 + i % BK];
      Bs[i] = b[(k0 + i / BM) * N + i % BM];
    }
    __syncthreads();
    for (int kk = 0; kk < BK; ++kk)
      acc += As[(tid % BM) * BK + kk] * Bs[kk * BM + tid / BM];
    __syncthreads();
  }
  C[(blockIdx.y * BM + tid % BM) * N + blockIdx.x * BM + tid / BM] = acc;
}

// As stored transposed (k-major) and Bs as it is, in one loop: the two
// copies are different functions of i.
__global__ void __launch_bounds__(256) carvedTransposed(const float *__restrict__ A,
                                                        const float *__restrict__ B, float *C,
                                                        int N, int K) {
  extern __shared__ __align__(16) float smem[];
  float *As = smem;       // [8][64]
  float *Bs = smem + 512; // [8][64]
  const int tid = threadIdx.x;
  const float *a = A + blockIdx.y * 64 * K;
  const float *b = B + blockIdx.x * 64;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 8) {
    for (int i = tid; i < 512; i += blockDim.x) {
      As[(i % 8) * 64 + i / 8] = a[(i / 8) * K + k0 + i % 8];
      Bs[i] = b[(k0 + i / 64) * N + i % 64];
    }
    __syncthreads();
    for (int kk = 0; kk < 8; ++kk)
      acc += As[kk * 64 + tid % 64] * Bs[kk * 64 + tid / 4];
    __syncthreads();
  }
  C[(blockIdx.y * 64 + tid % 64) * N + blockIdx.x * 64 + tid / 4] = acc;
}

// One loop per tile.
__global__ void __launch_bounds__(256) carvedTwoLoops(const float *__restrict__ A,
                                                      const float *__restrict__ B, float *C,
                                                      int K) {
  extern __shared__ __align__(16) float smem[];
  float *As = smem;
  float *Bs = smem + 1024;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 1024) {
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
      As[i] = A[blockIdx.x * K + k0 + i];
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
      Bs[i] = B[k0 + i];
    __syncthreads();
    for (int j = 0; j < 4; ++j)
      acc += As[threadIdx.x + 256 * j] * Bs[(threadIdx.x * 5 + j) % 1024];
    __syncthreads();
  }
  C[blockIdx.x * 256 + threadIdx.x] = acc;
}

// An 18 x 18 halo tile and an 18 x 18 weight tile, in one loop over
// i / 18, i % 18.
__global__ void __launch_bounds__(128) carvedHalo(const float *__restrict__ in,
                                                  const float *__restrict__ w, float *out, int nt,
                                                  int pitch) {
  extern __shared__ __align__(16) float buf[];
  float (*t)[18] = (float (*)[18])buf;
  float (*u)[18] = (float (*)[18])(buf + 18 * 18);
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int i = threadIdx.x; i < 18 * 18; i += 128) {
      t[i / 18][i % 18] = in[(k * 16 + i / 18) * pitch + i % 18];
      u[i / 18][i % 18] = w[(k * 18 + i / 18) * 18 + i % 18];
    }
    __syncthreads();
    const int y = threadIdx.x / 16, x = threadIdx.x % 16;
    acc += t[y + 1][x + 1] * u[y][x] + t[y][x + 2] * u[y + 2][x + 1];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// Near miss: Bs starts 256 floats on, but the loop copies 512 floats into
// each, so a thread's second As copy writes the bytes of its first Bs copy.
__global__ void __launch_bounds__(256) carvedOverlap(const float *__restrict__ A,
                                                     const float *__restrict__ B, float *C, int K) {
  extern __shared__ __align__(16) float smem[];
  float *As = smem;
  float *Bs = smem + 256;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 512) {
    for (int i = threadIdx.x; i < 512; i += blockDim.x) {
      As[i] = A[k0 + i];
      Bs[i] = B[k0 + i];
    }
    __syncthreads();
    acc += As[threadIdx.x] * Bs[(threadIdx.x + 1) % 512];
    __syncthreads();
  }
  C[blockIdx.x * 256 + threadIdx.x] = acc;
}

// Near miss: the same, one loop per tile.
__global__ void __launch_bounds__(256) carvedTwoLoopsOverlap(const float *__restrict__ A,
                                                             const float *__restrict__ B,
                                                             float *C, int K) {
  extern __shared__ __align__(16) float smem[];
  float *As = smem;
  float *Bs = smem + 256;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 512) {
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
      As[i] = A[k0 + i];
    for (int i = threadIdx.x; i < 512; i += blockDim.x)
      Bs[i] = B[k0 + i];
    __syncthreads();
    acc += As[threadIdx.x] * Bs[(threadIdx.x + 1) % 512];
    __syncthreads();
  }
  C[blockIdx.x * 256 + threadIdx.x] = acc;
}

#endif
