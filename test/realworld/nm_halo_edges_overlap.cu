// Near misses of shape 9: halo copies whose predicate lets one thread write
// the same bytes twice. With cp.async nothing orders the two, so no ring;
// the in-place shape keeps the stores in their order.
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.plain.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: diff %t.plain.ll %t.ll

constexpr int BS = 16;

// Row 0 of the block loads row 0 of the tile twice: tile[ty][tx] at ty = 0
// is tile[0][tx].
__global__ void __launch_bounds__(BS * BS)
    rowZeroTwice(const float *__restrict__ in, float *__restrict__ out, int pitch, int tilesY) {
  __shared__ float tile[BS + 1][BS];
  const int tx = threadIdx.x, ty = threadIdx.y;
  // CHECK: nm_halo_edges_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: two copies into tile 'tile' may write the same bytes
  for (int t = 0; t < tilesY; ++t) {
    const int gy = t * BS + ty;
    tile[ty][tx] = in[gy * pitch + tx];
    if (ty == 0)
      tile[0][tx] = in[(gy + BS) * pitch + tx];
    __syncthreads();
    out[gy * pitch + tx] = tile[ty][tx] + tile[ty + 1][tx];
    __syncthreads();
  }
}

// Column 0 loads its own cell a second time: at tx = 0, tile[ty][tx] is
// tile[ty][0].
__global__ void __launch_bounds__(BS * BS)
    columnZeroTwice(const float *__restrict__ in, float *__restrict__ out, int pitch,
                    int tilesY) {
  __shared__ float tile[BS][BS + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  // CHECK: nm_halo_edges_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: two copies into tile 'tile' may write the same bytes
  for (int t = 0; t < tilesY; ++t) {
    const int gy = t * BS + ty;
    tile[ty][tx] = in[gy * pitch + tx];
    if (tx == 0)
      tile[ty][0] = in[gy * pitch + BS];
    __syncthreads();
    out[gy * pitch + tx] = tile[ty][tx] + tile[ty][tx + 1];
    __syncthreads();
  }
}

// Without a predicate the range decides alone: tile[ty + 1][0] is
// tile[ty][17], which thread tx = 17 of the same row writes; nothing
// bounds blockDim.x by 16 here (launch bounds give only the block's size).
__global__ void __launch_bounds__(BS * BS)
    widthUnknown(const float *__restrict__ in, float *__restrict__ out, int pitch, int tilesY) {
  __shared__ float tile[BS + 1][BS + 1];
  const int tx = threadIdx.x, ty = threadIdx.y;
  // CHECK: nm_halo_edges_overlap.cu:[[@LINE+1]]:3: remark: loop not pipelined: two copies into tile 'tile' may write the same bytes
  for (int t = 0; t < tilesY; ++t) {
    const int gy = t * BS + ty;
    tile[ty][tx] = in[gy * pitch + tx];
    tile[ty + 1][0] = in[gy * pitch + BS];
    __syncthreads();
    out[gy * pitch + tx] = tile[ty][tx] + tile[ty + 1][tx];
    __syncthreads();
  }
}
