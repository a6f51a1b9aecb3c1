// On a machine with a GPU: constant-offset copies, the
// kernels of test/realworld/constant_offset_copies.cu. A 16x16-thread SGEMM
// whose tiles are loaded by `#pragma unroll` loops as
// `As[ty + 16 * i][tx + 16 * j]` (16 and 8 copies per thread, rings of 3
// stages; 64x64x64 tiles, over the budget, in place); a 64x64 tile summed
// transposed over a batch of images, 4 copies per thread of 32x32 threads,
// zero past the edges; a vertical filter whose rows ty and ty + 8 two
// threads load alike; siboehm-style tiles whose A is stored transposed as
// four scalars from a float4 inside a `__forceinline__` and a plain
// `__device__` helper; and, pipelined in place, a row stride that is an
// argument (0: one thread's two copies write one element) and copies past
// K skipped rather than zero-filled. Sizes whose tiles are whole and
// partial, trip counts 0, 1, 2 and 5, fresh random data; the plugin builds
// (profitability=off, and 4 stages, which the 48 KiB cut to 3 for two of
// them) must print the plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-stages=4 -Rpass=cuda-pipeline %s -o %t.s4 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=S4
// RUN: %t.plain 11 > %t.plain.txt
// RUN: %t.plugin 11 > %t.plugin.txt
// RUN: %t.s4 11 > %t.s4.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s4.txt
// RUN: FileCheck %s < %t.plain.txt
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}; 16 cp.async copies of 4 bytes; {{.*}}[sm_90, kernel 'void sgemmTiles<64, 64, 32>(
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}; 8 cp.async copies of 4 bytes; {{.*}}[sm_90, kernel 'void sgemmTiles<32, 32, 32>(
// REMARK-DAG: remark: pipelined loop in place {{.*}}; 32 copies loaded one iteration ahead into 32 registers; no ring: a ring of 2 stages needs 65536 bytes{{.*}}[sm_90, kernel 'void sgemmTiles<64, 64, 64>(
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}; 4 cp.async copies of 4 bytes; {{.*}}[sm_90, kernel 'transposeSum(
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}; 2 cp.async copies of 4 bytes; {{.*}}[sm_90, kernel 'verticalBlur(
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}; 5 cp.async copies of 4 to 16 bytes; {{.*}}[sm_90, kernel 'sgemmColumnsInline(
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}; 5 cp.async copies of 4 to 16 bytes; {{.*}}[sm_90, kernel 'sgemmColumnsHelper(
// REMARK-DAG: remark: pipelined loop in place {{.*}}no ring: two copies into tile 'tile' may write the same bytes{{.*}}[sm_90, kernel 'stridedRows(
// REMARK-DAG: remark: pipelined loop in place {{.*}}no ring: the copy into tile 'As' runs under a condition{{.*}}[sm_90, kernel 'raggedRows(
// S4-DAG: remark: pipelined loop with 3 stages: {{.*}}(4 stages requested; 3 fit the 49152-byte budget){{.*}}[sm_90, kernel 'void sgemmTiles<64, 64, 32>(
// S4-DAG: remark: pipelined loop with 4 stages: {{.*}}[sm_90, kernel 'void sgemmTiles<32, 32, 32>(
// S4-DAG: remark: pipelined loop with 3 stages: {{.*}}(4 stages requested; 3 fit the 49152-byte budget){{.*}}[sm_90, kernel 'transposeSum(
// S4-DAG: remark: pipelined loop with 4 stages: {{.*}}[sm_90, kernel 'verticalBlur(
// S4-DAG: remark: pipelined loop with 4 stages: {{.*}}[sm_90, kernel 'sgemmColumnsInline(
// S4-DAG: remark: pipelined loop with 4 stages: {{.*}}[sm_90, kernel 'sgemmColumnsHelper(
// CHECK: sgemmTiles<64,64,32> M=128 N=192 K=160 ntiles=5 err=0 hash=
// CHECK: sgemmTiles<32,32,32> M=96 N=32 K=160 ntiles=5 err=0 hash=
// CHECK: sgemmTiles<64,64,64> M=192 N=64 K=320 ntiles=5 err=0 hash=
// CHECK: transposeSum C=3 H=70 W=45 ntiles=5 err=0 hash=
// CHECK: verticalBlur H=37 W=50 ntiles=5 err=0 hash=
// CHECK: sgemmColumnsInline M=128 N=192 K=40 ntiles=5 err=0 hash=
// CHECK: sgemmColumnsHelper M=128 N=192 K=40 ntiles=5 err=0 hash=
// CHECK: stridedRows rs=0 ntiles=5 err=0 hash=
// CHECK: raggedRows K=150 ntiles=5 err=0 hash=
#include "Inputs/harness.cuh"

template <int BM, int BN, int BK>
__global__ void __launch_bounds__(256)
    sgemmTiles(int M, int N, int K, const float *__restrict__ A, const float *__restrict__ B,
               float *__restrict__ C) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BN];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  float acc[BM / 16][BN / 16] = {};
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

__global__ void __launch_bounds__(1024)
    transposeSum(int nb, int C, int H, int W, const float *__restrict__ in,
                 float *__restrict__ out) {
  __shared__ float tile[64][64];
  const int tx = threadIdx.x, ty = threadIdx.y, c = blockIdx.z;
  const int x0 = blockIdx.x * 64, y0 = blockIdx.y * 64;
  float acc[2][2] = {};
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

__global__ void __launch_bounds__(256)
    verticalBlur(int nt, int H, int W, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[24][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * 16 + tx, y0 = blockIdx.y * 16;
  float acc = 0.0f;
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

__global__ void __launch_bounds__(256)
    stridedRows(int nt, int rs, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[32][16];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
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

__global__ void __launch_bounds__(256)
    raggedRows(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float As[32][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.0f;
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

// C = A * B through sgemmTiles<BM, BN, BK> for K = BK * trips.
template <int BM, int BN, int BK> void runTiles(const char *tag, unsigned seed) {
  const int sizes[][2] = {{BM, BN}, {2 * BM, 3 * BN}, {3 * BM, BN}};
  char name[96];
  for (int trips : {0, 1, 2, 5})
    for (auto mn : sizes) {
      const int M = mn[0], N = mn[1], K = BK * trips;
      snprintf(name, sizeof name, "%s M=%d N=%d K=%d", tag, M, N, K);
      const size_t a = (size_t)M * K, b = (size_t)K * N;
      run_hashed(name, (a + b) * sizeof(float) + 16, (size_t)M * N * sizeof(float), 1, trips, seed,
                 [&](void *i, void *o) {
                   const float *A = (const float *)i;
                   sgemmTiles<BM, BN, BK>
                       <<<dim3(N / BN, M / BM), dim3(16, 16)>>>(M, N, K, A, A + a, (float *)o);
                 });
    }
}

// C = A * B through the column-storing kernel `kernel` for K = 8 * trips.
template <typename Kernel> void runColumns(const char *tag, Kernel kernel, unsigned seed) {
  const int sizes[][2] = {{64, 64}, {128, 192}, {192, 64}};
  char name[96];
  for (int trips : {0, 1, 2, 5})
    for (auto mn : sizes) {
      const int M = mn[0], N = mn[1], K = TBK * trips;
      snprintf(name, sizeof name, "%s M=%d N=%d K=%d", tag, M, N, K);
      const size_t a = (size_t)M * K, b = (size_t)K * N;
      run_hashed(name, (a + b) * sizeof(float) + 16, (size_t)M * N * sizeof(float), 1, trips, seed,
                 [&](void *i, void *o) {
                   const float *A = (const float *)i;
                   kernel<<<dim3(N / TBN, M / TBM), 128>>>(N, K, A, A + a, (float *)o);
                 });
    }
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  char name[96];
  runTiles<64, 64, 32>("sgemmTiles<64,64,32>", seed);
  runTiles<32, 32, 32>("sgemmTiles<32,32,32>", seed);
  runTiles<64, 64, 64>("sgemmTiles<64,64,64>", seed);
  const int images[][2] = {{64, 64}, {70, 45}, {130, 33}, {5, 100}};
  for (int nb : {0, 1, 2, 5})
    for (auto hw : images) {
      const int C = 3, H = hw[0], W = hw[1];
      snprintf(name, sizeof name, "transposeSum C=%d H=%d W=%d", C, H, W);
      run_hashed(name, (size_t)nb * C * H * W * sizeof(float) + 16,
                 (size_t)C * H * W * sizeof(float), 1, nb, seed, [&](void *i, void *o) {
                   transposeSum<<<dim3((W + 63) / 64, (H + 63) / 64, C), dim3(32, 32)>>>(
                       nb, C, H, W, (const float *)i, (float *)o);
                 });
    }
  const int planes[][2] = {{16, 16}, {37, 50}, {5, 100}, {64, 3}};
  for (int nt : {0, 1, 2, 5})
    for (auto hw : planes) {
      const int H = hw[0], W = hw[1];
      snprintf(name, sizeof name, "verticalBlur H=%d W=%d", H, W);
      run_hashed(name, (size_t)nt * H * W * sizeof(float) + 16, (size_t)H * W * sizeof(float), 1,
                 nt, seed, [&](void *i, void *o) {
                   verticalBlur<<<dim3((W + 15) / 16, (H + 15) / 16), dim3(16, 16)>>>(
                       nt, H, W, (const float *)i, (float *)o);
                 });
    }
  runColumns("sgemmColumnsInline", sgemmColumnsInline, seed);
  runColumns("sgemmColumnsHelper", sgemmColumnsHelper, seed);
  /* one block: every block would write the same outputs */
  for (int rs : {16, 0})
    for (int nt : {0, 1, 2, 5}) {
      snprintf(name, sizeof name, "stridedRows rs=%d", rs);
      run_hashed(name, (size_t)nt * 32 * 16 * sizeof(float) + 16, 256 * sizeof(float), 1, nt, seed,
                 [&](void *i, void *o) {
                   stridedRows<<<1, dim3(16, 16)>>>(nt, rs, (const float *)i, (float *)o);
                 });
    }
  for (int K : {0, 1, 31, 32, 33, 64, 150}) {
    const int blocks = 3;
    snprintf(name, sizeof name, "raggedRows K=%d", K);
    run_hashed(name, (size_t)blocks * 32 * K * sizeof(float) + 16,
               (size_t)blocks * 256 * sizeof(float), 1, (K + 31) / 32, seed, [&](void *i, void *o) {
                 raggedRows<<<blocks, dim3(16, 16)>>>(K, (const float *)i, (float *)o);
               });
  }
  return 0;
}
