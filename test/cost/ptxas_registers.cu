// The cost model reads the plain kernel's registers from ptxas (lib/ptxas.h).
// The CUDA Samples' matrixMul with its asserts, 1024 threads per block
// (asserted): at 32 registers or fewer two blocks fit an SM and cover each
// other's loads, so the ring only adds work and the loop is declined; above
// 32 one block fits, alone, and the ring gains (docs/results/log.md: 40
// registers, 1.02x-1.05x). The estimate (33) cannot tell the two apart.
// A stand-in ptxas (Inputs/fake-ptxas) makes the counts exact here:
//   FAKE_REGS=40  pipelined, "40 registers (ptxas)"
//   FAKE_REGS=32  declined, two resident blocks
//   FAKE_FAIL=1   the estimate, and the remark says why
//   ptxas=off     the estimate (the default): the counts it allows lie on
//                 both sides of 32, and the loop is declined
//   a ptxas that is not there: the estimate, "was not found"
//   a named ptxas that fails or is not there: a warning too
// With the real ptxas (the RUN under %if ptxas) the loop is
// pipelined and the count is ptxas's. The plugin never changes the module
// it measures: the PTX with ptxas=off, with a failing ptxas and with a
// declined loop is the same, but for the numbers in the NVPTX back end's
// "// callseq N" comments, which count every call it lowers in the process
// (the measured clone's too).
// RUN: rm -rf %t && mkdir -p %t
// The RUN lines ask for cp.async copies (lowering=cp.async): the decisions
// below are the cp.async ring's. At 40 registers it has 3 stages; at the
// default the model prices the register lowering too, with the same count,
// and predicts its two slots gain more (measured on the H200: 1.02x, the
// cp.async rings 1.01x-1.04x; docs/results/log.md).
// RUN: env FAKE_REGS=40 %clang_cuda -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=AUTO40
// AUTO40: remark: pipelined loop with 2 stages: {{.*}} 2 staged through 2 registers; {{.*}}; registers: a cp.async ring is predicted {{[0-9.]+}}x [sm_90
// RUN: env FAKE_REGS=40 FAKE_ARGS=%t/args %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/40.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R40
// RUN: FileCheck %s --check-prefix=ARGS < %t/args
// RUN: env FAKE_REGS=32 %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/32.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=R32
// RUN: env FAKE_FAIL=1 %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/fail.ptx -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FAIL
// RUN: %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=%t/no-such-ptxas --cuda-gpu-arch=sm_90 -S %s -o %t/none.ptx -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=NONE
// A ptxas the user named that fails or is missing is also a warning, once
// per device compilation, naming it and what failed; the default ptxas
// (from PATH) missing stays quiet but for the analysis remark.
// RUN: env FAKE_FAIL=1 %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=%S/Inputs/fake-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WFAKE
// RUN: %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=/bin/false --cuda-gpu-arch=sm_90 -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WFALSE
// RUN: %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=%t/no-such-ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=WNONE
// RUN: env PATH=%t %clang_cuda -fplugin-arg-pipeline-lowering=cp.async --cuda-gpu-arch=sm_90 -S %s -o /dev/null 2>&1 | count 0
// RUN: env PATH=%t %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=on --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=ONPATH
// ONPATH: remark: loop not pipelined: cost model on sm_90: {{.*}}; ptxas: ptxas was not found on PATH (set ptxas=PATH)), 8192 bytes
// WFAKE: warning: libpipeline: for sm_90, ptxas={{.*}}fake-ptxas failed with exit status 255 (ptxas fatal   : Unresolved extern function 'nowhere'); the cost model estimates the kernels' registers instead [-Wbackend-plugin]
// WFAKE-NEXT: 1 warning generated
// WFALSE: warning: libpipeline: for sm_90, ptxas=/bin/false failed with exit status 1; the cost model estimates the kernels' registers instead [-Wbackend-plugin]
// WFALSE-NEXT: 1 warning generated
// WNONE: warning: libpipeline: for sm_90, ptxas={{.*}}no-such-ptxas could not be run (No such file or directory); the cost model estimates the kernels' registers instead [-Wbackend-plugin]
// RUN: %clang_cuda -fplugin-arg-pipeline-lowering=cp.async -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o %t/off.ptx -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: sed 's|// callseq.*||' %t/off.ptx > %t/off.s && sed 's|// callseq.*||' %t/fail.ptx > %t/fail.s
// RUN: sed 's|// callseq.*||' %t/32.ptx > %t/32.s && diff %t/off.s %t/fail.s && diff %t/off.s %t/32.s
// RUN: FileCheck %s --check-prefix=RING < %t/40.ptx
// RUN: %if ptxas %{ %clang_cuda -fplugin-arg-pipeline-ptxas=%ptxas --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REAL %}
#include <assert.h>

template <int BLOCK_SIZE>
__global__ void MatrixMulCUDA(float *C, float *A, float *B, int hA, int wA, int wB) {
  int bx = blockIdx.x, by = blockIdx.y, tx = threadIdx.x, ty = threadIdx.y;
  assert(blockDim.x == BLOCK_SIZE && blockDim.y == BLOCK_SIZE);
  assert(wA % BLOCK_SIZE == 0 && wB % BLOCK_SIZE == 0);
  int aBegin = wA * BLOCK_SIZE * by, aEnd = aBegin + wA - 1, aStep = BLOCK_SIZE;
  int bBegin = BLOCK_SIZE * bx, bStep = BLOCK_SIZE * wB;
  float Csub = 0;
  // R40: ptxas_registers.cu:[[@LINE+16]]:3: remark: pipelined loop with 3 stages: {{.*}} (sm_90: predicted {{[0-9.]+}}x; 3 stages keep 16384 bytes in flight per SM over 1 resident block,
  // R40: ptxas_registers.cu:[[@LINE+15]]:3: remark: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 40 registers (ptxas); {{.*}}; 1 resident blocks without the ring, 1 with it;
  // ARGS: -arch=sm_90 -v -o /dev/null {{.*}}libpipeline-{{.*}}
  // R32: ptxas_registers.cu:[[@LINE+13]]:3: remark: loop not pipelined: on sm_90 2 resident blocks of 32 warps and {{[0-9]+}} instructions per iteration already cover
  // R32: ptxas_registers.cu:[[@LINE+12]]:3: remark: loop not pipelined: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), 32 registers (ptxas), 8192 bytes of tiles
  // FAIL: ptxas_registers.cu:[[@LINE+11]]:3: remark: loop not pipelined: on sm_90 a ring pays at some of the plain kernel's register counts {{.*}}; ptxas, which would measure the count, gave none [sm_90
  // FAIL: ptxas_registers.cu:[[@LINE+10]]:3: remark: loop not pipelined: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once; ptxas: ptxas failed (exit 255: ptxas fatal   : Unresolved extern function 'nowhere')), 8192 bytes
  // NONE: remark: loop not pipelined: cost model on sm_90: {{.*}} registers (estimated from {{[0-9]+}} words live at once; ptxas: {{.*}}no-such-ptxas was not found), 8192 bytes
  // OFF: remark: loop not pipelined: cost model on sm_90: {{.*}}, about {{[0-9]+}} registers (estimated from {{[0-9]+}} words live at once), 8192 bytes
  // RING: cp.async.wait_group 1
  // REAL: ptxas_registers.cu:[[@LINE+6]]:3: remark: pipelined loop with
  // REAL: ptxas_registers.cu:[[@LINE+5]]:3: remark: cost model on sm_90: 1024 threads per block (the kernel checks blockDim), {{[0-9]+}} registers (ptxas{{[;)]}}
  //
  // The loop: tiles declared inside it, two induction variables, asserts
  // on the copies (the sample's shape, bench/kernels/matmul_assert.cuh).
  // ---------------------------------------------------------------------
  for (int a = aBegin, b = bBegin; a <= aEnd; a += aStep, b += bStep) {
    __shared__ float As[BLOCK_SIZE][BLOCK_SIZE];
    __shared__ float Bs[BLOCK_SIZE][BLOCK_SIZE];
    assert(a + wA * ty + tx < hA * wA);
    assert(b + wB * ty + tx < wA * wB);
    As[ty][tx] = A[a + wA * ty + tx];
    Bs[ty][tx] = B[b + wB * ty + tx];
    __syncthreads();
#pragma unroll
    for (int k = 0; k < BLOCK_SIZE; ++k)
      Csub += As[ty][k] * Bs[k][tx];
    __syncthreads();
  }
  int c = wB * BLOCK_SIZE * by + BLOCK_SIZE * bx;
  C[c + wB * ty + tx] = Csub;
}
template __global__ void MatrixMulCUDA<32>(float *, float *, float *, int, int, int);
