// Inline-PTX cp.async helpers for the hand-written reference kernels
// (PTX ISA, "cp.async", "cp.async.commit_group", "cp.async.wait_group").
#ifndef BENCH_CP_ASYNC_CUH
#define BENCH_CP_ASYNC_CUH

__device__ __forceinline__ unsigned pl_smem_addr(const void *p) {
  unsigned r;
  asm("{ .reg .u64 t; cvta.to.shared.u64 t, %1; cvt.u32.u64 %0, t; }" : "=r"(r) : "l"(p));
  return r;
}
__device__ __forceinline__ void pl_cp_async4(void *smem, const void *gmem) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(pl_smem_addr(smem)),
               "l"(gmem)
               : "memory");
}
__device__ __forceinline__ void pl_cp_async16(void *smem, const void *gmem) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(pl_smem_addr(smem)),
               "l"(gmem)
               : "memory");
}
// 16 bytes through L1 (.ca): for tiles whose bytes the next tile reads
// again (a halo), which .cg would fetch from L2 once more.
__device__ __forceinline__ void pl_cp_async16ca(void *smem, const void *gmem) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 16;" ::"r"(pl_smem_addr(smem)),
               "l"(gmem)
               : "memory");
}
// Zero-filling forms: copy `n` bytes of the cp-size, fill the rest with zeros.
__device__ __forceinline__ void pl_cp_async4z(void *smem, const void *gmem, int n) {
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4, %2;" ::"r"(pl_smem_addr(smem)),
               "l"(gmem), "r"(n)
               : "memory");
}
__device__ __forceinline__ void pl_cp_async16z(void *smem, const void *gmem, int n) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16, %2;" ::"r"(pl_smem_addr(smem)),
               "l"(gmem), "r"(n)
               : "memory");
}
__device__ __forceinline__ void pl_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
template <int N> __device__ __forceinline__ void pl_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

#endif
