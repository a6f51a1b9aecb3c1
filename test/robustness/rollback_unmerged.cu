// A rewrite that fails LLVM's verifier on a loop whose merged copies were
// taken apart (lib/unmerge.h) is undone twice -- the rewrite's transaction,
// then the taking apart's -- and the driver finds every loop again: each
// loop gets its warning and its InternalError remark once, the second loop
// is tried too, and the IR equals that of a build in which the kernel is
// left out (exclude=). test-invalid-ir breaks each rewrite on purpose.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.broken.ll -fplugin-arg-pipeline-test-invalid-ir -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not=remark --implicit-check-not=warning
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.left.ll -fplugin-arg-pipeline-exclude=. -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: diff %t.broken.ll %t.left.ll
// Without the test argument both loops take rings.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OK
// CHECK: warning: libpipeline: internal error in kernel {{.*}} at rollback_unmerged.cu:[[FIRST:[0-9]+]] (sm_90): the pipelined code failed LLVM's verifier
// CHECK: rollback_unmerged.cu:[[FIRST]]:3: remark: loop not pipelined: internal error: the pipelined code failed LLVM's verifier
// CHECK: warning: libpipeline: internal error in kernel {{.*}} at rollback_unmerged.cu:[[SECOND:[0-9]+]] (sm_90): the pipelined code failed LLVM's verifier
// CHECK: rollback_unmerged.cu:[[SECOND]]:3: remark: loop not pipelined: internal error: the pipelined code failed LLVM's verifier
// CHECK: 2 warnings generated
// OK: rollback_unmerged.cu:[[@LINE+12]]:3: remark: pipelined loop with 3 stages: {{.*}} 5 cp.async copies
// OK: rollback_unmerged.cu:[[@LINE+29]]:3: remark: pipelined loop with

constexpr int BS = 16;

__global__ void __launch_bounds__(BS *BS)
    heatThenSum(const float *__restrict__ in, float *__restrict__ out, const float *__restrict__ in2,
                float *__restrict__ out2, int pitch, int tilesY, float k) {
  __shared__ float tile[BS + 2][BS + 2];
  __shared__ float t2[BS][BS];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int gx = blockIdx.x * BS + tx + 1;
  for (int t = 0; t < tilesY; ++t) {
    const int gy = t * BS + ty + 1;
    tile[ty + 1][tx + 1] = in[gy * pitch + gx];
    if (ty == 0)
      tile[0][tx + 1] = in[(gy - 1) * pitch + gx];
    if (ty == BS - 1)
      tile[BS + 1][tx + 1] = in[(gy + 1) * pitch + gx];
    if (tx == 0)
      tile[ty + 1][0] = in[gy * pitch + gx - 1];
    if (tx == BS - 1)
      tile[ty + 1][BS + 1] = in[gy * pitch + gx + 1];
    __syncthreads();
    const float c = tile[ty + 1][tx + 1];
    out[gy * pitch + gx] = c + k * (tile[ty][tx + 1] + tile[ty + 2][tx + 1] + tile[ty + 1][tx] +
                                    tile[ty + 1][tx + 2] - 4.0f * c);
    __syncthreads();
  }
  float acc = 0.0f;
  for (int t = 0; t < tilesY; ++t) {
    t2[ty][tx] = in2[(t * BS + ty) * pitch + gx];
    __syncthreads();
    acc += t2[tx][ty];
    __syncthreads();
  }
  out2[ty * pitch + gx] = acc;
}
