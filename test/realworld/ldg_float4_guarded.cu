// Shape 9: a bounds-checked float4 __ldg, `if (ok) v = __ldg(p); else v = 0;`,
// stored as one float4. clang takes the lanes apart inside the guard and
// merges each with zero (phi of extractelement): each lane is a zero-filled
// copy, and the plan widens the four lanes back into one 16-byte cp.async.
// The shape of bench/kernels/gram_ldg4.cuh.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX-COUNT-2: cp.async.cg.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
// PTX: cp.async.wait_group 1;

#define B 64
#define K 16

__global__ void __launch_bounds__(256)
    gram(int M, int N, int D, const float *__restrict__ X, const float *__restrict__ Y,
         float *__restrict__ S) {
  __shared__ __align__(16) float Xs[B][K + 4];
  __shared__ __align__(16) float Ys[B][K + 4];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  const int r = tid / 4, c = (tid % 4) * 4;
  const int xrow = blockIdx.y * B + r, yrow = blockIdx.x * B + r;
  float acc = 0.0f;
  // CHECK: ldg_float4_guarded.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: {{.*}}; 2 cp.async copies of 16 bytes
  for (int k0 = 0; k0 < D; k0 += K) {
    const bool xok = xrow < M && k0 + c < D;
    const bool yok = yrow < N && k0 + c < D;
    float4 xv, yv;
    if (xok)
      xv = __ldg(reinterpret_cast<const float4 *>(&X[(size_t)xrow * D + k0 + c]));
    else
      xv = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (yok)
      yv = __ldg(reinterpret_cast<const float4 *>(&Y[(size_t)yrow * D + k0 + c]));
    else
      yv = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    *reinterpret_cast<float4 *>(&Xs[r][c]) = xv;
    *reinterpret_cast<float4 *>(&Ys[r][c]) = yv;
    __syncthreads();
#pragma unroll
    for (int k = 0; k < K; ++k)
      acc += Xs[threadIdx.y * 4][k] * Ys[threadIdx.x * 4][k];
    __syncthreads();
  }
  if (blockIdx.y * B + threadIdx.y * 4 < M && blockIdx.x * B + threadIdx.x * 4 < N)
    S[(size_t)(blockIdx.y * B + threadIdx.y * 4) * N + blockIdx.x * B + threadIdx.x * 4] = acc;
}
