// Near miss of shape 3: two copies by one thread into one tile that really
// can write the same element (thread 0 writes tile[0] twice, from two
// different sources; with cp.async nothing orders them). Must stay declined.
// Today: OverlappingCopies.
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// In place (the default) the stores keep their order, so the loop is pipelined
// that way; as a ring it stays declined (in-place=off).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.inplace.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -fplugin-arg-pipeline-profitability=off 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.inplace.ptx -o /dev/null %}
// IN-PLACE: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; {{.*}}; no ring: two copies into tile 'tile' may write the same bytes

__global__ void overlapping(int ntiles, const float *__restrict__ a, const float *__restrict__ b,
                            float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_overlapping_copies.cu:[[@LINE+1]]:3: remark: loop not pipelined: two copies into tile 'tile' may write the same bytes
  for (int t = 0; t < ntiles; ++t) {
    tile[tid] = a[t * 256 + tid];
    tile[(tid * 3) % 256] = b[t * 256 + tid];
    __syncthreads();
    acc += tile[255 - tid];
    __syncthreads();
  }
  out[tid] = acc;
}
