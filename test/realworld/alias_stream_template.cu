// A templated row transform with a store helper, written
// the way most CUDA code is -- no __restrict__ on `in` or `out`, so alias
// analysis cannot tell whether the per-tile store writes rows that a later
// iteration copies. Both ranges are known at loop entry (a step-1 tile
// counter, row-major indices), so the loop is versioned with a runtime
// alias check; callers that pass disjoint buffers get the pipelined loop.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The decision report says so too.
// RUN: rm -rf %t.rep && %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-report=%t.rep
// RUN: cat %t.rep/*.json | FileCheck %s --check-prefix=JSON
// JSON: "decision": "pipelined", "reason": "Pipelined", "message": "pipelined loop with {{[0-9]}} stages; with a runtime alias check"
#include <cassert>

namespace rows {
template <typename T> struct Scale {
  T a, b;
  __device__ T operator()(T x, T y) const { return a * x + b * y; }
};

template <typename T> __device__ __forceinline__ void put(T *row, unsigned col, T v) {
  row[col] = v;
}

template <int W, typename T, typename Op>
__global__ void __launch_bounds__(W) transformRows(int rowsPerBlock, const T *in, T *out, Op op) {
  __shared__ T line[W];
  assert(blockDim.x == W);
  const int first = blockIdx.x * rowsPerBlock;
  // CHECK: alias_stream_template.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[0-9]}} stages: tile 'line' {{.*}}; with a runtime alias check{{.*}}; cp.async [sm_80, kernel 'void rows::transformRows<256, float, rows::Scale<float>>(int, float const*, float*, rows::Scale<float>)']
  for (int r = 0; r < rowsPerBlock; ++r) {
    const T *src = in + (size_t)(first + r) * W;
    line[threadIdx.x] = src[threadIdx.x];
    __syncthreads();
    put(out + (size_t)(first + r) * W, threadIdx.x, op(line[threadIdx.x], line[W - 1 - threadIdx.x]));
    __syncthreads();
  }
}
} // namespace rows

void launch(int rows, int perBlock, const float *in, float *out) {
  rows::transformRows<256><<<rows / perBlock, 256>>>(perBlock, in, out, rows::Scale<float>{0.5f, 2.0f});
}
