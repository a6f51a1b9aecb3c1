// A rewrite that fails LLVM's verifier never reaches the user's build: the
// verifier runs on every function the pass changed, and a failure restores
// the function exactly (test-invalid-ir breaks each rewrite on purpose). The
// device IR and the PTX equal those of a build in which the kernel is left
// out (exclude=), with and without debug information, the loop gets the
// missed remark InternalError, the warning says the same, and the compile
// succeeds; under `verify` the failure is an error. The kernel is the
// 5-point stencil of test/realworld/stencil5_copy_loop_guard.cu.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %S/../realworld/stencil5_copy_loop_guard.cu -o %t.broken.ll -fplugin-arg-pipeline-test-invalid-ir -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S -emit-llvm %S/../realworld/stencil5_copy_loop_guard.cu -o %t.left.ll -fplugin-arg-pipeline-exclude=.
// RUN: diff %t.broken.ll %t.left.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %S/../realworld/stencil5_copy_loop_guard.cu -o %t.broken.ptx -fplugin-arg-pipeline-test-invalid-ir -Wno-backend-plugin
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %S/../realworld/stencil5_copy_loop_guard.cu -o %t.left.ptx -fplugin-arg-pipeline-exclude=.
// RUN: diff %t.broken.ptx %t.left.ptx
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -g -S -emit-llvm %S/../realworld/stencil5_copy_loop_guard.cu -o %t.g.broken.ll -fplugin-arg-pipeline-test-invalid-ir -Wno-backend-plugin
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -g -S -emit-llvm %S/../realworld/stencil5_copy_loop_guard.cu -o %t.g.left.ll -fplugin-arg-pipeline-exclude=.
// RUN: diff %t.g.broken.ll %t.g.left.ll
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %S/../realworld/stencil5_copy_loop_guard.cu -o /dev/null -fplugin-arg-pipeline-test-invalid-ir -fplugin-arg-pipeline-verify 2>&1 | FileCheck %s --check-prefix=VERIFY
// Without the test argument the loop is pipelined, so the diffs above show
// a real rollback.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %S/../realworld/stencil5_copy_loop_guard.cu -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OK
// CHECK: warning: libpipeline: internal error in kernel 'stencil5(int, int, float const*, float*, float, float)' at stencil5_copy_loop_guard.cu:[[LOOP:[0-9]+]] (sm_80): the pipelined code failed LLVM's verifier (Only PHI nodes may reference their own value!); the loop was left as written and the build goes on; please report this as a libpipeline bug, with the source file and the compile command [-Wbackend-plugin]
// CHECK: stencil5_copy_loop_guard.cu:[[LOOP]]:3: remark: loop not pipelined: internal error: the pipelined code failed LLVM's verifier (Only PHI nodes may reference their own value!), so the loop was left as written; please report this as a libpipeline bug, with the source file and the compile command [sm_80, kernel 'stencil5(int, int, float const*, float*, float, float)'] [-Rpass-missed=cuda-pipeline]
// CHECK-NOT: remark: pipelined
// VERIFY: error: libpipeline: internal error in kernel 'stencil5(int, int, float const*, float*, float, float)' at stencil5_copy_loop_guard.cu:{{[0-9]+}} (sm_80): the pipelined code failed LLVM's verifier (Only PHI nodes may reference their own value!); the loop was left as written; please report
// OK: stencil5_copy_loop_guard.cu:{{[0-9]+}}:3: remark: pipelined loop with
