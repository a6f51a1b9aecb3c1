// Tiles in dynamic shared memory sized by the kernel's arguments, written
// as public kernels write them: a matrix-vector product that stages the
// vector in `extern __shared__` chunks of `chunk` floats (the chunk an
// argument, the launch giving chunk * sizeof(float) bytes), and a row
// stencil whose persistent blocks stage one row of `cols` floats at a
// time. Each loop's footprint is bounded by the arguments before the loop
// (docs/design.md, "A footprint the kernel's arguments set"), and the ring
// runs where the launch's bytes give each slot that much. The matrix-vector
// product's copy loop, whose copy is a select of the load and a zero fill
// past the vector's end, is still declined for its one-to-one proof (the
// store of a value merged from two paths gives no known step); the bound of
// its footprint is not the obstacle.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -I%src_root/include -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// CHECK: dynamic_rows.cu:27:3: remark: loop not pipelined: the copy loop into tile 'xs' may write the same bytes on two of its iterations (its destination does not step by a known amount){{.*}}kernel 'gemvChunked
// clang 22 writes `row[i - 1]` as row + 4 * i - 4 under the branch `i > 0`,
// which LazyValueInfo's range at the read sees (clang 19: `zext nneg (i - 1)`).
// CHECK: dynamic_rows.cu:44:3: remark: pipelined loop with 3 stages: tile 'row' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U) -> 3 slots that share the launch's dynamic shared memory, each 1/3 of it rounded down to 128 bytes;{{.*}}kernel 'rowStencil
#include <libpipeline.h>

// y = A x, one row per thread, x staged through shared memory in chunks.
__global__ void gemvChunked(const float *__restrict__ A, const float *__restrict__ x,
                            float *__restrict__ y, int rows, int cols, int chunk) {
  extern __shared__ float xs[];
  const int r = blockIdx.x * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  for (int c0 = 0; c0 < cols; c0 += chunk) {
    for (int i = threadIdx.x; i < chunk; i += blockDim.x)
      xs[i] = c0 + i < cols ? x[c0 + i] : 0.0f;
    __syncthreads();
    if (r < rows)
      for (int j = 0; j < chunk && c0 + j < cols; ++j)
        acc += A[(size_t)r * cols + c0 + j] * xs[j];
    __syncthreads();
  }
  if (r < rows)
    y[r] = acc;
}

// Persistent blocks, one row at a time: a three-point stencil along it.
__global__ void rowStencil(const float *__restrict__ in, float *__restrict__ out, int rows,
                           int cols, float c) {
  extern __shared__ float row[];
  for (int r = blockIdx.x; r < rows; r += gridDim.x) {
    for (int i = threadIdx.x; i < cols; i += blockDim.x)
      row[i] = in[(size_t)r * cols + i];
    __syncthreads();
    for (int i = threadIdx.x; i < cols; i += blockDim.x) {
      const float left = i > 0 ? row[i - 1] : 0.0f, right = i + 1 < cols ? row[i + 1] : 0.0f;
      out[(size_t)r * cols + i] = row[i] + c * (left + right - 2.0f * row[i]);
    }
    __syncthreads();
  }
}

void launch(const float *A, const float *x, float *y, int rows, int cols, int chunk) {
  size_t bytes = pl_dynamic_smem_bytes<gemvChunked>(chunk * sizeof(float));
  gemvChunked<<<(rows + 127) / 128, 128, bytes>>>(A, x, y, rows, cols, chunk);
}
