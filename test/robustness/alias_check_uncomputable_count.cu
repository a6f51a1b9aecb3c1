// A generated kernel (utils/fuzz.py, seed 62, kernel 254: a copy loop over a
// 15-deep array, the source written in place, no __restrict__; the
// generator's prelude cut to what it uses) on which the
// runtime alias check's no-wrap predicate could not be expanded with LLVM
// 22: after the rewrite inserted the loop's preheader, ScalarEvolution had
// no backedge-taken count for it, and SCEVExpander's overflow check read a
// null type (a crash in every build without assertions). Now such a check
// is the constant true: the original version runs, as it must where the
// ranges cannot be checked.
// RUN: %clang_cuda -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// CHECK: alias_check_uncomputable_count.cu:{{[0-9]+}}:3: remark: {{pipelined loop|loop not pipelined}}{{.*}}[sm_90, kernel 'k00254']
typedef unsigned int u32_t;
__device__ __forceinline__ float cv(u32_t v) { return (float)v * 0.375f; }
__device__ __forceinline__ void put(u32_t &d, float v) { d = (u32_t)__float2int_rz(v); }

// k00254: copy=loop guard=none loop=kstep store=inplace-done args=default extras=True T=u32_t special=deep_array tile=1x258h1 pad=0 tiles=1 trip=derived compute=hinline sync=sync ldg=False post=none restrict=False pitch=param grid=1 cstep=const unroll1=False depth=15
__device__ __forceinline__ float h_k00254_0(const u32_t *t, int e, int ok) {
  float s = 0.0f;
  for (int i = 0; i < 3; ++i)
    s = s * 0.5f + cv(t[(e + i * 7) % 258]);
  return s;
}
extern "C" __global__ void __launch_bounds__(256) k00254(u32_t * A, const u32_t * B, float * out, int nt, int H, int W, int ld, long long blocklen, int stop, int klim, int flag, int reps, int d, int ntl) {
  __shared__ u32_t ta[1][1][1][1][1][1][1][1][1][1][1][1][1][1][1][258];
  float acc = 0.0f;
  const long long blk0 = (long long)blockIdx.x * blocklen;
  for (int t = 0; t < W; t += 256) {
    const int y0 = 0, x0 = t;
    for (int i = (int)threadIdx.x; i < 258; i += 256) {
      const int sy = y0 + (0) - 1, sx = x0 + (i) - 1;
      ta[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0][i] = A[blk0 + ((sy) + 2) * ld + (sx) + 4];
    }
    __syncthreads();
    acc += h_k00254_0(ta[0][0][0][0][0][0][0][0][0][0][0][0][0][0][0], (int)threadIdx.x, 1);
    if (((int)threadIdx.x) >= 2 && ((int)threadIdx.x) < 256)
      put(A[blk0 + ((y0 + (0) - 1) + 2) * ld + (x0 + ((int)threadIdx.x) - 1) + 4], acc);
    __syncthreads();
  }
  out[blockIdx.x * 256 + (int)threadIdx.x] = acc;
}
