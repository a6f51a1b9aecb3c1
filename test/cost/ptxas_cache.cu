// ptxas's register counts are asked only where the decision depends on
// them (within a factor of 2 of the model's estimate), by one run per
// kernel, and kept in a cache on disk named by each kernel's content
// (lib/ptxas.h). A stand-in ptxas
// (Inputs/fake-ptxas) logs each run with the entries it was given.
//
// The CUDA Samples' matrixMul (bench/kernels/matmul_assert.cuh) for blocks
// of 32x32 and 16x16 threads (asserted): at 32 registers the first is
// declined, above pipelined (ptxas_registers.cu); the second's decision
// changes at some count too, so both ask. noBarrier has no barrier and never
// asks. tileSum has __launch_bounds__(1024, 2), so at most 32 registers, and
// the same decision at every count (a ring of 4 stages): ptxas is not
// asked about it.
// RUN: rm -rf %t && mkdir -p %t
//
// Cold: one run of ptxas for each of the two kernels that ask, and for
// nothing else; the counts are cached.
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/cold LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/cold.ptx -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: FileCheck %s --check-prefix=COLD --match-full-lines < %t/cold
// COLD: run: _Z13MatrixMulCUDAILi32EEvPfS0_S0_iii
// COLD-NEXT: run: _Z13MatrixMulCUDAILi16EEvPfS0_S0_iii
// COLD-NOT: run
//
// Warm: no ptxas run, the same counts and the same PTX.
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/warm LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/warm.ptx -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: not test -e %t/warm
// RUN: sed 's|// callseq.*||' %t/cold.ptx > %t/cold.s && sed 's|// callseq.*||' %t/warm.ptx > %t/warm.s && diff %t/cold.s %t/warm.s
//
// A kernel added to the file: only it is compiled.
// RUN: env FAKE_REGS=40 FAKE_LOG=%t/changed LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -DWITH_8 -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null
// RUN: FileCheck %s --check-prefix=CHANGED --match-full-lines < %t/changed
// CHANGED: run: _Z13MatrixMulCUDAILi8EEvPfS0_S0_iii
// CHANGED-NOT: run
// RUN: find %t/cache -type f | count 3
//
// ptxas-cache=off, or LIBPIPELINE_CACHE_DIR=off: the cache is neither read
// (ptxas runs, and its 32 registers decline both loops) nor written.
// RUN: env FAKE_REGS=32 FAKE_LOG=%t/off LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -fplugin-arg-pipeline-ptxas-cache=off -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R32
// RUN: env FAKE_REGS=32 FAKE_LOG=%t/off LIBPIPELINE_CACHE_DIR=off %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R32
// RUN: FileCheck %s --check-prefix=OFF --match-full-lines < %t/off
// OFF: run: _Z13MatrixMulCUDAILi32EEvPfS0_S0_iii
// OFF-NEXT: run: _Z13MatrixMulCUDAILi16EEvPfS0_S0_iii
// OFF-NEXT: run: _Z13MatrixMulCUDAILi32EEvPfS0_S0_iii
// OFF-NEXT: run: _Z13MatrixMulCUDAILi16EEvPfS0_S0_iii
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
// A kernel whose decision is the same at every count it could have never
// asks; the remark names the counts weighed.
// RUN: env FAKE_LOG=%t/bound LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -DONLY_BOUND -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=BOUND
// RUN: not test -e %t/bound
//
// Nor does one whose decision is the same at every count the estimate's
// range weighs (not every count up to 255): rowSum's loop, bound by its
// multiply-adds, is declined at each count from 11 to 44 around its
// estimate of 22. A loop on the DRAM floor would not do
// here: its stage count follows the resident blocks, which follow the
// registers (PL_COST_DRAM_LATENCY in lib/cost.h).
// RUN: env FAKE_LOG=%t/far LIBPIPELINE_CACHE_DIR=%t/cache %clang_cuda -DONLY_FAR -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FAR
// RUN: not test -e %t/far
//
// R40-DAG: remark: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 40 registers (ptxas{{(; 42 with the staged copies)?}});
// R40-DAG: remark: loop not pipelined: cost model on sm_90: 256 threads per block (the kernel checks blockDim), 40 registers (ptxas)
// R32-DAG: remark: loop not pipelined: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 32 registers (ptxas)
// R32-DAG: remark: loop not pipelined: cost model on sm_90: 256 threads per block (the kernel checks blockDim), 32 registers (ptxas)
// BOUND: remark: cost model on sm_90: 1024 threads per block, about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once; ptxas not asked: every count from {{[0-9]+}} to 32 gives the same decision)
#if !defined(ONLY_BOUND) && !defined(ONLY_FAR)
#include "../../bench/kernels/matmul_assert.cuh"

template __global__ void MatrixMulCUDA<32>(float *, float *, float *, int, int, int);

extern "C" __global__ void noBarrier(float *out, const float *in, int n) {
  for (int i = threadIdx.x; i < n; i += blockDim.x)
    out[i] = in[i] * 2.0f;
}

template __global__ void MatrixMulCUDA<16>(float *, float *, float *, int, int, int);
#ifdef WITH_8
template __global__ void MatrixMulCUDA<8>(float *, float *, float *, int, int, int);
#endif
#elif defined(ONLY_BOUND)
extern "C" __global__ void __launch_bounds__(1024, 2) tileSum(const float *in, float *out, int n) {
  __shared__ float t[1024];
  float acc = 0;
  for (int i = 0; i < n; i += 1024) {
    t[threadIdx.x] = in[i + threadIdx.x];
    __syncthreads();
    acc += t[1023 - threadIdx.x];
    __syncthreads();
  }
  out[blockIdx.x * 1024 + threadIdx.x] = acc;
}
#else
// FAR: remark: loop not pipelined: cost model on sm_90: 256 threads per block, about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once; ptxas not asked: every count from {{[0-9]+}} to {{[0-9]+}} gives the same decision)
extern "C" __global__ void __launch_bounds__(256) rowSum(const float *in, float *out, int n) {
  __shared__ float t[8][256];
  float acc = 0;
  for (int i = 0; i < n; i += 8 * 256) {
    for (int r = 0; r < 8; ++r)
      t[r][threadIdx.x] = in[i + r * 256 + threadIdx.x];
    __syncthreads();
    for (int r = 0; r < 8; ++r)
      for (int q = 0; q < 8; ++q)
        acc = acc * t[r][255 - threadIdx.x] + t[7 - r][threadIdx.x] * (float)q;
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}
#endif
