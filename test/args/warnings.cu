// Silence is a bug: each way of loading libpipeline that cannot pipeline
// anything gets one warning line (clang's -Wbackend-plugin group, so
// -Wno-backend-plugin silences it). The file has a loop the plugin
// pipelines at -O3 (OK: no warning at all).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null 2>&1 | count 0
//
// No optimization: -O0, and no -O flag at all (clang's default).
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -O0 -S %s -o /dev/null 2>&1 | FileCheck %s --check-prefix=O0
// RUN: rm -rf %t && mkdir -p %t && cd %t && %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -S %s -fplugin=%plugin 2>&1 | FileCheck %s --check-prefix=NOOPT
// O0: warning: libpipeline: no loop is pipelined for sm_80: the device side is compiled without optimization (-O0, clang's default when no -O is given); add -O2 or -O3 [-Wbackend-plugin]
// NOOPT-DAG: warning: libpipeline: no loop is pipelined for sm_80: the device side is compiled without optimization
// NOOPT-DAG: warning: libpipeline: no loop is pipelined for sm_90: the device side is compiled without optimization
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -O0 -S %s -o /dev/null -Wno-backend-plugin 2>&1 | count 0
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -O0 -S %s -o /dev/null -Werror 2>&1 | FileCheck %s --check-prefix=WERROR
// WERROR: error: libpipeline: no loop is pipelined for sm_80{{.*}} [-Werror,-Wbackend-plugin]
//
// The opt library given to -fplugin: it names the right file.
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin=%obj_root/lib/CUDAPipelinePass.so 2>&1 | FileCheck %s --check-prefix=OPTLIB
// OPTLIB: warning: libpipeline: CUDAPipelinePass.so is the opt library and does nothing under -fplugin=; use -fplugin=libpipeline.so (in the same directory) with clang [-Wbackend-plugin]
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin=%obj_root/lib/CUDAPipelinePass.so -Wno-backend-plugin 2>&1 | count 0
// Through -fpass-plugin it is a working pass and says nothing.
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fpass-plugin=%obj_root/lib/CUDAPipelinePass.so 2>&1 | count 0
//
// A misspelled plugin name in -fplugin-arg-<name>-<arg>: clang ignores the
// argument; the plugin sees it among the frontend options. clang's plugin
// name ends at the first '-', so the pass's own name, cuda-pipeline, is a
// plugin 'cuda' with the argument 'pipeline-stages=4': caught too.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipline-stages=4 -fplugin-arg-libpipeline-disable -fplugin-arg-unrelated-x -fplugin-arg-cuda-pipeline-stages=4 -fplugin-arg-nv_pipeline-verify -fplugin-arg-cuda-stages=3 2>&1 | FileCheck %s --check-prefix=NAME --implicit-check-not=warning:
// NAME-DAG: warning: libpipeline: '-fplugin-arg-pipline-stages=4' is ignored: no plugin 'pipline' is loaded; libpipeline's arguments are '-fplugin-arg-pipeline-stages=4' [-Wbackend-plugin]
// NAME-DAG: warning: libpipeline: '-fplugin-arg-libpipeline-disable' is ignored: no plugin 'libpipeline' is loaded; libpipeline's arguments are '-fplugin-arg-pipeline-disable' [-Wbackend-plugin]
// NAME-DAG: warning: libpipeline: '-fplugin-arg-cuda-pipeline-stages=4' is ignored: no plugin 'cuda' is loaded; libpipeline's arguments are '-fplugin-arg-pipeline-stages=4' [-Wbackend-plugin]
// NAME-DAG: warning: libpipeline: '-fplugin-arg-nv_pipeline-verify' is ignored: no plugin 'nv_pipeline' is loaded; libpipeline's arguments are '-fplugin-arg-pipeline-verify' [-Wbackend-plugin]
//
// -fplugin-arg-pipeline-* with only -fpass-plugin: with LLVM 19 nothing
// reads them. LLVM 22's clang loads pass plugins before the frontend, so
// the plugin's action runs as under -fplugin, and reads them.
// RUN: %clang_cuda_noplugin --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fpass-plugin=%plugin -fplugin-arg-pipeline-stages=4 -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=%if llvm-19 %{PASSARGS%} %else %{PASSARGS22%}
// PASSARGS22-NOT: warning:
// PASSARGS22: remark: pipelined loop with 4 stages
// PASSARGS22-NOT: warning:
// PASSARGS: warning: libpipeline: the -fplugin-arg-pipeline-* arguments are ignored: the pass was loaded with -fpass-plugin only, which runs it with default options; load it with -fplugin=libpipeline.so [-Wbackend-plugin]

#include "../../examples/sgemm_kernel.cuh"
