// The split zero-fill copies of test/realworld/split_zero_fill.cu with
// 64-bit indices and pointer bumps: each arm of a split branch computes the
// stores' address again, and LICM hoists each arm's copy of an index out of
// the loop, where GVN leaves a phi of the two equal indices in the block
// that stores a copy after the branch. Used by
// test/realworld/split_fill_index_phi.cu and test/gpu/guarded_unrolled.cu.
#pragma once
#define RG_T 64
#define RG_BK 8

__global__ void __launch_bounds__(128)
    raggedGemm64(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                 float *__restrict__ C) {
  __shared__ float AsT[RG_BK][RG_T + 4];
  __shared__ float Bs[RG_BK][RG_T];
  const int tid = threadIdx.x, ty = tid / 16, tx = tid % 16;
  const int ak = tid / 16, am = (tid % 16) * 4;
  A += (size_t)blockIdx.y * RG_T * K;
  B += blockIdx.x * RG_T;
  C += (size_t)blockIdx.y * RG_T * N + blockIdx.x * RG_T;
  float acc[8][4] = {};
  for (int k0 = 0; k0 < K; k0 += RG_BK) {
#pragma unroll
    for (int j = 0; j < 4; ++j)
      AsT[ak][am + j] = (k0 + ak < K) ? A[(size_t)(am + j) * K + k0 + ak] : 0.0f;
#pragma unroll
    for (int j = 0; j < 4; ++j)
      Bs[ak][am + j] = (k0 + ak < K) ? B[(size_t)(k0 + ak) * N + am + j] : 0.0f;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < RG_BK; ++k)
#pragma unroll
      for (int m = 0; m < 8; ++m)
#pragma unroll
        for (int n = 0; n < 4; ++n)
          acc[m][n] += AsT[k][ty * 8 + m] * Bs[k][tx * 4 + n];
    __syncthreads();
  }
  for (int m = 0; m < 8; ++m)
    for (int n = 0; n < 4; ++n)
      C[(ty * 8 + m) * N + tx * 4 + n] = acc[m][n];
}
