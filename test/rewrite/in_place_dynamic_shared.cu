// Tile loops over dynamic shared memory (extern __shared__), written the way
// public code writes them: tiles carved from one buffer at constant and
// runtime offsets, the CUDA Samples' SharedMemory<T> helper (a float4
// assigned whole: llvm.memcpy), a WMMA GEMM over a skewed byte buffer with
// int4 copies, an attention kernel whose K and V tiles are carved at
// blockDim.x * D, a zero-filled ragged copy. With rings in dynamic shared
// memory off (dynamic-ring=off; test/rewrite/dynamic_ring.cu has them on),
// each is pipelined in place (docs/design.md, "In place"):
// the next tile's loads go into registers after the first barrier, the
// stores, the tiles and both barriers stay. Near misses stay declined: a
// copy loop (registers hold a fixed number of copies) and a loop that writes
// what it copies at addresses no check can bound (which blocks every shape).
// A loop that writes what it copies at bounded addresses gets the runtime
// alias check, which finds the overlap: the original loop runs.
//
// The model's decisions, with the remarks (sm_80):
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-dynamic-ring=off -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MODEL
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// Every legal loop, to check each rewrite (profitability=off), verified:
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-dynamic-ring=off -S -emit-llvm -fno-discard-value-names %s -o %t.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ALL
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-dynamic-ring=off -S %s -o %t.all.ptx -fplugin-arg-pipeline-profitability=off
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.all.ptx -o /dev/null %}
// in-place=off: the ring's reason only, and nothing changes (generic-tile-reads: WMMA
// loads of a declined loop's tiles stay generic, as without the plugin).
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_80 -fplugin-arg-pipeline-dynamic-ring=off -S -emit-llvm %s -o %t.off.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-in-place=off -fplugin-arg-pipeline-generic-tile-reads -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o %t.none.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.off.ll %t.none.ll
//
// MODEL: [[@LINE+64]]:3: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'smem' (dynamic shared memory); 2 copies loaded one iteration ahead into 2 registers; no ring: tile 'smem' is dynamic shared memory (extern __shared__), and rings in dynamic shared memory are off (dynamic-ring=off) (sm_80: predicted {{.*}}x over {{[0-9]+}} resident blocks); registers in place [sm_80, kernel 'mmCarved(float const*, float const*, float*, int)']
// MODEL: remark: loop not pipelined: no ring (tile '__smem' is dynamic shared memory {{.*}}), and on sm_80 {{.*}} [sm_80, kernel 'void nbodySamples<float4>(float4 const*, float4*, int)']
// MODEL: remark: pipelined loop in place {{.*}}tile 't' (dynamic shared memory); {{.*}} (sm_80: predicted {{.*}}x over {{[0-9]+}} resident blocks); registers in place [sm_80, kernel 'rowsRagged(int, int, float const*, float*)']
// MODEL: remark: loop not pipelined: tile 'u' is dynamic shared memory (extern __shared__), and rings in dynamic shared memory are off (dynamic-ring=off); nor in place: its copy stage has loops, whose copies registers cannot hold [sm_80, kernel 'copyLoop(int, float const*, float*)']
// MODEL: remark: pipelined loop in place {{.*}}tile 'w' (dynamic shared memory); 1 copy loaded one iteration ahead into 1 register; with a runtime alias check;{{.*}}[sm_80, kernel 'writesSource(int, float*)']
// MODEL: remark: loop not pipelined: the loop may write the global memory tile 'w' is copied from{{.*}}[sm_80, kernel 'scattersSource(int, float*, int const*)']
// MODEL: remark: loop not pipelined: no ring (tile 'v' is dynamic shared memory {{.*}}), and on sm_80 {{.*}}kernel 'ldgRows
//
// ALL: remark: pipelined loop in place {{.*}}; 2 copies loaded one iteration ahead into 2 registers{{.*}}kernel 'mmCarved
// ALL: remark: pipelined loop in place {{.*}}; 1 copy loaded one iteration ahead into 4 registers{{.*}}kernel 'void nbodySamples<float4>
// ALL: remark: pipelined loop in place {{.*}}; 4 copies loaded one iteration ahead into 16 registers{{.*}}kernel 'wmmaSkewed
// ALL: remark: pipelined loop in place {{.*}}; 32 copies loaded one iteration ahead into 32 registers{{.*}}kernel 'attnCarved
// ALL: remark: pipelined loop in place {{.*}}kernel 'rowsRagged
// ALL: remark: loop not pipelined: {{.*}}nor in place: its copy stage has loops{{.*}}kernel 'copyLoop
// ALL: remark: pipelined loop in place {{.*}}with a runtime alias check{{.*}}kernel 'writesSource
// ALL: remark: loop not pipelined: the loop may write{{.*}}kernel 'scattersSource
// ALL: remark: pipelined loop in place {{.*}}kernel 'ldgRows
//
// No ring, no cp.async; both barriers stay in the loop; the next iteration's
// loads follow the first, from the zeros where it may not exist.
// IR-NOT: .ring =
// IR-NOT: cp.async
// IR-LABEL: define {{.*}} @_Z8mmCarvedPKfS0_Pfi(
// IR: pl.ahead.cur = phi float
// IR: pl.ahead.cur{{[0-9]*}} = phi float
// IR: store float %pl.ahead.cur
// IR: [[SYNC]]
// IR: select i1 %pl.exists, ptr addrspace(1) {{.*}}, ptr addrspace(1) @pl.zeros.16
// IR: [[SYNC]]
// The float4 memcpy becomes 16 bytes loaded ahead and one store.
// IR-LABEL: define {{.*}}nbodySamples
// IR: pl.ahead.cur = phi <4 x i32>
// IR: store <4 x i32> %pl.ahead.cur, ptr {{.*}}, align 16
// IR-NOT: llvm.memcpy
// IR: load <4 x i32>, ptr addrspace(1) %pl.ahead.src{{.*}}, align 16
// IR-LABEL: define {{.*}}wmmaSkewed
// IR-COUNT-4: pl.ahead.cur{{[0-9]*}} = phi <4 x i32>
// The ragged copy's guard: a zero-filled lane reads the zeros, not x.
// IR-LABEL: define {{.*}}rowsRagged
// IR: pl.ahead.cond = and i1 %pl.exists,
// IR: select i1 %pl.ahead.cond, ptr addrspace(1) {{.*}}, ptr addrspace(1) @pl.zeros.16
// The __ldg loaded ahead stays a non-coherent load.
// IR-LABEL: define {{.*}}ldgRows
// IR-NOT: llvm.nvvm.ldg
// IR: load float, ptr addrspace(1) %pl.ahead.src{{[0-9]*}}, align 4, {{.*}}!invariant.load
//
// OFF-COUNT-5: remark: loop not pipelined: tile '{{.*}}' is dynamic shared memory (extern __shared__)
// OFF: remark: loop not pipelined: tile 'u' is dynamic shared memory (extern __shared__), and rings in dynamic shared memory are off (dynamic-ring=off) [sm_80
// OFF: remark: loop not pipelined: tile 'w' is dynamic shared memory (extern __shared__), and rings in dynamic shared memory are off (dynamic-ring=off) [sm_80
// OFF: remark: loop not pipelined: tile 'v' is dynamic shared memory (extern __shared__), and rings in dynamic shared memory are off (dynamic-ring=off) [sm_80

#include <cuda_fp16.h>
#include <mma.h>
using namespace nvcuda;

#define BS 16
// A matrixMul with both tiles carved from one extern buffer.
__global__ void mmCarved(const float *A, const float *B, float *C, int N) {
  extern __shared__ float smem[];
  float *As = smem;
  float *Bs = smem + BS * BS;
  int tx = threadIdx.x, ty = threadIdx.y;
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

// The CUDA Samples' helper and N-body loop.
template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <class T>
__global__ void nbodySamples(const T *__restrict__ pos, T *__restrict__ acc, int n) {
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
template __global__ void nbodySamples<float4>(const float4 *, float4 *, int);
// WMMA GEMM over one extern buffer with a skewed layout (+8 halves per row)
#define WB_M 64
#define WB_N 64
#define WB_K 32
#define SKEW 8
__global__ void __launch_bounds__(128)
    wmmaSkewed(int M, int N, int K, const half *A, const half *B, float *C) {
  extern __shared__ __align__(32) unsigned char buf[];
  half *As = (half *)buf;               // WB_M x (WB_K + SKEW)
  half *Bs = As + WB_M * (WB_K + SKEW); // WB_K x (WB_N + SKEW)
  int warp = threadIdx.x / 32;
  int bm = blockIdx.y * WB_M, bn = blockIdx.x * WB_N;
  wmma::fragment<wmma::accumulator, 16, 16, 16, float> acc[2][2];
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::fill_fragment(acc[i][j], 0.f);
#pragma unroll 1
  for (int k0 = 0; k0 < K; k0 += WB_K) {
    // 64x32 halves of A = 256 int4; 128 threads copy 2 each
    for (int c = 0; c < 2; ++c) {
      int idx = threadIdx.x + c * 128;
      int r = idx / 4, q = idx % 4;
      *(int4 *)&As[r * (WB_K + SKEW) + q * 8] =
          *(const int4 *)&A[(size_t)(bm + r) * K + k0 + q * 8];
    }
    for (int c = 0; c < 2; ++c) {
      int idx = threadIdx.x + c * 128;
      int r = idx / 8, q = idx % 8;
      *(int4 *)&Bs[r * (WB_N + SKEW) + q * 8] =
          *(const int4 *)&B[(size_t)(k0 + r) * N + bn + q * 8];
    }
    __syncthreads();
#pragma unroll
    for (int kk = 0; kk < WB_K; kk += 16) {
      wmma::fragment<wmma::matrix_a, 16, 16, 16, half, wmma::row_major> a[2];
      wmma::fragment<wmma::matrix_b, 16, 16, 16, half, wmma::row_major> b[2];
      for (int i = 0; i < 2; ++i)
        wmma::load_matrix_sync(a[i], As + ((warp / 2) * 32 + i * 16) * (WB_K + SKEW) + kk,
                               WB_K + SKEW);
      for (int j = 0; j < 2; ++j)
        wmma::load_matrix_sync(b[j], Bs + kk * (WB_N + SKEW) + (warp % 2) * 32 + j * 16,
                               WB_N + SKEW);
      for (int i = 0; i < 2; ++i)
        for (int j = 0; j < 2; ++j)
          wmma::mma_sync(acc[i][j], a[i], b[j], acc[i][j]);
    }
    __syncthreads();
  }
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 2; ++j)
      wmma::store_matrix_sync(C + (size_t)(bm + (warp / 2) * 32 + i * 16) * N + bn +
                                  (warp % 2) * 32 + j * 16,
                              acc[i][j], N, wmma::mem_row_major);
}

// attention-style: Q tile in registers, K and V tiles carved from one buffer at a runtime offset
__global__ void attnCarved(int L, int D, const float *__restrict__ Q, const float *__restrict__ Kx,
                           const float *__restrict__ V, float *__restrict__ O) {
  extern __shared__ float sm[];
  float *Ks = sm;
  float *Vs = sm + blockDim.x * D; // runtime offset
  int q = blockIdx.x * blockDim.x + threadIdx.x;
  float qv[16], o[16];
  for (int d = 0; d < 16; ++d) {
    qv[d] = Q[q * 16 + d];
    o[d] = 0;
  }
  float m = -1e30f, l = 0;
  for (int t = 0; t < L; t += blockDim.x) {
    for (int d = 0; d < 16; ++d) {
      Ks[threadIdx.x * 16 + d] = Kx[(t + threadIdx.x) * 16 + d];
      Vs[threadIdx.x * 16 + d] = V[(t + threadIdx.x) * 16 + d];
    }
    __syncthreads();
    for (int j = 0; j < blockDim.x; ++j) {
      float s = 0;
      for (int d = 0; d < 16; ++d)
        s += qv[d] * Ks[j * 16 + d];
      float mn = fmaxf(m, s), c = __expf(m - mn), p = __expf(s - mn);
      l = l * c + p;
      for (int d = 0; d < 16; ++d)
        o[d] = o[d] * c + p * Vs[j * 16 + d];
      m = mn;
    }
    __syncthreads();
  }
  for (int d = 0; d < 16; ++d)
    O[q * 16 + d] = o[d] / l;
}

// a guarded copy (zero-fill) over dynamic shared memory: a row sum with a ragged end
__global__ void __launch_bounds__(256)
    rowsRagged(int n, int cols, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float t[];
  float s = 0;
  for (int c0 = 0; c0 < cols; c0 += 256) {
    int c = c0 + threadIdx.x;
    t[threadIdx.x] = c < cols ? x[(size_t)blockIdx.x * cols + c] : 0.f;
    __syncthreads();
    for (int j = 0; j < 256; j += 32)
      s += t[j + threadIdx.x % 32] * t[(j + threadIdx.x / 32) % 256];
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

// Near miss: a copy loop over dynamic shared memory (not in place)
__global__ void copyLoop(int n, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float u[];
  float s = 0;
  for (int t0 = 0; t0 < n; t0 += 1024) {
    for (int i = threadIdx.x; i < 1024; i += blockDim.x)
      u[i] = x[t0 + i];
    __syncthreads();
    for (int j = 0; j < 1024; ++j)
      s += u[j] * u[(j + threadIdx.x) % 1024];
    __syncthreads();
  }
  y[blockIdx.x * blockDim.x + threadIdx.x] = s;
}

// The loop writes what it copies (in place too would read early), at
// addresses the runtime alias check bounds: it finds the overlap at run time
__global__ void writesSource(int n, float *x) {
  extern __shared__ float w[];
  for (int t0 = 0; t0 + 256 < n; t0 += 256) {
    w[threadIdx.x] = x[t0 + threadIdx.x];
    __syncthreads();
    x[t0 + 256 + threadIdx.x] += w[255 - threadIdx.x];
    __syncthreads();
  }
}

// Near miss: the loop writes what it copies at addresses read from memory
__global__ void scattersSource(int n, float *z, const int *to) {
  extern __shared__ float w[];
  for (int t0 = 0; t0 + 256 < n; t0 += 256) {
    w[threadIdx.x] = z[t0 + threadIdx.x];
    __syncthreads();
    z[to[t0 + threadIdx.x]] += w[255 - threadIdx.x];
    __syncthreads();
  }
}

// A read-only copy through __ldg into dynamic shared memory: loaded ahead
// as an !invariant.load (ld.global.nc), as __ldg itself.
__global__ void __launch_bounds__(256)
    ldgRows(int cols, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float v[];
  float s = 0;
  for (int c0 = 0; c0 < cols; c0 += 256) {
    v[threadIdx.x] = __ldg(&x[(size_t)blockIdx.x * cols + c0 + threadIdx.x]);
    __syncthreads();
    for (int j = 0; j < 256; j += 32)
      s += v[j + threadIdx.x % 32] * v[(j + threadIdx.x / 32) % 256];
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}
