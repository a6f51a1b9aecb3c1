// On a machine with a GPU: rings of static tiles moved into dynamic shared
// memory (docs/design.md, "Rings in dynamic shared memory"), where the
// host asks include/libpipeline.h how many bytes to launch with. Two
// kernels whose static rings of 3 stages would exceed the 48 KiB of static
// shared memory: a WMMA GEMM over two static tiles, whose rings are padded
// (two rings at two offsets of the one dynamic array, the tiles grown to
// the padded rows for the loop as written), and a row-sum over one 24 KiB
// tile, whose 2-stage static ring would not fit either. Each is launched
// with no dynamic shared memory (the loop as written runs) and with the
// bytes the query gives (the ring runs; above 48 KiB after the query
// raised cudaFuncAttributeMaxDynamicSharedMemorySize). The plugin build
// (profitability=off) prints the plain build's hashes at every size and
// launch ("asked": the query's bytes, 0 in the plain build, whose query
// answers 0), on fresh random data; both kernels are also exact against
// the CPU (small integers scaled by powers of two).
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 3 > %t.plain.txt 2> %t.plain.query.txt
// RUN: %t.plugin 3 > %t.plugin.txt 2> %t.plugin.query.txt
// RUN: FileCheck %s --check-prefix=QUERY-PLAIN < %t.plain.query.txt
// RUN: FileCheck %s --check-prefix=QUERY < %t.plugin.query.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'As' 8192 -> 30720 bytes, tile 'Bs' 8192 -> 26112 bytes;{{.*}}runs where the launch gives at least 56832 bytes of dynamic shared memory{{.*}}kernel 'gemmStatic
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' 24576 -> 73728 bytes;{{.*}}at least 73728 bytes{{.*}}kernel 'rowSums
// QUERY-PLAIN: query gemm=0 rows=0
// QUERY: query gemm=56832 rows=73728
// CHECK: gemm n=256 k=512 launch=asked err=0 bad=0
// CHECK: rows ntiles=9 launch=asked err=0 bad=0
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#include <libpipeline.h>
#include <mma.h>

// C = A * B, 128x128 block tiles, K in chunks of 32, 8 warps of 64x32.
__global__ void __launch_bounds__(256)
    gemmStatic(int N, int K, const half *__restrict__ A, const half *__restrict__ B, float *C) {
  using namespace nvcuda;
  __shared__ __align__(16) half As[128][32];
  __shared__ __align__(16) half Bs[32][128];
  const int tid = threadIdx.x, warp = tid / 32, wm = warp / 4, wn = warp % 4;
  const int row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.0f);
  for (int k0 = 0; k0 < K; k0 += 32) {
#pragma unroll
    for (int i = 0; i < 2; ++i) {
      const int idx = tid + i * 256;
      const int ar = idx / 4, ac = (idx % 4) * 8, br = idx / 16, bc = (idx % 16) * 8;
      *reinterpret_cast<int4 *>(&As[ar][ac]) =
          *reinterpret_cast<const int4 *>(&A[(size_t)(row0 + ar) * K + k0 + ac]);
      *reinterpret_cast<int4 *>(&Bs[br][bc]) =
          *reinterpret_cast<const int4 *>(&B[(size_t)(k0 + br) * N + col0 + bc]);
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < 32; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; ++i)
        wmma::load_matrix_sync(a[i], &As[wm * 64 + i * 16][kk], 32);
#pragma unroll
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], &Bs[kk][wn * 32 + j * 16], 128);
#pragma unroll
      for (int i = 0; i < 4; ++i)
#pragma unroll
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; ++i)
#pragma unroll
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

// Each block sums 24 rows of 256 floats per tile over `ntiles` tiles; a
// thread owns one column and reads it in every row of the tile.
__global__ void __launch_bounds__(256)
    rowSums(int ntiles, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float rows[24][256];
  const float *src = in + (size_t)blockIdx.x * ntiles * 24 * 256;
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int r = 0; r < 24; ++r)
      rows[r][threadIdx.x] = src[(size_t)t * 24 * 256 + r * 256 + threadIdx.x];
    __syncthreads();
    for (int r = 0; r < 24; ++r)
      acc += rows[r][(threadIdx.x + r) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

static void run_gemm(unsigned seed, size_t ring) {
  for (int n : {128, 256}) {
    for (int k : {0, 32, 64, 96, 512}) {
      for (int asked = 0; asked < 2; ++asked) {
        size_t launch = asked ? ring : 0;
        size_t ea = (size_t)n * (k ? k : 1), ec = (size_t)n * n;
        half *hA = (half *)malloc(ea * 2), *hB = (half *)malloc(ea * 2);
        float *hC = (float *)malloc(ec * 4);
        srand(seed + n + k);
        for (size_t i = 0; i < ea; ++i) {
          hA[i] = __float2half((float)(rand() % 9 - 4) / 4.0f);
          hB[i] = __float2half((float)(rand() % 9 - 4) / 4.0f);
        }
        half *A, *B;
        float *C;
        cudaMalloc(&A, ea * 2);
        cudaMalloc(&B, ea * 2);
        cudaMalloc(&C, ec * 4);
        cudaMemcpy(A, hA, ea * 2, cudaMemcpyHostToDevice);
        cudaMemcpy(B, hB, ea * 2, cudaMemcpyHostToDevice);
        cudaMemset(C, 0xff, ec * 4);
        gemmStatic<<<dim3(n / 128, n / 128), 256, launch>>>(n, k, A, B, C);
        cudaError_t err = cudaDeviceSynchronize();
        cudaMemcpy(hC, C, ec * 4, cudaMemcpyDeviceToHost);
        size_t bad = 0;
        for (int r = 0; r < n; r += 7)
          for (int c = 0; c < n; ++c) {
            float s = 0;
            for (int q = 0; q < k; ++q)
              s += __half2float(hA[(size_t)r * k + q]) * __half2float(hB[(size_t)q * n + c]);
            bad += s != hC[(size_t)r * n + c];
          }
        printf("gemm n=%d k=%d launch=%s err=%d bad=%zu hash=%016llx\n", n, k,
               asked ? "asked" : "none", (int)err, bad, (unsigned long long)fnv(hC, ec * 4));
        cudaFree(A);
        cudaFree(B);
        cudaFree(C);
        free(hA);
        free(hB);
        free(hC);
      }
    }
  }
}

static void run_rows(unsigned seed, size_t ring) {
  for (int ntiles : {0, 1, 2, 3, 9}) {
    for (int asked = 0; asked < 2; ++asked) {
      size_t launch = asked ? ring : 0;
      const int blocks = 20;
      size_t n = (size_t)blocks * ntiles * 24 * 256 + 1;
      float *h = (float *)malloc(n * 4), *ho = (float *)malloc(blocks * 256 * 4), *d, *o;
      srand(seed + ntiles);
      for (size_t i = 0; i < n; ++i)
        h[i] = (float)(rand() % 64) / 8.0f;
      cudaMalloc(&d, n * 4);
      cudaMalloc(&o, blocks * 256 * 4);
      cudaMemcpy(d, h, n * 4, cudaMemcpyHostToDevice);
      cudaMemset(o, 0xff, blocks * 256 * 4);
      rowSums<<<blocks, 256, launch>>>(ntiles, d, o);
      cudaError_t err = cudaDeviceSynchronize();
      cudaMemcpy(ho, o, blocks * 256 * 4, cudaMemcpyDeviceToHost);
      size_t bad = 0;
      for (int b = 0; b < blocks; ++b)
        for (int x = 0; x < 256; ++x) {
          float s = 0;
          for (int t = 0; t < ntiles; ++t)
            for (int r = 0; r < 24; ++r)
              s += h[(((size_t)b * ntiles + t) * 24 + r) * 256 + (x + r) % 256];
          bad += s != ho[b * 256 + x];
        }
      printf("rows ntiles=%d launch=%s err=%d bad=%zu hash=%016llx\n", ntiles,
             asked ? "asked" : "none", (int)err, bad,
             (unsigned long long)fnv(ho, blocks * 256 * 4));
      cudaFree(d);
      cudaFree(o);
      free(h);
      free(ho);
    }
  }
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  size_t gemm = pl_dynamic_smem_bytes<gemmStatic>(0), rows = pl_dynamic_smem_bytes<rowSums>(0);
  fprintf(stderr, "query gemm=%zu rows=%zu\n", gemm, rows);
  run_gemm(seed, gemm);
  run_rows(seed, rows);
  return 0;
}
