// The tile counter steps by the tile width, `k += 256`,
// and the loop stores its running sums inside it (no __restrict__).
// ScalarEvolution computes no trip count here (llvm.nvvm.barrier0 is not
// willreturn, so it cannot use the increment's nsw), so the ranges use the
// latch compare's count (trip.h's latch form, exact because of that nsw):
// max(K - 1, 0) / 256. Without a SCEV count no SCEV predicate can be
// expanded, so the pointers must be add-recurrences as they are, and the
// check tests at run time that none wraps (start + step * count in 128
// bits).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR: %[[M:[0-9]+]] = call i64 @llvm.smax.i64(i64 %{{[0-9]+}}, i64 0)
// IR-NEXT: lshr i64 %[[M]], 8
// IR: icmp ugt i128 %{{[0-9]+}}, 18446744073709551615
// IR: icmp ugt i128 %{{[0-9]+}}, 18446744073709551615
// IR: call {{i32|i1}} @[[SYNC_OR]](

__global__ void __launch_bounds__(256) prefixTiles(int K, const float *in, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: alias_strided_counter.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'tile' {{.*}}; with a runtime alias check
  for (int k = 0; k < K; k += 256) {
    tile[threadIdx.x] = in[k + threadIdx.x];
    __syncthreads();
    acc += tile[255 - threadIdx.x];
    out[k + threadIdx.x] = acc;
    __syncthreads();
  }
}
