// Tile loops whose copies store a float4 transposed as four scalars, as
// public SGEMMs write them (siboehm's kernel 6): cp.async would split each
// float4 into four 4-byte copies, the register lowering keeps it one load
// (plan_copies.c, load_groups). Shared by test/cost/split_loads.cu (the
// decisions and the code) and test/gpu/transposed_lanes.cu (the outputs).
#ifndef TRANSPOSED_LANES_CUH
#define TRANSPOSED_LANES_CUH

// C (M x N) = A (M x K) * B (K x N): A's float4 stored transposed, B's
// copied whole; BM*BK/4 = BN*BK/4 threads, each computing TM x TN.
template <int BM, int BN, int BK, int TM, int TN>
__global__ void __launch_bounds__(BM * BN / (TM * TN))
    sgemmVec(int N, int K, const float *A, const float *B, float *C) {
  __shared__ __align__(16) float As[BM * BK];
  __shared__ __align__(16) float Bs[BK * BN];
  const int threadCol = threadIdx.x % (BN / TN), threadRow = threadIdx.x / (BN / TN);
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  const int innerRowA = threadIdx.x / (BK / 4), innerColA = threadIdx.x % (BK / 4);
  const int innerRowB = threadIdx.x / (BN / 4), innerColB = threadIdx.x % (BN / 4);
  float acc[TM * TN] = {0.0f};
  float regM[TM], regN[TN];
  for (int bk = 0; bk < K; bk += BK) {
    float4 tmp = reinterpret_cast<const float4 *>(&A[innerRowA * K + innerColA * 4])[0];
    As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
    As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
    As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
    As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
        reinterpret_cast<const float4 *>(&B[innerRowB * N + innerColB * 4])[0];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (int d = 0; d < BK; ++d) {
      for (int i = 0; i < TM; ++i)
        regM[i] = As[d * BM + threadRow * TM + i];
      for (int i = 0; i < TN; ++i)
        regN[i] = Bs[d * BN + threadCol * TN + i];
      for (int m = 0; m < TM; ++m)
        for (int n = 0; n < TN; ++n)
          acc[m * TN + n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      C[(threadRow * TM + m) * N + threadCol * TN + n] = acc[m * TN + n];
}

// A float4 read under a row guard (rows past M read zeros).
__global__ void __launch_bounds__(256)
    guardedLanes(int M, int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float as[32][33];
  const int tid = threadIdx.x, r = tid >> 3, c4 = (tid & 7) * 4;
  const int row = blockIdx.x * 32 + r;
  float acc = 0.f;
  for (int k = 0; k < K; k += 32) {
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (row < M)
      v = *reinterpret_cast<const float4 *>(&A[(size_t)row * K + k + c4]);
    as[c4 + 0][r] = v.x;
    as[c4 + 1][r] = v.y;
    as[c4 + 2][r] = v.z;
    as[c4 + 3][r] = v.w;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; ++j)
      acc += as[j][tid & 31] * as[(j + tid) & 31][(tid >> 3) & 31];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}

// The same with the lanes stored in descending address order and a fill
// of ones: the group's first copy in program order (.w) selects its own
// place in the zeros, and the fill is applied at the store.
__global__ void __launch_bounds__(256)
    reversedFill(int M, int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float as[32][33];
  const int tid = threadIdx.x, r = tid >> 3, c4 = (tid & 7) * 4;
  const int row = blockIdx.x * 32 + r;
  float acc = 0.f;
  for (int k = 0; k < K; k += 32) {
    float4 v = make_float4(1.f, 1.f, 1.f, 1.f);
    if (row < M)
      v = *reinterpret_cast<const float4 *>(&A[(size_t)row * K + k + c4]);
    as[c4 + 3][r] = v.w;
    as[c4 + 2][r] = v.z;
    as[c4 + 1][r] = v.y;
    as[c4 + 0][r] = v.x;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; ++j)
      acc += as[j][tid & 31] * as[(j + tid) & 31][(tid >> 3) & 31];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}

#endif
