// Copy loops the register lowering unrolls completely (copy_loop_unroll.h):
// cp.async cannot copy their 1- and 2-byte elements, and each runs at most a
// few times -- by ScalarEvolution's bound (a constant step and bound: the
// 34x34 halo of a 256-thread block, 5 trips) or by its tile's extent (a
// runtime count `j < d` whose every iteration stores into a 385-byte tile at
// j * 128 + tid: 4 trips). The ring then stages each trip's load in a
// register, under the exit tests before it: one load per trip in the
// prologue and one in the steady state (the plain kernels load in a loop:
// 3 and 2 loads). Near misses, left as written: a copy loop whose address
// is no affine function of its counter (no bound), one of 16 trips (more
// than the 8 it unrolls to), one walking down by a given stride from a pointer into the
// tile, and `lowering=cp.async`, which never stages through registers.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s --check-prefix=IR < %t.ll
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ANALYSIS
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=cp.async --cuda-gpu-arch=sm_90 -S %s -o %t.cp.ptx -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=CPASYNC --implicit-check-not="nor is it unrolled"
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S %s -o %t.plain.ptx
// RUN: diff %t.plain.ptx %t.cp.ptx

// REMARK-DAG: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'tile' 1156 -> 2336 bytes; 5 copies of 1 bytes, 5 staged through 5 registers; removed the second barrier; the copy loop unrolled completely (at most 5 trips) for the register lowering{{.*}}[sm_90, kernel 'halo
// IR-LABEL: define {{.*}} @_Z4halo
// IR-COUNT-10: load i8, ptr addrspace(1)
// IR-NOT: load i8, ptr addrspace(1)
// CPASYNC: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and a copy into tile 'tile' moves 1 bytes{{.*}}[sm_90, kernel 'halo
__global__ void __launch_bounds__(256) halo(int C, int H, int W, const unsigned char *img,
                                            float *out) {
  __shared__ unsigned char tile[34][34];
  const int tid = threadIdx.y * 16 + threadIdx.x;
  const int x0 = blockIdx.x * 32 - 1, y0 = blockIdx.y * 32 - 1;
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) {
    for (int i = tid; i < 34 * 34; i += 256) {
      const int y = y0 + i / 34, x = x0 + i % 34;
      tile[i / 34][i % 34] =
          (y >= 0 && y < H && x >= 0 && x < W) ? img[((size_t)c * H + y) * W + x] : 0;
    }
    __syncthreads();
    acc = acc * 0.5f + tile[threadIdx.y * 2 + 1][threadIdx.x * 2 + 1] + tile[threadIdx.y * 2][threadIdx.x * 2 + 2];
    __syncthreads();
  }
  out[(blockIdx.y * gridDim.x + blockIdx.x) * 256 + tid] = acc;
}

// REMARK-DAG: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 385 -> 800 bytes; 4 copies of 1 bytes, 4 staged through 4 registers; removed the second barrier; the copy loop unrolled completely (at most 4 trips) for the register lowering{{.*}}[sm_90, kernel 'extent
// IR-LABEL: define {{.*}} @_Z6extent
// IR-COUNT-8: load i8, ptr addrspace(1)
// IR-NOT: load i8, ptr addrspace(1)
// IR-LABEL: define {{.*}} @_Z7noBound
__global__ void __launch_bounds__(128) extent(int nt, int d, const unsigned char *A, float *out) {
  __shared__ unsigned char t[385];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
#pragma unroll 1
    for (int j = 0; j < d; ++j)
      t[j * 128 + threadIdx.x] = A[(size_t)k * 384 + j * 128 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.5f + (float)t[(threadIdx.x * 3) % (d * 128)];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// REMARK-DAG: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and a copy into tile 't' moves 1 bytes; cp.async copies 4, 8 or 16 bytes; nor is it unrolled for the register lowering: no bound on the trips of a loop of the copy stage is known{{.*}}[sm_90, kernel 'noBound
__global__ void __launch_bounds__(128) noBound(int nt, int d, const unsigned char *A,
                                               float *out) {
  extern __shared__ unsigned char t[];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
#pragma unroll 1
    for (int j = 0; j < d; ++j)
      t[j * 128 + threadIdx.x] = A[(size_t)k * 384 + j * 128 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.5f + (float)t[(threadIdx.x * 3) % 384];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// REMARK-DAG: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and a copy into tile 't' moves 2 bytes; cp.async copies 4, 8 or 16 bytes; nor is it unrolled for the register lowering: a loop of the copy stage may run 16 times, more than the 8 the register lowering unrolls a copy loop to{{.*}}[sm_90, kernel 'sixteenTrips
__global__ void __launch_bounds__(128) sixteenTrips(int nt, const short *A, float *out) {
  __shared__ short t[2048];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
#pragma unroll 1
    for (int i = threadIdx.x; i < 2048; i += 128)
      t[i] = A[(size_t)k * 2048 + i];
    __syncthreads();
    acc = acc * 0.5f + (float)t[(threadIdx.x * 7) % 2048];
    __syncthreads();
  }
  out[blockIdx.x * 128 + threadIdx.x] = acc;
}

// A pointer into the tile, walking down from it (p = tile + 1280,
// p[tid - 256 * j]): every index of the chain down to the tile is counted,
// the inner GEP's 1280 elements too, so at most 6 trips (tid = 0: offsets
// 2560 - 512 * j bytes stay in the tile for j <= 5; d = 6 is valid).
// REMARK-DAG: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages{{.*}}the copy loop unrolled completely (at most 6 trips) for the register lowering{{.*}}[sm_90, kernel 'offsetDown
__global__ void __launch_bounds__(256) offsetDown(int nt, int d, const short *A, float *out) {
  __shared__ short tile[1536];
  short *p = tile + 1280;
  float acc = 0.f;
  for (int k = 0; k < nt; ++k) {
    const short *s = A + (size_t)k * 1536 + 1280;
#pragma unroll 1
    for (int j = 0; j < d; ++j) {
      int idx = (int)threadIdx.x + (-256) * j;
      p[idx] = s[idx];
    }
    __syncthreads();
    acc = acc * 0.5f + (float)tile[(threadIdx.x * 7) % 1536];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// Near miss: the same walk by a stride the kernel is given, so no
// recurrence of a constant step and no bound.
// REMARK-DAG: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and a copy into tile 'tile' moves 2 bytes; cp.async copies 4, 8 or 16 bytes; nor is it unrolled for the register lowering: no bound{{.*}}[sm_90, kernel 'strideDown
// The analysis remark of that decline names the copy, found again in the
// body the rolled-back unroll restored.
// ANALYSIS: copy_loop_unroll.cu:[[@LINE+10]]:14: remark: loop not pipelined: the copy stage is a loop{{.*}}nor is it unrolled{{.*}}[sm_90, kernel 'strideDown
__global__ void __launch_bounds__(256) strideDown(int nt, int d, int step, const short *A, float *out) {
  __shared__ short tile[1536];
  short *p = tile + 1280;
  float acc = 0.f;
  for (int k = 0; k < nt; ++k) {
    const short *s = A + (size_t)k * 1536 + 1280;
#pragma unroll 1
    for (int j = 0; j < d; ++j) {
      int idx = (int)threadIdx.x - step * j;
      p[idx] = s[idx];
    }
    __syncthreads();
    acc = acc * 0.5f + (float)tile[(threadIdx.x * 7) % 1536];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// Two copy loops, one per tile, both unrolled.
// REMARK-DAG: copy_loop_unroll.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages{{.*}}; the 2 copy loops unrolled completely (at most 5 trips each) for the register lowering{{.*}}[sm_90, kernel 'twoTiles
__global__ void __launch_bounds__(256) twoTiles(int C, const unsigned char *a,
                                                const unsigned char *b, float *out) {
  __shared__ unsigned char ta[34 * 34], tb[34 * 34];
  float acc = 0.0f;
  for (int c = 0; c < C; ++c) {
    for (int i = threadIdx.x; i < 34 * 34; i += 256)
      ta[i] = a[(size_t)c * 34 * 34 + i];
    for (int i = threadIdx.x; i < 34 * 34; i += 256)
      tb[i] = b[(size_t)c * 34 * 34 + i];
    __syncthreads();
    acc += ta[threadIdx.x * 3] * tb[threadIdx.x * 4 + 1];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
