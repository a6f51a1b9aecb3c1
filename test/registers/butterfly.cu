// Indices that ScalarEvolution does not model but that only loop counters
// and constants make -- `i ^ 1` (a butterfly's partner), a select -- count
// as counters (pl_scev_counter_offset looks through such integer
// operations, four levels deep): the loop is fully unrolled and the array
// leaves local memory, which it keeps with register-arrays=off and
// unroll-compute=off (the unrolled compute would unroll the butterfly's
// loop, inside the tile loop, too).
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.s -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.off.s -fplugin-arg-pipeline-register-arrays=off -fplugin-arg-pipeline-unroll-compute=off
// RUN: FileCheck %s --check-prefix=PTX-OFF < %t.off.s
// PTX: .entry _Z9butterflyiPKfPf
// PTX-NOT: __local_depot
// PTX: .entry _Z4wideiPKfPf
// PTX: __local_depot
// PTX-OFF: __local_depot0
// PTX-OFF: __local_depot1
// PTX-OFF: __local_depot2

// CHECK: butterfly.cu:[[@LINE+7]]:5: remark: loop fully unrolled (8 trips) so that a private array of 32 bytes
__global__ void butterfly(int K, const float *in, float *out) {
  __shared__ float s[1024];
  float v[8] = {0.0f};
  for (int k = 0; k < K; k += 1024) {
    s[threadIdx.x] = in[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        v[i ^ 1] += s[(threadIdx.x + 8 * i + j) & 1023] * v[j];
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i)
    out[i * 1024 + threadIdx.x] = v[i];
}

// CHECK: butterfly.cu:[[@LINE+7]]:5: remark: loop fully unrolled (8 trips) so that a private array of 32 bytes
__global__ void selected(int K, const float *in, float *out) {
  __shared__ float s[1024];
  float v[8] = {0.0f};
  for (int k = 0; k < K; k += 1024) {
    s[threadIdx.x] = in[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        v[(i & 1) ? 7 - i : i] += s[(threadIdx.x + 8 * i + j) & 1023] * v[j];
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i)
    out[i * 1024 + threadIdx.x] = v[i];
}

// The same launched with 1024 threads and no launch bounds: such a block
// cannot launch above 64 registers, and nothing tells ptxas so, so the
// array's registers could stop it from launching; it stays in local memory
// (with __launch_bounds__(1024) ptxas would spill it back to the stack).
// CHECK: butterfly.cu:[[@LINE+7]]:5: remark: a private array of 32 bytes stays in local memory: the kernel's block is not known to be at most 256 threads
__global__ void wide(int K, const float *in, float *out) {
  __shared__ float s[1024];
  float v[8] = {0.0f};
  for (int k = 0; k < K; k += 1024) {
    s[threadIdx.x] = in[k + threadIdx.x];
    __syncthreads();
    for (int i = 0; i < 8; ++i)
      for (int j = 0; j < 8; ++j)
        v[i ^ 1] += s[(threadIdx.x + 8 * i + j) & 1023] * v[j];
    __syncthreads();
  }
  for (int i = 0; i < 8; ++i)
    out[i * 1024 + threadIdx.x] = v[i];
}

void launch(int K, const float *in, float *out) {
  butterfly<<<4, 256>>>(K, in, out);
  selected<<<4, dim3(64, 4)>>>(K, in, out);
  wide<<<1, 1024>>>(K, in, out);
}
