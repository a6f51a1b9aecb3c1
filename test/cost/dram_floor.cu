// A tile loop that DRAM bandwidth bounds with or without a ring (column
// sums of a row-major matrix, a few additions per element) predicts the
// same time at every stage count: the figures tie on the floor. The
// bandwidth is reached only with enough bytes in flight at DRAM's latency
// under load, so the model takes the fewest stages that keep
// PL_COST_DRAM_LATENCY cycles of the SM's DRAM bytes in flight (lib/cost.h):
// 4 for 32-row tiles (3 keep 67,584 bytes over 8 blocks, short of 96,000),
// 7 for 16-row tiles. Where a deeper ring would cost resident blocks it
// stops: with 12 KiB of other shared memory, 3 stages keep 8 blocks and 4
// would keep 7. A loop of 3 trips stops at 4 stages, and says so. A forced
// stage count stays what was asked.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not=remark:
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-stages=3 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FORCED
// CHECK-DAG: dram_floor.cu:[[@LINE+25]]:3: remark: pipelined loop with 4 stages: tile 'ta' 4224 -> 16896 bytes; {{.*}}(sm_90: predicted 1.000x; DRAM bandwidth bounds the loop with or without the ring; 4 stages keep 101376 bytes in flight per SM over 8 resident blocks, the fewest that keep DRAM busy through its 6000-cycle latency under load, not the unloaded 1000-cycle latency; {{.*}} [sm_90, kernel 'void colSums<32>(
// CHECK-DAG: dram_floor.cu:[[@LINE+24]]:3: remark: pipelined loop with 7 stages: tile 'ta' 2112 -> 14784 bytes; {{.*}}; 7 stages keep 101376 bytes in flight per SM over 8 resident blocks, the fewest that keep DRAM busy {{.*}} [sm_90, kernel 'void colSums<16>(
// CHECK-DAG: dram_floor.cu:[[@LINE+51]]:3: remark: pipelined loop with 3 stages: {{.*}}; 3 stages keep 67584 bytes in flight per SM over 8 resident blocks, the most without losing a block, short of DRAM's 6000-cycle latency under load, {{.*}} [sm_90, kernel 'colSumsBeside'
// CHECK-DAG: remark: pipelined loop with 4 stages: {{.*}}; 4 stages keep 50688 bytes in flight per SM over 8 resident blocks, as many as the loop's trips use, short of DRAM's 6000-cycle latency under load, {{.*}} [sm_90, kernel 'void colSumsK<16, 48>(
// FORCED-DAG: remark: pipelined loop with 3 stages: {{.*}} [sm_90, kernel 'void colSums<32>(
// FORCED-DAG: remark: pipelined loop with 3 stages: {{.*}} [sm_90, kernel 'void colSums<16>(
// FORCED-DAG: remark: pipelined loop with 3 stages: {{.*}} [sm_90, kernel 'colSumsBeside'
// FORCED-DAG: remark: pipelined loop with 3 stages: {{.*}} [sm_90, kernel 'void colSumsK<16, 48>(
// The ring of 4 stages waits for the oldest of 3 commit groups; 7 stages
// for the oldest of 6.
// PTX-LABEL: .entry _Z7colSumsILi32EEviiPKfPf(
// PTX: cp.async.wait_group 2;
// PTX-LABEL: .entry _Z7colSumsILi16EEviiPKfPf(
// PTX: cp.async.wait_group 5;

// One block of 32 x 8 threads owns 32 columns; each thread copies TM / 8
// rows of its column per tile, zero past the last row or column.
template <int TM>
__global__ void __launch_bounds__(256)
    colSums(int M, int N, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float ta[TM][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  float acc = 0.0f;
  A += col;
  for (int m0 = 0; m0 < M; m0 += TM) {
#pragma unroll
    for (int r = 0; r < TM / 8; ++r) {
      const int j = ty + r * 8;
      ta[j][tx] = m0 + j < M && col < N ? A[(size_t)j * N] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < TM / 8; ++r)
      acc += ta[ty + r * 8][tx];
    __syncthreads();
    A += (size_t)TM * N;
  }
  if (col < N)
    atomicAdd(&out[col], acc);
}
template __global__ void colSums<32>(int, int, const float *__restrict__, float *__restrict__);
template __global__ void colSums<16>(int, int, const float *__restrict__, float *__restrict__);

// The same beside a 12 KiB scratch array the kernel also uses.
extern "C" __global__ void __launch_bounds__(256)
    colSumsBeside(int M, int N, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float ta[32][33];
  __shared__ float scratch[3072];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  float acc = 0.0f;
  A += col;
  for (int m0 = 0; m0 < M; m0 += 32) {
#pragma unroll
    for (int r = 0; r < 4; ++r) {
      const int j = ty + r * 8;
      ta[j][tx] = m0 + j < M && col < N ? A[(size_t)j * N] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 4; ++r)
      acc += ta[ty + r * 8][tx];
    __syncthreads();
    A += (size_t)32 * N;
  }
  scratch[ty * 32 + tx] = acc;
  __syncthreads();
  if (ty == 0 && col < N) {
    float s = 0.0f;
    for (int r = 0; r < 8; ++r)
      s += scratch[r * 32 + tx];
    out[col] = s;
  }
}

// Three tiles of 16 rows: a known trip count of 3.
template <int TM, int M>
__global__ void __launch_bounds__(256)
    colSumsK(int N, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float ta[TM][33];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  float acc = 0.0f;
  A += col;
#pragma unroll 1
  for (int m0 = 0; m0 < M; m0 += TM) {
#pragma unroll
    for (int r = 0; r < TM / 8; ++r) {
      const int j = ty + r * 8;
      ta[j][tx] = col < N ? A[(size_t)j * N] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < TM / 8; ++r)
      acc += ta[ty + r * 8][tx];
    __syncthreads();
    A += (size_t)TM * N;
  }
  if (col < N)
    atomicAdd(&out[col], acc);
}
template __global__ void colSumsK<16, 48>(int, const float *__restrict__, float *__restrict__);
