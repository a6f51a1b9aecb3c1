// Near miss of shape 4: a sync-first loop whose top, before the first
// barrier, publishes each thread's partial sum to global memory, which a
// neighbour reads back between the two barriers. The top barrier being
// removed is what ordered the two among threads, so the loop must stay
// declined -- and its IR unchanged (the same as with the plugin disabled).
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.with.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll
// In place (the default) both barriers stay and only the copies' loads move,
// so the loop is pipelined that way; as a ring it stays declined, its IR
// unchanged (in-place=off).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.inplace.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -fplugin-arg-pipeline-profitability=off 2>&1 | FileCheck %s --check-prefix=IN-PLACE
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.inplace.ptx -o /dev/null %}
// IN-PLACE: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; {{.*}}; no ring: a memory access before the top barrier may conflict with one between the two barriers

__global__ void publishPartials(int ntiles, const float *__restrict__ in,
                                float *__restrict__ partial, float *__restrict__ out) {
  __shared__ float tile[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK: nm_sync_first_publish.cu:[[@LINE+1]]:3: remark: loop not pipelined: a memory access before the top barrier may conflict with one between the two barriers
  for (int t = 0; t < ntiles; ++t) {
    partial[blockIdx.x * 256 + tid] = acc;
    __syncthreads();
    const float left = partial[blockIdx.x * 256 + (tid + 255) % 256];
    tile[tid] = in[(size_t)t * 256 + tid];
    __syncthreads();
    acc += tile[255 - tid] * left;
  }
  out[blockIdx.x * 256 + tid] = acc;
}
