// only=REGEX and exclude=REGEX on demangled kernel names (POSIX extended
// regular expressions, matched anywhere), and `help`, which prints every
// argument, attribute and pragma and lets the compile go on.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline '-fplugin-arg-pipeline-only=scale<' 2>&1 | FileCheck %s --check-prefix=ONLY
// ONLY-DAG: remark: pipelined loop with 3 stages{{.*}}[sm_80, kernel 'void scale<2>(int, float const*, float*)']
// ONLY-DAG: remark: loop not pipelined: the kernel is left out by the only=/exclude= arguments [sm_80, kernel 'plain(int, float const*, float*)']
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline '-fplugin-arg-pipeline-exclude=scale' 2>&1 | FileCheck %s --check-prefix=EXCLUDE
// EXCLUDE-DAG: remark: pipelined loop with 3 stages{{.*}}[sm_80, kernel 'plain(int, float const*, float*)']
// EXCLUDE-DAG: remark: loop not pipelined: the kernel is left out by the only=/exclude= arguments [sm_80, kernel 'void scale<2>(int, float const*, float*)']
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null '-fplugin-arg-pipeline-only=scale(' 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: error: libpipeline: bad argument '-fplugin-arg-pipeline-only=scale(': only: bad regular expression 'scale(': {{.+}}
//
// A regex that matches none of a device compilation's kernels is a warning,
// once (in a full compile the host job says nothing), listing a few names;
// a translation unit without kernels says nothing.
// RUN: rm -rf %t.d && mkdir -p %t.d && %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 --cuda-gpu-arch=sm_80 -fplugin=%plugin -c %s -o %t.d/a.o '-fplugin-arg-pipeline-only=scle<' 2>&1 | FileCheck %s --check-prefix=UNMATCHED
// UNMATCHED: warning: libpipeline: for sm_80, only='scle<' matches none of the 2 kernels: 'void scale<2>(int, float const*, float*)', 'plain(int, float const*, float*)'; every kernel is left out (ExcludedByFilter) [-Wbackend-plugin]
// UNMATCHED-NEXT: 1 warning generated when compiling for sm_80.
// UNMATCHED-NOT: warning
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-exclude=gemm -DMANY 2>&1 | FileCheck %s --check-prefix=EXUNMATCHED
// EXUNMATCHED: warning: libpipeline: for sm_80, exclude='gemm' matches none of the 4 kernels: 'void scale<2>(int, float const*, float*)', 'plain(int, float const*, float*)', 'third(float*)' (and 1 more); no kernel is left out [-Wbackend-plugin]
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 --cuda-gpu-arch=sm_80 -fplugin=%plugin -c %s -o %t.d/b.o -fplugin-arg-pipeline-only=scale -fplugin-arg-pipeline-exclude=nothing -DNO_KERNELS 2>&1 | count 0
//
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.s -fplugin-arg-pipeline-help 2>&1 | FileCheck %s --check-prefix=HELP
// RUN: FileCheck %s --check-prefix=PTX < %t.s
// HELP: libpipeline: arguments (-fplugin-arg-pipeline-<arg>; opt: -passes='cuda-pipeline<a;b>'):
// HELP-NEXT: stages=N
// HELP-NEXT: max-shared=BYTES
// HELP-NEXT: disable
// HELP-NEXT: verify
// HELP-NEXT: rdc
// HELP-NEXT: profitability=on|off
// HELP-NEXT: generic-tile-reads
// HELP-NEXT: only=REGEX
// HELP-NEXT: exclude=REGEX
// HELP-NEXT: report=DIR
// HELP-NEXT: help
// HELP-NEXT: lowering=auto|cp.async|registers
// HELP-NEXT: max-staged-regs=N
// HELP-NEXT: copy-back
// HELP-NEXT: layout=auto|padded|unpadded
// HELP-NEXT: ptxas=off|on|PATH off (default): the cost model estimates
// HELP-NEXT: ptxas-cache=on|off
// HELP-NEXT: in-place=on|off
// HELP-NEXT: dynamic-ring=on|off
// HELP-NEXT: last-slot=on|off
// HELP-NEXT: register-arrays=on|off
// HELP-NEXT: unroll-compute=on|off
// HELP-NEXT: predicated-loads=on|off
// HELP-NEXT: test-invalid-ir
// HELP-NEXT: test-count-analyses
// HELP-NEXT: libpipeline: kernel attributes (include/libpipeline.h):
// HELP-NEXT: annotate("pipeline")
// HELP-NEXT: annotate("pipeline.stages=N")
// HELP-NEXT: annotate("pipeline.disable")
// HELP-NEXT: libpipeline: pragmas:
// HELP-NEXT: #pragma clang loop pipeline(disable)
// HELP-NEXT: #pragma unroll 1
// HELP-NEXT: #pragma unroll
// HELP-NEXT: -Wno-backend-plugin
// PTX: cp.async.wait_group 1;
#define T 32
#ifndef NO_KERNELS
template <int F>
__global__ void scale(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += F * tile[threadIdx.y][k];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
template __global__ void scale<2>(int, const float *, float *);
__global__ void plain(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
#ifdef MANY
__global__ void third(float *out) { out[threadIdx.x] = 3; }
__global__ void fourth(float *out) { out[threadIdx.x] = 4; }
#endif
#else
__device__ float twice(float x) { return 2 * x; }
#endif
