// A loop that writes each tile back where it read it, through the one
// pointer it copies from (`a[tile i] = f(tile i)`): no __restrict__ can
// help, and over the whole loop its writes overlap its copies. The runtime
// alias check compares them per iteration instead (docs/design.md,
// "Runtime alias checks"): both move by 1024 bytes per iteration in every
// thread, and a ring of S stages issues the copies of iterations i+1 ..
// i+S-1 before the writes of iteration i, so the block's writes on
// iteration 0 are tested against each copy's window 1024, 2048, ...
// (S-1)*1024 bytes on, and the loop runs pipelined. The same loop writing
// the next tile instead is checked the same way, and its check finds the
// overlap at run time (test/gpu/alias_interval.cu launches both kinds).
// A write that may come before a copy of its own iteration (in the copy
// stage, or before a sync-first loop's top barrier) is compared with that
// copy too: the ring issues the copy before it.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.ll -fplugin-arg-pipeline-stages=4 -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-stages=4 -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// ANALYSIS: remark: runtime alias check before the loop, once per block: each thread's 1 copied range on each of the 3 iterations issued ahead of a write against the block's union of 1 written range on one iteration (every access moves by one step per iteration) (3 barriers, 2 shared atomics per thread); where they may overlap, the original loop runs{{.*}}kernel 'scaleInPlace
// ANALYSIS: remark: runtime alias check before the loop, once per block: each thread's 1 copied range on each of the 4 iterations issued ahead of a write (its own included: a write may come before a copy) against the block's union of 1 written range on one iteration{{.*}}kernel 'writeThenCopy
// ANALYSIS: remark: runtime alias check before the loop, once per block: each thread's 1 copied range on each of the 4 iterations issued ahead of a write (its own included: a write may come before a copy){{.*}}kernel 'syncFirstWrite
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -fplugin-arg-pipeline-stages=4
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
//
// IR-LABEL: define {{.*}} @_Z12scaleInPlaceiPf(
// IR: atomicrmw umin ptr addrspace(3) @pl.alias.scratch
// IR-DAG: add i64 %{{[0-9]+}}, 1024
// IR-DAG: add i64 %{{[0-9]+}}, 2048
// IR-DAG: add i64 %{{[0-9]+}}, 3072
// IR: call {{i32|i1}} @[[SYNC_OR]](
// IR: cp.async

__global__ void __launch_bounds__(256) scaleInPlace(int ntiles, float *a) {
  __shared__ float t[256];
  // CHECK: alias_per_iteration.cu:[[@LINE+1]]:3: remark: pipelined loop with 4 stages: tile 't' {{.*}}; with a runtime alias check
  for (int i = 0; i < ntiles; ++i) {
    t[threadIdx.x] = a[i * 256 + threadIdx.x];
    __syncthreads();
    a[i * 256 + threadIdx.x] = t[255 - threadIdx.x] * 2.0f;
    __syncthreads();
  }
}

// The copy stage writes the tile's place before copying it (`b` may be `a`).
__global__ void __launch_bounds__(256) writeThenCopy(int n, float *a, float *b, float *out) {
  __shared__ float t[256];
  float acc = 0;
  // CHECK: alias_per_iteration.cu:[[@LINE+1]]:3: remark: pipelined loop with 4 stages: {{.*}}; with a runtime alias check
  for (int i = 0; i < n; ++i) {
    b[i * 256 + threadIdx.x] = acc;
    t[threadIdx.x] = a[i * 256 + threadIdx.x];
    __syncthreads();
    acc += t[255 - threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

// A sync-first loop writes, before its top barrier, what another thread
// then copies in the same iteration.
__global__ void __launch_bounds__(256) syncFirstWrite(int n, float *a, float *out) {
  __shared__ float t[256];
  float acc = 0;
  // CHECK: alias_per_iteration.cu:[[@LINE+1]]:3: remark: pipelined loop with 4 stages: {{.*}}; with a runtime alias check
  for (int i = 0; i < n; ++i) {
    a[i * 256 + (threadIdx.x ^ 1)] = acc + 1.0f;
    __syncthreads();
    t[threadIdx.x] = a[i * 256 + threadIdx.x];
    __syncthreads();
    acc += t[255 - threadIdx.x];
  }
  out[threadIdx.x] = acc;
}
