// Rings in dynamic shared memory (docs/design.md, "Rings in dynamic shared
// memory"): tiles in `extern __shared__` arrays written the way public code
// writes them -- the CUDA Samples' SharedMemory<T> helper, two tiles carved
// from one buffer at a constant offset -- get a ring there, past the bytes
// the kernel can touch (its footprint, bounded from every access's address),
// behind a test of %dynamic_smem_size: where the launch gave less than the
// ring's bytes, the loop as written runs. A buffer also read after the loop
// (a block reduction) gets a ring that ends on slot 0, which starts where
// the buffer does. Near misses keep the in-place shape, with the ring's
// reason: a word of the buffer written before the loop that the copies do
// not overwrite, a tile carved at a runtime offset (no bounded footprint), a
// device function that uses the buffer itself.
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm -fno-discard-value-names %s -o %t.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// At the default the model decides: the N-body's ring pays (for the
// barrier it removes); the matrixMul's does not, and the loop falls back to
// the in-place shape, with the ring's reason.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=MODEL
// MODEL: remark: pipelined loop with 3 stages: tile '__smem' (dynamic shared memory{{.*}}kernel 'void nbodyRing<float4>
// MODEL: remark: pipelined loop in place (1 slot, the tiles and both barriers kept): tile 'smem' (dynamic shared memory); 2 copies loaded one iteration ahead into 2 registers; no ring: a ring in dynamic shared memory is not predicted to pay: on sm_90 {{.*}}a ring would add {{.*}}kernel 'mmCarvedRing
// dynamic-ring=off: in place, as before rings in dynamic shared memory.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-dynamic-ring=off -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF
//
// The N-body's footprint over-approximates: 16496 bytes for its 256
// float4s (its inner loop's bound, blockDim.x, ranges to 1024 inside
// ScalarEvolution's trip count, and the pragma-unrolled loop's last 7
// indices count); the matrixMul's is exact, 2048 (the launch bounds bound
// threadIdx.x to 256; `tid & 1008` is bounded index by index).
// REMARK: remark: pipelined loop with 3 stages: tile '__smem' (dynamic shared memory, of which the kernel uses 16496 bytes at most) -> 49536 bytes; 1 cp.async copy of 16 bytes; removed the second barrier; runs where the launch gives at least 49536 bytes of dynamic shared memory, else the loop as written{{.*}}kernel 'void nbodyRing<float4>
// REMARK: remark: pipelined loop with 3 stages: tile 'smem' (dynamic shared memory, of which the kernel uses 2048 bytes at most) -> 6144 bytes; 2 cp.async copies of 4 bytes; removed the second barrier; runs where the launch gives at least 6144 bytes of dynamic shared memory, else the loop as written; cp.async [sm_90, kernel 'mmCarvedRing
// REMARK: remark: pipelined loop with 3 stages: tile 'As' (dynamic shared memory, of which the kernel uses 752 bytes at most) -> 2304 bytes;{{.*}}kernel 'wmmaSkew
// REMARK: remark: pipelined loop with 3 stages: tile 'r' (dynamic shared memory, of which the kernel uses 1024 bytes at most) -> 3072 bytes;{{.*}}the last iteration fills slot 0 of the ring, the bytes of tile 'r', which is read after the loop;{{.*}}kernel 'reducedAfter
// REMARK: remark: pipelined loop with 3 stages: tile 'sb' (dynamic shared memory, of which the kernel uses 1024 bytes at most) -> 3072 bytes;{{.*}}kernel 'staticBeside
// REMARK: remark: pipelined loop in place {{.*}}no ring: tile 'h' is also used outside the loop: written there in bytes that the loop's copies do not overwrite on every iteration; {{.*}}kernel 'headerBefore
// REMARK: remark: pipelined loop in place {{.*}}no ring: two copies into tile 'q' may write the same bytes, and cp.async gives them no order; {{.*}}kernel 'carvedRuntime
// REMARK: remark: pipelined loop in place {{.*}}no ring: tile 'z' is dynamic shared memory (extern __shared__), and the bytes the kernel uses of it are not known: a function other than the kernel uses it; {{.*}}kernel 'calleeReads
// REMARK: remark: pipelined loop with 3 stages: tile 't' (dynamic shared memory, of which the kernel uses 1024 bytes at most) -> 3072 bytes;{{.*}}runs where the launch gives at least 3072 bytes of dynamic shared memory, else the loop as written; with a runtime alias check{{.*}}kernel 'streamAliased
//
// The ring is an external array (it starts where the tile does); the
// launch's size is read once before the loop, and the original loop runs
// where it is short.
// Slots start every 128 bytes, what code may assume of the dynamic memory's
// start (wmma.load reads a 752-byte tile from slots 768 bytes apart).
// IR-DAG: @__smem_pl_ring = external addrspace(3) global [0 x i8], align 128
// IR-DAG: @smem_pl_ring = external addrspace(3) global [0 x i8], align 128
// IR-DAG: @As_pl_ring = external addrspace(3) global [0 x i8], align 128
// Beside 100 static bytes the ring declares the buffer's own alignment:
// ptxas starts the dynamic memory at the largest alignment an extern array
// declares, and 128 would pad the static bytes to 128.
// IR-DAG: @sb_pl_ring = external addrspace(3) global [0 x i8], align 4
// IR-LABEL: define {{.*}}nbodyRing
// IR: %pl.dynamic.smem = call i32 asm "mov.u32 $0, %dynamic_smem_size;", "=r"()
// IR-NEXT: %pl.dynamic.short = icmp ult i32 %pl.dynamic.smem, 49536
// IR: @llvm.nvvm.cp.async.cg.shared.global.16
// IR-LABEL: define {{.*}}mmCarvedRing
// IR: %pl.dynamic.short = icmp ult i32 %pl.dynamic.smem, 6144
// IR: @llvm.nvvm.cp.async.ca.shared.global.4
// The reduction's ring: slot 0 is the buffer; iteration 0 fills slot
// (3 - btc mod 3) mod 3, so that the last one fills slot 0; the exit drains
// and waits for every thread before the reduction reads the buffer.
// IR-LABEL: define {{.*}}reducedAfter
// IR: %pl.dynamic.short = icmp ult i32 %pl.dynamic.smem, 3072
// IR: %pl.last.from0 = urem i64 %pl.btc, 3
// IR: %pl.slot.first = trunc i64 {{.*}} to i32
// IR: {{^}}for.cond.cleanup:
// IR: getelementptr {{.*}}, i64 %idxprom15.pre-phi
// IR-NEXT: store float %s.0.lcssa
// IR-NEXT: [[SYNC]]
// IR: {{^}}for.body:
// IR-NEXT: %pl.slot.idx = phi i32 [ %pl.slot.first,
// IR: call void @llvm.nvvm.cp.async.wait.group(i32 0)
// IR-NEXT: [[SYNC]]
// IR-LABEL: define {{.*}}headerBefore
// IR-NOT: dynamic_smem_size
// IR: define
// IR-LABEL: define {{.*}}streamAliased
// IR: %pl.dynamic.short = icmp ult i32 %pl.dynamic.smem, 3072
// IR-NOT: br i1 %pl.dynamic.short
// IR: %pl.take.original = or i1 %pl.alias.conflict, %pl.dynamic.short
// IR-NEXT: br i1 %pl.take.original, label %.pl.ph.pl.orig, label %.pl.ph
// IR-NOT: .pl.orig.pl.orig
// IR: @llvm.nvvm.cp.async.ca.shared.global.4
//
// PTX: .extern .shared .align 128 .b8 __smem_pl_ring[];
// PTX: mov.u32 %r{{[0-9]+}}, %dynamic_smem_size;
//
// OFF: remark: pipelined loop in place {{.*}}tile '__smem' (dynamic shared memory){{.*}}no ring: tile '__smem' is dynamic shared memory (extern __shared__), and rings in dynamic shared memory are off (dynamic-ring=off){{.*}}kernel 'void nbodyRing<float4>

#include <cuda_runtime.h>

// The CUDA Samples' helper, with the N-body loop over it (its inner loop
// unrolled by a pragma): sh[j] for j < blockDim.x.
template <class T> struct SharedMemory {
  __device__ inline operator T *() {
    extern __shared__ int __smem[];
    return (T *)__smem;
  }
};
template <class T>
__global__ void __launch_bounds__(256)
    nbodyRing(const T *__restrict__ pos, T *__restrict__ acc, int n) {
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
template __global__ void nbodyRing<float4>(const float4 *, float4 *, int);

// A matrixMul over one extern buffer, both tiles carved at constant offsets.
#define BS 16
__global__ void __launch_bounds__(256)
    mmCarvedRing(const float *__restrict__ A, const float *__restrict__ B, float *C, int N) {
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

// A WMMA tile of 16 rows of 24 halves (752 bytes read), whose array
// declares no alignment: every slot keeps 128.
#include <mma.h>
#define LDA 24
__global__ void __launch_bounds__(32)
    wmmaSkew(int K, const half *__restrict__ A, const half *__restrict__ B, float *__restrict__ C) {
  extern __shared__ half As[];
  nvcuda::wmma::fragment<nvcuda::wmma::accumulator, 16, 16, 16, float> acc;
  nvcuda::wmma::fill_fragment(acc, 0.f);
  int r = threadIdx.x / 2, c = (threadIdx.x % 2) * 8;
  for (int k0 = 0; k0 < K; k0 += 16) {
    *(int4 *)&As[r * LDA + c] = *(const int4 *)&A[(size_t)r * K + k0 + c];
    __syncthreads();
    nvcuda::wmma::fragment<nvcuda::wmma::matrix_a, 16, 16, 16, half, nvcuda::wmma::row_major> a;
    nvcuda::wmma::fragment<nvcuda::wmma::matrix_b, 16, 16, 16, half, nvcuda::wmma::col_major> b;
    nvcuda::wmma::load_matrix_sync(a, As, LDA);
    nvcuda::wmma::load_matrix_sync(b, B + (size_t)blockIdx.x * 16 * K + k0, K);
    nvcuda::wmma::mma_sync(acc, a, b, acc);
    __syncthreads();
  }
  nvcuda::wmma::store_matrix_sync(C + blockIdx.x * 16, acc, 1024, nvcuda::wmma::mem_row_major);
}

// The buffer is also used after the loop (a block reduction).
__global__ void __launch_bounds__(256)
    reducedAfter(int cols, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float r[];
  float s = 0;
  for (int c0 = 0; c0 < cols; c0 += 256) {
    r[threadIdx.x] = x[(size_t)blockIdx.x * cols + c0 + threadIdx.x];
    __syncthreads();
    s += r[(threadIdx.x + 1) % 256];
    __syncthreads();
  }
  r[threadIdx.x] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    float t = 0;
    for (int j = 0; j < 256; ++j)
      t += r[j];
    y[blockIdx.x] = t;
  }
}

// A static array beside the buffer, and a read of the neighbour by xor.
__global__ void __launch_bounds__(256)
    staticBeside(int cols, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float sb[];
  __shared__ char flag[100];
  if (threadIdx.x < 100)
    flag[threadIdx.x] = (char)threadIdx.x;
  float s = 0;
  for (int c0 = 0; c0 < cols; c0 += 256) {
    sb[threadIdx.x] = x[(size_t)blockIdx.x * cols + c0 + threadIdx.x];
    __syncthreads();
    s += sb[255 - threadIdx.x];
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s + flag[threadIdx.x % 100] + sb[threadIdx.x ^ 1];
}

// Near miss: thread 0 writes a scale into the word past the tile before the
// loop, and the compute reads it: the ring's other slots would not have it.
__global__ void __launch_bounds__(256)
    headerBefore(int cols, const float *__restrict__ x, const float *__restrict__ scale,
                 float *__restrict__ y) {
  extern __shared__ float h[];
  if (threadIdx.x == 0)
    h[256] = scale[blockIdx.x];
  __syncthreads();
  float s = 0;
  for (int c0 = 0; c0 < cols; c0 += 256) {
    h[threadIdx.x] = x[(size_t)blockIdx.x * cols + c0 + threadIdx.x];
    __syncthreads();
    s += h[(threadIdx.x + 1) % 256] * h[256];
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

// Near miss: the second tile is carved at a runtime offset, d floats in:
// the footprint is known at run time (d + 256 floats), but the two copies
// may write the same bytes where d < 256.
__global__ void __launch_bounds__(256)
    carvedRuntime(int n, int d, const float *__restrict__ x, float *__restrict__ y) {
  extern __shared__ float q[];
  float *second = q + d;
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    q[threadIdx.x] = x[c0 + threadIdx.x];
    second[threadIdx.x] = x[n + c0 + threadIdx.x];
    __syncthreads();
    s += q[255 - threadIdx.x] * second[threadIdx.x];
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

// Near miss: a device function the kernel calls uses the buffer itself.
extern __shared__ float z[];
__device__ __noinline__ float peek(int j) { return z[j]; }
__global__ void __launch_bounds__(256)
    calleeReads(int n, const float *__restrict__ x, float *__restrict__ y) {
  float s = 0;
  for (int c0 = 0; c0 < n; c0 += 256) {
    z[threadIdx.x] = x[c0 + threadIdx.x];
    __syncthreads();
    s += peek(255 - threadIdx.x);
    __syncthreads();
  }
  y[blockIdx.x * 256 + threadIdx.x] = s;
}

// A ring in dynamic shared memory behind the runtime alias check too (the
// pointers are not __restrict__): one version of the loop as written
// serves both a short launch and overlapping pointers, so its code is
// there once.
__global__ void __launch_bounds__(256) streamAliased(int ntiles, const float *in, float *out) {
  extern __shared__ float t[];
  const size_t row = (size_t)blockIdx.x * 256 + threadIdx.x;
  float run = 0;
  for (int k = 0; k < ntiles; ++k) {
    t[threadIdx.x] = in[(size_t)k * gridDim.x * 256 + row];
    __syncthreads();
    run = 0.9f * run + t[255 - threadIdx.x];
    out[(size_t)k * gridDim.x * 256 + row] = run;
    __syncthreads();
  }
}
