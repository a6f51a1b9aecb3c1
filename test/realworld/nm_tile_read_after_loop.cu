// Near miss of issue 9, part 4: code after the tile loop reads the tile
// (the last tile's first element, for a carry), so it sees what the loop
// left there. A ring private to the loop would leave the tile stale: it
// must stay declined.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__global__ void scanCarry(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_tile_read_after_loop.cu:[[@LINE+1]]:3: remark: loop not pipelined: tile 'tile' is also used outside the loop: read there, after the loop, where it sees what the loop left in the tile
  for (int t = 0; t < ntiles; ++t) {
    tile[tid] = in[t * 256 + tid];
    __syncthreads();
    acc += tile[255 - tid];
    __syncthreads();
  }
  out[tid] = acc + tile[0];
}
