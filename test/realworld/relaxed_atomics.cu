// Tile loops that count or histogram with CUDA's atomic functions as they
// go, and one that calls __threadfence_block(). atomicAdd and atomicCAS are
// relaxed (CUDA C++ Programming Guide, "Atomic Functions": they do not act
// as memory fences), although clang writes them as seq_cst read-modify-
// writes, for which LLVM's alias analysis answers "may write anything": the
// pass asks alias analysis about the atomic's own address instead. A
// block-scoped fence orders only what threads of the same block see.
// Near misses: an atomic on a plain pointer that may be the source, an
// atomic on the source itself, a release atomic (a hand-written grid
// barrier's arrival), a system-wide fence, a fence in a function the loop
// calls, and a branch on an atomic's result (a compare-and-swap loop: clang
// writes an explicit seq_cst one, which a handshake between blocks would
// use, as it writes atomicCAS).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
#define TILE 256

__global__ void __launch_bounds__(TILE)
    countAbove(int ntiles, float thr, const float *__restrict__ in, float *__restrict__ out,
               unsigned *__restrict__ hits) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages{{.*}}kernel 'countAbove(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    float v = s[(tid + 7) % TILE];
    acc += v;
    if (v > thr)
      atomicAdd(hits, 1u);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

// A global histogram of each tile's pairwise sums, and a running maximum
// kept with atomicMax on its bits.
__global__ void __launch_bounds__(TILE)
    histogramPairs(int ntiles, const float *__restrict__ in, unsigned *__restrict__ hist,
                   int nbins, float *__restrict__ maxOut) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  int *maxBits = reinterpret_cast<int *>(maxOut);
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  // PTX-LABEL: .entry _Z14histogramPairs
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages{{.*}}kernel 'histogramPairs(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    float v = s[tid] + s[(tid + 1) % TILE];
    int bin = min(max((int)(v * nbins), 0), nbins - 1);
    atomicAdd(&hist[bin], 1u);
    atomicMax(maxBits, __float_as_int(v)); /* v >= 0: the bits order as the values */
    __syncthreads();
  }
}
// PTX: cp.async.ca.shared.global
// PTX: atom.global.add.u32
// PTX: atom.global.max.s32
// PTX-LABEL: .entry

// __threadfence_block() after each step's store of the running value.
__global__ void __launch_bounds__(TILE)
    blockFence(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages{{.*}}kernel 'blockFence(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    acc = acc * 0.5f + s[tid ^ 1];
    out[(size_t)blockIdx.x * TILE + tid] = acc;
    __threadfence_block();
    __syncthreads();
  }
}

// Near miss: the counter is a plain pointer that may point into the source.
__global__ void __launch_bounds__(TILE)
    countMayAlias(int ntiles, const float *in, float *__restrict__ out, unsigned *hits) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 's' is copied from; mark the pointers __restrict__{{.*}}kernel 'countMayAlias(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    float v = s[(tid + 7) % TILE];
    acc += v;
    if (v > 0.f)
      atomicAdd(hits + (tid % 4), 1u);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

// Near miss: the atomic adds into the source, a tile ahead.
__global__ void __launch_bounds__(TILE) addAhead(int ntiles, float *data, float *__restrict__ out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  float *src = data + (size_t)blockIdx.x * (ntiles + 1) * TILE;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 's' is copied from{{.*}}kernel 'addAhead(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 7) % TILE];
    atomicAdd(&src[(size_t)(t + 1) * TILE + tid], 1.f);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

// Near miss: a hand-written grid barrier, as cooperative groups' grid.sync()
// is on sm_70 and later in CUDA 12: a release arrival and an acquire poll.
__global__ void __launch_bounds__(TILE) handGridSync(int nsteps, const float *__restrict__ in,
                                                     float *__restrict__ out,
                                                     unsigned *__restrict__ bar) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop has a memory fence or an acquire or release access{{.*}}kernel 'handGridSync(
  for (int k = 0; k < nsteps; ++k) {
    s[tid] = in[(size_t)k * TILE + tid];
    __syncthreads();
    acc += s[(tid + 3) % TILE];
    if (tid == 0) {
      unsigned old, now;
      asm volatile("atom.add.release.gpu.u32 %0,[%1],%2;" : "=r"(old) : "l"(bar), "r"(1u) : "memory");
      do {
        asm volatile("ld.acquire.gpu.u32 %0,[%1];" : "=r"(now) : "l"(bar) : "memory");
      } while (now - old < gridDim.x);
    }
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

// Near miss: __threadfence_system() (a fence for every observer).
__global__ void __launch_bounds__(TILE)
    systemFence(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop has a memory fence{{.*}}kernel 'systemFence(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 7) % TILE];
    __threadfence_system();
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

// Near miss: the fence is in a helper the loop calls (not inlined).
__device__ __noinline__ void publish(float *slot, float v) {
  *slot = v;
  __threadfence();
}
__global__ void __launch_bounds__(TILE)
    fenceInCallee(int ntiles, const float *__restrict__ in, float *__restrict__ out,
                  float *__restrict__ flags) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.f;
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop has a memory fence or an acquire or release access (__threadfence, a grid-wide barrier, cuda::atomic_ref, here in a function it calls){{.*}}kernel 'fenceInCallee(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 7) % TILE];
    if (tid == 0)
      publish(&flags[blockIdx.x], acc);
    __syncthreads();
  }
  out[(size_t)blockIdx.x * TILE + tid] = acc;
}

// Near miss: a running maximum kept with a compare-and-swap loop.
__global__ void __launch_bounds__(TILE)
    casMax(int ntiles, const float *__restrict__ in, float *__restrict__ maxOut) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  unsigned *maxBits = reinterpret_cast<unsigned *>(maxOut);
  const float *src = in + (size_t)blockIdx.x * ntiles * TILE;
  // CHECK-DAG: relaxed_atomics.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop branches on the result of an atomic (a spin or a handshake with other blocks){{.*}}kernel 'casMax(
  for (int t = 0; t < ntiles; ++t) {
    s[tid] = src[(size_t)t * TILE + tid];
    __syncthreads();
    float v = s[tid] + s[(tid + 1) % TILE];
    unsigned old = *maxBits, seen;
    while (v > __uint_as_float(old)) {
      seen = atomicCAS(maxBits, old, __float_as_uint(v));
      if (seen == old)
        break;
      old = seen;
    }
    __syncthreads();
  }
}
