// ptxas's register counts are asked only where the decision depends on
// them, for the kernels that may ask in one run, and kept in a cache on
// disk named by each kernel's content (lib/ptxas.h). A stand-in ptxas
// (Inputs/fake-ptxas) logs each run with the entries it was given.
//
// matmulA and matmulB are the CUDA Samples' matrixMul (1024 threads,
// asserted): declined at 32 registers, pipelined above (ptxas_registers.cu),
// so they ask. noBarrier has no barrier and never asks. matmulBound has
// __launch_bounds__(1024, 2): at most 32 registers, declined at every count,
// so ptxas is not asked about it.
// RUN: rm -rf %t && mkdir -p %t
//
// Cold: one run of ptxas, over the two kernels that ask and nothing else;
// the counts are cached.
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/cold LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/cold.ptx -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: FileCheck %s --check-prefix=COLD --match-full-lines < %t/cold
// COLD: run: matmulA matmulB
// COLD-NOT: run
//
// Warm: no ptxas run, the same counts and the same PTX.
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/warm LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/warm.ptx -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: not test -e %t/warm
// RUN: sed 's|// callseq.*||' %t/cold.ptx > %t/cold.s && sed 's|// callseq.*||' %t/warm.ptx > %t/warm.s && diff %t/cold.s %t/warm.s
//
// One kernel changed: only it is compiled again.
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/changed LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -DB_CHANGED -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null
// RUN: FileCheck %s --check-prefix=CHANGED --match-full-lines < %t/changed
// CHANGED: run: matmulB
// CHANGED-NOT: run
// RUN: find %t/cache -type f | count 3
//
// ptxas-cache=off, or LIBPIPELINE_CACHE_DIR=off: the cache is neither read
// (ptxas runs, and its 32 registers decline both loops) nor written.
// RUN: env FAKE_REGS=32 FAKE_LOG=%t/off LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas-cache=off -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R32
// RUN: env FAKE_REGS=32 FAKE_LOG=%t/off LIBPIPELINE_CACHE_DIR=off %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R32
// RUN: FileCheck %s --check-prefix=OFF --match-full-lines < %t/off
// OFF: run: matmulA matmulB
// OFF-NEXT: run: matmulA matmulB
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/after-off LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: not test -e %t/after-off
//
// A cache file that does not hold a count is a miss, measured again and
// rewritten.
// RUN: for f in $(find %t/cache -type f); do echo garbage > $f; done
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/bad LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: FileCheck %s --check-prefix=COLD --match-full-lines < %t/bad
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/rewritten LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null
// RUN: not test -e %t/rewritten
//
// Another ptxas, or the same one changed, is another key.
// RUN: cp %S/Inputs/fake-ptxas %t/ptxas
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/other LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%t/ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null
// RUN: echo "# changed" >> %t/ptxas
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/other LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%t/ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null
// RUN: FileCheck %s --check-prefix=OFF --match-full-lines < %t/other
//
// A cache that cannot be written is no cache: the counts are measured, and
// nothing is said.
// RUN: env FAKE_REGS=40 LIBPIPELINE_CACHE_DIR=/dev/null/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: env FAKE_REGS=40 LIBPIPELINE_CACHE_DIR=/dev/null/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null 2>&1 | count 0
//
// A kernel whose decision is the same at every count never asks.
// RUN: env FAKE_LOG=%t/bound LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -DONLY_BOUND -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not test -e %t/bound
//
// R40: remark: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 40 registers (ptxas);
// R40: remark: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 40 registers (ptxas);
// R32: remark: loop not pipelined: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 32 registers (ptxas)
// R32: remark: loop not pipelined: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 32 registers (ptxas)
// BOUND: remark: loop not pipelined: cost model on sm_90: 1024 threads per block, about {{[0-9]+}} registers ({{[0-9]+}} held from before the loop; ptxas not asked: every count gives the same decision)
#include <assert.h>

#define BLOCK 32

__device__ __forceinline__ float matmul(const float *A, const float *B, int hA, int wA, int wB,
                                        float scale) {
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  int aBegin = wA * BLOCK * by, aEnd = aBegin + wA - 1, aStep = BLOCK;
  int bBegin = BLOCK * bx, bStep = BLOCK * wB;
  float Csub = 0;
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK][BLOCK];
    __shared__ float Bs[BLOCK][BLOCK];
    assert(a + wA * ty + tx < hA * wA);
    assert(b + wB * ty + tx < wA * wB);
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  return Csub * scale;
}

#ifndef ONLY_BOUND
extern "C" __global__ void matmulA(float *C, const float *A, const float *B, int hA, int wA,
                                   int wB) {
  assert(blockDim.x == BLOCK && blockDim.y == BLOCK);
  C[wB * BLOCK * blockIdx.y + BLOCK * blockIdx.x + wB * threadIdx.y + threadIdx.x] =
      matmul(A, B, hA, wA, wB, 1.0f);
}

extern "C" __global__ void noBarrier(float *out, const float *in, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = in[i] * 2.0f;
}

#ifdef B_CHANGED
#define B_SCALE 0.25f
#else
#define B_SCALE 0.5f
#endif
extern "C" __global__ void matmulB(float *C, const float *A, const float *B, int hA, int wA,
                                   int wB) {
  assert(blockDim.x == BLOCK && blockDim.y == BLOCK);
  C[wB * BLOCK * blockIdx.y + BLOCK * blockIdx.x + wB * threadIdx.y + threadIdx.x] =
      matmul(A, B, hA, wA, wB, B_SCALE);
}
#else
extern "C" __global__ void __launch_bounds__(1024, 2)
    matmulBound(float *C, const float *A, const float *B, int hA, int wA, int wB) {
  C[wB * BLOCK * blockIdx.y + BLOCK * blockIdx.x + wB * threadIdx.y + threadIdx.x] =
      matmul(A, B, hA, wA, wB, 1.0f);
}
#endif
