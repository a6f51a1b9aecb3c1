// Copy loops as public kernels write them that clang reshapes before the
// plugin sees them: a loop over a runtime number of rows per thread, which
// clang unrolls by four with a remainder loop after it (the two loops
// continue one induction variable), and a halo tile stored transposed
// through `i % 18` and `i / 18`, which clang computes in 16 bits, and a
// float4 stored as four scalars by a loop that steps by the block size,
// whose `4 * (i % 32)` clang writes `(i << 2) & 124`. Every copy of both
// loops of the first, the narrowed digits of the second and the four
// copies of the third are proven to write distinct bytes, so all three
// are pipelined as loops of cp.async.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="loop not pipelined"
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The unrolled loop's four copies and the remainder's one are all cp.async:
// no global load is left in either kernel.
// PTX-LABEL: .entry _Z9rowsTiledPKfPfiii(
// PTX-NOT: ld.global
// PTX-COUNT-5: cp.async.ca.shared.global
// PTX-NOT: ld.global
// PTX-LABEL: .entry _Z14transposedHaloPKjPfiii(
// PTX-NOT: ld.global
// PTX: cp.async.ca.shared.global
// PTX-NOT: ld.global
// PTX-LABEL: .entry _Z13float4ScalarsPKfPfii(
// PTX-NOT: ld.global
// PTX-COUNT-4: cp.async.ca.shared.global{{.*}}, 4
// PTX-NOT: ld.global

#define TILE 32

// Each thread copies rowsPerThread rows of a 32-wide tile, 8 rows apart:
// `blockDim.y` rows of threads cover the tile together.
__global__ void rowsTiled(const float *__restrict__ A, float *__restrict__ out, int K, int lda,
                          int rowsPerThread) {
  __shared__ float tile[64][TILE];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const float *src = A + blockIdx.x * 64 * lda;
  float acc = 0.0f;
  // CHECK: copyloop_runtime_unrolled.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'tile' 8192 -> {{[0-9]+}} bytes; {{[0-9]+}} cp.async copies of 4 bytes
  for (int k0 = 0; k0 < K; k0 += TILE) {
    for (int j = 0; j < rowsPerThread; ++j)
      tile[ty + 8 * j][tx] = src[(ty + 8 * j) * lda + k0 + tx];
    __syncthreads();
    for (int r = 0; r < 64; ++r)
      acc += tile[r][tx] * tile[r][(tx + ty) % TILE];
    __syncthreads();
  }
  out[(blockIdx.x * blockDim.y + ty) * TILE + tx] = acc;
}

// An 18 x 18 halo stored column by column by 256 threads: i < 324, so
// `i % 18` and `i / 18` fit 16 bits, and clang computes them there.
__global__ void transposedHalo(const unsigned *__restrict__ A, float *__restrict__ out, int W,
                               int ld, int rows) {
  __shared__ unsigned ta[18][20];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_runtime_unrolled.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'ta' 1440 -> {{[0-9]+}} bytes; 1 cp.async copy of 4 bytes
  for (int t = 0; t < (W + 15) / 16; ++t) {
    for (int i = tid; i < 324; i += 256) {
      const int ly = i % 18, lx = i / 18;
      const int sx = t * 16 + lx - 1;
      ta[ly][lx] = sx >= 0 && sx < W && ly < rows ? A[ly * ld + sx] : 0u;
    }
    __syncthreads();
    for (int k = 0; k < 9; ++k)
      acc += 0.5f * ta[(threadIdx.y + k) % 18][(threadIdx.x * 3 + k) % 18];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}

// 16 rows of 32 float4 each, copied by however many threads the block has;
// each float4 is stored as its four scalars.
__global__ void float4Scalars(const float *__restrict__ A, float *__restrict__ out, int K,
                              int lda) {
  __shared__ float ta[16][132];
  const int tid = threadIdx.y * blockDim.x + threadIdx.x;
  float acc = 0.0f;
  // CHECK: copyloop_runtime_unrolled.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'ta' 8448 -> {{[0-9]+}} bytes; 4 cp.async copies of 4 bytes
  for (int k0 = 0; k0 < K; k0 += 128) {
    for (int i = tid; i < 512; i += blockDim.x * blockDim.y) {
      const int ly = i / 32, lx = i % 32;
      const float4 v = *reinterpret_cast<const float4 *>(&A[ly * lda + k0 + lx * 4]);
      ta[ly][lx * 4 + 0] = v.x;
      ta[ly][lx * 4 + 1] = v.y;
      ta[ly][lx * 4 + 2] = v.z;
      ta[ly][lx * 4 + 3] = v.w;
    }
    __syncthreads();
    for (int r = 0; r < 16; ++r)
      acc += ta[r][tid % 128] * ta[15 - r][(tid * 5) % 128];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}
