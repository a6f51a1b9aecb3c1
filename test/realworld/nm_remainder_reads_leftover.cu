// Near miss: the loop after the tile loop reuses the
// last tile (a "tail" that reads the tile without copying into it first),
// so it reads what the tile loop left there. A ring private to the tile
// loop would leave the tile stale: it must stay declined.
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-copy-back --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=CB
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// In place (the default) the tile keeps what the loop leaves there, so the
// loop is pipelined that way; as a ring it stays declined (in-place=off).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.inplace.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -fplugin-arg-pipeline-profitability=off 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.inplace.ptx -o /dev/null %}
// IN-PLACE: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; {{.*}}; no ring: tile 'tile' is read by the loop at line

template <int T>
__global__ void lastTileTwice(int ntiles, int extra, const float *__restrict__ in,
                              float *__restrict__ out) {
  __shared__ float tile[T];
  const int tid = threadIdx.x;
  float acc = 0.0f;
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
