// Launches whose block has errors, or that the function may change through
// a default argument or a reference bound by a call or a constructor: clang
// reports the errors and the plugin does not crash (the initializer of
// `blk` has no type); the changed shapes are not read as constants.
// RUN: not %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -DERRORS 2>&1 | FileCheck %s --check-prefix=ERR --implicit-check-not="PLEASE"
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// ERR: error: use of undeclared identifier 'nope'
#define TILE_LOOP                                                                                  \
  __shared__ float t[1024];                                                                        \
  float acc = 0;                                                                                   \
  for (int i = 0; i < n; i += 1024) {                                                              \
    t[threadIdx.x] = in[i + threadIdx.x];                                                          \
    __syncthreads();                                                                               \
    acc += t[(threadIdx.x * 7 + 1) % 1024];                                                        \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[blockIdx.x * 1024 + threadIdx.x] = acc;

__global__ void b1(int n, const float *in, float *out) { TILE_LOOP }
// CHECK-DAG: cost model on sm_90: 256 threads per block (assumed: no launch bounds, and a launch in this file whose block is not a constant, or through a pointer; add __launch_bounds__), {{.*}}kernel 'byDefault(
__global__ void byDefault(int n, const float *in, float *out) { TILE_LOOP }
// CHECK-DAG: cost model on sm_90: 256 threads per block (assumed: no launch bounds, and a launch in this file whose block is not a constant, or through a pointer; add __launch_bounds__), {{.*}}kernel 'byFunctor(
__global__ void byFunctor(int n, const float *in, float *out) { TILE_LOOP }

void launchDefault(int n, const float *in, float *out, dim3 b = dim3(32)) {
  byDefault<<<1, b>>>(n, in, out);
}
void host(int n, const float *in, float *out, unsigned t) {
#ifdef ERRORS
  dim3 blk(32, nope);
  b1<<<1, blk>>>(n, in, out);
#endif
  launchDefault(n, in, out, dim3(1024));
  dim3 b(32);
  auto set = [](dim3 &d, unsigned v) { d.x = v; };
  set(b, t);
  byFunctor<<<1, b>>>(n, in, out);
}
