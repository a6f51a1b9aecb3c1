// A bounds-checked (ragged) tile load, `x = in ? A[i] : 0`, becomes a
// cp.async whose src-size is 0 when the element is out of bounds: the
// hardware writes zeros, as the source did.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// REMARK: ragged.cu:[[@LINE+10]]:3: remark: pipelined loop with 3 stages
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK: cp.async.wait_group 1;

#define T 32
__global__ void rowsum(int n, int k, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  const int row = blockIdx.x * T + threadIdx.y;
  float acc = 0.0f;
  int ntiles = (k + T - 1) / T;
  for (int t = 0; t < ntiles; ++t) {
    int col = t * T + threadIdx.x;
    tile[threadIdx.y][threadIdx.x] = (row < n && col < k) ? a[(size_t)row * k + col] : 0.0f;
    __syncthreads();
    for (int j = 0; j < T; ++j)
      acc += tile[threadIdx.y][j] * tile[j][threadIdx.x];
    __syncthreads();
  }
  if (row < n)
    out[row * T + threadIdx.x] = acc;
}
