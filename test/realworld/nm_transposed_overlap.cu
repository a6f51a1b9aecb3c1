// Near miss of shape 3: one float4 stored transposed, but y goes to a row
// skewed by a kernel argument, `(r + skew) % (4 * BM)` in the column of x:
// for skew = 0 (or a multiple of 4 * BM) x and y write the same element.
// The destinations differ by no constant, and with cp.async nothing would
// order the two writes: must stay declined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

#define BM 64
#define BK 8

__global__ void __launch_bounds__(128)
    transposedOverlap(int K, int skew, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ __align__(16) float As[BK * BM];
  const int r = threadIdx.x / (BK / 4), c = threadIdx.x % (BK / 4);
  float acc = 0.0f;
  // CHECK: nm_transposed_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: {{.*}}may write the same bytes
  for (int k0 = 0; k0 < K; k0 += BK) {
    const float4 v = *reinterpret_cast<const float4 *>(&A[(size_t)r * K + k0 + c * 4]);
    As[c * 4 * BM + r] = v.x;
    As[c * 4 * BM + (r + skew) % (4 * BM)] = v.y;
    As[(c * 4 + 2) * BM + r] = v.z;
    As[(c * 4 + 3) * BM + r] = v.w;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
      acc += As[k * BM + threadIdx.x % BM];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
