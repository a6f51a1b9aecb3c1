// A 5-point stencil whose haloed 34 x 34 tile is filled by a copy loop over
// the block's flattened thread index, each element under a four-term bounds
// guard that clang short-circuits into branches: the second term onward is
// computed only on the paths where the first held. The cloned copy loop
// computes the guard again where the copy is issued (before: the clone used
// terms that do not dominate the issue, IR that fails LLVM's verifier), at
// every stage count; the verifier runs on every rewrite, so a regression
// would show here as an InternalError remark instead of the pipelined one.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %opt -passes=verify -disable-output %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t2.ptx -fplugin-arg-pipeline-stages=2 -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S2
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t5.ptx -fplugin-arg-pipeline-stages=5 -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S5
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t8.ptx -fplugin-arg-pipeline-stages=8 -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S8
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t2.ptx -o /dev/null && %ptxas -arch=sm_90 %t5.ptx -o /dev/null && %ptxas -arch=sm_90 %t8.ptx -o /dev/null %}
// RUN: FileCheck %s --check-prefix=PTX < %t5.ptx
// Every stage count, each IR verified:
// RUN: for s in 2 3 4 5 6 7 8; do %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.$s.ll -fplugin-arg-pipeline-stages=$s -Rpass=cuda-pipeline 2>&1 | grep -o "pipelined loop with [0-9] stages" && %opt -passes=verify -disable-output %t.$s.ll || exit 1; done | FileCheck %s --check-prefix=EVERY
// EVERY: pipelined loop with 2 stages
// EVERY-NEXT: pipelined loop with 3 stages
// EVERY-NEXT: pipelined loop with 4 stages
// EVERY-NEXT: pipelined loop with 5 stages
// EVERY-NEXT: pipelined loop with 6 stages
// EVERY-NEXT: pipelined loop with 7 stages
// EVERY-NEXT: pipelined loop with 8 stages
// DEFAULT: stencil5_copy_loop_guard.cu:[[#@LINE+19]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4624 -> 13872 bytes; 1 cp.async copy of 4 bytes
// S2: stencil5_copy_loop_guard.cu:[[#@LINE+18]]:3: remark: pipelined loop with 2 stages
// S5: stencil5_copy_loop_guard.cu:[[#@LINE+17]]:3: remark: pipelined loop with 5 stages
// S8: stencil5_copy_loop_guard.cu:[[#@LINE+16]]:3: remark: pipelined loop with 8 stages
// The zero-filling cp.async (src-size operand) in the steady state, then
// the wait for all but 3 groups before the kept barrier.
// PTX: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// PTX: cp.async.wait_group 3;
// PTX-NEXT: bar.sync 0;

#define BX 32
#define BY 32
#define HW (BX + 2)

__global__ void __launch_bounds__(BX * BY)
    stencil5(int W, int H, const float *__restrict__ in, float *__restrict__ out, float c0,
             float c1) {
  __shared__ float tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += BX * BY) {
      int ly = i / HW, lx = i % HW;
      int sy = y0 + ly - 1, sx = blockIdx.x * BX + lx - 1;
      tile[ly][lx] = (sy >= 0 && sy < H && sx >= 0 && sx < W) ? in[sy * W + sx] : 0.0f;
    }
    __syncthreads();
    int gy = y0 + threadIdx.y, lx = threadIdx.x + 1, ly = threadIdx.y + 1;
    float v = c0 * tile[ly][lx] +
              c1 * (tile[ly - 1][lx] + tile[ly + 1][lx] + tile[ly][lx - 1] + tile[ly][lx + 1]);
    if (gx < W && gy < H)
      out[gy * W + gx] = v;
    __syncthreads();
  }
}

void stencil(int W, int H, const float *in, float *out) {
  stencil5<<<(W + BX - 1) / BX, dim3(BX, BY)>>>(W, H, in, out, 0.5f, 0.125f);
}
