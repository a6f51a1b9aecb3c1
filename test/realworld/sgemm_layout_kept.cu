// A float SGEMM with unpadded 2-D tiles (rows of 128 bytes), read with
// scalar loads As[ty][k] and Bs[k][tx]: no matrix reads, so nothing shows a
// bank conflict the plugin could remove (a warp reads one row of As, a
// broadcast, and consecutive words of Bs) and the default layout keeps the
// rows: no padding, no RingLayout remark. layout=padded asks for padding;
// the column tx = threadIdx.x is only known to be below 1024, so an access
// may cross a row of 32 floats and the tiles keep their rows, with a remark
// saying so. (The kernel's launch in this file, 32x32 threads, makes the
// cost model decline it: profitability=off looks at the layout alone.)
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-layout=padded -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FORCED
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}

// CHECK: sgemm_layout_kept.cu:[[@LINE+25]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'As' 4096 -> {{[0-9]+}} bytes, tile 'Bs' 4096 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes; removed the second barrier
// CHECK-NOT: rows padded
// CHECK-NOT: RingLayout
// CHECK-NOT: keeps its rows
// FORCED: sgemm_layout_kept.cu:[[@LINE+22]]:{{[0-9]+}}: remark: tile 'As' keeps its rows of 128 bytes (layout=padded asked for padding): an access of 4 bytes may cross a row of 128 bytes of the tile
// FORCED: sgemm_layout_kept.cu:[[@LINE+26]]:{{[0-9]+}}: remark: tile 'Bs' keeps its rows of 128 bytes (layout=padded asked for padding): an access of 4 bytes may cross a row of 128 bytes of the tile
// FORCED-NOT: rows padded

#include <cassert>

template <int TILE>
struct Tiles {
  float a[TILE][TILE];
  float b[TILE][TILE];
};

template <int TILE>
__global__ void sgemmTiles(int n, const float *__restrict__ A, const float *__restrict__ B,
                           float *__restrict__ C) {
  __shared__ float As[TILE][TILE];
  __shared__ float Bs[TILE][TILE];
  assert(n % TILE == 0);
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row = blockIdx.y * TILE + ty, col = blockIdx.x * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < n / TILE; ++t) {
    As[ty][tx] = A[row * n + t * TILE + tx];
    Bs[ty][tx] = B[(t * TILE + ty) * n + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < TILE; ++k)
      acc += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  C[row * n + col] = acc;
}

void launch(int n, const float *A, const float *B, float *C) {
  sgemmTiles<32><<<dim3(n / 32, n / 32), dim3(32, 32)>>>(n, A, B, C);
}
