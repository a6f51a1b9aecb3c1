// A streaming kernel without __restrict__ that
// writes its output inside the tile loop. The loop is versioned: before it,
// one thread initializes the scratch, the block's write range is folded in
// with 64-bit shared atomics, and bar.red.or (__syncthreads_or) takes the
// decision for the whole block; then the pipelined loop (cp.async, one
// barrier) or the original one (ld.global/st.shared, two barriers).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// CHECK-LABEL: .entry _Z8rowScaleIiEvT_PKfPf(
// CHECK: .shared .align 8 .b8 pl_$_alias_$_scratch[16];
// CHECK: st.shared.{{u64|b64}} [pl_$_alias_$_scratch], {{%rd[0-9]+|-1}};
// CHECK: st.shared.{{u64|b64}} [pl_$_alias_$_scratch+8], {{%rd[0-9]+|0}};
// CHECK: bar.sync 0;
// CHECK: atom.shared.min.u64
// CHECK: atom.shared.max.u64
// CHECK-NEXT: bar.sync 0;
// CHECK-NEXT: ld.shared.{{u64|b64}} %rd{{[0-9]+}}, [pl_$_alias_$_scratch];
// CHECK-NEXT: ld.shared.{{u64|b64}} %rd{{[0-9]+}}, [pl_$_alias_$_scratch+8];
// CHECK: bar.red.or.pred
// The original loop: a synchronous copy between two barriers.
// CHECK: ld.global.{{f32|b32}}
// CHECK-NEXT: st.shared.{{f32|b32}}
// CHECK-NEXT: bar.sync 0;
// CHECK: bar.sync 0;
// The pipelined loop.
// CHECK: cp.async.ca.shared.global
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK: cp.async.wait_group 0;

template <typename Index>
__global__ void __launch_bounds__(256) rowScale(Index ntiles, const float *in, float *out) {
  __shared__ float tile[256];
  const Index base = blockIdx.x * ntiles;
  // REMARK: alias_check.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; with a runtime alias check; cp.async
  for (Index t = 0; t < ntiles; ++t) {
    tile[threadIdx.x] = in[(base + t) * 256 + threadIdx.x];
    __syncthreads();
    out[(base + t) * 256 + threadIdx.x] = 0.5f * tile[255 - threadIdx.x] + tile[threadIdx.x];
    __syncthreads();
  }
}

template __global__ void rowScale<int>(int, const float *, float *);
