// A compound guard whose inner term is poison where the outer one fails:
// `if (s < 32) { if ((m >> s) & 1) t = in[..]; else t = 0; } else t = 0;`
// clang computes `1 << s` only where s < 32; the ring computes every term
// on every path (and for iterations that may not exist), so each term is
// frozen before the conjunction: `and (1 << s test), (s < 32)` would carry
// the poison of a shift past the width into cp.async's size. (A break-it
// session found the plain `and`.)
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S -emit-llvm -fno-discard-value-names %s -o - -Rpass=cuda-pipeline 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// REMARK: remark: pipelined loop with {{[2-8]}} stages{{.*}}bitHalo
// Every term of the guard is frozen before an `and` takes it, and the
// copy's size is selected on that conjunction.
// CHECK-LABEL: define {{.*}}bitHalo
// CHECK: %[[T0:pl.term[0-9]*]] = freeze i1 %{{[0-9a-z.]+}}
// CHECK-NEXT: %[[IN:pl.guard[0-9]*]] = xor i1 %[[T0]], true
// CHECK-NEXT: %[[T1:pl.term[0-9]*]] = freeze i1 %{{[0-9a-z.]+}}
// CHECK-NEXT: %[[G:pl.guard[0-9]*]] = and i1 %[[IN]], %[[T1]]
// CHECK-NEXT: %[[SZ:pl.srcsize[0-9]*]] = select i1 %[[G]], i32 4, i32 0
// CHECK-NEXT: call void @llvm.nvvm.cp.async.ca.shared.global.4.s({{.*}}, i32 %[[SZ]])
// No conjunction of the guard takes a term that is not frozen.
// CHECK-NOT: %pl.guard{{[0-9]*}} = and i1 %{{[0-9]+}}
// CHECK: {{^}}}
#include <cuda_runtime.h>

__global__ void __launch_bounds__(256) bitHalo(const float *__restrict__ in, float *__restrict__ out,
                                               int H, int W, int tiles, unsigned m) {
  __shared__ float t[18][19];
  const int x0 = blockIdx.x * 16, tx = threadIdx.x % 16, ty = threadIdx.x / 16;
  for (int k = 0; k < tiles; ++k) {
    const int y0 = k * 16;
    for (int i = threadIdx.x; i < 18 * 18; i += 256) {
      const int ly = i / 18, lx = i % 18, gy = y0 + ly - 1, gx = x0 + lx - 1;
      unsigned s = lx * 2 + k;
      if (s < 32) {
        if ((m >> s) & 1)
          t[ly][lx] = in[(gy & 1023) * W + (gx & 1023)];
        else
          t[ly][lx] = 0.0f;
      } else {
        t[ly][lx] = 0.0f;
      }
    }
    __syncthreads();
    float acc = 0.0f;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx)
        acc += t[ty + dy][tx + dx];
    if (y0 + ty < H && x0 + tx < W)
      out[(y0 + ty) * W + x0 + tx] = acc;
    __syncthreads();
  }
}
