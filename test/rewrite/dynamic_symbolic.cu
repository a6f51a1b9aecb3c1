// Rings in dynamic shared memory whose footprint the kernel's arguments set
// (docs/design.md, "Rings in dynamic shared memory"): a copy loop of d rows
// of 128 floats, d an argument, and a block-stride copy loop of n floats
// (`for (i = tid; i < n; i += blockDim.x)`, read back reversed). The bytes
// the kernel touches are bounded by an expression of the arguments
// (plugin/scev_bound.cpp), which the rewrite computes before the loop: each
// slot is that footprint rounded up to 128 bytes, and the ring runs where
// the launch gave S slots and every argument the bound reads lies in
// [0, 2^20]; else the loop as written runs. Near misses stay declined: the
// row count read from a table in global memory (not a value the block
// shares before the loop), a footprint that starts past what any launch can
// give, and a tile written at an offset an argument moves (unsigned
// arithmetic: a small argument wraps it past any launch).
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm -fno-discard-value-names %s -o %t.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// ANALYSIS: remark: ring of 3 stages shares the launch's dynamic shared memory, priced as {{[0-9]+}} bytes (a guess: the kernel's arguments set its tile's size; 0 more in other __shared__ arrays){{.*}}kernel 'rowTiles
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -fplugin-arg-pipeline-profitability=off
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
// RUN: rm -rf %t.rep && %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-report=%t.rep
// RUN: cat %t.rep/*.json | FileCheck %s --check-prefix=JSON
//
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U) -> 3 slots that share the launch's dynamic shared memory, each 1/3 of it rounded down to 128 bytes; 9 cp.async copies of 4 bytes; {{.*}}runs where each slot holds U, else the loop as written (pl_dynamic_smem_bytes<kernel>(bytes) in libpipeline.h gives a launch enough){{.*}}kernel 'rowTiles
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 's' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U) -> 3 slots that share the launch's dynamic shared memory, each 1/3 of it rounded down to 128 bytes; 1 cp.async copy of 4 bytes;{{.*}}kernel 'blockStride
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'rows' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'blockRows
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 's' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'blockRead
// REMARK-DAG: remark: pipelined loop with 3 stages: tile 'buf' (dynamic shared memory, of which the kernel uses as many bytes as its arguments set, U){{.*}}kernel 'sizeStride
// REMARK-DAG: remark: loop not pipelined: tile 'rows' is dynamic shared memory (extern __shared__), and the bytes the kernel uses of it are not known: an address into it may lie beyond what any launch can give, and no bound of it by the kernel's arguments was found;{{.*}}kernel 'tableRows
// REMARK-DAG: remark: loop not pipelined: tile 'far' is dynamic shared memory (extern __shared__), and the bytes the kernel uses of it are not known: an address into it may lie beyond what any launch can give;{{.*}}kernel 'farRows
// REMARK-DAG: remark: loop not pipelined: tile 'rows' is dynamic shared memory (extern __shared__), and the bytes the kernel uses of it are not known: an address into it may lie beyond what any launch can give, and no bound of it by the kernel's arguments was found;{{.*}}kernel 'shifted
//
// The footprint before the loop, each argument it reads checked against
// 2^20; the slots share the launch's dynamic shared memory, each a third of
// it rounded down to 128 bytes, and serve where each holds the footprint.
// IR-LABEL: define {{.*}}rowTiles
// IR: %pl.dynamic.smem = call i32 asm "mov.u32 $0, %dynamic_smem_size;", "=r"()
// IR: sext i32 %d to i64
// IR: %pl.footprint.leaf = icmp ule i64 %{{[0-9]+}}, 1048576
// IR: %pl.footprint = select
// IR-NEXT: %[[SLOT:.*]] = udiv i32 %pl.dynamic.smem, 3
// IR-NEXT: %pl.slot.stride = and i32 %[[SLOT]], -128
// IR-NEXT: %[[EMPTY:.*]] = icmp slt i64 %pl.footprint, 1
// IR-NEXT: %[[U:.*]] = select i1 %[[EMPTY]], i64 1, i64 %pl.footprint
// IR-NEXT: %[[WIDE:.*]] = zext i32 %pl.slot.stride to i64
// IR-NEXT: %[[LESS:.*]] = icmp slt i64 %[[WIDE]], %[[U]]
// IR-NEXT: %[[OUT:.*]] = xor i1 %{{.*}}, true
// IR-NEXT: %pl.dynamic.short = or i1 %[[LESS]], %[[OUT]]
// IR-NEXT: br i1 %pl.dynamic.short, label %{{.*}}pl.orig, label
// IR: %[[CUR:.*]] = mul i32 %pl.slot.idx, %pl.slot.stride
// IR-NEXT: %pl.cur = getelementptr inbounds i8, ptr addrspace(3) @rows_pl_ring, i32 %[[CUR]]
// IR: %[[NEXT:.*]] = mul i32 %pl.slot.next, %pl.slot.stride
// IR-NEXT: %pl.fill = getelementptr inbounds i8, ptr addrspace(3) @rows_pl_ring, i32 %[[NEXT]]
// IR-LABEL: define {{.*}}blockStride
// IR: %pl.slot.stride = and i32 %{{.*}}, -128
// Rows of blockDim.x floats: threadIdx.x is below blockDim.x, which the
// bound reads again before the loop where the kernel reads it only in an
// inner preheader (blockRead); `tid ^ 1` stays below the block's next
// power of two (blockRows).
// IR-LABEL: define {{.*}}blockRows
// IR: %pl.footprint.leaf{{[0-9]*}} = icmp ule i64 %{{.*}}, 1048576
// IR: %pl.dynamic.short = or i1
// IR-LABEL: define {{.*}}blockRead
// IR: %pl.footprint.sreg = {{.*}}call {{.*}}i32 @llvm.nvvm.read.ptx.sreg.ntid.x()
// IR: %pl.dynamic.short = or i1
// IR-LABEL: define {{.*}}tableRows
// IR-NOT: dynamic_smem_size
// IR: ret void
//
// The report: no bytes known at compile time, three slots of the launch's own.
// JSON: "function": "_Z8rowTilesPKfPfii"
// JSON: "ring_bytes": 0, "dynamic_bytes": 0, "dynamic_slots": 3, "tiles": [{"name": "rows", "bytes": 0, "ring_bytes": 0}]

// d rows of 128 floats, d a kernel argument
__global__ void __launch_bounds__(128)
    rowTiles(const float *__restrict__ a, float *__restrict__ out, int ntiles, int d) {
  extern __shared__ float rows[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < d; ++j)
      rows[j * 128 + threadIdx.x] = a[(size_t)t * d * 128 + j * 128 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc += rows[j * 128 + (127 - threadIdx.x)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// n floats by a block-stride copy loop, read back reversed
__global__ void blockStride(const float *__restrict__ a, float *__restrict__ out, int ntiles,
                            int n) {
  extern __shared__ float s[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      s[i] = a[(size_t)t * n + i];
    __syncthreads();
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      acc += s[n - 1 - i];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// d rows of blockDim.x floats, the row loop kept rolled, read swizzled.
__global__ void __launch_bounds__(256)
    blockRows(const float *__restrict__ a, float *__restrict__ out, int ntiles, int d) {
  extern __shared__ float rows[];
  float acc = 0.f;
  const int bd = blockDim.x;
  for (int t = 0; t < ntiles; ++t) {
#pragma unroll 1
    for (int j = 0; j < d; ++j)
      rows[j * bd + threadIdx.x] = a[((size_t)t * d + j) * bd + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc += rows[j * bd + (threadIdx.x ^ 1)];
    __syncthreads();
  }
  out[blockIdx.x * bd + threadIdx.x] = acc;
}

// n floats read back as m rows of blockDim.x, which clang reads only in
// the tile loop's preheader.
__global__ void __launch_bounds__(128) blockRead(const float *__restrict__ a,
                                                 float *__restrict__ out, int ntiles, int n,
                                                 int m) {
  extern __shared__ float s[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int i = threadIdx.x; i < n; i += blockDim.x)
      s[i] = a[(size_t)t * n + i];
    __syncthreads();
    for (int k = 0; k < m; ++k)
      acc += s[k * blockDim.x + threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// A block-stride loop counted in size_t: the byte offset steps by
// 4 * blockDim.x, four times its counter's step.
__global__ void sizeStride(const float *__restrict__ a, float *__restrict__ out, size_t ntiles,
                           size_t n) {
  extern __shared__ float buf[];
  float acc = 0.f;
  for (size_t t = 0; t < ntiles; ++t) {
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
      buf[i] = a[t * n + i];
    __syncthreads();
    for (size_t i = threadIdx.x; i < n; i += blockDim.x)
      acc += buf[i];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// Near miss: the row count comes from a table in global memory.
__global__ void __launch_bounds__(128) tableRows(const float *__restrict__ a,
                                                 const int *__restrict__ dims,
                                                 float *__restrict__ out, int ntiles) {
  extern __shared__ float rows[];
  const int d = dims[blockIdx.x];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < d; ++j)
      rows[j * 128 + threadIdx.x] = a[(size_t)t * d * 128 + j * 128 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc += rows[j * 128 + (127 - threadIdx.x)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// Near miss: the rows start 300000 floats in, past any launch.
__global__ void __launch_bounds__(128)
    farRows(const float *__restrict__ a, float *__restrict__ out, int ntiles, int d) {
  extern __shared__ float far[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < d; ++j)
      far[300000 + j * 128 + threadIdx.x] = a[(size_t)t * d * 128 + j * 128 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc += far[300000 + j * 128 + (127 - threadIdx.x)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// Near miss: the rows start `back` floats before the thread's (unsigned
// arithmetic, which wraps where back > threadIdx.x).
__global__ void __launch_bounds__(128) shifted(const float *__restrict__ a,
                                               float *__restrict__ out, int ntiles, int d,
                                               int back) {
  extern __shared__ float rows[];
  float acc = 0.f;
  for (int t = 0; t < ntiles; ++t) {
    for (int j = 0; j < d; ++j)
      rows[j * 128 + threadIdx.x - back] = a[(size_t)t * d * 128 + j * 128 + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < d; ++j)
      acc += rows[j * 128 + (127 - threadIdx.x)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}
