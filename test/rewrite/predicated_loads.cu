// predicated-loads=on: the register lowering loads each staged scalar under
// its condition (the iteration exists, the copy's guard) as llvm.masked.load
// of one lane, which the backend issues behind a branch (ptxas predicates
// it), instead of loading from an address selected between the source and
// a zero constant (a chain of 64-bit selects in SASS, one per term). An
// 8-bit halo tile through a copy loop unrolled for the register lowering,
// and a guarded float row on sm_75 (no cp.async); the default still selects.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-predicated-loads=on -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o - -Rpass=cuda-pipeline 2> %t.rem | FileCheck %s --check-prefix=ON
// RUN: FileCheck %s --check-prefix=REMARK < %t.rem
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-predicated-loads=on --cuda-gpu-arch=sm_75 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=ON75
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=OFF
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-predicated-loads=on --cuda-gpu-arch=sm_90 -S %s -o %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// REMARK: remark: pipelined loop with 2 stages: tile 'tile'{{.*}}5 staged through 5 registers{{.*}}kernel 'halo
// The prologue's five loads and the steady state's five, each masked.
// ON-LABEL: define {{.*}} @_Z4halo
// ON-COUNT-10: call <1 x i8> @llvm.masked.load.v1i8.p1(ptr addrspace(1) {{.*}}<1 x i1> %{{[0-9]+}}, <1 x i8> zeroinitializer)
// ON-NOT: @pl.zeros
// ON-LABEL: define {{.*}} @_Z4rows
// ON75-LABEL: define {{.*}} @_Z4rows
// ON75: call <1 x i32> @llvm.masked.load.v1i32.p1(
// ON75-NOT: select {{.*}}@pl.zeros
// ON75: ret void
// OFF-LABEL: define {{.*}} @_Z4halo
// OFF-NOT: llvm.masked.load
// OFF: select i1 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, ptr addrspace(1) @pl.zeros.16
__global__ void __launch_bounds__(256) halo(int C, int H, int W, const unsigned char *img,
                                            float *out) {
  __shared__ unsigned char tile[34][34];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  const int x0 = blockIdx.x * 32 - 1, y0 = blockIdx.y * 32 - 1;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) {
    for (int i = tid; i < 34 * 34; i += 256) {
      const int y = y0 + i / 34, x = x0 + i % 34;
      tile[i / 34][i % 34] =
          (y >= 0 && y < H && x >= 0 && x < W) ? img[((size_t)c * H + y) * W + x] : 0;
    }
    __syncthreads();
    acc = acc * 0.5f + tile[threadIdx.y * 2 + 1][threadIdx.x * 2 + 1];
    __syncthreads();
  }
  out[(blockIdx.y * gridDim.x + blockIdx.x) * 256 + tid] = acc;
}
__global__ void __launch_bounds__(128) rows(int n, int K, const float *__restrict__ A, float *out) {
  __shared__ float t[128];
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += 128) {
    t[threadIdx.x] = k0 + threadIdx.x < K ? A[(size_t)blockIdx.x * K + k0 + threadIdx.x] : 0.0f;
    __syncthreads();
    acc += t[(threadIdx.x * 5) % 128];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
