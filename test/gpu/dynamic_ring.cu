// On a machine with a GPU: rings in dynamic shared memory (docs/design.md,
// "Rings in dynamic shared memory"). Five kernels over extern __shared__
// tiles -- a matrixMul with two tiles carved from one buffer, the CUDA
// Samples' N-body over SharedMemory<float4>, a stream whose loop writes
// global memory (so the ring also sits behind the runtime alias check), an
// attention forward with key and value tiles carved from one buffer, the
// CUDA Samples' WMMA GEMM over skewed tiles carved from one buffer --
// each launched with the bytes the kernel itself needs (the loop as written
// runs) and with the bytes the remark names (the ring runs; above 48 KiB
// after raising cudaFuncAttributeMaxDynamicSharedMemorySize). The plugin
// build (profitability=off) prints the plain build's hashes at every size
// and launch, on fresh random data; the matrixMul is also exact against the
// CPU (inputs are multiples of 1/8). include/libpipeline.h's query gives
// the remark's bytes in the plugin build, the kernel's own without it.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -I%src_root/include --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 3 > %t.plain.txt 2> %t.plain.query.txt
// RUN: %t.plugin 3 > %t.plugin.txt 2> %t.plugin.query.txt
// RUN: FileCheck %s --check-prefix=QUERY-PLAIN < %t.plain.query.txt
// RUN: FileCheck %s --check-prefix=QUERY < %t.plugin.query.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'smem' (dynamic shared memory, of which the kernel uses 2048 bytes at most) -> 6144 bytes;{{.*}}runs where the launch gives at least 6144 bytes of dynamic shared memory{{.*}}kernel 'mmDyn
// REMARK-DAG: remark: pipelined loop with 3 stages: tile '__smem' (dynamic shared memory, of which the kernel uses 16496 bytes at most) -> 49536 bytes;{{.*}}at least 49536 bytes{{.*}}kernel 'void nbodyDyn<float4>
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 't' (dynamic shared memory, of which the kernel uses 1024 bytes at most) -> 3072 bytes;{{.*}}at least 3072 bytes{{.*}}with a runtime alias check{{.*}}kernel 'streamDyn
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'sram' (dynamic shared memory, of which the kernel uses 16384 bytes at most) -> 49152 bytes; 16 cp.async copies of 16 bytes;{{.*}}at least 49152 bytes{{.*}}kernel 'void attnDyn<64, 32>
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'shmem' (dynamic shared memory, of which the kernel uses 18928 bytes at most) -> 56832 bytes;{{.*}}kernel 'wmmaCarved
// QUERY-PLAIN: query mm=2048 nbody=4096 stream=1024
// QUERY: query mm=6144 nbody=49536 stream=3072
// CHECK: mm n=512 launch=6144 err=0 bad=0
// CHECK: nbody n=8192 launch=49536 err=0
// CHECK: stream ntiles=17 overlap=1 launch=3072 err=0
// CHECK: attn n=1024 launch=49152 err=0
// CHECK: wmma k=512 launch=56832 err=0 bad=0
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <libpipeline.h>
#include <cuda_fp16.h>
#include <mma.h>

#define BS 16
__global__ void __launch_bounds__(256)
    mmDyn(const float *__restrict__ A, const float *__restrict__ B, float *C, int N) {
  extern __shared__ float smem[];
  float *As = smem;
  float *Bs = smem + BS * BS;
  int tx = threadIdx.x % BS, ty = threadIdx.x / BS;
  int row = blockIdx.y * BS + ty, col = blockIdx.x * BS + tx;
  float acc = 0.f;
  for (int k0 = 0; k0 < N; k0 += BS) {
    As[ty * BS + tx] = A[row * N + k0 + tx];
    Bs[ty * BS + tx] = B[(k0 + ty) * N + col];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BS; ++k)
      acc += As[ty * BS + k] * Bs[k * BS + tx];
    __syncthreads();
  }
  C[row * N + col] = acc;
}

template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <class T>
__global__ void __launch_bounds__(256) nbodyDyn(const T *__restrict__ pos, T *__restrict__ acc, int n) {
  T *sh = SharedMemory<T>();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  T me = pos[i];
  float ax = 0, ay = 0, az = 0;
  for (int t = 0; t < n / (int)blockDim.x; ++t) {
    sh[threadIdx.x] = pos[t * blockDim.x + threadIdx.x];
    __syncthreads();
#pragma unroll 8
    for (unsigned j = 0; j < blockDim.x; ++j) {
      float dx = sh[j].x - me.x, dy = sh[j].y - me.y, dz = sh[j].z - me.z;
      float r = rsqrtf(dx * dx + dy * dy + dz * dz + 1e-3f);
      float s = sh[j].w * r * r * r;
      ax += dx * s, ay += dy * s, az += dz * s;
    }
    __syncthreads();
  }
  acc[i] = make_float4(ax, ay, az, 0.f);
}
template __global__ void nbodyDyn<float4>(const float4 *, float4 *, int);

__global__ void __launch_bounds__(256) streamDyn(int ntiles, const float *in, float *out) {
  extern __shared__ float t[];
  float acc = 0;
  for (int k = 0; k < ntiles; ++k) {
    t[threadIdx.x] = in[(size_t)(blockIdx.x * (ntiles + 1) + k) * 256 + threadIdx.x];
    __syncthreads();
    acc += t[(threadIdx.x + 1) % 256] * 0.5f + t[(threadIdx.x * 7) % 256];
    out[(size_t)(blockIdx.x * (ntiles + 1) + k) * 256 + threadIdx.x] = acc;
    __syncthreads();
  }
}

// Attention forward, one query row per thread (head dim D in registers),
// keys and values in tiles of BC rows carved from one extern buffer, an
// online softmax over the tiles, as minimal flash-attention kernels write it.
template <int BC, int D>
__global__ void __launch_bounds__(64)
    attnDyn(const float *__restrict__ Q, const float *__restrict__ K, const float *__restrict__ V,
            float *__restrict__ O, int N, float scale) {
  extern __shared__ float sram[];
  float *Ks = sram;
  float *Vs = sram + BC * D;
  const int tx = threadIdx.x, row = blockIdx.x * blockDim.x + tx;
  float q[D], acc[D];
#pragma unroll
  for (int d = 0; d < D; ++d) {
    q[d] = Q[(size_t)row * D + d] * scale;
    acc[d] = 0.f;
  }
  float m = -1e30f, l = 0.f;
  for (int j0 = 0; j0 < N; j0 += BC) {
#pragma unroll
    for (int d = 0; d < D; d += 4) {
      *reinterpret_cast<float4 *>(&Ks[tx * D + d]) =
          *reinterpret_cast<const float4 *>(&K[(size_t)(j0 + tx) * D + d]);
      *reinterpret_cast<float4 *>(&Vs[tx * D + d]) =
          *reinterpret_cast<const float4 *>(&V[(size_t)(j0 + tx) * D + d]);
    }
    __syncthreads();
    for (int c = 0; c < BC; ++c) {
      float s = 0.f;
#pragma unroll
      for (int d = 0; d < D; ++d)
        s += q[d] * Ks[c * D + d];
      const float mn = fmaxf(m, s), corr = __expf(m - mn), p = __expf(s - mn);
      l = l * corr + p;
#pragma unroll
      for (int d = 0; d < D; ++d)
        acc[d] = acc[d] * corr + p * Vs[c * D + d];
      m = mn;
    }
    __syncthreads();
  }
#pragma unroll
  for (int d = 0; d < D; ++d)
    O[(size_t)row * D + d] = acc[d] / l;
}
template __global__ void attnDyn<64, 32>(const float *, const float *, const float *, float *, int,
                                         float);

// The CUDA Samples' WMMA GEMM shape: one buffer carved into skewed A and B
// tiles, 1-D indexing, 16-byte copies unrolled twice per thread.
__global__ void __launch_bounds__(256)
    wmmaCarved(int N, int K, const half *__restrict__ A, const half *__restrict__ B, float *C) {
  using namespace nvcuda;
  extern __shared__ half shmem[];
  half *As = shmem, *Bs = shmem + 128 * 40;
  const int tid = threadIdx.x, warp = tid / 32, wm = warp / 4, wn = warp % 4;
  const int row0 = blockIdx.y * 128, col0 = blockIdx.x * 128;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[4][2];
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int j = 0; j < 2; j++)
      wmma::fill_fragment(acc[i][j], 0.0f);
#pragma unroll
  for (int k0 = 0; k0 < K; k0 += 32) {
#pragma unroll
    for (int i = 0; i < 2; i++) {
      const int idx = tid + i * 256;
      const int ar = idx / 4, ac = (idx % 4) * 8, br = idx / 16, bc = (idx % 16) * 8;
      *(int4 *)&As[ar * 40 + ac] = *(const int4 *)&A[(size_t)(row0 + ar) * K + k0 + ac];
      *(int4 *)&Bs[br * 136 + bc] = *(const int4 *)&B[(size_t)(k0 + br) * N + col0 + bc];
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < 32; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[4];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
#pragma unroll
      for (int i = 0; i < 4; i++)
        wmma::load_matrix_sync(a[i], &As[(wm * 64 + i * 16) * 40 + kk], 40);
#pragma unroll
      for (int j = 0; j < 2; j++)
        wmma::load_matrix_sync(b[j], &Bs[kk * 136 + wn * 32 + j * 16], 136);
#pragma unroll
      for (int i = 0; i < 4; i++)
#pragma unroll
        for (int j = 0; j < 2; j++)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
#pragma unroll
  for (int i = 0; i < 4; i++)
#pragma unroll
    for (int j = 0; j < 2; j++)
      wmma::store_matrix_sync(&C[(size_t)(row0 + wm * 64 + i * 16) * N + col0 + wn * 32 + j * 16],
                              acc[i][j], N, wmma::mem_row_major);
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

static void run_mm(unsigned seed) {
  for (int n : {16, 32, 48, 64, 512}) {
    for (int launch : {2 * BS * BS * 4, 6144}) {
      size_t e = (size_t)n * n;
      float *hA = (float *)malloc(e * 4), *hB = (float *)malloc(e * 4), *hC = (float *)malloc(e * 4);
      srand(seed + n);
      for (size_t i = 0; i < e; ++i) {
        hA[i] = (float)(rand() % 17 - 8) / 8.0f;
        hB[i] = (float)(rand() % 17 - 8) / 8.0f;
      }
      float *A, *B, *C;
      cudaMalloc(&A, e * 4);
      cudaMalloc(&B, e * 4);
      cudaMalloc(&C, e * 4);
      cudaMemcpy(A, hA, e * 4, cudaMemcpyHostToDevice);
      cudaMemcpy(B, hB, e * 4, cudaMemcpyHostToDevice);
      cudaMemset(C, 0xff, e * 4);
      mmDyn<<<dim3(n / BS, n / BS), 256, launch>>>(A, B, C, n);
      cudaError_t err = cudaDeviceSynchronize();
      cudaMemcpy(hC, C, e * 4, cudaMemcpyDeviceToHost);
      size_t bad = 0;
      for (int r = 0; r < n && n <= 64; ++r)
        for (int c = 0; c < n; ++c) {
          float s = 0;
          for (int k = 0; k < n; ++k)
            s += hA[r * n + k] * hB[k * n + c];
          bad += s != hC[r * n + c];
        }
      printf("mm n=%d launch=%d err=%d bad=%zu hash=%016llx\n", n, launch, (int)err, bad,
             (unsigned long long)fnv(hC, e * 4));
      cudaFree(A); cudaFree(B); cudaFree(C);
      free(hA); free(hB); free(hC);
    }
  }
}

static void run_nbody(unsigned seed) {
  cudaFuncSetAttribute(nbodyDyn<float4>, cudaFuncAttributeMaxDynamicSharedMemorySize, 49536);
  for (int n : {256, 512, 768, 1024, 8192}) {
    for (int launch : {256 * 16, 49536}) {
      float4 *h = (float4 *)malloc(n * 16), *p, *a;
      srand(seed + n);
      for (int i = 0; i < n; ++i)
        h[i] = make_float4(rand() % 1000 / 97.f, rand() % 1000 / 89.f, rand() % 1000 / 83.f,
                           rand() % 100 / 7.f + 1.f);
      cudaMalloc(&p, n * 16);
      cudaMalloc(&a, n * 16);
      cudaMemcpy(p, h, n * 16, cudaMemcpyHostToDevice);
      cudaMemset(a, 0xff, n * 16);
      nbodyDyn<float4><<<n / 256, 256, launch>>>(p, a, n);
      cudaError_t err = cudaDeviceSynchronize();
      cudaMemcpy(h, a, n * 16, cudaMemcpyDeviceToHost);
      printf("nbody n=%d launch=%d err=%d hash=%016llx\n", n, launch, (int)err,
             (unsigned long long)fnv(h, n * 16));
      cudaFree(p); cudaFree(a); free(h);
    }
  }
}

static void run_stream(unsigned seed) {
  for (int ntiles : {0, 1, 2, 3, 5, 17}) {
    for (int overlap = 0; overlap < 2; ++overlap) {
      for (int launch : {256 * 4, 3072}) {
        const int blocks = 40;
        size_t n = (size_t)blocks * (ntiles + 1) * 256 + 256;
        float *h = (float *)malloc(n * 4), *d, *o2;
        srand(seed + ntiles * 7 + overlap);
        for (size_t i = 0; i < n; ++i) h[i] = (float)(rand() % 1000) / 97.0f + 0.25f;
        cudaMalloc(&d, n * 4);
        cudaMalloc(&o2, n * 4);
        cudaMemcpy(d, h, n * 4, cudaMemcpyHostToDevice);
        cudaMemset(o2, 0xff, n * 4);
        float *out = overlap ? d + 256 : o2;
        streamDyn<<<blocks, 256, launch>>>(ntiles, d, out);
        cudaError_t err = cudaDeviceSynchronize();
        cudaMemcpy(h, overlap ? d : o2, n * 4, cudaMemcpyDeviceToHost);
        printf("stream ntiles=%d overlap=%d launch=%d err=%d hash=%016llx\n", ntiles, overlap,
               launch, (int)err, (unsigned long long)fnv(h, n * 4));
        cudaFree(d); cudaFree(o2); free(h);
      }
    }
  }
}

static void run_attn(unsigned seed) {
  cudaFuncSetAttribute(attnDyn<64, 32>, cudaFuncAttributeMaxDynamicSharedMemorySize, 49152);
  for (int n : {64, 128, 192, 1024}) {
    for (int launch : {2 * 64 * 32 * 4, 49152}) {
      size_t e = (size_t)n * 32;
      float *h = (float *)malloc(e * 4 * 3), *q, *k, *v, *o;
      srand(seed + n);
      for (size_t i = 0; i < 3 * e; ++i) h[i] = (float)(rand() % 64 - 32) / 64.0f;
      cudaMalloc(&q, e * 4);
      cudaMalloc(&k, e * 4);
      cudaMalloc(&v, e * 4);
      cudaMalloc(&o, e * 4);
      cudaMemcpy(q, h, e * 4, cudaMemcpyHostToDevice);
      cudaMemcpy(k, h + e, e * 4, cudaMemcpyHostToDevice);
      cudaMemcpy(v, h + 2 * e, e * 4, cudaMemcpyHostToDevice);
      cudaMemset(o, 0xff, e * 4);
      attnDyn<64, 32><<<n / 64, 64, launch>>>(q, k, v, o, n, 0.1767767f);
      cudaError_t err = cudaDeviceSynchronize();
      cudaMemcpy(h, o, e * 4, cudaMemcpyDeviceToHost);
      printf("attn n=%d launch=%d err=%d hash=%016llx\n", n, launch, (int)err,
             (unsigned long long)fnv(h, e * 4));
      cudaFree(q); cudaFree(k); cudaFree(v); cudaFree(o); free(h);
    }
  }
}

static void run_wmma(unsigned seed) {
  cudaFuncSetAttribute(wmmaCarved, cudaFuncAttributeMaxDynamicSharedMemorySize, 56832);
  for (int k : {0, 32, 64, 96, 512}) {
    for (int launch : {18944, 56832}) {
      const int n = 256;
      size_t ea = (size_t)n * (k ? k : 1), ec = (size_t)n * n;
      half *hA = (half *)malloc(ea * 2), *hB = (half *)malloc(ea * 2);
      float *hC = (float *)malloc(ec * 4);
      srand(seed + k);
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
      wmmaCarved<<<dim3(n / 128, n / 128), 256, launch>>>(n, k, A, B, C);
      cudaError_t err = cudaDeviceSynchronize();
      cudaMemcpy(hC, C, ec * 4, cudaMemcpyDeviceToHost);
      size_t bad = 0;
      for (int r = 0; r < n; r += 5)
        for (int c = 0; c < n; ++c) {
          float s = 0;
          for (int q = 0; q < k; ++q)
            s += __half2float(hA[(size_t)r * k + q]) * __half2float(hB[(size_t)q * n + c]);
          bad += s != hC[(size_t)r * n + c];
        }
      printf("wmma k=%d launch=%d err=%d bad=%zu hash=%016llx\n", k, launch, (int)err, bad,
             (unsigned long long)fnv(hC, ec * 4));
      cudaFree(A); cudaFree(B); cudaFree(C);
      free(hA); free(hB); free(hC);
    }
  }
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  fprintf(stderr, "query mm=%zu nbody=%zu stream=%zu\n", pl_dynamic_smem_bytes<mmDyn>(2048),
          pl_dynamic_smem_bytes<nbodyDyn<float4>>(4096), pl_dynamic_smem_bytes<streamDyn>(1024));
  run_mm(seed);
  run_nbody(seed);
  run_stream(seed);
  run_attn(seed);
  run_wmma(seed);
  return 0;
}
