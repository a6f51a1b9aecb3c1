// Register-blocked SGEMMs written the way public tutorials write them: 2-D
// block tiling with an 8x8 result per thread, and the same with float4
// loads, both with alpha and beta. clang's unroller leaves the write-back
// loop, too large for its threshold, a loop; its index into the private
// result array then keeps the whole array in local memory, in the K loop
// too. The loops are marked for full unrolling (UnrolledForRegisters), and
// the PTX has no local memory; with register-arrays=off it has.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.s -Rpass=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not=UnrolledForRegisters --implicit-check-not="fully unrolled"
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.off.s -fplugin-arg-pipeline-register-arrays=off -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF --allow-empty
// RUN: FileCheck %s --check-prefix=PTX-OFF < %t.off.s
// A kernel the user leaves out (exclude=, only=) is left as clang makes it.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ex.s -fplugin-arg-pipeline-exclude=Vectorize -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=EXCLUDED
// RUN: FileCheck %s --check-prefix=PTX-EXCLUDED < %t.ex.s
// EXCLUDED: remark: loop fully unrolled (8 trips)
// EXCLUDED-NOT: fully unrolled
// PTX-EXCLUDED: .local .align {{[0-9]+}} .b8 __local_depot1[256];
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fsave-optimization-record -foptimization-record-file=%t.yaml
// RUN: FileCheck %s --check-prefix=YAML < %t.yaml
// PTX-NOT: __local_depot
// PTX-NOT: st.local
// PTX-OFF: .local .align {{[0-9]+}} .b8 __local_depot0[256];
// PTX-OFF: .local .align {{[0-9]+}} .b8 __local_depot1[256];
// OFF-NOT: fully unrolled
// YAML: Name: UnrolledForRegisters
// YAML: - Trips: '8'
// YAML: - ArrayBytes: '256'

template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void __launch_bounds__((BM * BN) / (TM * TN), 1)
    sgemm2DBlocktiling(int M, int N, int K, float alpha, const float *A, const float *B,
                       float beta, float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;
  const uint totalResultsBlocktile = BM * BN;
  const uint numThreadsBlocktile = totalResultsBlocktile / (TM * TN);
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerRowA = threadIdx.x / BK;
  const uint innerColA = threadIdx.x % BK;
  const uint strideA = numThreadsBlocktile / BK;
  const uint innerRowB = threadIdx.x / BN;
  const uint innerColB = threadIdx.x % BN;
  const uint strideB = numThreadsBlocktile / BN;
  float threadResults[TM * TN] = {0.0};
  float regM[TM] = {0.0};
  float regN[TN] = {0.0};
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    for (uint loadOffset = 0; loadOffset < BM; loadOffset += strideA)
      As[(innerRowA + loadOffset) * BK + innerColA] = A[(innerRowA + loadOffset) * K + innerColA];
    for (uint loadOffset = 0; loadOffset < BK; loadOffset += strideB)
      Bs[(innerRowB + loadOffset) * BN + innerColB] = B[(innerRowB + loadOffset) * N + innerColB];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      for (uint i = 0; i < TM; ++i)
        regM[i] = As[(threadRow * TM + i) * BK + dotIdx];
      for (uint i = 0; i < TN; ++i)
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
        for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
          threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
    }
    __syncthreads();
  }
  // CHECK: public_sgemms.cu:[[@LINE+1]]:3: remark: loop fully unrolled (8 trips) so that a private array of 256 bytes it indexes by its counter can live in registers: an index that changes at run time keeps the whole array in local memory
  for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
    for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
      C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN] =
          alpha * threadResults[resIdxM * TN + resIdxN] +
          beta * C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN];
}

template <const int BM, const int BN, const int BK, const int TM, const int TN>
__global__ void sgemmVectorize(int M, int N, int K, float alpha, float *A, float *B, float beta,
                               float *C) {
  const uint cRow = blockIdx.y;
  const uint cCol = blockIdx.x;
  const int threadCol = threadIdx.x % (BN / TN);
  const int threadRow = threadIdx.x / (BN / TN);
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  A += cRow * BM * K;
  B += cCol * BN;
  C += cRow * BM * N + cCol * BN;
  const uint innerRowA = threadIdx.x / (BK / 4);
  const uint innerColA = threadIdx.x % (BK / 4);
  const uint innerRowB = threadIdx.x / (BN / 4);
  const uint innerColB = threadIdx.x % (BN / 4);
  float threadResults[TM * TN] = {0.0};
  float regM[TM] = {0.0};
  float regN[TN] = {0.0};
  for (uint bkIdx = 0; bkIdx < K; bkIdx += BK) {
    float4 tmp = reinterpret_cast<float4 *>(&A[innerRowA * K + innerColA * 4])[0];
    As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
    As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
    As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
    As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
        reinterpret_cast<float4 *>(&B[innerRowB * N + innerColB * 4])[0];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (uint dotIdx = 0; dotIdx < BK; ++dotIdx) {
      for (uint i = 0; i < TM; ++i)
        regM[i] = As[dotIdx * BM + threadRow * TM + i];
      for (uint i = 0; i < TN; ++i)
        regN[i] = Bs[dotIdx * BN + threadCol * TN + i];
      for (uint resIdxM = 0; resIdxM < TM; ++resIdxM)
        for (uint resIdxN = 0; resIdxN < TN; ++resIdxN)
          threadResults[resIdxM * TN + resIdxN] += regM[resIdxM] * regN[resIdxN];
    }
    __syncthreads();
  }
  // CHECK: public_sgemms.cu:[[@LINE+1]]:3: remark: loop fully unrolled (8 trips) so that a private array of 256 bytes
  for (uint resIdxM = 0; resIdxM < TM; resIdxM += 1)
    for (uint resIdxN = 0; resIdxN < TN; resIdxN += 4) {
      float4 tmp = reinterpret_cast<float4 *>(
          &C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN])[0];
      tmp.x = alpha * threadResults[resIdxM * TN + resIdxN] + beta * tmp.x;
      tmp.y = alpha * threadResults[resIdxM * TN + resIdxN + 1] + beta * tmp.y;
      tmp.z = alpha * threadResults[resIdxM * TN + resIdxN + 2] + beta * tmp.z;
      tmp.w = alpha * threadResults[resIdxM * TN + resIdxN + 3] + beta * tmp.w;
      reinterpret_cast<float4 *>(&C[(threadRow * TM + resIdxM) * N + threadCol * TN + resIdxN])[0] =
          tmp;
    }
}

void run(int M, int N, int K, float alpha, float *A, float *B, float beta, float *C) {
  dim3 grid((N + 127) / 128, (M + 127) / 128);
  sgemm2DBlocktiling<128, 128, 8, 8, 8><<<grid, 256>>>(M, N, K, alpha, A, B, beta, C);
  sgemmVectorize<128, 128, 8, 8, 8><<<grid, 256>>>(M, N, K, alpha, A, B, beta, C);
}
