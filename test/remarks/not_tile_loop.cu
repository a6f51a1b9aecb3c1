// -Rpass-missed reports only loops that contain a CTA
// barrier or a store into __shared__ memory. An ordinary loop (here a copy
// between global arrays, which the vectorizer splits into two loops) gets
// NotTileLoop under -Rpass-analysis only, as do the loops of a tree
// reduction and a scan over a __shared__ array, which read nothing outside
// shared memory (nothing to load ahead). A loop with a barrier that reads
// global memory but copies none into a tile is still a missed remark
// (NoTileCopy).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MISSED
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 --cuda-device-only -S %s -o /dev/null -fsave-optimization-record -foptimization-record-file=%t.yaml
// RUN: grep -B2 'Name: *NotTileLoop' %t.yaml | FileCheck %s --check-prefix=YAML

// MISSED-NOT: not a tile loop
// MISSED: not_tile_loop.cu:[[@LINE+12]]:3: remark: loop not pipelined: no copy from global memory into a __shared__ tile opens the loop body {{\[sm_80, kernel .*\]}} [-Rpass-missed=cuda-pipeline]
// MISSED-NOT: remark:
// ANALYSIS-DAG: not_tile_loop.cu:[[@LINE+29]]:3: remark: loop not pipelined: not a tile loop: the loop reads only __shared__ memory and its own arrays (a reduction, a scan or an exchange), so there is no load from global memory to issue ahead {{\[sm_80, kernel .*reduceTree.*\]}}
// ANALYSIS-DAG: not_tile_loop.cu:[[@LINE+44]]:3: remark: loop not pipelined: not a tile loop: the loop reads only __shared__ memory{{.*}}kernel {{.*scanBlock.*\]}}
// ANALYSIS-DAG: not_tile_loop.cu:[[@LINE+17]]:3: remark: loop not pipelined: not a tile loop: the loop has no barrier and stores nothing into __shared__ memory {{\[sm_80, kernel .*\]}} [-Rpass-analysis=cuda-pipeline]
// YAML: --- !Analysis
// YAML-NEXT: Pass: cuda-pipeline
// YAML-NEXT: Name: NotTileLoop
// YAML-NOT: !Missed

__global__ void barriers_only(int n, float *out) {
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    __syncthreads();
    acc += out[t];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}

__global__ void ordinary(int n, const float *__restrict__ a, float *__restrict__ out) {
  for (int i = 0; i < n; ++i)
    out[i] = a[i] * 2.0f;
}

__global__ void __launch_bounds__(256) reduceTree(int n, const float *__restrict__ in,
                                                 float *__restrict__ out) {
  __shared__ float sdata[256];
  const int tid = threadIdx.x, i = blockIdx.x * 256 + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      sdata[tid] += sdata[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    out[blockIdx.x] = sdata[0];
}

__global__ void __launch_bounds__(256) scanBlock(int n, const float *__restrict__ in,
                                                 float *__restrict__ out) {
  __shared__ float s[256];
  const int tid = threadIdx.x;
  s[tid] = in[blockIdx.x * 256 + tid];
  __syncthreads();
#pragma unroll 1
  for (int off = 1; off < n; off <<= 1) {
    const float t = tid >= off ? s[tid - off] : 0.0f;
    __syncthreads();
    s[tid] += t;
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = s[tid];
}
