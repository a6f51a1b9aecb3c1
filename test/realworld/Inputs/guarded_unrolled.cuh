// SGEMMs whose copies are unrolled four to a thread under one zero-fill
// guard, `for (j < 4) AsT[ak][am + j] = (k0 + ak < K) ? A[...] : 0`, as
// tutorials write a ragged K, in the two shapes clang leaves that the
// plain split copy does not cover:
// - predicatedLoads: only the first 128 of 256 threads load A (`if (tid <
//   128)` around the unrolled copies), so the branches clang splits each
//   copy with run under that predicate;
// - rowMajorThreads: `am = (tid / 8) * 4`, whose `am + 3` clang writes
//   `(tid >> 1) | 3` beside `((tid >> 1) & 508) | 2`, distinct by their low
//   bits only.
// Shared by test/realworld/guarded_unrolled.cu and test/gpu/guarded_unrolled.cu.
#ifndef GUARDED_UNROLLED_CUH
#define GUARDED_UNROLLED_CUH

template <int BM, int BK>
__global__ void __launch_bounds__(256)
    predicatedLoads(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                    float *__restrict__ C) {
  __shared__ float AsT[BK][BM];
  __shared__ float Bs[BK][BM];
  const int tid = threadIdx.x;
  const int ak = tid % BK, am = (tid / BK) * 4; // threads 0..127: 16 rows of 4
  const int bk = tid / 32, bn = (tid % 32) * 2;
  const float *a = A + blockIdx.y * BM * K;
  const float *b = B + blockIdx.x * BM;
  float acc[4][4] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
    if (tid < 128) {
#pragma unroll
      for (int j = 0; j < 4; ++j)
        AsT[ak][am + j] = (k0 + ak < K) ? a[(am + j) * K + k0 + ak] : 0.0f;
    }
#pragma unroll
    for (int j = 0; j < 2; ++j)
      Bs[bk][bn + j] = (k0 + bk < K) ? b[(k0 + bk) * N + bn + j] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; ++kk)
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 4; ++j)
          acc[i][j] += AsT[kk][(tid / 16) * 4 + i] * Bs[kk][(tid % 16) * 4 + j];
    __syncthreads();
  }
  for (int i = 0; i < 4; ++i)
    for (int j = 0; j < 4; ++j)
      C[(blockIdx.y * BM + (tid / 16) * 4 + i) * N + blockIdx.x * BM + (tid % 16) * 4 + j] =
          acc[i][j];
}

template <int BM, int BK>
__global__ void __launch_bounds__(256)
    rowMajorThreads(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                    float *__restrict__ C) {
  __shared__ float AsT[BK][BM];
  __shared__ float Bs[BK][BM];
  const int tid = threadIdx.x;
  const int ak = tid % BK, am = (tid / BK) * 4; // 256 threads: 32 rows of 4
  const int bk = tid / 32, bn = (tid % 32) * 4;
  float acc[8][8] = {};
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      AsT[ak][am + j] = (k0 + ak < K) ? A[(blockIdx.y * BM + am + j) * K + k0 + ak] : 0.0f;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      Bs[bk][bn + j] = (k0 + bk < K) ? B[(k0 + bk) * N + blockIdx.x * BM + bn + j] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < BK; ++kk)
#pragma unroll
      for (int i = 0; i < 8; ++i)
#pragma unroll
        for (int j = 0; j < 8; ++j)
          acc[i][j] += AsT[kk][(tid / 16) * 8 + i] * Bs[kk][(tid % 16) * 8 + j];
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i)
    for (int j = 0; j < 8; ++j)
      C[(blockIdx.y * BM + (tid / 16) * 8 + i) * N + blockIdx.x * BM + (tid % 16) * 8 + j] =
          acc[i][j];
}

#endif
