// Constant-offset copies: a thread's copies into one
// tile written by `#pragma unroll` loops as `As[ty + 16 * i][tx + 16 * j]`,
// the same base and a constant apart (up to 16 stores per thread), and a
// float4 loaded once and stored transposed as four scalars from inside a
// `__device__` helper, `__forceinline__` or not (inlined either way by the
// time the pass runs). Each pair of one thread's destinations differs by a
// nonzero constant, so the copies are distinct and go to the ring as they
// are; two threads that write the same bytes (verticalBlur's rows 8 to 15)
// copy the same source there, as in the loop as written.
// Near misses keep their reasons: a 64x64x64 tile whose ring exceeds the
// static shared-memory budget, a helper kept out of line by `__noinline__`
// (its call is no copy the pass can see, and it writes the tile the loop
// reads after its barrier), a stride that is a kernel argument (zero makes
// the two copies one), and a guard with no zero fill. Each is pipelined in
// place by default (the remark names the ring's reason after "no ring:";
// the call's kernel only for its tile 'Bs') and declined under in-place=off.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-stages=4 --cuda-gpu-arch=sm_90 -S %s -o %t.s4.ptx -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S4
// RUN: FileCheck %s --check-prefix=S4-PTX < %t.s4.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.s4.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-in-place=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NO-RING --implicit-check-not="remark: pipelined loop in place"
//
// A ring of 3 stages issues each copy three times, twice in the prologue and
// once in the steady state, and none of the loop's stores into the tiles
// is left; the near misses keep their stores and issue no cp.async.
// PTX-LABEL: .entry _Z10sgemmTilesILi64ELi64ELi32EEviiiPKfS1_Pf(
// PTX-COUNT-48: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// PTX-NOT: cp.async.c{{[ag]}}.shared.global
// PTX-NOT: st.shared
// PTX-LABEL: .entry _Z10sgemmTilesILi32ELi32ELi32EEviiiPKfS1_Pf(
// PTX-COUNT-24: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// PTX-NOT: cp.async.c{{[ag]}}.shared.global
// PTX-NOT: st.shared
// PTX-LABEL: .entry _Z10sgemmTilesILi64ELi64ELi64EEviiiPKfS1_Pf(
// PTX-NOT: cp.async
// PTX: st.shared
// PTX-NOT: cp.async
// PTX-LABEL: .entry _Z12transposeSumiiiiPKfPf(
// PTX-COUNT-12: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// PTX-NOT: cp.async.c{{[ag]}}.shared.global
// PTX-NOT: st.shared
// PTX-LABEL: .entry _Z12verticalBluriiiPKfPf(
// PTX-COUNT-6: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// PTX-NOT: cp.async.c{{[ag]}}.shared.global
// PTX-NOT: st.shared
// Three issues of the four 4-byte column copies and the 16-byte copy of B.
// PTX-LABEL: .entry _Z18sgemmColumnsInlineiiPKfS0_Pf(
// PTX-COUNT-15: cp.async.c{{[ag]}}.shared.global [{{[^]]+}}], [{{[^]]+}}], {{4|16}}{{(, %r[0-9]+)?}};
// PTX-NOT: cp.async.c{{[ag]}}.shared.global
// PTX-NOT: st.shared
// PTX-LABEL: .entry _Z18sgemmColumnsHelperiiPKfS0_Pf(
// PTX-COUNT-15: cp.async.c{{[ag]}}.shared.global [{{[^]]+}}], [{{[^]]+}}], {{4|16}}{{(, %r[0-9]+)?}};
// PTX-NOT: cp.async.c{{[ag]}}.shared.global
// PTX-NOT: st.shared
// PTX-LABEL: .entry _Z16sgemmColumnsCalliiPKfS0_Pf(
// PTX-NOT: cp.async
// PTX-LABEL: .entry _Z11stridedRowsiiPKfPf(
// PTX-NOT: cp.async
// PTX-LABEL: .entry _Z10raggedRowsiPKfPf(
// PTX-NOT: cp.async
// At 4 stages four issues of each copy, three where 3 stages fill the 48 KiB.
// S4-PTX-LABEL: .entry _Z10sgemmTilesILi64ELi64ELi32EEviiiPKfS1_Pf(
// S4-PTX-COUNT-48: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// S4-PTX-NOT: cp.async.c{{[ag]}}.shared.global
// S4-PTX-LABEL: .entry _Z10sgemmTilesILi32ELi32ELi32EEviiiPKfS1_Pf(
// S4-PTX-COUNT-32: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// S4-PTX-NOT: cp.async.c{{[ag]}}.shared.global
// S4-PTX-LABEL: .entry _Z10sgemmTilesILi64ELi64ELi64EEviiiPKfS1_Pf(
// S4-PTX-NOT: cp.async
// S4-PTX-LABEL: .entry _Z12transposeSumiiiiPKfPf(
// S4-PTX-COUNT-12: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// S4-PTX-NOT: cp.async.c{{[ag]}}.shared.global
// S4-PTX-LABEL: .entry _Z12verticalBluriiiPKfPf(
// S4-PTX-COUNT-8: cp.async.ca.shared.global [{{[^]]+}}], [{{[^]]+}}], 4{{(, %r[0-9]+)?}};
// S4-PTX-NOT: cp.async.c{{[ag]}}.shared.global
// S4-PTX-LABEL: .entry _Z18sgemmColumnsInlineiiPKfS0_Pf(
// S4-PTX-COUNT-20: cp.async.c{{[ag]}}.shared.global [{{[^]]+}}], [{{[^]]+}}], {{4|16}}{{(, %r[0-9]+)?}};
// S4-PTX-NOT: cp.async.c{{[ag]}}.shared.global
// S4-PTX-LABEL: .entry _Z18sgemmColumnsHelperiiPKfS0_Pf(
// S4-PTX-COUNT-20: cp.async.c{{[ag]}}.shared.global [{{[^]]+}}], [{{[^]]+}}], {{4|16}}{{(, %r[0-9]+)?}};
// S4-PTX-NOT: cp.async.c{{[ag]}}.shared.global
// S4-PTX-LABEL: .entry _Z16sgemmColumnsCalliiPKfS0_Pf(
#include <cuda_runtime.h>

// C = A * B for M, N multiples of the tile and K of BK; 16x16 threads, each
// computing (BM / 16) x (BN / 16) elements of C strided by 16.
template <int BM, int BN, int BK>
__global__ void __launch_bounds__(256)
    sgemmTiles(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
               float *__restrict__ C) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BN];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[BM / 16][BN / 16] = {};
  // CHECK: constant_offset_copies.cu:[[#@LINE+9]]:3: remark: pipelined loop with 3 stages: tile 'As' 8192 -> 24576 bytes, tile 'Bs' 8192 -> 24576 bytes; 16 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'void sgemmTiles<64, 64, 32>(
  // CHECK: constant_offset_copies.cu:[[#@LINE+8]]:3: remark: pipelined loop with 3 stages: tile 'As' 4096 -> 12288 bytes, tile 'Bs' 4096 -> 12288 bytes; 8 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'void sgemmTiles<32, 32, 32>(
  // Near miss: 16 + 16 copies per thread, but two 16 KiB tiles make a ring
  // of 2 stages 64 KiB, over the 48 KiB of static shared memory.
  // CHECK: constant_offset_copies.cu:[[#@LINE+5]]:3: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'As', tile 'Bs'; 32 copies loaded one iteration ahead into 32 registers; no ring: a ring of 2 stages needs 65536 bytes of shared memory, over the budget of 49152 bytes; use smaller tiles {{.*}}[sm_90, kernel 'void sgemmTiles<64, 64, 64>(
  // S4: constant_offset_copies.cu:[[#@LINE+4]]:3: remark: pipelined loop with 3 stages: tile 'As' 8192 -> 24576 bytes, tile 'Bs' 8192 -> 24576 bytes; 16 cp.async copies of 4 bytes; removed the second barrier (4 stages requested; 3 fit the 49152-byte budget); cp.async [sm_90, kernel 'void sgemmTiles<64, 64, 32>(
  // S4: constant_offset_copies.cu:[[#@LINE+3]]:3: remark: pipelined loop with 4 stages: tile 'As' 4096 -> 16384 bytes, tile 'Bs' 4096 -> 16384 bytes; 8 cp.async copies of 4 bytes; {{.*}}[sm_90, kernel 'void sgemmTiles<32, 32, 32>(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop with 3 stages: {{.*}}[sm_90, kernel 'void sgemmTiles<64, 64, 32>(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+1]]:3: remark: loop not pipelined: a ring of 2 stages needs 65536 bytes of shared memory, over the budget of 49152 bytes; use smaller tiles {{.*}}[sm_90, kernel 'void sgemmTiles<64, 64, 64>(
  for (int k0 = 0; k0 < K; k0 += BK) {
#pragma unroll
    for (int i = 0; i < BM / 16; ++i)
#pragma unroll
      for (int j = 0; j < BK / 16; ++j)
        As[ty + 16 * i][tx + 16 * j] = A[(size_t)(row0 + ty + 16 * i) * K + k0 + tx + 16 * j];
#pragma unroll
    for (int i = 0; i < BK / 16; ++i)
#pragma unroll
      for (int j = 0; j < BN / 16; ++j)
        Bs[ty + 16 * i][tx + 16 * j] = B[(size_t)(k0 + ty + 16 * i) * N + col0 + tx + 16 * j];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BK; ++k)
#pragma unroll
      for (int i = 0; i < BM / 16; ++i)
#pragma unroll
        for (int j = 0; j < BN / 16; ++j)
          acc[i][j] += As[ty + 16 * i][k] * Bs[k][tx + 16 * j];
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < BM / 16; ++i)
#pragma unroll
    for (int j = 0; j < BN / 16; ++j)
      C[(size_t)(row0 + ty + 16 * i) * N + col0 + tx + 16 * j] = acc[i][j];
}

template __global__ void sgemmTiles<64, 64, 32>(int, int, int, const float *, const float *,
                                                float *);
template __global__ void sgemmTiles<32, 32, 32>(int, int, int, const float *, const float *,
                                                float *);
template __global__ void sgemmTiles<64, 64, 64>(int, int, int, const float *, const float *,
                                                float *);

// out[c][x][y] += in[b][c][y][x] over a batch of nb images of H x W, through
// a 64x64 tile loaded by 32x32 threads, 4 copies each, zero past the edges.
__global__ void __launch_bounds__(1024)
    transposeSum(int nb, int C, int H, int W, const float *__restrict__ in,
                 float *__restrict__ out) {
  __shared__ float tile[64][64];
  const int tx = threadIdx.x, ty = threadIdx.y, c = blockIdx.z;
  const int x0 = blockIdx.x * 64, y0 = blockIdx.y * 64;
  float acc[2][2] = {};
  // CHECK: constant_offset_copies.cu:[[#@LINE+4]]:3: remark: pipelined loop with 3 stages: tile 'tile' 16384 -> 49152 bytes; 4 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'transposeSum(
  // S4: constant_offset_copies.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 16384 -> 49152 bytes; 4 cp.async copies of 4 bytes; removed the second barrier (4 stages requested; 3 fit the 49152-byte budget); cp.async [sm_90, kernel 'transposeSum(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop with 3 stages: {{.*}}[sm_90, kernel 'transposeSum(
  const float *img = in + (size_t)c * H * W;
  for (int b = 0; b < nb; ++b, img += (size_t)C * H * W) {
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j) {
        const int y = y0 + ty + 32 * i, x = x0 + tx + 32 * j;
        tile[ty + 32 * i][tx + 32 * j] = (y < H && x < W) ? img[(size_t)y * W + x] : 0.0f;
      }
    __syncthreads();
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j)
        acc[i][j] += tile[tx + 32 * j][ty + 32 * i];
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 2; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j) {
      const int x = x0 + ty + 32 * i, y = y0 + tx + 32 * j;
      if (x < W && y < H)
        out[((size_t)c * W + x) * H + y] = acc[i][j];
    }
}

// A 9-tap vertical filter over nt planes of H x W: 16x16 threads load the
// 24 rows of a tile and its halo as rows ty and ty + 8, so rows 8 to 15 are
// loaded by two threads each, from the same source.
__global__ void __launch_bounds__(256)
    verticalBlur(int nt, int H, int W, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[24][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * 16 + tx, y0 = blockIdx.y * 16;
  float acc = 0.0f;
  // CHECK: constant_offset_copies.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1536 -> 4608 bytes; 2 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'verticalBlur(
  // S4: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop with 4 stages: tile 'tile' 1536 -> 6144 bytes; 2 cp.async copies of 4 bytes; {{.*}}[sm_90, kernel 'verticalBlur(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+1]]:3: remark: pipelined loop with 3 stages: {{.*}}[sm_90, kernel 'verticalBlur(
  for (int t = 0; t < nt; ++t) {
    const float *plane = in + (size_t)t * H * W;
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int y = y0 + ty + 8 * i - 4;
      tile[ty + 8 * i][tx] = (y >= 0 && y < H && x < W) ? plane[(size_t)y * W + x] : 0.0f;
    }
    __syncthreads();
    float s = 0.0f;
#pragma unroll
    for (int d = 0; d < 9; ++d)
      s += tile[ty + d][tx] * (d < 4 ? 0.125f : d == 4 ? 0.5f : 0.25f);
    acc = acc * 0.5f + s;
    __syncthreads();
  }
  if (x < W && y0 + ty < H)
    out[(size_t)(y0 + ty) * W + x] = acc;
}

// siboehm-style 64x64x8 tiles of 128 threads, A stored transposed
// (As[k][m]) from one float4 through a helper; B copied as a float4.
#define TBM 64
#define TBN 64
#define TBK 8

__device__ __forceinline__ void storeColumnsInline(float *As, int r, int c, float4 v) {
  As[(4 * c + 0) * TBM + r] = v.x;
  As[(4 * c + 1) * TBM + r] = v.y;
  As[(4 * c + 2) * TBM + r] = v.z;
  As[(4 * c + 3) * TBM + r] = v.w;
}

__device__ void storeColumns(float *As, int r, int c, float4 v) {
  As[(4 * c + 0) * TBM + r] = v.x;
  As[(4 * c + 1) * TBM + r] = v.y;
  As[(4 * c + 2) * TBM + r] = v.z;
  As[(4 * c + 3) * TBM + r] = v.w;
}

__device__ __noinline__ void storeColumnsCall(float *As, int r, int c, float4 v) {
  As[(4 * c + 0) * TBM + r] = v.x;
  As[(4 * c + 1) * TBM + r] = v.y;
  As[(4 * c + 2) * TBM + r] = v.z;
  As[(4 * c + 3) * TBM + r] = v.w;
}

// The compute and epilogue the three kernels share: each thread 8 rows by
// 4 columns of C.
__device__ __forceinline__ void multiplyTiles(const float *As, const float *Bs,
                                              float (&acc)[8][4]) {
  const int tid = threadIdx.x;
#pragma unroll
  for (int k = 0; k < TBK; ++k)
#pragma unroll
    for (int i = 0; i < 8; ++i)
#pragma unroll
      for (int j = 0; j < 4; ++j)
        acc[i][j] += As[k * TBM + (tid / 16) * 8 + i] * Bs[k * TBN + (tid % 16) * 4 + j];
}

__device__ __forceinline__ void storeC(int N, float *C, const float (&acc)[8][4]) {
  const int tid = threadIdx.x;
#pragma unroll
  for (int i = 0; i < 8; ++i)
#pragma unroll
    for (int j = 0; j < 4; ++j)
      C[(size_t)(blockIdx.y * TBM + (tid / 16) * 8 + i) * N + blockIdx.x * TBN + (tid % 16) * 4 +
        j] = acc[i][j];
}

__global__ void __launch_bounds__(128)
    sgemmColumnsInline(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                       float *__restrict__ C) {
  __shared__ __align__(16) float As[TBK * TBM];
  __shared__ __align__(16) float Bs[TBK * TBN];
  const int tid = threadIdx.x;
  const int rowA = tid / (TBK / 4), colA = tid % (TBK / 4);
  const int rowB = tid / (TBN / 4), colB = tid % (TBN / 4);
  A += (size_t)blockIdx.y * TBM * K;
  B += blockIdx.x * TBN;
  float acc[8][4] = {};
  // CHECK: constant_offset_copies.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'As' 2048 -> 6144 bytes, tile 'Bs' 2048 -> 6144 bytes; 5 cp.async copies of 4 to 16 bytes; removed the second barrier; cp.async [sm_90, kernel 'sgemmColumnsInline(
  // S4: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop with 4 stages: tile 'As' 2048 -> 8192 bytes, tile 'Bs' 2048 -> 8192 bytes; 5 cp.async copies of 4 to 16 bytes; {{.*}}[sm_90, kernel 'sgemmColumnsInline(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+1]]:3: remark: pipelined loop with 3 stages: {{.*}}[sm_90, kernel 'sgemmColumnsInline(
  for (int k0 = 0; k0 < K; k0 += TBK) {
    storeColumnsInline(As, rowA, colA,
                       *reinterpret_cast<const float4 *>(&A[(size_t)rowA * K + k0 + colA * 4]));
    *reinterpret_cast<float4 *>(&Bs[rowB * TBN + colB * 4]) =
        *reinterpret_cast<const float4 *>(&B[(size_t)(k0 + rowB) * N + colB * 4]);
    __syncthreads();
    multiplyTiles(As, Bs, acc);
    __syncthreads();
  }
  storeC(N, C, acc);
}

__global__ void __launch_bounds__(128)
    sgemmColumnsHelper(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                       float *__restrict__ C) {
  __shared__ __align__(16) float As[TBK * TBM];
  __shared__ __align__(16) float Bs[TBK * TBN];
  const int tid = threadIdx.x;
  const int rowA = tid / (TBK / 4), colA = tid % (TBK / 4);
  const int rowB = tid / (TBN / 4), colB = tid % (TBN / 4);
  A += (size_t)blockIdx.y * TBM * K;
  B += blockIdx.x * TBN;
  float acc[8][4] = {};
  // CHECK: constant_offset_copies.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'As' 2048 -> 6144 bytes, tile 'Bs' 2048 -> 6144 bytes; 5 cp.async copies of 4 to 16 bytes; removed the second barrier; cp.async [sm_90, kernel 'sgemmColumnsHelper(
  // S4: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop with 4 stages: tile 'As' 2048 -> 8192 bytes, tile 'Bs' 2048 -> 8192 bytes; 5 cp.async copies of 4 to 16 bytes; {{.*}}[sm_90, kernel 'sgemmColumnsHelper(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+1]]:3: remark: pipelined loop with 3 stages: {{.*}}[sm_90, kernel 'sgemmColumnsHelper(
  for (int k0 = 0; k0 < K; k0 += TBK) {
    storeColumns(As, rowA, colA,
                 *reinterpret_cast<const float4 *>(&A[(size_t)rowA * K + k0 + colA * 4]));
    *reinterpret_cast<float4 *>(&Bs[rowB * TBN + colB * 4]) =
        *reinterpret_cast<const float4 *>(&B[(size_t)(k0 + rowB) * N + colB * 4]);
    __syncthreads();
    multiplyTiles(As, Bs, acc);
    __syncthreads();
  }
  storeC(N, C, acc);
}

// Near miss: the helper stays a call. Its stores into As are no copy the
// pass can see, and they come before the barrier after which the loop reads
// As: a ring, which removes the second barrier, would let the next call
// overwrite As while it is read. In place only B's copy moves.
__global__ void __launch_bounds__(128)
    sgemmColumnsCall(int N, int K, const float *__restrict__ A, const float *__restrict__ B,
                     float *__restrict__ C) {
  __shared__ __align__(16) float As[TBK * TBM];
  __shared__ __align__(16) float Bs[TBK * TBN];
  const int tid = threadIdx.x;
  const int rowA = tid / (TBK / 4), colA = tid % (TBK / 4);
  const int rowB = tid / (TBN / 4), colB = tid % (TBN / 4);
  A += (size_t)blockIdx.y * TBM * K;
  B += blockIdx.x * TBN;
  float acc[8][4] = {};
  // CHECK: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'Bs'; 1 copy loaded one iteration ahead into 4 registers; no ring: a memory access before the first barrier may conflict with one after it, which the removed second barrier ordered across iterations; registers in place [sm_90, kernel 'sgemmColumnsCall(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+1]]:3: remark: loop not pipelined: a memory access before the first barrier may conflict with one after it, which the removed second barrier ordered across iterations [sm_90, kernel 'sgemmColumnsCall(
  for (int k0 = 0; k0 < K; k0 += TBK) {
    storeColumnsCall(As, rowA, colA,
                     *reinterpret_cast<const float4 *>(&A[(size_t)rowA * K + k0 + colA * 4]));
    *reinterpret_cast<float4 *>(&Bs[rowB * TBN + colB * 4]) =
        *reinterpret_cast<const float4 *>(&B[(size_t)(k0 + rowB) * N + colB * 4]);
    __syncthreads();
    multiplyTiles(As, Bs, acc);
    __syncthreads();
  }
  storeC(N, C, acc);
}

// Near miss: the row stride of the second copy is an argument; at 0 both
// copies of a thread write tile[ty][tx], and the ring would not order them.
__global__ void __launch_bounds__(256)
    stridedRows(int nt, int rs, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[32][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  // CHECK: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'tile'; 2 copies loaded one iteration ahead into 2 registers; no ring: two copies into tile 'tile' may write the same bytes, and cp.async gives them no order; registers in place [sm_90, kernel 'stridedRows(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+1]]:3: remark: loop not pipelined: two copies into tile 'tile' may write the same bytes, and cp.async gives them no order [sm_90, kernel 'stridedRows(
  for (int t = 0; t < nt; ++t) {
#pragma unroll
    for (int i = 0; i < 2; ++i)
      tile[ty + rs * i][tx] = in[((size_t)t * 32 + ty + 16 * i) * 16 + tx];
    __syncthreads();
    acc += tile[ty][tx] * tile[ty + rs][15 - tx];
    __syncthreads();
  }
  out[ty * 16 + tx] = acc;
}

// Near miss: the copies past K are skipped, not zero-filled, so a ring's
// slot would keep an older tile's data there.
__global__ void __launch_bounds__(256)
    raggedRows(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[32][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
  // CHECK: constant_offset_copies.cu:[[#@LINE+2]]:3: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'As'; 4 copies loaded one iteration ahead into 4 registers; no ring: the copy into tile 'As' runs under a condition that changes from iteration to iteration and writes no zeros otherwise, so a slot would keep stale data; write zeros in the other branch (x = c ? A[i] : 0); registers in place [sm_90, kernel 'raggedRows(
  // NO-RING: constant_offset_copies.cu:[[#@LINE+1]]:3: remark: loop not pipelined: the copy into tile 'As' runs under a condition that changes from iteration to iteration and writes no zeros otherwise, so a slot would keep stale data; write zeros in the other branch (x = c ? A[i] : 0) [sm_90, kernel 'raggedRows(
  for (int k0 = 0; k0 < K; k0 += 32) {
#pragma unroll
    for (int i = 0; i < 2; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j)
        if (k0 + tx + 16 * j < K)
          As[ty + 16 * i][tx + 16 * j] =
              A[(size_t)(blockIdx.x * 32 + ty + 16 * i) * K + k0 + tx + 16 * j];
    __syncthreads();
    if (k0 + tx < K)
      acc += As[15 - ty][tx] * As[31 - ty][tx];
    __syncthreads();
  }
  out[(blockIdx.x * 16 + ty) * 16 + tx] = acc;
}
