// Grid-stride tile loops, as persistent kernels write them: each block
// walks tiles blockIdx.x, blockIdx.x + gridDim.x, ... and the source and
// destination are plain pointers that may be the same array (an in-place
// update is a legal call). The counter steps by gridDim.x, which C adds in
// unsigned arithmetic, so the increment has no no-wrap flag and
// ScalarEvolution computes no trip count: the runtime alias check counts
// the iterations from the latch compare, under a condition that no
// increment wraps, and compares each iteration's write with the next
// iterations' copies (the windows move by the step, gridDim.x tiles).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR --implicit-check-not="div i128"
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
#define TILE 256

__device__ float combine(float a, float b) { return a * 0.5f + b; }

__global__ void __launch_bounds__(TILE) scaleTiles(int ntiles, const float *in, float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: grid_stride_in_place.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 's' {{.*}}with a runtime alias check{{.*}}[sm_80, kernel 'scaleTiles(
  for (int t = blockIdx.x; t < ntiles; t += gridDim.x) {
    s[tid] = in[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 1) % TILE];
    out[(size_t)t * TILE + tid] = combine(s[(tid * 7) % TILE], acc);
    __syncthreads();
  }
}

// The same over elements: the base steps by gridDim.x * TILE, unsigned,
// and the last tile is zero-filled past n.
__global__ void __launch_bounds__(TILE) smoothRows(unsigned n, const float *in, float *out) {
  __shared__ float s[TILE];
  const unsigned tid = threadIdx.x;
  // CHECK-DAG: grid_stride_in_place.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 's' {{.*}}with a runtime alias check{{.*}}[sm_80, kernel 'smoothRows(
  for (unsigned base = blockIdx.x * TILE; base < n; base += gridDim.x * TILE) {
    const unsigned i = base + tid;
    s[tid] = i < n ? in[i] : 0.0f;
    __syncthreads();
    const float v = 0.25f * s[tid > 0 ? tid - 1 : tid] + 0.5f * s[tid] +
                    0.25f * s[tid + 1 < TILE ? tid + 1 : tid];
    if (i < n)
      out[i] = v;
    __syncthreads();
  }
}

// A 2-D grid walking one list of tiles, and a walk down it.
__global__ void __launch_bounds__(TILE) sumTiles2D(int ntiles, const float *in, float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: grid_stride_in_place.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 's' {{.*}}with a runtime alias check{{.*}}[sm_80, kernel 'sumTiles2D(
  for (int t = blockIdx.y * gridDim.x + blockIdx.x; t < ntiles; t += gridDim.x * gridDim.y) {
    s[tid] = in[t * TILE + tid];
    __syncthreads();
    acc = acc * 0.75f + s[(tid * 3) % TILE];
    out[t * TILE + tid] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(TILE) scaleTilesDown(int ntiles, const float *in, float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: grid_stride_in_place.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 's' {{.*}}with a runtime alias check{{.*}}[sm_80, kernel 'scaleTilesDown(
  for (int t = ntiles - 1 - (int)blockIdx.x; t >= 0; t -= gridDim.x) {
    s[tid] = in[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 5) % TILE];
    out[(size_t)t * TILE + tid] = acc;
    __syncthreads();
  }
}

// A stride of unknown sign, a kernel argument: the check also tests that
// it moves the counter toward the bound (stride >= 1).
__global__ void __launch_bounds__(TILE) strideTiles(int ntiles, int stride, const float *in,
                                                    float *out) {
  __shared__ float s[TILE];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  // CHECK-DAG: grid_stride_in_place.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 's' {{.*}}with a runtime alias check{{.*}}[sm_80, kernel 'strideTiles(
  for (int t = blockIdx.x; t < ntiles; t += stride) {
    s[tid] = in[(size_t)t * TILE + tid];
    __syncthreads();
    acc += s[(tid + 1) % TILE];
    out[(size_t)t * TILE + tid] = acc;
    __syncthreads();
  }
}

// The check tests that no increment wraps the counter: the largest value
// incremented plus the step stays below 2^31 (signed) or 2^32 (unsigned);
// the count divides by the step in 64 bits, never 128. A step the source
// does not prove positive (a product of the grid's sizes may wrap to zero,
// a kernel argument may be negative) is tested too. (The walk down gets
// its count from ScalarEvolution.) A work list's tiles are a near miss:
// nm_alias_work_list.cu.
// IR-LABEL: define {{.*}}@_Z10scaleTilesiPKfPf(
// IR: icmp sgt i128 %{{[0-9]+}}, 2147483647
// IR-LABEL: define {{.*}}@_Z10smoothRowsjPKfPf(
// IR: icmp sgt i128 %{{[0-9]+}}, 4294967295
// IR-LABEL: define {{.*}}@_Z10sumTiles2DiPKfPf(
// IR: icmp slt i128 %{{[0-9]+}}, 1
// IR: icmp sgt i128 %{{[0-9]+}}, 2147483647
// IR-LABEL: define {{.*}}@_Z11strideTilesiiPKfPf(
// IR: icmp slt i128 %{{[0-9]+}}, 1
