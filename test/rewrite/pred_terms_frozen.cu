// A nested predicate whose inner term is poison where the outer one fails:
// `if (s < 32) { t[..] = in[..]; if ((m >> s) & 1) u[..] = in[..]; }` with s
// loop-invariant. clang hoists `1 << s` (poison for s >= 32) out of the
// loop and branches on the inner test only where s < 32; the skeleton
// branches around the second copy on the conjunction of both terms, so each
// term is frozen first: `and (s < 32), (1 << s test)` would be poison where
// s >= 32, and a branch on poison is undefined behaviour (LangRef, br).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S -emit-llvm -fno-discard-value-names %s -o - -Rpass=cuda-pipeline 2>%t.remarks | FileCheck %s
// RUN: FileCheck %s --check-prefix=REMARK < %t.remarks
// REMARK: remark: pipelined loop with {{[2-8]}} stages{{.*}}2 cp.async copies{{.*}}maskCopy
// CHECK-LABEL: define {{.*}}maskCopy
// The first copy's predicate is the outer term alone, frozen.
// CHECK: %[[O:pl.term[0-9]*]] = freeze i1 %{{[0-9a-z.]+}}
// CHECK: br i1 %[[O]], label
// The second copy's: both terms, frozen, then joined.
// CHECK: %[[T0:pl.term[0-9]*]] = freeze i1 %{{[0-9a-z.]+}}
// CHECK-NEXT: %[[T1:pl.term[0-9]*]] = freeze i1 %{{[0-9a-z.]+}}
// CHECK-NEXT: %[[N:pl.pred[0-9]*]] = xor i1 %[[T1]], true
// CHECK-NEXT: %[[P:pl.pred[0-9]*]] = and i1 %[[T0]], %[[N]]
// CHECK: br i1 %[[P]], label
// No conjunction of a predicate takes a term that is not frozen.
// CHECK-NOT: %pl.pred{{[0-9]*}} = and i1 %{{cmp|tobool}}
// CHECK: {{^}}}

__global__ void __launch_bounds__(64) maskCopy(const float *__restrict__ in, float *__restrict__ out,
                                               int nt, unsigned m, int sh) {
  __shared__ float t[64], u[64];
  const int s = threadIdx.x + sh;
  float acc = 0.f;
  for (int j = 0; j < nt; ++j) {
    if (s < 32) {
      t[threadIdx.x] = in[j * 64 + threadIdx.x];
      if ((m >> s) & 1)
        u[threadIdx.x] = in[j * 64 + 4096 + threadIdx.x];
    }
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 64] + u[threadIdx.x];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
