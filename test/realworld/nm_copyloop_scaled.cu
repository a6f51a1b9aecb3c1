// Near miss: the copy loop stores a computed value,
// `tile[i] = alpha * A[..]`. cp.async copies bytes unchanged, and the
// register lowering, which converts, cannot stage a loop of copies (a number
// of values known only at run time): declined with cp.async's reason.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
template <int BM, int BK>
__global__ void __launch_bounds__(256)
    scaled_gemv(int K, float alpha, const float *__restrict__ A, const float *__restrict__ x,
                float *__restrict__ y) {
  __shared__ float As[BM * BK];
  const int tid = threadIdx.x;
  A += blockIdx.x * BM * K;
  float acc = 0.f;
  // CHECK: nm_copyloop_scaled.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and the copy into tile 'As' converts the loaded value; cp.async copies bytes unchanged
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += blockDim.x)
      As[i] = alpha * A[(i / BK) * K + k0 + i % BK];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
      acc += As[(tid % BM) * BK + k] * x[k0 + k];
    __syncthreads();
  }
  y[blockIdx.x * BM + tid % BM] = acc;
}
template __global__ void scaled_gemv<64, 8>(int, float, const float *, const float *, float *);
