// Runtime alias checks for addresses that are no recurrence of the tile
// loop, written the way public code writes them, without __restrict__: a
// clamp-to-edge row `min(y0 + ty, H - 1)`, a copy loop with a runtime trip
// count inside the tile loop, and an `int` index `blockIdx.x * K + k + x`
// extended after the tile counter stepped (ScalarEvolution has no trip
// count for a counter stepping by 256, so the latch's serves). The address
// ranges come from interval arithmetic over each address (docs/design.md,
// "Runtime alias checks"), whose assumptions join the check as 128-bit
// compares; each loop is pipelined behind the check.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: not grep -E "(u|s)(div|rem) i128" %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The near miss keeps its decline, and its code is as without the plugin:
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.nm.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-only=scatterRows
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.none.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-only=scatterRows -fplugin-arg-pipeline-disable
// RUN: diff %t.nm.ll %t.none.ll
//
// IR-LABEL: define {{.*}} @_Z9clampRowsiiPKfPf(
// The clamp is read signed: its operands must fit an i32.
// IR: call i128 @llvm.smin.i128(
// IR: icmp sgt i128 {{%[0-9]+}}, 2147483647
// Every byte's address is read unsigned, in 64 bits.
// IR: icmp sgt i128 {{%[0-9]+}}, 18446744073709551615
// IR: call {{.*}} @[[SYNC_OR]](
// IR: call void @llvm.nvvm.cp.async.ca.shared.global.4
// IR-LABEL: define {{.*}} @_Z9rowsLoop1iiiPKfPf(
// IR: icmp {{slt|sgt}} i128
// IR: call {{.*}} @[[SYNC_OR]](
// IR: call void @llvm.nvvm.cp.async.ca.shared.global.4
// IR-LABEL: define {{.*}} @_Z7stridediPKfPf(
// IR: icmp {{slt|sgt}} i128
// IR: call {{.*}} @[[SYNC_OR]](
// IR: call void @llvm.nvvm.cp.async.ca.shared.global.4
// IR-LABEL: define {{.*}} @_Z8haloFlatiiPKfPf(
// IR: udiv i64 {{%[0-9]+}}, 18
// IR: call {{.*}} @[[SYNC_OR]](
// IR: call void @llvm.nvvm.cp.async.ca.shared.global.4

__global__ void __launch_bounds__(256) clampRows(int H, int W, const float *in, float *out) {
  __shared__ float tile[8][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int col = blockIdx.x * 32 + tx;
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'tile' {{.*}}; with a runtime alias check{{.*}}kernel 'clampRows(int, int, float const*, float*)'
  for (int y0 = 0; y0 < H; y0 += 8) {
    tile[ty][tx] = in[min(y0 + ty, H - 1) * W + col];
    __syncthreads();
    acc += tile[7 - ty][tx];
    out[(y0 + ty) * W + col] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) rowsLoop1(int ntiles, int d, int ld, const float *in,
                                                 float *out) {
  __shared__ float tile[64][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: {{.*}}; with a runtime alias check{{.*}}kernel 'rowsLoop1(int, int, int, float const*, float*)'
  for (int t = 0; t < ntiles; ++t) {
#pragma unroll 1
    for (int j = 0; j < d; ++j)
      tile[ty + 8 * j][tx] = in[(t * 64 + ty + 8 * j) * ld + tx];
    __syncthreads();
    acc += tile[63 - ty][tx];
    out[t * 256 + ty * 32 + tx] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) strided(int K, const float *in, float *out) {
  __shared__ float tile[256];
  const int x = threadIdx.x;
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: {{.*}}; with a runtime alias check{{.*}}kernel 'strided(int, float const*, float*)'
  for (int k = 0; k < K; k += 256) {
    tile[x] = in[blockIdx.x * K + k + x];
    __syncthreads();
    acc += tile[255 - x];
    out[blockIdx.x * K + k + x] = acc;
    __syncthreads();
  }
}

// A halo tile walked flat, `i / 18` and `i % 18`, by a copy loop stepping
// by the block size: the interval of `i / 18` divides bounds that fit 32
// bits, and the check divides them in 64 bits, not 128 (NVPTX would
// expand a 128-bit division into a loop of 128 steps).
__global__ void __launch_bounds__(256) haloFlat(int nt, int W, const float *in, float *out) {
  __shared__ float tile[18][18];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: {{.*}}; with a runtime alias check{{.*}}kernel 'haloFlat(int, int, float const*, float*)'
  for (int t = 0; t < nt; ++t) {
#pragma unroll 1
    for (int i = tid; i < 324; i += blockDim.x * blockDim.y)
      tile[i / 18][i % 18] = in[(i / 18) * W + t * 16 + i % 18];
    __syncthreads();
    acc += tile[threadIdx.y + 1][threadIdx.x + 1];
    out[t * 256 + tid] = acc;
    __syncthreads();
  }
}

// More dividends of such checks, each narrowed to a 64-bit division: a
// product of the tile counter's half with itself (a 128-bit product whose
// range ScalarEvolution bounds), a size_t index, a lane index (a shift of
// a 3-bit value), an unsigned short start divided by more than it holds.
__global__ void __launch_bounds__(256) squareMod(int nt, const float *in, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: {{.*}}; with a runtime alias check{{.*}}kernel 'squareMod(
  for (int t = 0; t < nt; ++t) {
    const int h = t >> 1;
    tile[threadIdx.x] = in[((h * h) % 5) * 256 + threadIdx.x];
    __syncthreads();
    acc += tile[(threadIdx.x + 1) % 256];
    out[t * 256 + threadIdx.x] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) thirds(int nt, unsigned base, const float *in, float *out) {
  __shared__ float tile[256];
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: {{.*}}; with a runtime alias check{{.*}}kernel 'thirds(
  for (int t = 0; t < nt; ++t) {
    const size_t e = (size_t)base + (size_t)t * 256 + threadIdx.x;
    tile[threadIdx.x] = in[e / 3];
    __syncthreads();
    acc += tile[(threadIdx.x + 1) % 256];
    out[e] = acc;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(256) laneRows(int nt, int ld, const float *in, float *out,
                                                unsigned short c0) {
  __shared__ float tile[2][256];
  const int lane = threadIdx.x % 32;
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: {{.*}}; with a runtime alias check{{.*}}kernel 'laneRows(
  for (int t = 0; t < nt; ++t) {
    tile[0][threadIdx.x] = in[((lane + t * 32) / 100) * ld + threadIdx.x];
    tile[1][threadIdx.x] = in[((c0 + (unsigned)t) / 70000u) * ld + threadIdx.x];
    __syncthreads();
    acc += tile[0][(threadIdx.x + 1) % 256] * tile[1][threadIdx.x];
    out[t * 256 + threadIdx.x] = acc;
    __syncthreads();
  }
}

// Near miss: the row a thread writes is read from memory.
__global__ void __launch_bounds__(256) scatterRows(int ntiles, const int *rows, const float *in,
                                                   float *out) {
  __shared__ float tile[256];
  const int x = threadIdx.x;
  float acc = 0.0f;
  // CHECK: alias_interval_bounds.cu:[[@LINE+1]]:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from; mark the pointers __restrict__ if they never overlap{{.*}}kernel 'scatterRows
  for (int t = 0; t < ntiles; ++t) {
    tile[x] = in[t * 256 + x];
    __syncthreads();
    acc += tile[255 - x];
    out[rows[t] * 256 + x] = acc;
    __syncthreads();
  }
}
