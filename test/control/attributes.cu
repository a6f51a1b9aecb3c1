// Per-kernel control through include/libpipeline.h: the macros become
// __attribute__((annotate("pipeline..."))), which reach the device module's
// @llvm.global.annotations, where the pass reads them.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// CHECK-DAG: remark: pipelined loop with 4 stages: {{.*}} [sm_80, kernel 'staged(int, float const*, float*)']
// CHECK-DAG: remark: pipelined loop with 3 stages: {{.*}} [sm_80, kernel 'asserted(int, float const*, float*)']
// CHECK-DAG: remark: loop not pipelined: the kernel is marked PL_NO_PIPELINE (annotate("pipeline.disable")) [sm_80, kernel 'off(int, float const*, float*)']
//
// The assertion: PL_PIPELINE on a kernel none of whose loops is pipelined
// fails the compile, naming the kernel and each loop's reason, at the kernel's
// line (file:line:1, from its DISubprogram).
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -DALIASED 2>&1 | FileCheck %s --check-prefix=ALIASED
// ALIASED: attributes.cu:[[#@LINE+64]]:1: error: libpipeline: kernel 'aliased(int, int const*, float const*, float*)' is marked PL_PIPELINE (annotate("pipeline")) but no loop of it is pipelined for sm_80: attributes.cu:[[#@LINE+66]]: loop not pipelined: {{.*}} (SourceMayBeWritten)
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -DNOLOOP 2>&1 | FileCheck %s --check-prefix=NOLOOP
// NOLOOP: attributes.cu:[[#@LINE+73]]:1: error: libpipeline: kernel 'noloop(float*)' is marked PL_PIPELINE (annotate("pipeline")) but no loop of it is pipelined for sm_80: it has no candidate loop
// Per architecture: forced to cp.async, sm_75 (no cp.async) fails the assertion.
// RUN: not %clang_cuda --cuda-gpu-arch=sm_75 -fplugin-arg-pipeline-lowering=cp.async -I%src_root/include -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=SM75
// SM75: attributes.cu:[[#@LINE+52]]:1: error: libpipeline: kernel 'asserted(int, float const*, float*)' is marked PL_PIPELINE {{.*}} for sm_75: attributes.cu:{{[0-9]+}}: loop not pipelined: cp.async needs sm_80 or newer{{.*}}(UnsupportedTarget)
// Where the pass does not look at a kernel (-O0, the disable argument, an
// optnone kernel), PL_PIPELINE still fails the compile and says why.
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -O0 2>&1 | FileCheck %s --check-prefix=O0
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -fplugin-arg-pipeline-disable 2>&1 | FileCheck %s --check-prefix=DISABLED
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -DOPTNONE 2>&1 | FileCheck %s --check-prefix=OPTNONE
// O0: attributes.cu:[[#@LINE+46]]:1: error: libpipeline: kernel 'asserted(int, float const*, float*)' is marked PL_PIPELINE (annotate("pipeline")) but no loop of it is pipelined for sm_80: the device side is compiled without optimization (-O0, clang's default when no -O is given); add -O2 or -O3
// DISABLED: attributes.cu:[[#@LINE+45]]:1: error: libpipeline: kernel 'asserted(int, float const*, float*)' is marked PL_PIPELINE (annotate("pipeline")) but no loop of it is pipelined for sm_80: the pass is disabled (-fplugin-arg-pipeline-disable)
// OPTNONE: attributes.cu:[[#@LINE+65]]:1: error: libpipeline: kernel 'lazy(float*)' is marked PL_PIPELINE (annotate("pipeline")) but no loop of it is pipelined for sm_80: the kernel is compiled without optimization (optnone)
//
// Bad annotations are errors.
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -DBADSTAGES 2>&1 | FileCheck %s --check-prefix=BADSTAGES
// BADSTAGES: attributes.cu:[[#@LINE+64]]:1: error: libpipeline: kernel 'bad(float*)': annotate("pipeline.stages=9"): stages must be an integer from 2 to 8
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -I%src_root/include -S %s -o /dev/null -DTYPO 2>&1 | FileCheck %s --check-prefix=TYPO
// TYPO: attributes.cu:[[#@LINE+65]]:1: error: libpipeline: kernel 'bad(float*)': unknown annotation "pipeline.stage=4" (accepted: "pipeline", "pipeline.stages=N", "pipeline.disable")
//
// The same annotations under -fpass-plugin (no clang action, no
// __LIBPIPELINE__): the macros expand under any clang CUDA compile, and the
// pass reads them. The error then sits at the kernel's declaration (no
// DISubprogram without -g: clang places it from the AST).
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -fpass-plugin=%plugin -I%src_root/include -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=PASS
// PASS-DAG: remark: pipelined loop with 4 stages: {{.*}} [sm_80, kernel 'staged(int, float const*, float*)']
// PASS-DAG: remark: loop not pipelined: the kernel is marked PL_NO_PIPELINE (annotate("pipeline.disable")) [sm_80, kernel 'off(int, float const*, float*)']
// RUN: not %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -fpass-plugin=%plugin -I%src_root/include -S %s -o /dev/null -DNOLOOP 2>&1 | FileCheck %s --check-prefix=PASSNOLOOP
// PASSNOLOOP: attributes.cu:[[#@LINE+46]]:{{29|1}}: error: libpipeline: kernel 'noloop(float*)' is marked PL_PIPELINE (annotate("pipeline")) but no loop of it is pipelined for sm_80: it has no candidate loop
//
// Without the plugin the annotations are in the IR but inert (nothing reads
// them: the compile succeeds); a full host+device compile takes them on
// the host side too; under nvcc (__NVCC__) the macros expand to nothing.
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -I%src_root/include -S -emit-llvm %s -o - -DNOLOOP | FileCheck %s --check-prefix=NOPLUGIN
// NOPLUGIN: @llvm.global.annotations = {{.*}}@_Z6noloopPf
// RUN: rm -rf %t && mkdir -p %t && %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 -O3 -fplugin=%plugin -I%src_root/include -c %s -o %t/full.o 2>&1 | count 0
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -I%src_root/include -E %s -D__NVCC__ | FileCheck %s --check-prefix=NVCC
// NVCC-NOT: annotate
#include <libpipeline.h>

#define T 32
#define TILE_LOOP                                                                                  \
  __shared__ float tile[T][T + 1];                                                                 \
  float acc = 0.0f;                                                                                \
  for (int t = 0; t < n; ++t) {                                                                    \
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];                   \
    __syncthreads();                                                                               \
    for (int k = 0; k < T; ++k)                                                                    \
      acc += tile[threadIdx.y][k];                                                                 \
    __syncthreads();                                                                               \
  }                                                                                                \
  out[threadIdx.y * T + threadIdx.x] = acc;

PL_STAGES(4) __global__ void staged(int n, const float *__restrict__ a, float *__restrict__ out) {
  TILE_LOOP
}
PL_PIPELINE __global__ void asserted(int n, const float *__restrict__ a, float *__restrict__ out) {
  TILE_LOOP
}
PL_NO_PIPELINE __global__ void off(int n, const float *__restrict__ a, float *__restrict__ out) {
  TILE_LOOP
}
#ifdef ALIASED
PL_PIPELINE __global__ void aliased(int n, const int *row, const float *a, float *out) {
  __shared__ float tile[T][T + 1];
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    out[row[t] * T + threadIdx.x] = tile[threadIdx.x][threadIdx.y]; // no range at loop entry
    __syncthreads();
  }
}
#endif
#ifdef NOLOOP
PL_PIPELINE __global__ void noloop(float *out) { out[threadIdx.x] = 0; }
#endif
#ifdef OPTNONE
PL_PIPELINE __attribute__((optnone)) __global__ void lazy(float *out) { out[threadIdx.x] = 0; }
#endif
#ifdef BADSTAGES
PL_STAGES(9) __global__ void bad(float *out) { out[threadIdx.x] = 0; }
#endif
#ifdef TYPO
__attribute__((annotate("pipeline.stage=4"))) __global__ void bad(float *out) { out[0] = 0; }
#endif
