// The plain loop's straight-line copies issue their loads together, one
// latency an iteration, except loads ptxas issues only after the shared
// stores of the copies before them (SASS of ptxas 11.8): a generic load
// (a pointer loaded from an array of pointers), which may read the bytes
// those stores wrote, waits one more latency; a round of copies under two
// branches of their own (a thread predicate and a zero-fill guard), which
// ptxas does not if-convert, waits PL_COST_BRANCH_ROUND_MILLI (0.3) of one
// (docs/design.md, "Serial latencies"). A predicate alone, or a zero-fill
// guard alone over a global load, is predicated: no wait.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// What the rule assumes of ptxas, read from the SASS of the plain build:
// generic2's second load after the first store, haloRows' three rounds
// one after another, haloSides' two copies under one predicate loaded
// together, predicateOnly's and guardsOnly's loads all before the stores.
// RUN: %if cuobjdump %{ %clang_cuda_noplugin --cuda-gpu-arch=sm_90 -S %s -o %t.ptx %}
// RUN: %if cuobjdump %{ %ptxas -arch=sm_90 %t.ptx -o %t.cubin %}
// RUN: %if cuobjdump %{ cuobjdump -sass -fun _Z8generic2iPKPKfS2_Pf %t.cubin | FileCheck %s --check-prefix=GENERIC %}
// RUN: %if cuobjdump %{ cuobjdump -sass -fun _Z8haloRowsiPKfPf %t.cubin | FileCheck %s --check-prefix=ROWS %}
// RUN: %if cuobjdump %{ cuobjdump -sass -fun _Z9haloSidesiPKfPf %t.cubin | FileCheck %s --check-prefix=SIDES %}
// RUN: %if cuobjdump %{ cuobjdump -sass -fun _Z13predicateOnlyiPKfPf %t.cubin | FileCheck %s --check-prefix=ONE %}
// RUN: %if cuobjdump %{ cuobjdump -sass -fun _Z10guardsOnlyiiPKfS0_Pf %t.cubin | FileCheck %s --check-prefix=ONE %}
// GENERIC: LD.E R
// GENERIC: STS [
// GENERIC: LD.E R
// GENERIC: STS [
// GENERIC: BAR.SYNC
// ROWS: LDG.E.CONSTANT
// ROWS: STS [
// ROWS: LDG.E.CONSTANT
// ROWS: STS [
// ROWS: LDG.E.CONSTANT
// ROWS: STS [
// ROWS: BAR.SYNC
// SIDES: LDG.E.CONSTANT
// SIDES: STS [
// SIDES: LDG.E.CONSTANT
// SIDES-NOT: STS
// SIDES: LDG.E.CONSTANT
// SIDES: BAR.SYNC
// ONE: LDG.E.CONSTANT
// ONE-NOT: STS
// ONE: LDG.E.CONSTANT
// ONE: STS
// ONE: BAR.SYNC
// CHECK: serial_loads.cu:{{[0-9]+}}:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: {{.*}}; the plain loop waits for 2.00 load latencies one after another (1 generic load issued after the shared-memory stores before them) [sm_90, kernel 'generic2(
__global__ void __launch_bounds__(256) generic2(int K, const float *const *Aarray,
                                                const float *const *Barray, float *out) {
  __shared__ float As[8][32], Bs[8][32];
  const float *A = Aarray[blockIdx.z];
  const float *B = Barray[blockIdx.z];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 32) {
    As[ty][tx] = A[ty * K + k0 + tx];
    Bs[ty][tx] = B[ty * K + k0 + tx];
    __syncthreads();
    for (int k = 0; k < 32; ++k)
      acc += As[ty][k] * Bs[7 - ty][k];
    __syncthreads();
  }
  out[(blockIdx.z * 8 + ty) * 32 + tx] = acc;
}

// Two rounds: the rows above and below, each under its own predicate and a
// zero-fill guard.
// CHECK: serial_loads.cu:{{[0-9]+}}:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: {{.*}}; the plain loop waits for 1.60 load latencies one after another (2 rounds of loads under branches ptxas does not predicate, after the stores before them) [sm_90, kernel 'haloRows(
__global__ void __launch_bounds__(256) haloRows(int H, const float *__restrict__ in,
                                                float *__restrict__ out) {
  __shared__ float t[10][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int y0 = 0; y0 < H; y0 += 8) {
    const int y = y0 + ty;
    t[ty + 1][tx] = y < H ? in[y * 32 + tx] : 0.f;
    if (ty == 0)
      t[0][tx] = y >= 1 ? in[(y - 1) * 32 + tx] : 0.f;
    if (ty == 7)
      t[9][tx] = y + 1 < H ? in[(y + 1) * 32 + tx] : 0.f;
    __syncthreads();
    acc += t[ty][tx] + t[ty + 1][tx] + t[ty + 2][tx];
    __syncthreads();
  }
  out[ty * 32 + tx] = acc;
}

// One round: two copies under the same predicate load together.
// CHECK: serial_loads.cu:{{[0-9]+}}:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: {{.*}}; the plain loop waits for 1.30 load latencies one after another (1 round of loads under branches ptxas does not predicate, after the stores before them) [sm_90, kernel 'haloSides(
__global__ void __launch_bounds__(256) haloSides(int H, const float *__restrict__ in,
                                                 float *__restrict__ out) {
  __shared__ float t[8][34];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int y0 = 0; y0 < H; y0 += 8) {
    const int y = y0 + ty;
    t[ty][tx + 1] = y < H ? in[y * 64 + tx + 16] : 0.f;
    if (tx == 0) {
      t[ty][0] = y < H ? in[y * 64 + 15] : 0.f;
      t[ty][33] = y < H ? in[y * 64 + 48] : 0.f;
    }
    __syncthreads();
    acc += t[ty][tx] + t[ty][tx + 1] + t[ty][tx + 2];
    __syncthreads();
  }
  out[ty * 32 + tx] = acc;
}

// Near misses: a predicate alone, and zero-fill guards alone over global
// loads, are predicated by ptxas; the plain loop waits once.
// CHECK-NOT: load latencies one after another
// CHECK: serial_loads.cu:{{[0-9]+}}:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: {{.*}} [sm_90, kernel 'predicateOnly(
__global__ void __launch_bounds__(256) predicateOnly(int H, const float *__restrict__ in,
                                                     float *__restrict__ out) {
  __shared__ float t[9][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int y0 = 0; y0 < H; y0 += 8) {
    t[ty + 1][tx] = in[(y0 + ty) * 32 + tx];
    if (ty == 0)
      t[0][tx] = in[(y0 + 8) * 32 + tx];
    __syncthreads();
    acc += t[ty][tx] * t[ty + 1][tx];
    __syncthreads();
  }
  out[ty * 32 + tx] = acc;
}

// CHECK-NOT: load latencies one after another
// CHECK: serial_loads.cu:{{[0-9]+}}:3: remark: {{(loop not pipelined: )?}}cost model on sm_90: {{.*}} [sm_90, kernel 'guardsOnly(
// CHECK-NOT: load latencies one after another
__global__ void __launch_bounds__(256) guardsOnly(int M, int K, const float *__restrict__ A,
                                                  const float *__restrict__ B, float *out) {
  __shared__ float As[8][32], Bs[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 32) {
    As[ty][tx] = (ty < M && k0 + tx < K) ? A[ty * K + k0 + tx] : 0.f;
    Bs[ty][tx] = (ty < M && k0 + tx < K) ? B[ty * K + k0 + tx] : 0.f;
    __syncthreads();
    for (int k = 0; k < 32; ++k)
      acc += As[ty][k] * Bs[7 - ty][k];
    __syncthreads();
  }
  out[ty * 32 + tx] = acc;
}
