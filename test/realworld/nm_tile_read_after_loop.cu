// Near miss: code after the tile loop reads the tile
// (the last tile's first element, for a carry), so it sees what the loop
// left there. A ring private to the loop would leave the tile stale: it
// must stay declined. With the copy-back argument it is pipelined, and the
// last slot goes back into the tile after the loop.
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-copy-back --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=CB
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// In place (the default) the tile keeps what the loop leaves there, so the
// loop is pipelined that way; as a ring it stays declined (in-place=off).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.inplace.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -fplugin-arg-pipeline-profitability=off 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.inplace.ptx -o /dev/null %}
// IN-PLACE: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; {{.*}}; no ring: tile 'tile' is also used outside the loop: read there, after the loop

__global__ void scanCarry(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CB: nm_tile_read_after_loop.cu:[[@LINE+2]]:3: remark: pipelined loop with 3 stages{{.*}}; copies the last slot back into tile 'tile'; cp.async
  // CHECK: nm_tile_read_after_loop.cu:[[@LINE+1]]:3: remark: loop not pipelined: tile 'tile' is also used outside the loop: read there, after the loop, where it sees what the loop left in the tile
  for (int t = 0; t < ntiles; ++t) {
    tile[tid] = in[t * 256 + tid];
    __syncthreads();
    acc += tile[255 - tid];
    __syncthreads();
  }
  out[tid] = acc + tile[0];
}
