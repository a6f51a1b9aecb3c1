// Shape 9: ragged copies of float2, float4 and int4 written as
// `if (ok) t = v; else t = 0;` (a vector guard: the branch merges whole
// vectors), as bounds-checked vectorized loads are usually written.
// SROA splits the vectors into lanes; the plan widens the lanes back into one
// cp.async of 8 or 16 bytes each (copy widening).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s

__global__ void __launch_bounds__(128)
    mixedRagged(int n, int ntiles, const float2 *__restrict__ a, const float4 *__restrict__ b,
                const int4 *__restrict__ c, float *__restrict__ out) {
  __shared__ float2 as[128];
  __shared__ float4 bs[128];
  __shared__ int4 cs[128];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: vector_guard.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: {{.*}}; 3 cp.async copies of 8 to 16 bytes
  for (int t = 0; t < ntiles; ++t) {
    const int i = t * 128 + tid;
    const bool ok = i < n;
    float2 av;
    float4 bv;
    int4 cv;
    if (ok)
      av = a[i];
    else
      av = make_float2(0.0f, 0.0f);
    if (ok)
      bv = b[i];
    else
      bv = make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    if (ok)
      cv = c[i];
    else
      cv = make_int4(0, 0, 0, 0);
    as[tid] = av;
    bs[tid] = bv;
    cs[tid] = cv;
    __syncthreads();
    const int r = 127 - tid;
    acc += as[r].x * bs[r].y + (float)(cs[r].x + cs[r].w);
    __syncthreads();
  }
  out[blockIdx.x * 128 + tid] = acc;
}
