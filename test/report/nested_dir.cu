// report=DIR makes DIR with its missing parents (mkdir -p; docs/report.md);
// a part of the path that is not a directory is an error naming it, and the
// compile fails.
// RUN: rm -rf %t && mkdir -p %t && cd %t
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-report=a/b/c
// RUN: ls a/b/c | FileCheck %s --check-prefix=MADE
// MADE: nested_dir.cu.sm_80.{{[0-9]+}}.json
// RUN: touch file
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-report=file/rep 2>&1 | FileCheck %s --check-prefix=NOTDIR
// NOTDIR: error: libpipeline: cannot create the report directory 'file/rep': 'file' exists and is not a directory

#include "../../examples/sgemm_kernel.cuh"
