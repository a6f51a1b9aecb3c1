// The hand-written S-stage cp.async ring that a good engineer writes, as a
// template: issue(t, slot) issues iteration t's copies into a slot with
// cp.async, compute(t, slot) computes on a slot. One barrier per iteration,
// out-of-range iterations skipped, drained on exit.
#ifndef BENCH_RING_CUH
#define BENCH_RING_CUH
#include "../cp_async.cuh"

template <int S, class Issue, class Compute>
__device__ __forceinline__ void pl_ring_loop(int T, Issue issue, Compute compute) {
#pragma unroll
  for (int s = 0; s < S - 1; ++s) {
    if (s < T)
      issue(s, s);
    pl_commit();
  }
  int slot = 0;
  for (int t = 0; t < T; ++t) {
    pl_wait<S - 2>();
    __syncthreads();
    if (t + S - 1 < T)
      issue(t + S - 1, slot == 0 ? S - 1 : slot - 1);
    pl_commit();
    compute(t, slot);
    slot = slot == S - 1 ? 0 : slot + 1;
  }
  pl_wait<0>();
}
#endif
