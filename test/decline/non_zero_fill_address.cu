// Near miss: a copy loop padded with a constant that holds an address (a
// sentinel pointer's low word beside a 1). cp.async copies a fill only from
// a global of plain bytes: an address in a global's initializer cannot be
// cut into lanes, nor name every state space. The register lowering could
// stage it, but only a copy loop it can unroll completely, and this one runs
// 16 times, more than the 8 it unrolls. Declined, the loop as written.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S %s -o %t.plain.ptx
// RUN: diff %t.plain.ptx %t.ptx
typedef int v2i __attribute__((ext_vector_type(2)));
__device__ int sentinel;

__global__ void __launch_bounds__(256) padWithAddress(int n, const v2i *__restrict__ in,
                                                      v2i *__restrict__ out) {
  __shared__ v2i tile[4096];
  v2i acc = {0, 0};
  // CHECK: non_zero_fill_address.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and the copy into tile 'tile' writes {{.*}} where its guard fails; cp.async writes zeros, or a constant of plain bytes (integers and floats, not addresses) copied from a global{{.*}}; nor is it unrolled for the register lowering: a loop of the copy stage may run 16 times, more than the 8 the register lowering unrolls a copy loop to
  for (int k = 0; k < n; k += 500) {
#pragma unroll 1
    for (int i = threadIdx.x; i < 4096; i += 256)
      tile[i] = k + i < n ? in[k + i] : (v2i){(int)(unsigned long long)&sentinel, 1};
    __syncthreads();
    acc += tile[(threadIdx.x * 3) % 4096];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
