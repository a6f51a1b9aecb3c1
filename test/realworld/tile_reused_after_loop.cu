// A tile array reused after its loop: each thread stores into it after the
// loop and reads back what it stored (a staging buffer beside a reduction
// array). No execution of the loop can follow the store, and the load
// reads its own thread's store, so what the loop left in the tile is never
// read: the loop is pipelined, and the tile stays for the code after it.
// A read of another thread's store after the loop (which may read bytes the
// loop left, if no thread stores them) is pipelined with a ring that ends
// on slot 0, which takes the tile's place for the store and the read.
// Near misses, which get no ring (and so are pipelined in place, their
// tile kept as it was): the same reuse inside an outer loop, where a
// thread stores into bytes its copies do not write, and warps that store
// and exit while the others run the loop (the loop reads bytes no copy
// writes, which only slot 0 would hold).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
#define T 256

__global__ void __launch_bounds__(T) stageThenRead(int n, const float *__restrict__ x,
                                                   float *__restrict__ out) {
  __shared__ float tile[T];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: tile_reused_after_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'tile' {{.*}}[sm_80, kernel 'stageThenRead(
  for (int k = 0; k < n; k += T) {
    tile[tid] = x[(size_t)blockIdx.x * n + k + tid];
    __syncthreads();
    acc += tile[(tid * 5) % T];
    __syncthreads();
  }
  tile[tid] = acc * 2.0f;
  __syncthreads();
  out[blockIdx.x * T + tid] = tile[tid] + acc;
}

__global__ void __launch_bounds__(T) transposedRead(int n, const float *__restrict__ x,
                                                    float *__restrict__ out) {
  __shared__ float tile[T];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: tile_reused_after_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1024 -> 3072 bytes; {{.*}}; the last iteration fills slot 0 of the ring, the bytes of tile 'tile', which is read after the loop; cp.async [sm_80, kernel 'transposedRead(
  for (int k = 0; k < n; k += T) {
    tile[tid] = x[(size_t)blockIdx.x * n + k + tid];
    __syncthreads();
    acc += tile[(tid * 5) % T];
    __syncthreads();
  }
  tile[tid] = acc;
  __syncthreads();
  out[blockIdx.x * T + tid] = tile[T - 1 - tid];
}

__global__ void __launch_bounds__(T) batches(int nb, int n, const float *__restrict__ x,
                                             float *__restrict__ out) {
  __shared__ float tile[T];
  const int tid = threadIdx.x;
  for (int b = 0; b < nb; ++b) {
    float acc = 0.0f;
    // CHECK-DAG: tile_reused_after_loop.cu:[[@LINE+1]]:5: remark: pipelined loop in place {{.*}}no ring: tile 'tile' is also used outside the loop: written there in bytes that the loop's copies do not overwrite{{.*}}[sm_80, kernel 'batches(
    for (int k = 0; k < n; k += T) {
      tile[tid] = x[((size_t)b * gridDim.x + blockIdx.x) * n + k + tid];
      __syncthreads();
      acc += tile[(tid * 5) % T];
      __syncthreads();
    }
    tile[(tid + 1) % T] = acc;
    out[(b * gridDim.x + blockIdx.x) * T + tid] = tile[(tid + 1) % T];
    __syncthreads();
  }
}
// Near misses with warps that exit: warps 8-15 store weights into the
// upper half of the tile and leave after one barrier (bar.sync then waits
// only for the rest); warps 0-7 run the loop, which reads those weights.
// No path from the stores reaches the loop, yet they precede it: the loop
// must keep its tile (in place). (Weights stored at the very addresses the
// copies write, tile[tid], by warps that never run the copies, are a known
// gap: docs/design.md, "Known limitations".)
__global__ void __launch_bounds__(2 * T) weightsThenExit(int n, const float *__restrict__ x,
                                                         const float *__restrict__ b,
                                                         float *__restrict__ out) {
  __shared__ float tile[2 * T];
  const int tid = threadIdx.x;
  if (tid >= T) {
    tile[3 * T - 1 - tid] = b[tid - T] * 2.0f;
    __syncthreads();
    return;
  }
  __syncthreads();
  float acc = 0.0f;
  // CHECK-DAG: tile_reused_after_loop.cu:[[@LINE+1]]:3: remark: pipelined loop in place {{.*}}no ring: tile 'tile' is also used outside the loop: written there in bytes that the loop's copies do not overwrite{{.*}}[sm_80, kernel 'weightsThenExit(
  for (int k = 0; k < n; k += T) {
    tile[tid] = x[(size_t)blockIdx.x * n + k + tid];
    __syncthreads();
    acc += tile[(tid * 5) % T] + tile[T + tid];
    __syncthreads();
  }
  out[blockIdx.x * T + tid] = acc;
}

// The staging store and its read use the tile itself, not the ring:
// PTX-LABEL: .entry _Z13stageThenReadiPKfPf(
// PTX: .shared .align 4 .b8 _ZZ13stageThenReadiPKfPfE4tile[1024];
// PTX: .shared .align 16 .b8 _ZZ13stageThenReadiPKfPfE4tile_$_ring[3072];
// PTX: cp.async.ca.shared.global
// PTX: mov.{{[ub]}}64 %rd[[T:[0-9]+]], _ZZ13stageThenReadiPKfPfE4tile;
// PTX: add.s64 %rd[[A:[0-9]+]], %rd[[T]],
// PTX: st.shared.{{[fb]}}32 [%rd[[A]]],
// PTX: ld.shared.{{[fb]}}32 %{{[fr][0-9]+}}, [%rd[[A]]];

// After the loop, transposedRead's store and read use slot 0 of the ring
// (its tile is gone), behind the drain and the exit barrier:
// PTX-LABEL: .entry _Z14transposedReadiPKfPf(
// PTX-NOT: E4tile[
// PTX: .shared .align 16 .b8 _ZZ14transposedReadiPKfPfE4tile_$_ring[3072];
// PTX-NOT: E4tile[
// PTX: cp.async.wait_group 0;
// PTX-NEXT: bar.sync 0;
// PTX: st.shared.{{[fb]}}32
// PTX: bar.sync 0;
// PTX: ld.shared.{{[fb]}}32
// PTX-LABEL: .entry _Z7batches
