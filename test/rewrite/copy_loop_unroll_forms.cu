// Copy loops the register lowering unrolls completely, in the forms clang
// leaves them (copy_loop_unroll.h): a 2-D tile whose row alone steps
// (`t[ty + 2*j][tx]`: the bound comes from the GEP's indices read one by
// one, the column's range widening the start's: 2 trips); the same loop
// runtime-unrolled by clang into a main loop of four copies a trip and its
// remainder, where the main loop's third copy would store past the tile's
// 16 rows on its first trip, so no execution enters it: it is removed and
// the remainder alone unrolled (2 copies, not 6); and a loop that writes
// its source back in place, not __restrict__, whose runtime alias check
// must cover the unrolled copies (the remainder's start computed in the
// preheader, where ScalarEvolution sees it invariant), whose main loop of
// eight copies is removed the same way (its fifth copy, `(j << 6 | 256) +
// tid`, is past the 193-byte tile wherever it runs). Near miss: a write
// whose address the loop loads (`A[where[k] + tid]`), which no check at
// entry covers. LLVM 22 writes the 2-D address as a row GEP off a hoisted
// `tile + tx`, which the bound reads as one chain, and enters the
// remainder both from the main loop's exit and past it, a join that the
// main loop's removal takes away; where the main loop stays (rows2DTall:
// its first trip fits the tile's 32 rows), the two entries are joined
// first, with the remainder's test between them, as LLVM 19 writes it: the
// decisions are LLVM 19's.
// RUN: %if llvm-19 %{ %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK %}
// RUN: %if llvm-19 %{ FileCheck %s --check-prefix=IR < %t.ll %}
// RUN: %if llvm-22 %{ %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=LLVM22 %}
// LLVM22-DAG: remark: pipelined loop with 2 stages: tile 't' 264 -> 544 bytes; 2 copies of 2 bytes{{.*}}the copy loop unrolled completely (at most 2 trips){{.*}}kernel 'rows2D(
// LLVM22-DAG: remark: pipelined loop with 2 stages: tile 't' 256 -> 512 bytes; 2 copies of 2 bytes{{.*}}the copy loop unrolled completely (at most 2 trips){{.*}}kernel 'rows2DByFour(
// LLVM22-DAG: remark: pipelined loop with 2 stages: tile 't' 193 -> 416 bytes; 4 copies of 1 bytes{{.*}}with a runtime alias check; the copy loop unrolled completely (at most 4 trips){{.*}}kernel 'inPlace(
// LLVM22-DAG: remark: pipelined loop with 2 stages: tile 't' 512 -> 1024 bytes; 7 copies of 2 bytes{{.*}}the 2 copy loops unrolled completely (at most 3 trips each){{.*}}kernel 'rows2DTall(
// LLVM22-DAG: remark: pipelined loop with 2 stages: tile 'u' 512 -> 1024 bytes, tile 't' 512 -> 1024 bytes; 8 copies of 2 bytes{{.*}}the 2 copy loops unrolled completely (at most 4 trips each){{.*}}kernel 'splitArms(
// LLVM22-DAG: remark: pipelined loop with 2 stages: tile 't' 256 -> 512 bytes; 3 copies of 2 bytes{{.*}}the copy loop unrolled completely (at most 1 trip){{.*}}kernel 'rowsByTwo(
// LLVM22-DAG: remark: loop not pipelined: the loop may write the global memory tile 't' is copied from{{.*}}kernel 'inPlaceScatter(

// REMARK-DAG: copy_loop_unroll_forms.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 264 -> 544 bytes; 2 copies of 2 bytes, 2 staged through 2 registers; removed the second barrier; the copy loop unrolled completely (at most 2 trips) for the register lowering{{.*}}[sm_90, kernel 'rows2D(
// IR-LABEL: define {{.*}} @_Z6rows2D
// IR-COUNT-4: load i16, ptr addrspace(1)
// IR-NOT: load i16, ptr addrspace(1)
// IR-LABEL: define {{.*}} @_Z12rows2DByFour
__global__ void __launch_bounds__(64) rows2D(int nt, int d, int W, const short *A, float *out) {
  __shared__ short t[4][33];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
#pragma unroll 1
    for (int j = 0; j < d; ++j) {
      const int x = k * 32 + (int)threadIdx.x, y = (int)threadIdx.y + 2 * j;
      t[y][threadIdx.x] = x < W ? A[(size_t)y * W + x] : (short)0;
    }
    __syncthreads();
    for (int q = 0; q < 3; ++q)
      acc = acc * 0.5f + (float)t[(threadIdx.y + q) % 4][(threadIdx.x * 3 + q) % 32];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.y * 32 + threadIdx.x] = acc;
}
// REMARK-DAG: copy_loop_unroll_forms.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 256 -> 512 bytes; 2 copies of 2 bytes, 2 staged through 2 registers; removed the second barrier; the copy loop unrolled completely (at most 2 trips) for the register lowering{{.*}}[sm_90, kernel 'rows2DByFour
// IR-COUNT-4: load i16, ptr addrspace(1)
// IR-NOT: load i16, ptr addrspace(1)
// IR-LABEL: define {{.*}} @_Z10rows2DTall
__global__ void __launch_bounds__(64) rows2DByFour(int nt, int d, int W, const short *A, float *out) {
  __shared__ short t[16][8];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int j = 0; j < d; ++j) {
      const int x = k * 8 + (int)threadIdx.x, y = (int)threadIdx.y + 8 * j;
      t[y][threadIdx.x] = x < W ? A[(size_t)y * W + x] : (short)0;
    }
    __syncthreads();
    for (int q = 0; q < 3; ++q)
      acc = acc * 0.5f + (float)t[(threadIdx.y + q) % 16][(threadIdx.x * 3 + q) % 8];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.y * 8 + threadIdx.x] = acc;
}
// REMARK-DAG: copy_loop_unroll_forms.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 512 -> 1024 bytes; 7 copies of 2 bytes, 7 staged through 7 registers; removed the second barrier; the 2 copy loops unrolled completely (at most 3 trips each) for the register lowering{{.*}}[sm_90, kernel 'rows2DTall
// IR-COUNT-14: load i16, ptr addrspace(1)
// IR-NOT: load i16, ptr addrspace(1)
// IR-LABEL: define {{.*}} @_Z7inPlace
__global__ void __launch_bounds__(64) rows2DTall(int nt, int d, int W, const short *A, float *out) {
  __shared__ short t[32][8];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int j = 0; j < d; ++j) {
      const int x = k * 8 + (int)threadIdx.x, y = (int)threadIdx.y + 8 * j;
      t[y][threadIdx.x] = x < W ? A[(size_t)y * W + x] : (short)0;
    }
    __syncthreads();
    for (int q = 0; q < 3; ++q)
      acc = acc * 0.5f + (float)t[(threadIdx.y + q) % 32][(threadIdx.x * 3 + q) % 8];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.y * 8 + threadIdx.x] = acc;
}
// Clang unrolls this loop by eight; the remainder's bound is the tile's
// extent (193 bytes, 64 threads: 4 trips), and the main loop is removed.
// REMARK-DAG: copy_loop_unroll_forms.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 193 -> 416 bytes; 4 copies of 1 bytes, 4 staged through 4 registers; removed the second barrier; with a runtime alias check; the copy loop unrolled completely (at most 4 trips) for the register lowering{{.*}}[sm_90, kernel 'inPlace(
// IR: atomicrmw
// IR-COUNT-8: load i8, ptr addrspace(1)
// IR-NOT: load i8, ptr addrspace(1)
// IR-LABEL: define {{.*}} @_Z14inPlaceScatter
__global__ void __launch_bounds__(64) inPlace(int nt, int d, long long wofs, unsigned char *A, float *out) {
  __shared__ unsigned char t[193];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int j = 0; j < d; ++j)
      t[j * 64 + threadIdx.x] = A[(size_t)k * 192 + j * 64 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.75f + (float)t[(threadIdx.x * 3 + k) % (d * 64)];
    A[wofs + (size_t)k * 192 + threadIdx.x] = (unsigned char)(int)acc;
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}
// REMARK-DAG: copy_loop_unroll_forms.cu:{{[0-9]+}}:3: remark: loop not pipelined: the loop may write the global memory tile 't' is copied from; mark the pointers __restrict__ if they never overlap{{.*}}[sm_90, kernel 'inPlaceScatter
__global__ void __launch_bounds__(64) inPlaceScatter(int nt, int d, const int *where, unsigned char *A, float *out) {
  __shared__ unsigned char t[193];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int j = 0; j < d; ++j)
      t[j * 64 + threadIdx.x] = A[(size_t)k * 192 + j * 64 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.75f + (float)t[(threadIdx.x * 3 + k) % (d * 64)];
    A[where[k] + threadIdx.x] = (unsigned char)(int)acc;
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}
// Near miss of the removal: a copy clang splits in two, a load on one arm
// and zeros on the other, whose load arm alone (`i >= 256`) would store
// past the tile; the zeros arm stores inside it on every trip, so the loop
// runs and stays (8 copies: t's 4 and u's 4).
// REMARK-DAG: copy_loop_unroll_forms.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 'u' 512 -> 1024 bytes, tile 't' 512 -> 1024 bytes; 8 copies of 2 bytes{{.*}}the 2 copy loops unrolled completely (at most 4 trips each){{.*}}[sm_90, kernel 'splitArms
struct __align__(2) uc2 {
  unsigned char x, y;
};
__global__ void __launch_bounds__(64) splitArms(int nt, int d, const uc2 *__restrict__ A,
                                                const uc2 *__restrict__ B, float *out) {
  __shared__ uc2 t[256];
  __shared__ uc2 u[256];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
    for (int i = threadIdx.x; i < 256; i += 64)
      u[i] = B[(size_t)k * 256 + i];
#pragma unroll 1
    for (int j = 0; j < d; ++j) {
      int i = j * 64 + (int)threadIdx.x;
      if (i >= 256) {
        t[i] = A[(size_t)k * 256 + i];
      } else {
        t[i].x = 0;
        t[i].y = 0;
      }
    }
    __syncthreads();
    acc = acc * 0.75f + (float)t[(threadIdx.x * 3 + k) % 256].y +
          (float)u[(threadIdx.x * 5 + k) % 256].x;
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.x] = acc;
}
// Unrolled by two at the source's request: the remainder is one copy, not
// a loop, which LLVM 22 enters from two blocks as it does a remainder loop
// (joined the same way); the main loop runs once (2 copies), the remainder
// adds 1.
// REMARK-DAG: copy_loop_unroll_forms.cu:{{[0-9]+}}:3: remark: pipelined loop with 2 stages: tile 't' 256 -> 512 bytes; 3 copies of 2 bytes, 3 staged through 3 registers; removed the second barrier; the copy loop unrolled completely (at most 1 trip) for the register lowering{{.*}}[sm_90, kernel 'rowsByTwo
__global__ void __launch_bounds__(64) rowsByTwo(int nt, int d, int W, const short *__restrict__ A,
                                                float *out) {
  __shared__ short t[16][8];
  float acc = 0.0f;
  for (int k = 0; k < nt; ++k) {
#pragma unroll 2
    for (int j = 0; j < d; ++j) {
      const int x = k * 8 + (int)threadIdx.x, y = (int)threadIdx.y + 8 * j;
      t[y][threadIdx.x] = x < W ? A[(size_t)y * W + x] : (short)0;
    }
    __syncthreads();
    for (int q = 0; q < 3; ++q)
      acc = acc * 0.5f + (float)t[((int)threadIdx.y + q) % 16][((int)threadIdx.x * 3 + q) % 8];
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.y * 8 + threadIdx.x] = acc;
}
