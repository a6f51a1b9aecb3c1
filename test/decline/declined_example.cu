// examples/declined.cu says which loops the plugin declines and why; each
// is declined for that reason today (utils/examples.sh prints the same
// remarks), and none is pipelined.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %src_root/examples/declined.cu -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined loop"
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %src_root/examples/declined.cu -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --implicit-check-not="remark: pipelined loop"
// Declined, the IR stays as written (the same as with the plugin disabled):
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %src_root/examples/declined.cu -o %t.with.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %src_root/examples/declined.cu -o %t.without.ll -fplugin-arg-pipeline-disable
// RUN: diff %t.with.ll %t.without.ll
// CHECK: declined.cu:13:3: remark: loop not pipelined: the loop may write the global memory tile 'tile' is copied from; mark the pointers __restrict__ if they never overlap [sm_{{[89]}}0, kernel 'scatterRows(int, int const*, float const*, float*)']
// CHECK: declined.cu:36:3: remark: loop not pipelined: a ring of 2 stages needs 67584 bytes of shared memory, over the budget of 49152 bytes; use smaller tiles (max-shared is at its maximum, the 48 KiB of static shared memory ptxas accepts); nor in place: its copy stage has loops, whose copies registers cannot hold [sm_{{[89]}}0, kernel 'wideTiles(int, float const*, float const*, float*)']
//
// The fixes its comments give: __restrict__ pointers, and BK = 16. They
// make both loops legal; scatterRows is then thin enough that ptxas batches
// its loads and the model declines it, so the rings are asked for.
// RUN: sed -e 's/const int \*rows, const float \*in, float \*out/const int *__restrict__ rows, const float *__restrict__ in, float *__restrict__ out/' -e 's/#define BK 66/#define BK 16/' %src_root/examples/declined.cu > %t.cu
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-profitability=off -S %t.cu -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FIXED --implicit-check-not="loop not pipelined"
// FIXED: :13:3: remark: pipelined loop with {{.*}}kernel 'scatterRows(
// FIXED: :36:3: remark: pipelined loop with {{.*}}kernel 'wideTiles(
