// Tile reads of a ring claim the alignment their offset in the slot has, so
// that the back end's load-store vectorizer merges them into ld.shared.v4
// where ptxas, behind the slot offset, would not merge them itself -- except
// in a loop inside the tile loop whose trip count is not a constant: ptxas
// unrolls such a loop 4 times when its reads are scalar and not when they
// are ld.shared.v4 (ptxas 11.8's SASS), and it merges the scalar ones into
// LDS.128 anyway. Measured on a k-means assignment step (bench kmeans,
// whose distance loop runs min(64, k - c0) times): its 3-stage ring ran
// 0.92x plain with vector reads (the distance loop rolled), as fast as plain
// with scalar ones.
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
//
// REMARK: remark: pipelined loop with {{[2-8]}} stages{{.*}}kernel 'nearest
// REMARK: remark: pipelined loop with {{[2-8]}} stages{{.*}}kernel 'fixedRows
//
// The runtime-trip distance loop: scalar reads of the ring.
// CHECK-LABEL: .entry _Z7nearestiiPKfS0_Pi(
// CHECK-NOT: ld.shared.v4
// CHECK: ld.shared.{{[fb]}}32
// CHECK-NOT: ld.shared.v4
// CHECK-LABEL: .entry
// The constant-trip rows (unrolled by LLVM): vector reads, as before.
// CHECK-LABEL: _Z9fixedRowsiPKfPf(
// CHECK: ld.shared.v4.{{[fb]}}32

__global__ void __launch_bounds__(256) nearest(int n, int k, const float *__restrict__ pts,
                                               const float *__restrict__ cents,
                                               int *__restrict__ out) {
  __shared__ float cs[64 * 16];
  const int i = blockIdx.x * 256 + threadIdx.x;
  float p[16];
#pragma unroll
  for (int d = 0; d < 16; ++d)
    p[d] = i < n ? pts[(size_t)i * 16 + d] : 0.0f;
  float best = 3.0e38f;
  int idx = 0;
  for (int c0 = 0; c0 < k; c0 += 64) {
    const int nc = min(64, k - c0);
    for (int j = threadIdx.x; j < 64 * 16; j += 256)
      cs[j] = j < nc * 16 ? cents[(size_t)c0 * 16 + j] : 0.0f;
    __syncthreads();
    for (int c = 0; c < nc; ++c) {
      float dist = 0.0f;
#pragma unroll
      for (int d = 0; d < 16; ++d)
        dist += (p[d] - cs[c * 16 + d]) * (p[d] - cs[c * 16 + d]);
      if (dist < best) {
        best = dist;
        idx = c0 + c;
      }
    }
    __syncthreads();
  }
  if (i < n)
    out[i] = idx;
}

__global__ void __launch_bounds__(256) fixedRows(int nt, const float *__restrict__ in,
                                                 float *__restrict__ out) {
  __shared__ float t[16][64];
  const int x = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int r = 0; r < 4; ++r)
      t[x / 64 * 4 + r][x % 64] = in[((size_t)k * 16 + x / 64 * 4 + r) * 64 + x % 64];
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 8; ++j)
      acc += t[x % 16][(x / 16) * 4 % 64 + j % 4] * t[j][x % 64];
    __syncthreads();
  }
  out[blockIdx.x * 256 + x] = acc;
}
