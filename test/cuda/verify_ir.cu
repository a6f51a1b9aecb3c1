// The IR the plugin leaves must verify: clang's release build does not run
// the verifier, so a broken rewrite could reach code generation unnoticed.
// Struct fields of ta[63 - tid] give several hoisted tile addresses derived
// from one base (adversarial testing found a dominance bug there).
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %opt -passes=verify -disable-output %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t4.ll -fplugin-arg-pipeline-stages=4
// RUN: %opt -passes=verify -disable-output %t4.ll
// CHECK: remark: pipelined loop with 3 stages

struct S8 {
  float a, b, c, d, e, f, g, h;
};

__global__ void rows(const float *__restrict__ A, float *__restrict__ out, int lo, int hi) {
  __shared__ S8 ta[64];
  float acc = 0;
  for (int k = lo; k < hi; ++k) {
    float *t = (float *)&ta[threadIdx.x];
    for (int j = 0; j < 8; ++j)
      t[j] = A[(k * 512 + j * 64 + threadIdx.x) & 4095];
    __syncthreads();
    S8 &r = ta[63 - threadIdx.x];
    float *q = (float *)&r;
    acc = acc * 0.5f + q[lo & 7] + 2 * r.b + 3 * q[(hi >> 2) & 7];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
