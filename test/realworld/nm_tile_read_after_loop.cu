// Code after the tile loop reads the tile (the last tile's first element,
// for a carry), so it sees what the loop left there. By default the ring
// ends on slot 0, which takes the tile's place: the last iteration fills
// it, and the read after the drain and the exit barrier finds the last
// tile there.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.last.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=LAST
// RUN: FileCheck %s --check-prefix=LAST-PTX < %t.last.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.last.ptx -o /dev/null %}
// LAST-PTX: cp.async.wait_group 0;
// LAST-PTX-NEXT: bar.sync 0;
// LAST-PTX: ld.shared.{{[fb]}}32 {{%[fr][0-9]+}}, [_ZZ9scanCarryiPKfPfE4tile_$_ring];
// LAST-PTX-NOT: tile];
// Under last-slot=off a ring private to the loop would leave the tile
// stale: it stays declined. With the copy-back argument it is pipelined,
// and the last slot goes back into the tile after the loop.
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off -fplugin-arg-pipeline-last-slot=off -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-last-slot=off -fplugin-arg-pipeline-copy-back --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=CB
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// In place the tile keeps what the loop leaves there, so under
// last-slot=off the loop is pipelined that way.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.inplace.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-last-slot=off 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.inplace.ptx -o /dev/null %}
// IN-PLACE: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; {{.*}}; no ring: tile 'tile' is also used outside the loop: read there, after the loop

__global__ void scanCarry(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // LAST: nm_tile_read_after_loop.cu:[[@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; {{.*}}; the last iteration fills slot 0 of the ring, the bytes of tile 'tile', which is read after the loop; cp.async
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
