// Near miss: a kernel already pipelined by hand with cp.async in inline
// PTX (as CUTLASS-free hand-tuned code does): the copies are asm
// statements, not a load and a store. The plugin must leave it alone.
// Declined as AlreadyPipelined: the plugin leaves hand-pipelined kernels alone.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"

__device__ __forceinline__ void cpAsync4(void *smem, const void *gmem) {
  const unsigned s = static_cast<unsigned>(__cvta_generic_to_shared(smem));
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(s), "l"(gmem) : "memory");
}
__device__ __forceinline__ void cpAsyncCommit() {
  asm volatile("cp.async.commit_group;" ::: "memory");
}
__device__ __forceinline__ void cpAsyncWait1() {
  asm volatile("cp.async.wait_group 1;" ::: "memory");
}

__global__ void __launch_bounds__(256)
    handRing(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ __align__(16) float tile[2][256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  if (ntiles > 0)
    cpAsync4(&tile[0][tid], &in[tid]);
  cpAsyncCommit();
  // CHECK: nm_cp_async_asm.cu:[[@LINE+1]]:3: remark: loop not pipelined: the kernel already moves data asynchronously itself (cp.async, mbarriers or bulk copies), so the pass adds no ring of its own: its loops are pipelined already
  for (int t = 0; t < ntiles; ++t) {
    if (t + 1 < ntiles)
      cpAsync4(&tile[(t + 1) & 1][tid], &in[(size_t)(t + 1) * 256 + tid]);
    cpAsyncCommit();
    cpAsyncWait1();
    __syncthreads();
    acc += tile[t & 1][255 - tid];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}
