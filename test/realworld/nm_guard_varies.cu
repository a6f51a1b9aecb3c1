// A copy guard that changes from iteration to iteration (`tid < n - t *
// 256`) without an else writing zeros: on the last tile the skipped bytes
// keep the tile before's value, which the compute reads (`tile[255 -
// tid]`). A ring takes them from the slot before (a fix-up after the
// wait; docs/design.md, "Skipped copies"). Near miss: the same loop with
// the tile zeroed before it, whose first skipped bytes hold those zeros,
// which no slot holds: as a ring it stays declined (in-place=off,
// ConditionalCopy); in place (the default) the store stays under its
// condition in its own iteration, so the tile keeps what the source left
// there, and only the load moves ahead.
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// IN-PLACE: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; 1 copy loaded one iteration ahead into 1 register; no ring: the copy into tile 'tile' runs under a condition that changes{{.*}}zeroedFirst

__global__ void raggedNoZero(int n, int ntiles, const float *__restrict__ in,
                             float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_guard_varies.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; 1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}raggedNoZero
  for (int t = 0; t < ntiles; ++t) {
    if (tid < n - t * 256)
      tile[tid] = in[t * 256 + tid];
    __syncthreads();
    acc += tile[255 - tid];
    __syncthreads();
  }
  out[tid] = acc;
}

__global__ void zeroedFirst(int n, int ntiles, const float *__restrict__ in,
                            float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  tile[tid] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  // CHECK: nm_guard_varies.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy into tile 'tile' runs under a condition that changes from iteration to iteration and writes no zeros otherwise{{.*}}zeroedFirst
  for (int t = 0; t < ntiles; ++t) {
    if (tid < n - t * 256)
      tile[tid] = in[t * 256 + tid];
    __syncthreads();
    acc += tile[255 - tid];
    __syncthreads();
  }
  out[tid] = acc;
}
