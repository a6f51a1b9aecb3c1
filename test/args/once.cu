// What concerns the whole command line is said once per driver invocation,
// however many cc1 jobs it runs (one per GPU architecture and one for the
// host, each in a process of its own when there are several): `help`, a
// misspelled plugin name, the opt library given to -fplugin, and
// -fplugin-arg-pipeline-* under -fpass-plugin alone. The device job of the
// first architecture speaks, or the host job when there is no device job
// (lib/advice.h, pl_job_speaks).
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_80 -fplugin=%plugin -fplugin-arg-pipeline-help 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_80 -fplugin=%plugin -fplugin-arg-pipeline-help -fno-integrated-cc1 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_90 --cuda-gpu-arch=sm_80 -fplugin=%plugin -fplugin-arg-pipeline-help 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --offload-arch=sm_90,sm_80 -fplugin=%plugin -fplugin-arg-pipeline-help -fno-integrated-cc1 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_80 -fplugin=%plugin -fplugin-arg-pipeline-help -save-temps 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-host-only -fplugin=%plugin -fplugin-arg-pipeline-help 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -S %s --cuda-device-only --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -fplugin=%plugin -fplugin-arg-pipeline-help 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
// A response file holds the architectures.
// RUN: echo "--cuda-gpu-arch=sm_90 --cuda-gpu-arch=sm_80" > %t/archs.rsp
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o @%t/archs.rsp -fplugin=%plugin -fplugin-arg-pipeline-help 2>&1 | grep -c "^libpipeline: arguments" | FileCheck %s --check-prefix=ONE
//
// The warnings, in full two-architecture compiles.
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -fplugin=%plugin -fplugin-arg-pipline-stages=4 2>&1 | grep -c "warning: libpipeline: '-fplugin-arg-pipline-stages=4' is ignored" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -fplugin=%obj_root/lib/CUDAPipelinePass.so 2>&1 | grep -c "warning: libpipeline: CUDAPipelinePass.so is the opt library" | FileCheck %s --check-prefix=ONE
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_80 -fplugin=%obj_root/lib/CUDAPipelinePass.so -save-temps 2>&1 | grep -c "warning: libpipeline: CUDAPipelinePass.so is the opt library" | FileCheck %s --check-prefix=ONE
// With LLVM 22 -fpass-plugin alone reads the arguments (args/warnings.cu):
// nothing to say, in any job.
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -fpass-plugin=%plugin -fplugin-arg-pipeline-stages=4 2>&1 | { grep -c "warning: libpipeline: the -fplugin-arg-pipeline-\* arguments are ignored" || true; } | FileCheck %s --check-prefix=%if llvm-19 %{ONE%} %else %{NONE%}
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim -O3 -c %s -o %t/a.o --cuda-host-only -fpass-plugin=%plugin -fplugin-arg-pipeline-stages=4 2>&1 | { grep -c "warning: libpipeline: the -fplugin-arg-pipeline-\* arguments are ignored" || true; } | FileCheck %s --check-prefix=%if llvm-19 %{ONE%} %else %{NONE%}
// ONE: {{^1$}}
// NONE: {{^0$}}

#include "../../examples/sgemm_kernel.cuh"
