// The tile counter steps by the tile width, `k += 256`,
// and the loop stores its running sums inside it (no __restrict__).
// ScalarEvolution computes no trip count here (llvm.nvvm.barrier0 is not
// willreturn, so it cannot use the increment's nsw), so the check uses the
// latch compare's count (trip.h's latch form, exact because of that nsw):
// max(K - 1, 0) / 256. Both accesses move by 1024 bytes per iteration in
// every thread, so the check is per iteration: the block's writes on
// iteration 0 against the copies the ring issues ahead of them, on
// iterations 1 .. S-1 (1024 bytes further per iteration); that no address
// leaves [0, 2^64) on any iteration is tested at both ends of the count,
// in 128 bits. Called in place (out == in), it runs pipelined too: each
// iteration writes the tile it has read.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// IR: %[[M:[0-9]+]] = call i64 @llvm.smax.i64(i64 %{{[0-9]+}}, i64 0)
// IR-NEXT: %[[Z:[0-9]+]] = zext nneg i64 %[[M]] to i128
// IR-NEXT: lshr i128 %[[Z]], 8
// IR: icmp sgt i128 %{{[0-9]+}}, 18446744073709551615
// IR: atomicrmw umin ptr addrspace(3) @pl.alias.scratch
// IR: add i64 %{{[0-9]+}}, 1024
// IR-NEXT: add i64 %{{[0-9]+}}, 1024
// IR-NEXT: icmp ult i64
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
