// The loop after the tile loop reuses the last tile (a "tail" that reads
// the tile without copying into it first), so it reads what the tile loop
// left there. By default the ring ends on slot 0, which takes the tile's
// place, so the tail reads the last tile there.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.last.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=LAST
// RUN: FileCheck %s --check-prefix=LAST-PTX < %t.last.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.last.ptx -o /dev/null %}
// LAST-PTX-NOT: E4tile[
// LAST-PTX: .shared .align 16 .b8 _ZZ13lastTileTwiceILi128EEviiPKfPfE4tile_$_ring[1536];
// LAST-PTX-NOT: E4tile[
// LAST-PTX: cp.async.wait_group 0;
// LAST-PTX-NEXT: bar.sync 0;
// Under last-slot=off a ring private to the tile loop would leave the tile
// stale: it stays declined, or copies the last slot back (copy-back).
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off -fplugin-arg-pipeline-last-slot=off -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-last-slot=off -fplugin-arg-pipeline-copy-back --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=CB
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// In place the tile keeps what the loop leaves there (last-slot=off).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.inplace.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-last-slot=off 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.inplace.ptx -o /dev/null %}
// IN-PLACE: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; {{.*}}; no ring: tile 'tile' is read by the loop at line

template <int T>
__global__ void lastTileTwice(int ntiles, int extra, const float *__restrict__ in,
                              float *__restrict__ out) {
  __shared__ float tile[T];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // LAST: nm_remainder_reads_leftover.cu:[[@LINE+3]]:3: remark: pipelined loop with 3 stages: {{.*}}; the last iteration fills slot 0 of the ring, the bytes of tile 'tile', which is read after the loop; cp.async
  // CB: nm_remainder_reads_leftover.cu:[[@LINE+2]]:3: remark: pipelined loop with 3 stages{{.*}}; copies the last slot back into tile 'tile'; cp.async
  // CHECK: nm_remainder_reads_leftover.cu:[[@LINE+1]]:3: remark: loop not pipelined: tile 'tile' is read by the loop at line [[@LINE+9]], which does not copy into it first, so it reads what this loop leaves in the tile
  for (int t = 0; t < ntiles; ++t) {
    tile[tid] = in[t * T + tid];
    __syncthreads();
    acc += tile[(tid + 1) % T];
    __syncthreads();
  }
  // the remainder: the last tile again, without a copy
  __syncthreads();
  for (int e = 0; e < extra; ++e) {
    acc += tile[(tid + e) % T];
    __syncthreads();
  }
  out[tid] = acc;
}

template __global__ void lastTileTwice<128>(int, int, const float *, float *);
