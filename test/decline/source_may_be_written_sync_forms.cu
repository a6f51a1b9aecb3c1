// Synchronization between blocks or grids in other forms than a fence,
// each ordering this iteration's copies after what another block or grid
// wrote before it, which a ring issuing them iterations earlier would not:
// a cluster barrier (release and acquire by default), programmatic
// dependent launch's wait, one asm statement holding a block-scoped and a
// device-wide instruction, a lock helper spinning on atomicCAS, and a call
// through a pointer (code the pass cannot see). Each is declined, and the
// PTX is the plugin-free build's.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined"
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S %s -o %t.plain.ptx
// RUN: diff %t.plain.ptx %t.ptx
#define TILE 256

#define TILE_LOOP_BEGIN                                                                            \
  __shared__ float s[TILE];                                                                        \
  const int tid = threadIdx.x;                                                                     \
  float acc = 0.f;                                                                                 \
  for (int t = 0; t < ntiles; ++t) {                                                               \
    s[tid] = in[(size_t)t * TILE + tid];                                                           \
    __syncthreads();                                                                               \
    acc += s[(tid + 7) % TILE];
#define TILE_LOOP_END                                                                              \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[(size_t)blockIdx.x * TILE + tid] = acc;

// CHECK-DAG: remark: loop not pipelined: the loop has a memory fence or an acquire or release access{{.*}}kernel 'clusterBarrier(
__global__ void __launch_bounds__(TILE) clusterBarrier(int ntiles, const float *__restrict__ in,
                                                       float *__restrict__ out) {
  TILE_LOOP_BEGIN
  asm volatile("barrier.cluster.arrive;\n\tbarrier.cluster.wait;" ::: "memory");
  TILE_LOOP_END
}

// CHECK-DAG: remark: loop not pipelined: the loop has a memory fence or an acquire or release access{{.*}}kernel 'dependentGrid(
__global__ void __launch_bounds__(TILE) dependentGrid(int ntiles, const float *__restrict__ in,
                                                      float *__restrict__ out) {
  TILE_LOOP_BEGIN
  if (t == ntiles / 2)
    asm volatile("griddepcontrol.wait;" ::: "memory");
  TILE_LOOP_END
}

// CHECK-DAG: remark: loop not pipelined: the loop has a memory fence or an acquire or release access{{.*}}kernel 'mixedScopes(
__global__ void __launch_bounds__(TILE) mixedScopes(int ntiles, const float *__restrict__ in,
                                                    float *__restrict__ out) {
  TILE_LOOP_BEGIN
  asm volatile("fence.acq_rel.cta;\n\tmembar.gl;" ::: "memory");
  TILE_LOOP_END
}

__device__ __noinline__ void lock(int *m) {
  while (atomicCAS(m, 0, 1) != 0) {
  }
}
__device__ __noinline__ void unlock(int *m) { atomicExch(m, 0); }
// CHECK-DAG: remark: loop not pipelined: the loop branches on the result of an atomic (a spin or a handshake with other blocks){{.*}}kernel 'lockHelper(
__global__ void __launch_bounds__(TILE) lockHelper(int ntiles, const float *__restrict__ in,
                                                   float *__restrict__ out, int *__restrict__ m,
                                                   float *__restrict__ total) {
  TILE_LOOP_BEGIN
  if (tid == 0) {
    lock(m);
    *total += acc;
    unlock(m);
  }
  TILE_LOOP_END
}

__device__ __noinline__ void publishA(float *p) { __threadfence(); }
__device__ __noinline__ void publishB(float *p) { __threadfence_system(); }
// CHECK-DAG: remark: loop not pipelined: the loop calls code the pass cannot see (a call through a pointer, or a function it calls more than 4 calls deep){{.*}}kernel 'throughPointer(
__global__ void __launch_bounds__(TILE) throughPointer(int ntiles, const float *__restrict__ in,
                                                       float *__restrict__ out) {
  void (*table[2])(float *) = {publishA, publishB};
  TILE_LOOP_BEGIN
  if (tid == 0)
    table[t & 1](out);
  TILE_LOOP_END
}
