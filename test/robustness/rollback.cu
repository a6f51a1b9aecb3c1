// A rewrite that fails LLVM's verifier never reaches the user's build: the
// verifier runs on every function the pass changed, and a failure restores
// the function exactly (test-invalid-ir breaks each rewrite on purpose). The
// device IR and the PTX equal those of a build in which the kernel is left
// out (exclude=), with and without debug information, the loop gets the
// missed remark InternalError, the warning says the same, and the compile
// succeeds; under `verify` the failure is an error.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.broken.ll -fplugin-arg-pipeline-test-invalid-ir -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.left.ll -fplugin-arg-pipeline-exclude=.
// RUN: diff %t.broken.ll %t.left.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.broken.ptx -fplugin-arg-pipeline-test-invalid-ir -Wno-backend-plugin
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.left.ptx -fplugin-arg-pipeline-exclude=.
// RUN: diff %t.broken.ptx %t.left.ptx
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -g -S -emit-llvm %s -o %t.g.broken.ll -fplugin-arg-pipeline-test-invalid-ir -Wno-backend-plugin
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -g -S -emit-llvm %s -o %t.g.left.ll -fplugin-arg-pipeline-exclude=.
// RUN: diff %t.g.broken.ll %t.g.left.ll
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-test-invalid-ir -fplugin-arg-pipeline-verify 2>&1 | FileCheck %s --check-prefix=VERIFY
// Without the test argument the loop is pipelined, so the diffs above show
// a real rollback.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OK
// CHECK: warning: libpipeline: internal error in kernel 'stencil5(int, int, float const*, float*, float, float)' at rollback.cu:[[#@LINE+15]] (sm_80): the pipelined code failed LLVM's verifier (Only PHI nodes may reference their own value!); the loop was left as written and the build goes on; please report this as a libpipeline bug, with the source file and the compile command [-Wbackend-plugin]
// CHECK: rollback.cu:[[#@LINE+14]]:3: remark: loop not pipelined: internal error: the pipelined code failed LLVM's verifier (Only PHI nodes may reference their own value!), so the loop was left as written; please report this as a libpipeline bug, with the source file and the compile command [sm_80, kernel 'stencil5(int, int, float const*, float*, float, float)'] [-Rpass-missed=cuda-pipeline]
// CHECK-NOT: remark: pipelined
// VERIFY: error: libpipeline: internal error in kernel 'stencil5(int, int, float const*, float*, float, float)' at rollback.cu:[[#@LINE+12]] (sm_80): the pipelined code failed LLVM's verifier (Only PHI nodes may reference their own value!); the loop was left as written; please report
// OK: rollback.cu:[[#@LINE+11]]:3: remark: pipelined loop with

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
