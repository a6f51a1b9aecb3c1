// The cache operator of 16-byte copies: cp.async.cg bypasses L1, which is
// right where each tile's bytes are new, and cp.async.ca keeps them in L1,
// which is right where the next tile reads bytes again that this one read
// (a halo's rows when tiles step by less than they span). The plan samples
// the copies' source addresses on two iterations of the tile loop for
// every thread of one block (pl_scev_copies_reread) and marks the copies
// that load bytes the next tile reads again, and those that read them
// again. The block's shape comes from the launches in the file, launch
// bounds (one dimension), or blockDim asserted; without it, .cg.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -fplugin-arg-pipeline-profitability=off 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}

#include <assert.h>

// A 2-D block marching down an image, the halo rows above and below the
// tile copied by the first two rows of threads: the next tile reads the
// last two rows of this one again. Launched below as 16 x 16.
// REMARK: cache_operator.cu:[[@LINE+6]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 2 cp.async copies of 16 bytes (2 of the 16-byte ones through L1, by cp.async.ca: each tile shares source bytes with the next, which reads them from L1);
// PTX-LABEL: .entry _Z9stencil2diiPK6float4PS_(
// PTX-NOT: cp.async.cg
__global__ void stencil2d(int H, int W, const float4 *__restrict__ in, float4 *__restrict__ out) {
  __shared__ float4 t[18][16];
  const int x = blockIdx.x * 16 + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += 16) {
    t[threadIdx.y + 1][threadIdx.x] = in[(size_t)(y0 + threadIdx.y) * W + x];
    if (threadIdx.y < 2)
      t[threadIdx.y * 17][threadIdx.x] = in[(size_t)(y0 + threadIdx.y * 17 - 1) * W + x];
    __syncthreads();
    float4 a = t[threadIdx.y][threadIdx.x], b = t[threadIdx.y + 2][threadIdx.x];
    out[(size_t)(y0 + threadIdx.y) * W + x] =
        make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    __syncthreads();
  }
}
// PTX: cp.async.ca.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.cg

// The same kernel with its block shape asserted instead of launched here.
// REMARK: cache_operator.cu:[[@LINE+6]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 2 cp.async copies of 16 bytes (2 of the 16-byte ones through L1
// PTX-LABEL: .entry _Z15stencilAssertediiPK6float4PS_(
__global__ void stencilAsserted(int H, int W, const float4 *__restrict__ in, float4 *__restrict__ out) {
  __shared__ float4 t[18][16];
  assert(blockDim.x == 16 && blockDim.y == 16 && blockDim.z == 1);
  const int x = blockIdx.x * 16 + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += 16) {
    t[threadIdx.y + 1][threadIdx.x] = in[(size_t)(y0 + threadIdx.y) * W + x];
    if (threadIdx.y < 2)
      t[threadIdx.y * 17][threadIdx.x] = in[(size_t)(y0 + threadIdx.y * 17 - 1) * W + x];
    __syncthreads();
    float4 a = t[threadIdx.y][threadIdx.x], b = t[threadIdx.y + 2][threadIdx.x];
    out[(size_t)(y0 + threadIdx.y) * W + x] =
        make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    __syncthreads();
  }
}
// PTX: cp.async.ca.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.cg

// Near miss: the same kernel with no launch here and no assertion. Its
// block's shape is not known, so nothing is sampled: .cg.
// REMARK: cache_operator.cu:[[@LINE+5]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 2 cp.async copies of 16 bytes; removed
// PTX-LABEL: .entry _Z14stencilUnknowniiPK6float4PS_(
__global__ void stencilUnknown(int H, int W, const float4 *__restrict__ in, float4 *__restrict__ out) {
  __shared__ float4 t[18][16];
  const int x = blockIdx.x * 16 + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += 16) {
    t[threadIdx.y + 1][threadIdx.x] = in[(size_t)(y0 + threadIdx.y) * W + x];
    if (threadIdx.y < 2)
      t[threadIdx.y * 17][threadIdx.x] = in[(size_t)(y0 + threadIdx.y * 17 - 1) * W + x];
    __syncthreads();
    float4 a = t[threadIdx.y][threadIdx.x], b = t[threadIdx.y + 2][threadIdx.x];
    out[(size_t)(y0 + threadIdx.y) * W + x] =
        make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    __syncthreads();
  }
}
// PTX-COUNT-2: cp.async.cg.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.ca

// Near miss: tiles of 16 rows stepping 16 rows, no halo; launched as
// 16 x 16 below. Each tile's rows are new: .cg.
// REMARK: cache_operator.cu:[[@LINE+5]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 1 cp.async copy of 16 bytes; removed
// PTX-LABEL: .entry _Z6rows2diiPK6float4PS_(
__global__ void rows2d(int H, int W, const float4 *__restrict__ in, float4 *__restrict__ out) {
  __shared__ float4 t[16][16];
  const int x = blockIdx.x * 16 + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += 16) {
    t[threadIdx.y][threadIdx.x] = in[(size_t)(y0 + threadIdx.y) * W + x];
    __syncthreads();
    float4 a = t[threadIdx.y][threadIdx.x], b = t[15 - threadIdx.y][threadIdx.x];
    out[(size_t)(y0 + threadIdx.y) * W + x] =
        make_float4(a.x + b.x, a.y + b.y, a.z + b.z, a.w + b.w);
    __syncthreads();
  }
}
// PTX: cp.async.cg.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.ca

// Near miss: a GEMM's two tiles along K; rows of A and B far apart (K and
// N are arguments, sampled as 4096 elements): nothing is read twice.
// REMARK: cache_operator.cu:[[@LINE+7]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 2 cp.async copies of 16 bytes; removed
// PTX-LABEL: .entry _Z5gemm4iiPK6float4S1_Pf(
__global__ void __launch_bounds__(256) gemm4(int K, int N, const float4 *__restrict__ A,
                                             const float4 *__restrict__ B, float *__restrict__ C) {
  __shared__ float4 As[64][4], Bs[16][16];
  const int tid = threadIdx.x, r = tid / 4, c = tid % 4;
  float acc = 0.f;
  for (int k0 = 0; k0 < K / 4; k0 += 4) {
    As[r][c] = A[(size_t)(blockIdx.y * 64 + r) * (K / 4) + k0 + c];
    Bs[tid / 16][tid % 16] = B[(size_t)(k0 * 4 + tid / 16) * (N / 4) + blockIdx.x * 16 + tid % 16];
    __syncthreads();
    for (int k = 0; k < 4; ++k)
      acc += As[r][k].x * Bs[k][c].y;
    __syncthreads();
  }
  C[(blockIdx.y * 64 + r) * N + blockIdx.x * 16 + c] = acc;
}
// PTX-COUNT-2: cp.async.cg.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.ca

// A copy loop whose window of 132 pixels slides by 128 along a row: the
// last four pixels come back as the next window's first.
// REMARK: cache_operator.cu:[[@LINE+5]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 1 cp.async copy of 16 bytes (through L1
// PTX-LABEL: .entry _Z5slideiPK6float4PS_(
__global__ void __launch_bounds__(128) slide(int n, const float4 *__restrict__ in,
                                             float4 *__restrict__ out) {
  __shared__ float4 t[132];
  for (int x0 = blockIdx.x * 4096; x0 < n; x0 += 128) {
    for (int i = threadIdx.x; i < 132; i += blockDim.x)
      t[i] = in[x0 + i];
    __syncthreads();
    float4 a = t[threadIdx.x], b = t[threadIdx.x + 4];
    out[x0 + threadIdx.x] = make_float4(a.x + b.x, a.y, a.z, a.w);
    __syncthreads();
  }
}
// PTX: cp.async.ca.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.cg

// A halo on one side, copied by thread 0: the main copy loads the bytes
// the next tile's halo copy reads again, so both go through L1.
// REMARK: cache_operator.cu:[[@LINE+5]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 2 cp.async copies of 16 bytes (2 of the 16-byte ones through L1
// PTX-LABEL: .entry _Z3winPK6float4Pfi(
__global__ void __launch_bounds__(32) win(const float4 *__restrict__ in, float *__restrict__ out,
                                          int nt) {
  __shared__ float4 s[33];
  for (int t = 0; t < nt; ++t) {
    s[threadIdx.x] = in[t * 32 + threadIdx.x];
    if (threadIdx.x == 0)
      s[32] = in[t * 32 + 32];
    __syncthreads();
    const float *f = reinterpret_cast<const float *>(s);
    out[t * 128 + threadIdx.x] = f[threadIdx.x] + f[threadIdx.x + 4];
    __syncthreads();
  }
}
// PTX-COUNT-2: cp.async.ca.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.cg

// Near miss: only the first 32 of 256 threads copy, and tiles of 32 step
// by 32. The predicate is evaluated in the sample: nothing is read twice.
// REMARK: cache_operator.cu:[[@LINE+6]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 1 cp.async copy of 16 bytes; removed
// PTX-LABEL: .entry _Z8firstRowPK6float4Pfi(
__global__ void __launch_bounds__(256) firstRow(const float4 *__restrict__ in,
                                                float *__restrict__ out, int nt) {
  __shared__ float4 s[32];
  float acc = 0;
  for (int t = 0; t < nt; ++t) {
    if (threadIdx.x < 32)
      s[threadIdx.x] = in[t * 32 + threadIdx.x];
    __syncthreads();
    acc += s[threadIdx.x % 32].x;
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
// PTX: cp.async.cg.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.ca

// Near miss: slide's window without launch bounds, a launch or an
// assertion. How many threads copy is not known (the cost model assumes
// 256; the sample does not): .cg.
// REMARK: cache_operator.cu:[[@LINE+4]]:3: remark: pipelined loop with {{[0-9]}} stages: {{.*}} 1 cp.async copy of 16 bytes; removed
// PTX-LABEL: .entry _Z12slideUnknowniPK6float4PS_(
__global__ void slideUnknown(int n, const float4 *__restrict__ in, float4 *__restrict__ out) {
  __shared__ float4 t[132];
  for (int x0 = blockIdx.x * 4096; x0 < n; x0 += 128) {
    for (int i = threadIdx.x; i < 132; i += blockDim.x)
      t[i] = in[x0 + i];
    __syncthreads();
    float4 a = t[threadIdx.x], b = t[threadIdx.x + 4];
    out[x0 + threadIdx.x] = make_float4(a.x + b.x, a.y, a.z, a.w);
    __syncthreads();
  }
}
// PTX: cp.async.cg.shared.global [%{{[a-z0-9]+(\+[0-9]+)?}}], [%{{[a-z0-9]+(\+[0-9]+)?}}], 16
// PTX-NOT: cp.async.ca

void launch(int H, int W, const float4 *in, float4 *out) {
  stencil2d<<<dim3(W / 16), dim3(16, 16)>>>(H, W, in, out);
  rows2d<<<dim3(W / 16), dim3(16, 16)>>>(H, W, in, out);
}
