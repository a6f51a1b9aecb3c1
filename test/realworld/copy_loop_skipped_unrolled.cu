// Copy loops with a runtime trip count whose copies are skipped past an
// edge, as public kernels write them: `for (k = 0; k < items; ++k) { i = k
// * BLOCK + tid; if (base + i < n) buf[i] = x[base + i]; }` with no else.
// clang unrolls such a loop by four with a remainder, so the tile has five
// copies in two loops, each under its own guard. The ring serves them
// where every copy's guard is the same function of its destination's
// indices and of values every thread shares, and the destination reads as
// distinct digits of those indices: threads that write the same bytes hold
// the same indices and skip alike. Near misses: a skip that depends on the
// thread beyond the index, a 2-D tile whose column may run past its row
// (the block's x size is not known), a tile zeroed before the loop, a
// guard read through GEPs of different element types, a branch on the
// thread around the guard.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// The near misses' declines leave the IR as it was (opt on the plain build's
// IR, the pipelined kernels excluded):
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 --cuda-device-only -O3 -S -emit-llvm %s -o %t.plain.ll
// RUN: %opt -passes='cuda-pipeline<profitability=off;exclude=windowSum|movingSkips|raggedRows>' -S %t.plain.ll -o %t.after.ll
// RUN: %opt -passes=verify -S %t.plain.ll -o %t.before.ll
// RUN: diff %t.before.ll %t.after.ll
#include <cuda_runtime.h>

#define MAXITEMS 8

// Near miss: odd and even threads take turns, whatever the element.
__global__ void __launch_bounds__(128)
    turns(const float *__restrict__ x, float *__restrict__ y, int n, int items) {
  __shared__ float buf[128 * MAXITEMS];
  const int span = 128 * items;
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 'buf' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'turns(
  for (int t = 0, base = 0; base < n; ++t, base += span) {
    for (int k = 0; k < items; ++k) {
      const int i = k * 128 + threadIdx.x;
      // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here a guard of a copy is not the same function of the copy's indices as the other copies' guards, so threads that write the same bytes might disagree on a skip [sm_80, kernel 'turns(
      if (((threadIdx.x ^ t) & 1) == 0)
        buf[i] = x[base + i];
    }
    __syncthreads();
    acc += buf[(threadIdx.x * 3) % span];
    __syncthreads();
  }
  y[threadIdx.x] = acc;
}

// Near miss: a 2-D block fills rows k * 8 + ty of a tile 32 wide; nothing
// bounds tx by 32, so (ty, tx + 32) and (ty + 1, tx) might be one element
// written by two threads that decide differently.
__global__ void __launch_bounds__(256)
    rows2d(const float *__restrict__ x, float *__restrict__ y, int n, int W, int items) {
  __shared__ float tile[8 * MAXITEMS][32];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 'tile' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'rows2d(
  for (int x0 = 0; x0 < n; x0 += 32) {
    for (int k = 0; k < items; ++k) {
      const int r = k * 8 + ty;
      // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here two threads might write the same bytes through different indices of the tile's copies [sm_80, kernel 'rows2d(
      if (x0 + tx < W)
        tile[r][tx] = x[(size_t)r * W + x0 + tx];
    }
    __syncthreads();
    acc += tile[ty][(tx * 5) % 32];
    __syncthreads();
  }
  y[ty * 32 + tx] = acc;
}

// Near miss: the tile is zeroed before the loop (its skipped bytes hold
// zeros on the first tile, which the slot before does not).
__global__ void __launch_bounds__(128)
    zeroedFirst(const float *__restrict__ x, float *__restrict__ y, int n, int items) {
  __shared__ float buf[128 * MAXITEMS];
  for (int k = 0; k < MAXITEMS; ++k)
    buf[k * 128 + threadIdx.x] = 0.f;
  const int span = 128 * items;
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 'buf' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'zeroedFirst(
  for (int base = 0; base < n; base += span) {
    for (int k = 0; k < items; ++k) {
      const int i = k * 128 + threadIdx.x;
      // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here the tile may hold written bytes when the loop starts{{.*}}kernel 'zeroedFirst(
      if (base + i < n)
        buf[i] = x[base + i];
    }
    __syncthreads();
    acc += buf[(threadIdx.x * 3) % span];
    __syncthreads();
  }
  y[threadIdx.x] = acc;
}

// The skip moves with the tile (tile t skips element i where (i + t) % 3
// == 0, and tile 0 copies all): `||` makes each copy's guard two branches,
// the same two for each of the five copies.
__global__ void __launch_bounds__(128)
    movingSkips(const float *__restrict__ x, float *__restrict__ y, int ntiles, int items) {
  __shared__ float buf[128 * MAXITEMS];
  const int span = 128 * items;
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'buf' 4096 -> {{[0-9]+}} bytes; 5 cp.async copies of 4 bytes; removed the second barrier; 5 copies skipped on some iterations keep the slot before's bytes there{{.*}}kernel 'movingSkips(
  for (int t = 0; t < ntiles; ++t) {
    for (int k = 0; k < items; ++k) {
      const int i = k * 128 + threadIdx.x;
      if (t == 0 || (i + t) % 3 != 0)
        buf[i] = x[(size_t)t * span + i];
    }
    __syncthreads();
    acc += buf[(threadIdx.x * 7 + t) % span];
    __syncthreads();
  }
  y[threadIdx.x] = acc;
}

// Near miss: the guard's second branch reads a mask from memory, a load the
// copy loop does not store into a tile (the ring's clones of the copy loop
// would load it again, S - 1 iterations ahead).
__global__ void __launch_bounds__(128)
    maskedTiles(const float *__restrict__ x, const int *__restrict__ mask, float *__restrict__ y,
                int ntiles, int items) {
  __shared__ float buf[128 * MAXITEMS];
  const int span = 128 * items;
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: a loop of the copy stage loads a value it does not store into a tile; a copy loop may hold only copies and their address arithmetic [sm_80, kernel 'maskedTiles(
  for (int t = 0; t < ntiles; ++t) {
    for (int k = 0; k < items; ++k) {
      const int i = k * 128 + threadIdx.x;
      if (t == 0 || mask[t * 1024 + i] != 0)
        buf[i] = x[(size_t)t * span + i];
    }
    __syncthreads();
    acc += buf[(threadIdx.x * 7 + t) % span];
    __syncthreads();
  }
  y[threadIdx.x] = acc;
}

// Near miss (found by a break-it session): two rows of threads guard the
// same elements by pointer compares whose GEPs differ only in their element
// type (float for row 0, double for row 1): alike as operations and
// operands, different as functions of the index.
__global__ void __launch_bounds__(256)
    gepTypes(const float *__restrict__ x, const float *m0, int mstep, float *y, int ntiles,
             int items) {
  __shared__ float buf[128 * MAXITEMS];
  float acc = 0.f;
  const int tx = threadIdx.x, ty = threadIdx.y;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 'buf' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'gepTypes(
  for (int t = 0; t < ntiles; ++t) {
    const float *src = x + (size_t)t * 1024;
    const float *mark = m0 + (size_t)t * mstep;
    if (ty == 0) {
      for (int k = 0; k < items; ++k) {
        const int i = k * 128 + tx;
        // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here a guard of a copy is not the same function of the copy's indices as the other copies' guards{{.*}}kernel 'gepTypes(
        if (src + i == mark)
          buf[i] = src[i];
      }
    } else {
      const double *d = (const double *)src;
      for (int k = 0; k < items; ++k) {
        const int i = k * 128 + tx;
        if (d + i == (const double *)mark)
          buf[i] = src[i];
      }
    }
    __syncthreads();
    acc += buf[(tx * 7 + t) % (128 * items)];
    __syncthreads();
  }
  y[ty * 128 + tx] = acc;
}

// Near miss (found by a break-it session): even threads copy, odd ones do
// not -- a branch the same on every tile but not in every thread, around
// the skipped copy. Its edge into the block the copy rejoins is no skip of
// the guard; a fix-up there would move, in an odd thread, the element its
// even neighbour copies.
__global__ void __launch_bounds__(128)
    halfThreads(const float *__restrict__ x, float *__restrict__ y, int ntiles, int items, int n) {
  __shared__ float buf[64 * MAXITEMS];
  const int span = 64 * items;
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 'buf' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'halfThreads(
  for (int t = 0; t < ntiles; ++t) {
    const int base = t * span;
#pragma unroll 1
    for (int k = 0; k < items; ++k) {
      const int i = k * 64 + (threadIdx.x >> 1);
      if ((threadIdx.x & 1) == 0) {
        if (base + i < n)
          buf[i] = x[base + i];
      }
    }
    __syncthreads();
    acc += buf[(threadIdx.x * 3) % span];
    __syncthreads();
  }
  y[threadIdx.x] = acc;
}

// One `extern __shared__` array at file scope serves every kernel of the
// file: a block reduction writes it, and a ragged row sum fills it by a
// copy loop that skips past the row's end. The reduction's writes belong
// to its own launches, so the row sum's tile still starts undefined.
extern __shared__ float smem[];

__global__ void blockSum(const float *__restrict__ x, float *__restrict__ y, int n) {
  const int tid = threadIdx.x;
  smem[tid] = tid < n ? x[blockIdx.x * blockDim.x + tid] : 0.f;
  __syncthreads();
  for (int s = blockDim.x / 2; s > 0; s >>= 1) {
    if (tid < s)
      smem[tid] += smem[tid + s];
    __syncthreads();
  }
  if (tid == 0)
    y[blockIdx.x] = smem[0];
}

__global__ void __launch_bounds__(128)
    raggedRows(const float *__restrict__ x, float *__restrict__ y, int n) {
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'smem' (dynamic shared memory{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}kernel 'raggedRows(
  for (int base = 0; base < n; base += 512) {
    for (int i = threadIdx.x; i < 512; i += 128)
      if (base + i < n)
        smem[i] = x[(size_t)blockIdx.x * n + base + i];
    __syncthreads();
    acc += smem[(threadIdx.x * 3) % 512];
    __syncthreads();
  }
  y[blockIdx.x * 128 + threadIdx.x] = acc;
}

// A running window sum along rows, one row per block; the tile holds
// `items` groups of BLOCK values of the row, and past the row's end the
// last tile keeps the tile before's values.
template <int BLOCK>
__global__ void __launch_bounds__(BLOCK)
    windowSum(const float *__restrict__ x, float *__restrict__ y, int n, int items) {
  __shared__ float buf[BLOCK * MAXITEMS];
  const float *row = x + (size_t)blockIdx.x * n;
  const int span = BLOCK * items;
  float acc = 0.f;
  // CHECK: copy_loop_skipped_unrolled.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'buf' 4096 -> {{[0-9]+}} bytes; 5 cp.async copies of 4 bytes; removed the second barrier; 5 copies skipped on some iterations keep the slot before's bytes there; cp.async [sm_80, kernel 'void windowSum<128>(
  for (int base = 0; base < n; base += span) {
    for (int k = 0; k < items; ++k) {
      const int i = k * BLOCK + threadIdx.x;
      if (base + i < n)
        buf[i] = row[base + i];
    }
    __syncthreads();
    for (int w = 0; w < 4; ++w)
      acc += buf[(threadIdx.x + w) % span];
    __syncthreads();
  }
  y[(size_t)blockIdx.x * BLOCK + threadIdx.x] = acc;
}
// The fix-ups after the wait: an element of the slot before, stored into
// the current slot, one per copy of the main loop and of the remainder
// (the kernel is instantiated last, so its checks come last).
// IR-LABEL: define {{.*}}void @_Z9windowSumILi128EEvPKfPfii
// IR: call void @llvm.nvvm.cp.async.wait.group(i32 1)
// IR-COUNT-5: [[V:%[0-9]+]] = load i32, ptr addrspace(3)

void run(const float *x, float *y, int rows, int n, int items) {
  windowSum<128><<<rows, 128>>>(x, y, n, items);
}
