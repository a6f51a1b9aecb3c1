// Near misses found by a break-it session: two copies of one thread whose
// indices extend the same narrow value differently. zext(k) and sext(k)
// differ by 2^w where k is negative, so `tile[(unsigned char)k]` and
// `(&tile[256])[k]` write the same float for every k < 0, and
// `p[(long)(unsigned)s - 2^32]` is `p[s]` for every s < 0. In the source
// the later store wins; as two cp.async of one group they would have no
// order. Both stay in place (stores in program order), with the overlap as
// the ring's reason.
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// CHECK-DAG: remark: pipelined loop in place {{.*}}no ring: two copies into tile 'tile' may write the same bytes, and cp.async gives them no order{{.*}}kernel 'zextSext8
// CHECK-DAG: remark: pipelined loop in place {{.*}}no ring: two copies into tile 'tile' may write the same bytes, and cp.async gives them no order{{.*}}kernel 'zextSext32
// PTX-NOT: cp.async
__global__ void __launch_bounds__(256) zextSext8(int ntiles, signed char k, const float *__restrict__ in,
                                           float *__restrict__ out) {
  __shared__ float tile[512];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    tile[(unsigned char)k] = in[(size_t)t * 512 + threadIdx.x];
    float *p = &tile[256];
    p[k] = in[(size_t)t * 512 + 256 + threadIdx.x];
    __syncthreads();
    acc += tile[(threadIdx.x * 2 + 1) % 512];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
__global__ void __launch_bounds__(256) zextSext32(int ntiles, int s, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[2][256];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    float *p = &tile[1][threadIdx.x];
    p[(long)(unsigned)s - 4294967296L] = in[(size_t)t * 512 + threadIdx.x];
    p[s] = in[(size_t)t * 512 + 256 + threadIdx.x];
    __syncthreads();
    acc += tile[0][(threadIdx.x + 1) % 256] + tile[1][(threadIdx.x + 3) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
