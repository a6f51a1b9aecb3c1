// Loads cp.async would split. A float4 of A stored transposed as four
// scalars (siboehm's kernel 6) would be four 4-byte cp.async, five with B's
// float4, where the loop issues two 16-byte loads: the cp.async ring is
// declined ("split"). The register lowering keeps the loads whole: its four
// lanes load from one selected address and merge back into one
// ld.global.v4 (plan_copies.c, plan_lanes), so the model counts two loads
// and prices its ring, and lowering=auto takes it where it pays (plan.c,
// pl_make_plan): at 100 registers (a fake ptxas) it does, at 168 it does
// not (occupancy), and the remark gives both reasons. Forced cp.async keeps
// the split decline alone; forced registers say nothing of cp.async.
// RUN: env FAKE_REGS=100 %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=transposedA --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=AUTO
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: FileCheck %s --check-prefix=READS < %t.ptx
// RUN: env FAKE_REGS=168 %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=transposedA --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NEITHER
// RUN: env FAKE_REGS=100 %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=transposedA -fplugin-arg-pipeline-lowering=cp.async --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SPLIT
// RUN: env FAKE_REGS=100 %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas -fplugin-arg-pipeline-only=transposedA -fplugin-arg-pipeline-lowering=registers --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REGS
// The lanes of a guarded float4 (rows past M read zeros): one select of the
// group's first address, against 16 bytes of zeros, and the other lanes at
// 4, 8 and 12 bytes from it, in the prologue and in the steady state.
// RUN: %clang_cuda -fplugin-arg-pipeline-only=guardedLanes -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR

// AUTO: split_loads.cu:[[@LINE+43]]:3: remark: pipelined loop with 2 stages: {{.*}}5 copies of 4 to 16 bytes, 5 staged through 8 registers; removed the second barrier (sm_90: predicted 1.{{[0-9]+}}x; {{.*}}); registers: cp.async would issue 5 copies per thread where the loop issues 2 global loads [sm_90
// NEITHER: split_loads.cu:[[@LINE+42]]:3: remark: loop not pipelined: on sm_90 the ring would issue 5 cp.async per thread where the loop issues 2 global loads: the loads would split into narrower copies; nor does the register lowering, which keeps them whole: {{[0-9]+}} resident blocks
// SPLIT: split_loads.cu:[[@LINE+41]]:3: remark: loop not pipelined: on sm_90 the ring would issue 5 cp.async per thread where the loop issues 2 global loads: the loads would split into narrower copies [sm_90
// REGS: split_loads.cu:[[@LINE+40]]:3: remark: pipelined loop with 2 stages: {{.*}}; registers [sm_90
// The ring's tile reads claim the alignment their offsets have in the tile
// (rewrite.c, slot_read_alignments): each thread's eight floats of an As
// row load as two ld.shared.v4, not eight scalar loads (LLVM 19 writes
// .f32/.u32, LLVM 22 .b32).
// READS-LABEL: .entry _Z11transposedA
// READS-NOT: ld.shared.{{[fbu]}}32
// READS: ld.shared.v4.{{[fb]}}32
// READS-NOT: ld.shared.{{[fbu]}}32
// READS-LABEL: .entry _Z12guardedLanes
// PTX-LABEL: .entry _Z11transposedA
// PTX-NOT: cp.async
// PTX: bar.sync
// PTX-NOT: ld.global{{(.nc)?}}.{{[bu]}}32
// PTX: ld.global{{(.nc)?}}.v4.{{[bu]}}32
// PTX-NOT: ld.global{{(.nc)?}}.{{[bu]}}32
// PTX: ld.global{{(.nc)?}}.v4.{{[bu]}}32
// PTX-NOT: ld.global{{(.nc)?}}.{{[bu]}}32
// PTX-NOT: bar.sync
// PTX: st.shared.v4.{{[bu]}}32
// PTX-LABEL: .entry _Z12guardedLanes
#define BM 64
#define BN 64
#define BK 8
#define TM 8
#define TN 8

__global__ void __launch_bounds__(64)
    transposedA(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                float *__restrict__ C) {
  __shared__ float As[BM * BK];
  __shared__ float Bs[BK * BN];
  const int threadCol = threadIdx.x % (BN / TN), threadRow = threadIdx.x / (BN / TN);
  A += blockIdx.y * BM * K;
  B += blockIdx.x * BN;
  C += blockIdx.y * BM * N + blockIdx.x * BN;
  const int innerRowA = threadIdx.x / (BK / 4), innerColA = threadIdx.x % (BK / 4);
  const int innerRowB = threadIdx.x / (BN / 4), innerColB = threadIdx.x % (BN / 4);
  float acc[TM * TN] = {0.0f};
  float regM[TM], regN[TN];
  for (int bk = 0; bk < K; bk += BK) {
    float4 tmp = reinterpret_cast<const float4 *>(&A[innerRowA * K + innerColA * 4])[0];
    As[(innerColA * 4 + 0) * BM + innerRowA] = tmp.x;
    As[(innerColA * 4 + 1) * BM + innerRowA] = tmp.y;
    As[(innerColA * 4 + 2) * BM + innerRowA] = tmp.z;
    As[(innerColA * 4 + 3) * BM + innerRowA] = tmp.w;
    reinterpret_cast<float4 *>(&Bs[innerRowB * BN + innerColB * 4])[0] =
        reinterpret_cast<const float4 *>(&B[innerRowB * N + innerColB * 4])[0];
    __syncthreads();
    A += BK;
    B += BK * N;
    for (int d = 0; d < BK; ++d) {
      for (int i = 0; i < TM; ++i)
        regM[i] = As[d * BM + threadRow * TM + i];
      for (int i = 0; i < TN; ++i)
        regN[i] = Bs[d * BN + threadCol * TN + i];
      for (int m = 0; m < TM; ++m)
        for (int n = 0; n < TN; ++n)
          acc[m * TN + n] += regM[m] * regN[n];
    }
    __syncthreads();
  }
  for (int m = 0; m < TM; ++m)
    for (int n = 0; n < TN; ++n)
      C[(threadRow * TM + m) * N + threadCol * TN + n] = acc[m * TN + n];
}

// IR: [[P0:%[0-9]+]] = select i1 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, ptr addrspace(1) @pl.zeros.16
// IR-NEXT: load i32, ptr addrspace(1) [[P0]], align 16
// IR: getelementptr i8, ptr addrspace(1) [[P0]], i64 4
// IR: getelementptr i8, ptr addrspace(1) [[P0]], i64 8
// IR: getelementptr i8, ptr addrspace(1) [[P0]], i64 12
// IR: [[P1:%[0-9]+]] = select i1 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, ptr addrspace(1) @pl.zeros.16
// IR-NEXT: load i32, ptr addrspace(1) [[P1]], align 16
// IR: getelementptr i8, ptr addrspace(1) [[P1]], i64 4
// IR: getelementptr i8, ptr addrspace(1) [[P1]], i64 8
// IR: getelementptr i8, ptr addrspace(1) [[P1]], i64 12
__global__ void __launch_bounds__(256)
    guardedLanes(int M, int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float as[32][33];
  const int tid = threadIdx.x, r = tid >> 3, c4 = (tid & 7) * 4;
  const int row = blockIdx.x * 32 + r;
  float acc = 0.f;
  for (int k = 0; k < K; k += 32) {
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (row < M)
      v = *reinterpret_cast<const float4 *>(&A[(size_t)row * K + k + c4]);
    as[c4 + 0][r] = v.x;
    as[c4 + 1][r] = v.y;
    as[c4 + 2][r] = v.z;
    as[c4 + 3][r] = v.w;
    __syncthreads();
#pragma unroll
    for (int j = 0; j < 32; ++j)
      acc += as[j][tid & 31] * as[(j + tid) & 31][(tid >> 3) & 31];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}

// Lanes stored in descending address order, and lanes with a fill other
// than zero: each group still loads from its lowest address, once, and the
// backend merges it (load_groups walks down to the lowest address; a
// fill is the stores' business). The group's first copy in program order
// (here the highest lane) selects its own place in the zeros.
// RUN: %clang_cuda '-fplugin-arg-pipeline-only=^(reversed|negInf)Lanes' -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o - | FileCheck %s --check-prefix=ORDER
// RUN: %clang_cuda -fplugin-arg-pipeline-only=reversedLanes -fplugin-arg-pipeline-lowering=registers -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=ZEROS
// ORDER-LABEL: .entry _Z13reversedLanes
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ORDER: ld.global{{(.nc)?}}.v4
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ORDER: ld.global{{(.nc)?}}.v4
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ORDER-LABEL: .entry _Z11negInfLanes
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ORDER: ld.global{{(.nc)?}}.v4
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ORDER: ld.global{{(.nc)?}}.v4
// ORDER-NOT: ld.global{{(.nc)?}}.{{[fbu]}}32
// ZEROS: select i1 %{{[0-9]+}}, ptr addrspace(1) %{{[0-9]+}}, ptr addrspace(1) getelementptr (i8, ptr addrspace(1) @pl.zeros.16, i64 12)
__global__ void __launch_bounds__(128)
    reversedLanes(int M, int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[8 * 64];
  const int r = threadIdx.x / 2, c = threadIdx.x % 2;
  const int row = blockIdx.x * 64 + r;
  float acc = 0.f;
  for (int k = 0; k < K; k += 8) {
    float4 v = make_float4(0.f, 0.f, 0.f, 0.f);
    if (row < M)
      v = *reinterpret_cast<const float4 *>(&A[(size_t)row * K + k + c * 4]);
    As[(c * 4 + 3) * 64 + r] = v.w;
    As[(c * 4 + 2) * 64 + r] = v.z;
    As[(c * 4 + 1) * 64 + r] = v.y;
    As[(c * 4 + 0) * 64 + r] = v.x;
    __syncthreads();
#pragma unroll
    for (int d = 0; d < 8; ++d)
      acc += As[d * 64 + (threadIdx.x & 63)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(128)
    negInfLanes(int M, int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[8 * 64];
  const int r = threadIdx.x / 2, c = threadIdx.x % 2;
  const int row = blockIdx.x * 64 + r;
  float m = -INFINITY;
  for (int k = 0; k < K; k += 8) {
    float4 v = make_float4(-INFINITY, -INFINITY, -INFINITY, -INFINITY);
    if (row < M)
      v = *reinterpret_cast<const float4 *>(&A[(size_t)row * K + k + c * 4]);
    As[(c * 4 + 0) * 64 + r] = v.x;
    As[(c * 4 + 1) * 64 + r] = v.y;
    As[(c * 4 + 2) * 64 + r] = v.z;
    As[(c * 4 + 3) * 64 + r] = v.w;
    __syncthreads();
#pragma unroll
    for (int d = 0; d < 8; ++d)
      m = fmaxf(m, As[d * 64 + (threadIdx.x & 63)]);
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = m;
}
