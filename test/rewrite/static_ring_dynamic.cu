// Rings of static tiles moved into dynamic shared memory (docs/design.md,
// "Rings in dynamic shared memory"): where the stages asked for do not fit
// the 48 KiB of static shared memory and the file's host code asks
// include/libpipeline.h how many bytes to launch the kernel with, the
// rings go into one external array, each at its offset, behind a test of
// %dynamic_smem_size; the loop as written keeps the tiles (grown to the
// padded rows its accesses now use). Near misses stay in static shared
// memory at the stages that fit: the same kernel body where the host does
// not ask, a loop behind a runtime alias check (its other version uses
// slot 0 of each ring), a kernel with inline assembly (which may use
// dynamic shared memory unseen), and dynamic-ring=off.
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S -emit-llvm -fno-discard-value-names %s -o %t.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// RUN: %clang_cuda --cuda-gpu-arch=sm_86 -I%src_root/include -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SM86
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -I%src_root/include -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-dynamic-ring=off -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF
//
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'As' 8192 -> 30720 bytes, tile 'Bs' 8192 -> 26112 bytes;{{.*}}runs where the launch gives at least 56832 bytes of dynamic shared memory, else the loop as written (over 49152 bytes: the host must raise cudaFuncAttributeMaxDynamicSharedMemorySize first);{{.*}}kernel 'void gemmAsked<32>
// REMARK-DAG: remark: ring of 3 stages takes 56832 bytes of dynamic shared memory, as static rings of that many stages would exceed the static budget of 49152 bytes (18944 static: the tiles, which the loop as written keeps, and the other __shared__ arrays);{{.*}}kernel 'void gemmAsked<32>
// REMARK-DAG: remark: pipelined loop with 2 stages: tile 'As' 8192 -> 20480 bytes, tile 'Bs' 8192 -> 17408 bytes;{{.*}}(3 stages requested; 2 fit the 49152-byte budget){{.*}}kernel 'gemmNotAsked
// REMARK-DAG: remark: pipelined loop with 2 stages: tile 'rows' 16384 -> 32768 bytes;{{.*}}with a runtime alias check{{.*}}kernel 'rowsAliased
// REMARK-DAG: remark: pipelined loop with 2 stages: tile 'rows' 24576 -> 49152 bytes;{{.*}}kernel 'rowsAsm
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' 24576 -> 73728 bytes;{{.*}}at least 73728 bytes{{.*}}kernel 'rowsAsked
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' 40960 -> 122880 bytes;{{.*}}at least 122880 bytes{{.*}}kernel 'rowsLarge
// SM86: remark: loop not pipelined: a ring of 2 stages needs 81920 bytes of dynamic shared memory beside 40960 static, over the 101376 bytes a block may have; use smaller tiles;{{.*}}kernel 'rowsLarge
// REMARK-NOT: remark: pipelined loop {{.*}}dynamic shared memory{{.*}}kernel '{{gemmNotAsked|rowsAliased|rowsAsm}}
//
// The moved rings: one external array per kernel, B's ring at A's 3 slots
// of 10240 bytes; the tiles stay, A's and B's grown to their padded rows
// (128 x 80 and 32 x 272 bytes); the loop is versioned on the launch.
// IR-DAG: @_ZZ9gemmAskedILi32EEviiPK6__halfS2_PfE2As_pl_ring = external addrspace(3) global [0 x i8], align 32
// IR-DAG: getelementptr inbounds (i8, ptr addrspace(3) @_ZZ9gemmAskedILi32EEviiPK6__halfS2_PfE2As_pl_ring, i64 30720)
// IR-DAG: @_ZZ9gemmAskedILi32EEviiPK6__halfS2_PfE2As = internal unnamed_addr addrspace(3) global [10240 x i8] undef, align 32
// IR-DAG: @_ZZ9gemmAskedILi32EEviiPK6__halfS2_PfE2Bs = internal unnamed_addr addrspace(3) global [8704 x i8] undef, align 32
// IR-DAG: @_ZZ9rowsAskediPKfPfE4rows_pl_ring = external addrspace(3) global [0 x i8], align 16
// IR-NOT: @{{.*(gemmNotAsked|rowsAliased|rowsAsm).*}}_pl_ring
// PTX-DAG: .extern .shared .align 32 .b8 _ZZ9gemmAskedILi32EEviiPK6__halfS2_PfE2As_pl_ring[];
// PTX-DAG: .extern .shared .align 16 .b8 _ZZ9rowsAskediPKfPfE4rows_pl_ring[];
// PTX-LABEL: .entry _Z12gemmNotAskediiPK6__halfS1_Pf(
// PTX-NOT: %dynamic_smem_size
// PTX-LABEL: .entry _Z9rowsAskediPKfPf(
// PTX: mov.u32 {{%r[0-9]+}}, %dynamic_smem_size;
// PTX: setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 73727;
// PTX-LABEL: .entry _Z11rowsAliasediPKfPf(
// PTX-NOT: %dynamic_smem_size
// PTX-LABEL: .entry _Z7rowsAsmiPKfPf(
// PTX-NOT: %dynamic_smem_size
// PTX-LABEL: .entry _Z9rowsLargeiPKfPf(
// PTX: setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 122879;
// PTX-LABEL: .entry _Z9gemmAskedILi32EEviiPK6__halfS2_Pf(
// PTX: mov.u32 {{%r[0-9]+}}, %dynamic_smem_size;
// PTX: setp.gt.u32 {{%p[0-9]+}}, {{%r[0-9]+}}, 56831;
//
// OFF-DAG: remark: pipelined loop with 2 stages: {{.*}}kernel 'void gemmAsked<32>
// OFF-DAG: remark: pipelined loop with 2 stages: tile 'rows' 24576 -> 49152 bytes;{{.*}}kernel 'rowsAsked
// OFF-NOT: dynamic shared memory
#include <cuda_fp16.h>
#include <libpipeline.h>
#include <mma.h>

// The compute of a 128x128x32 WMMA tile, in a helper as public GEMMs keep it.
template <int BK>
__device__ __forceinline__ void mmaTile(const half (&As)[128][BK], const half (&Bs)[BK][128],
                                        nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16,
                                                               16, float> (&acc)[4][2]) {
  using namespace nvcuda;
  const int warp = threadIdx.x / 32, wm = warp / 4, wn = warp % 4;
#pragma unroll
  for (int kk = 0; kk < BK; kk += 16) {
    wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
    wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
    for (int i = 0; i < 4; ++i)
      wmma::load_matrix_sync(a[i], &As[wm * 64 + i * 16][kk], BK);
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::load_matrix_sync(b[j], &Bs[kk][wn * 32 + j * 16], 128);
#pragma unroll
    for (int i = 0; i < 4; ++i)
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
  }
}

template <int BK>
__device__ __forceinline__ void storeAcc(float *C, int N,
                                         nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16,
                                                                16, float> (&acc)[4][2]) {
  const int warp = threadIdx.x / 32, wm = warp / 4, wn = warp % 4;
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      nvcuda::wmma::store_matrix_sync(&C[(size_t)(blockIdx.y * 128 + wm * 64 + i * 16) * N +
                                         blockIdx.x * 128 + wn * 32 + j * 16],
                                      acc[i][j], N, nvcuda::wmma::mem_row_major);
}

#define GEMM_BODY(BK)                                                                              \
  __shared__ __align__(16) half As[128][BK];                                                       \
  __shared__ __align__(16) half Bs[BK][128];                                                       \
  const int tid = threadIdx.x, row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;                   \
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc[4][2];                  \
  _Pragma("unroll") for (int i = 0; i < 4; ++i) _Pragma("unroll") for (int j = 0; j < 2; ++j)      \
      nvcuda::wmma::fill_fragment(acc[i][j], 0.0f);                                                \
  for (int k0 = 0; k0 < K; k0 += BK) {                                                             \
    _Pragma("unroll") for (int i = 0; i < 2; ++i) {                                                \
      const int idx = tid + i * 256;                                                               \
      const int ar = idx / 4, ac = (idx % 4) * 8, br = idx / 16, bc = (idx % 16) * 8;              \
      *reinterpret_cast<int4 *>(&As[ar][ac]) =                                                     \
          *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + ar) * K + k0 + ac]);                  \
      *reinterpret_cast<int4 *>(&Bs[br][bc]) =                                                     \
          *reinterpret_cast<const int4 *>(&B[(size_t)(k0 + br) * N + col0 + bc]);                  \
    }                                                                                              \
    __syncthreads();                                                                               \
    mmaTile<BK>(As, Bs, acc);                                                                      \
    __syncthreads();                                                                               \
  }                                                                                                \
  storeAcc<BK>(C, N, acc);

template <int BK>
__global__ void __launch_bounds__(256)
    gemmAsked(int N, int K, const half *__restrict__ A, const half *__restrict__ B, float *C) {
  GEMM_BODY(BK)
}

__global__ void __launch_bounds__(256)
    gemmNotAsked(int N, int K, const half *__restrict__ A, const half *__restrict__ B, float *C) {
  GEMM_BODY(32)
}

// Sums of 256-float rows, a tile of R rows per iteration.
#define ROWS_BODY(R)                                                                               \
  const float *src = in + (size_t)blockIdx.x * ntiles * R * 256;                                   \
  float acc = 0.f;                                                                                 \
  for (int t = 0; t < ntiles; ++t) {                                                               \
    for (int r = 0; r < R; ++r)                                                                    \
      rows[r][threadIdx.x] = src[(size_t)t * R * 256 + r * 256 + threadIdx.x];                     \
    __syncthreads();                                                                               \
    for (int r = 0; r < R; ++r)                                                                    \
      acc += rows[r][(threadIdx.x + r) % 256];                                                     \
    EXTRA                                                                                          \
    __syncthreads();                                                                               \
  }

__global__ void __launch_bounds__(256) rowsAsked(int ntiles, const float *in, float *out) {
  __shared__ float rows[24][256];
#define EXTRA
  ROWS_BODY(24)
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// Writes its partial sums every tile through a pointer that may alias `in`.
__global__ void __launch_bounds__(256) rowsAliased(int ntiles, const float *in, float *out) {
  __shared__ float rows[16][256];
#undef EXTRA
#define EXTRA out[((size_t)blockIdx.x * ntiles + t) * 256 + threadIdx.x] = acc;
  ROWS_BODY(16)
}

__global__ void __launch_bounds__(256) rowsAsm(int ntiles, const float *in, float *out) {
  __shared__ float rows[24][256];
#undef EXTRA
#define EXTRA
  ROWS_BODY(24)
  unsigned lane;
  asm("mov.u32 %0, %%laneid;" : "=r"(lane));
  out[blockIdx.x * 256 + threadIdx.x] = acc + (float)lane;
}

// 40 KiB a stage: even 2 stages exceed the static budget; moved, 3 fit
// sm_90's 227 KiB a block, and not even 2 fit sm_86's 99 KiB beside the
// 40 KiB the loop as written keeps.
__global__ void __launch_bounds__(256) rowsLarge(int ntiles, const float *in, float *out) {
  __shared__ float rows[40][256];
#undef EXTRA
#define EXTRA
  ROWS_BODY(40)
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

void launchAll(int N, int K, const half *A, const half *B, float *C, int ntiles, const float *in,
               float *out) {
  dim3 grid(N / 128, N / 128);
  gemmAsked<32><<<grid, 256, pl_dynamic_smem_bytes<gemmAsked<32>>(0)>>>(N, K, A, B, C);
  gemmNotAsked<<<grid, 256>>>(N, K, A, B, C);
  rowsAsked<<<64, 256, pl_dynamic_smem_bytes<rowsAsked>(0)>>>(ntiles, in, out);
  rowsAliased<<<64, 256, pl_dynamic_smem_bytes<rowsAliased>(0)>>>(ntiles, in, out);
  rowsAsm<<<64, 256, pl_dynamic_smem_bytes<rowsAsm>(0)>>>(ntiles, in, out);
  rowsLarge<<<64, 256, pl_dynamic_smem_bytes<rowsLarge>(0)>>>(ntiles, in, out);
}
