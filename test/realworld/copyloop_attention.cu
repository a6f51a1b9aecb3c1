// Copy loops: the K/V tile loop of a minimal flash-attention
// forward kernel in the style of public tutorials, whose tiles are copied by
// `for (x = 0; x < d; ++x)` with the head dimension d a kernel argument. At
// -O3 clang unrolls that loop at run time into a main loop of 8 copies per
// iteration and a remainder loop; both are cloned for each stage, as loops of
// cp.async. The copies of the two loops into one tile are proven to write the
// same value wherever they may meet (destination and source indices move in
// lockstep), since cp.async gives them no order.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// PTX: cp.async.wait_group 0;
// PTX: Parent Loop
// PTX-NEXT: // =>  This Inner Loop Header: Depth=2
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
#include <assert.h>
#include <math.h>

#define BC 32
#define BR 32
#define DMAX 64

__device__ __forceinline__ float scaled_dot(const float *q, const float *k, int d, float scale) {
  float s = 0.f;
  for (int x = 0; x < d; ++x)
    s += q[x] * k[x];
  return s * scale;
}

__global__ void __launch_bounds__(BC)
    flash_forward(const float *__restrict__ Q, const float *__restrict__ K,
                  const float *__restrict__ V, int N, int d, int Tc, float scale,
                  float *__restrict__ O) {
  __shared__ float Qi[BR * DMAX], Kj[BC * DMAX], Vj[BC * DMAX];
  assert(d <= DMAX);
  const int tx = threadIdx.x;
  const int qkv = blockIdx.x * N * d; // one (batch, head)
  const int tile = BC * d;
  for (int x = 0; x < d; ++x)
    Qi[tx * d + x] = Q[qkv + tx * d + x];
  float m = -INFINITY, l = 0.f, acc[DMAX];
  for (int x = 0; x < d; ++x)
    acc[x] = 0.f;
  // CHECK: copyloop_attention.cu:[[@LINE+1]]:3: remark: pipelined loop with 2 stages: tile 'Kj' 8192 -> 16384 bytes, tile 'Vj' 8192 -> 16384 bytes; 10 cp.async copies of 4 bytes
  for (int j = 0; j < Tc; ++j) {
    for (int x = 0; x < d; ++x) {
      Kj[tx * d + x] = K[qkv + tile * j + tx * d + x];
      Vj[tx * d + x] = V[qkv + tile * j + tx * d + x];
    }
    __syncthreads();
    float row_m = m, p[BC];
    for (int y = 0; y < BC; ++y) {
      p[y] = scaled_dot(&Qi[tx * d], &Kj[y * d], d, scale);
      row_m = fmaxf(row_m, p[y]);
    }
    float row_l = 0.f;
    for (int y = 0; y < BC; ++y) {
      p[y] = __expf(p[y] - row_m);
      row_l += p[y];
    }
    const float c = __expf(m - row_m);
    for (int x = 0; x < d; ++x) {
      float pv = 0.f;
      for (int y = 0; y < BC; ++y)
        pv += p[y] * Vj[y * d + x];
      acc[x] = acc[x] * c + pv;
    }
    l = l * c + row_l;
    m = row_m;
    __syncthreads();
  }
  for (int x = 0; x < d; ++x)
    O[qkv + tx * d + x] = acc[x] / l;
}
