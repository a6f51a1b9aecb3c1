// Straight-line copies skipped on some iterations (docs/design.md,
// "Skipped copies"): `if (tid < len) s[tid] = x[t + tid]` with no else,
// where len is smaller on the last tile (min(TILE, n - t), or a select on
// the last tile). The tile's skipped bytes keep the last tile's value, so
// each thread that skips moves its bytes from the slot before into the
// current one after the wait (a load from the slot before, a store under
// `if (move)`), and the ring is taken. Near misses, in place with the
// reason: a guard on a thread index that is not the copy's (only row 0
// loads), a tile zeroed before the loop, two copies into one tile, a 2-D
// tile whose column nothing bounds by the row's width, and one whose
// 64-bit column only the predicate bounds (LazyValueInfo at the copy knows
// `c < len <= 32`; a thread that skips may have c >= 32, whose move would
// land in the next row, a byte another thread copies); and
// lowering=registers, whose staged stores come after the compute.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REGS --implicit-check-not="pipelined loop with"
#define TILE 256

// REMARK-DAG: straight_skips.cu:[[@LINE+27]]:3: remark: pipelined loop with 3 stages: tile 's' 1024 -> 3072 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; 1 copy skipped on some iterations keeps the slot before's bytes there; cp.async [sm_90, kernel 'tileSum
// REGS-DAG: straight_skips.cu:[[@LINE+26]]:3: remark: pipelined loop in place{{.*}}the rewrite moves the slot before's bytes into a skipped copy's only where cp.async issues it into an unpadded static ring: it is staged through registers{{.*}}kernel 'tileSum
// IR-LABEL: define {{.*}} @_Z7tileSumiPKfPf
// IR: call void @llvm.nvvm.cp.async.wait.group(i32 1)
// The destination afresh from its index, with no inbounds: the loop's own
// GEP is poison for a thread whose index lies past the tile.
// IR: [[MUL:%[0-9]+]] = mul i64 %{{[0-9]+}}, 4
// IR-NEXT: [[OFF:%[0-9]+]] = freeze i64 [[MUL]]
// IR-NEXT: [[DST:%[0-9]+]] = getelementptr i8, ptr addrspace(3) %{{[0-9]+}}, i64 [[OFF]]
// IR-NEXT: icmp ule i64 [[OFF]], 1020
// IR: [[SKIP:%[0-9]+]] = xor i1 {{%.*}}, true
// IR: [[MOVE:%[0-9]+]] = and i1 [[SKIP]],
// IR: [[FROM:%[0-9]+]] = select i1 [[MOVE]], ptr addrspace(3) {{%.*}}, ptr addrspace(3)
// IR: [[KEPT:%[0-9]+]] = load i32, ptr addrspace(3) [[FROM]], align 4
// IR: br i1 [[MOVE]], label %[[THEN:[0-9]+]], label
// IR: [[THEN]]:
// IR-NEXT: store i32 [[KEPT]], ptr addrspace(3) [[DST]]
// IR: [[SYNC]]
// IR: call void @llvm.nvvm.cp.async.ca.shared.global.4.s(
// IR-LABEL: define {{.*}} @_Z8lastTile

__global__ void __launch_bounds__(TILE) tileSum(int n, const float *__restrict__ x,
                                               float *__restrict__ out) {
  __shared__ float s[TILE];
  const int i = blockIdx.x * TILE + threadIdx.x;
  const float xi = i < n ? x[i] : 0.0f;
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    const int len = min(TILE, n - t);
    if (threadIdx.x < len)
      s[threadIdx.x] = x[t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < len; ++j)
      acc += s[j] * xi;
    __syncthreads();
  }
  if (i < n)
    out[i] = acc;
}

// REMARK-DAG: straight_skips.cu:[[@LINE+8]]:3: remark: pipelined loop with 3 stages{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}kernel 'lastTile
__global__ void __launch_bounds__(TILE) lastTile(int n, const float *__restrict__ x,
                                                float *__restrict__ out) {
  __shared__ float s[TILE];
  const int i = blockIdx.x * TILE + threadIdx.x;
  const float xi = i < n ? x[i] : 0.0f;
  float acc = 0.0f;
  const int ntiles = (n + TILE - 1) / TILE;
  for (int t = 0; t < ntiles; ++t) {
    const int len = t == ntiles - 1 ? n - t * TILE : TILE;
    if (threadIdx.x < len)
      s[threadIdx.x] = x[t * TILE + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < len; ++j)
      acc += s[j] * xi;
    __syncthreads();
  }
  if (i < n)
    out[i] = acc;
}

// REMARK-DAG: straight_skips.cu:[[@LINE+6]]:3: remark: pipelined loop in place{{.*}}no ring: the copy into tile 's' runs under a condition that changes{{.*}}kernel 'rowLoader
// REMARK-DAG: remark: no ring: the rewrite cannot move the slot before's bytes into a skipped copy's: the condition depends on the thread through more than the copy's indices{{.*}}kernel 'rowLoader
__global__ void __launch_bounds__(TILE) rowLoader(int n, const float *__restrict__ x,
                                                 float *__restrict__ out) {
  __shared__ float s[32];
  float acc = 0.0f;
  for (int t = 0; t < n; t += 32) {
    const int len = min(32, n - t);
    if (threadIdx.y == 0 && threadIdx.x < len)
      s[threadIdx.x] = x[t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < len; ++j)
      acc += s[j] * (float)threadIdx.y;
    __syncthreads();
  }
  out[blockIdx.x * TILE + threadIdx.y * 32 + threadIdx.x] = acc;
}

// REMARK-DAG: remark: no ring: the rewrite cannot move the slot before's bytes into a skipped copy's: the tile may hold written bytes when the loop starts{{.*}}kernel 'zeroedFirst
__global__ void __launch_bounds__(TILE) zeroedFirst(int n, const float *__restrict__ x,
                                                   float *__restrict__ out) {
  __shared__ float s[TILE];
  s[threadIdx.x] = 0.0f;
  __syncthreads();
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    const int len = min(TILE, n - t);
    if (threadIdx.x < len)
      s[threadIdx.x] = x[t + threadIdx.x];
    __syncthreads();
    acc += s[(threadIdx.x + 1) % TILE];
    __syncthreads();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// REMARK-DAG: remark: no ring: the rewrite cannot move the slot before's bytes into a skipped copy's: the tile has other copies{{.*}}kernel 'twoCopies
__global__ void __launch_bounds__(TILE) twoCopies(int n, const float *__restrict__ x,
                                                 float *__restrict__ out) {
  __shared__ float s[2 * TILE];
  float acc = 0.0f;
  for (int t = 0; t < n; t += 2 * TILE) {
    const int len = min(2 * TILE, n - t);
    if (threadIdx.x < len)
      s[threadIdx.x] = x[t + threadIdx.x];
    if (threadIdx.x + TILE < len)
      s[threadIdx.x + TILE] = x[t + threadIdx.x + TILE];
    __syncthreads();
    for (int j = 0; j < len; ++j)
      acc += s[j];
    __syncthreads();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

// REMARK-DAG: remark: no ring: the rewrite cannot move the slot before's bytes into a skipped copy's: two threads might write the same bytes through different indices of the tile{{.*}}kernel 'tile2D
__global__ void __launch_bounds__(TILE) tile2D(int h, int w, const float *__restrict__ x,
                                              float *__restrict__ out) {
  __shared__ float s[8][32];
  float acc = 0.0f;
  for (int t = 0; t < w; t += 32) {
    const int cols = min(32, w - t);
    if (threadIdx.y < h && threadIdx.x < cols)
      s[threadIdx.y][threadIdx.x] = x[threadIdx.y * w + t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < cols; ++j)
      acc += s[threadIdx.y][j];
    __syncthreads();
  }
  out[blockIdx.x * TILE + threadIdx.y * 32 + threadIdx.x] = acc;
}

// REMARK-DAG: remark: no ring: the rewrite cannot move the slot before's bytes into a skipped copy's: two threads might write the same bytes through different indices of the tile (each index but the outermost, bounded before the loop{{.*}}kernel 'longColumn
__global__ void longColumn(const float *__restrict__ x, float *out, long n) {
  __shared__ float s[8][32];
  float acc = 0.0f;
  const long c = threadIdx.x;
  const int ty = threadIdx.y;
  for (long t = 0; t < n; t += 32) {
    const long len = min((long)32, n - t);
    if (c < len)
      s[ty][c] = x[(t + c) * 8 + ty];
    __syncthreads();
    for (long j = 0; j < len; ++j)
      acc += s[ty][j];
    __syncthreads();
  }
  out[ty * blockDim.x + c] = acc;
}
