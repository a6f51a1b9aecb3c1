// Bad plugin arguments are errors that name the argument and say what is
// accepted; the compile fails and writes nothing.
// RUN: rm -f %t.s
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.s -fplugin-arg-pipeline-stages=9 2>&1 | FileCheck %s --check-prefix=STAGES
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.s -fplugin-arg-pipeline-stages=1 2>&1 | FileCheck %s --check-prefix=STAGES1
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.s -fplugin-arg-pipeline-stages=three 2>&1 | FileCheck %s --check-prefix=MALFORMED
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.s -fplugin-arg-pipeline-max-shared=-5 2>&1 | FileCheck %s --check-prefix=SHARED
// RUN: not %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t.s -fplugin-arg-pipeline-fast 2>&1 | FileCheck %s --check-prefix=UNKNOWN
// RUN: not test -e %t.s
// STAGES: error: libpipeline: bad argument '-fplugin-arg-pipeline-stages=9': stages must be an integer from 2 to 8
// STAGES1: error: libpipeline: bad argument '-fplugin-arg-pipeline-stages=1': stages must be an integer from 2 to 8
// MALFORMED: error: libpipeline: bad argument '-fplugin-arg-pipeline-stages=three': stages must be an integer from 2 to 8
// SHARED: error: libpipeline: bad argument '-fplugin-arg-pipeline-max-shared=-5': max-shared must be a byte count from 1 to 49152 (a K suffix means KiB)
// UNKNOWN: error: libpipeline: bad argument '-fplugin-arg-pipeline-fast': unknown argument (accepted: stages=N (N from 2 to 8), disable, max-shared=BYTES, rdc, verify, profitability=on|off, generic-tile-reads, help, only=REGEX, exclude=REGEX, report=DIR, lowering=auto|cp.async|registers, max-staged-regs=N (N from 1 to 255), copy-back, layout=auto|padded|unpadded, ptxas=off|on|PATH, in-place=on|off, ptxas-cache=on|off, register-arrays=on|off, dynamic-ring=on|off, last-slot=on|off, unroll-compute=on|off, predicated-loads=on|off)
//
// Good arguments: disable turns the pass off; max-shared=32K is 32768 bytes.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o - -fplugin-arg-pipeline-disable | FileCheck %s --check-prefix=OFF
// OFF-NOT: cp.async
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-stages=4 -fplugin-arg-pipeline-max-shared=32K -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FIT
// FIT: pipelined loop with 3 stages: {{.*}} (4 stages requested; 3 fit the 32768-byte budget)
// The register lowering has two slots: a forced stages=5 gets 2, and says
// so in its passed remark and in a warning once per device compilation
// (by default on sm_75 as under lowering=registers); stages=2 says nothing.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o /dev/null -fplugin-arg-pipeline-stages=5 -fplugin-arg-pipeline-lowering=registers -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SLOTS
// SLOTS: remark: pipelined loop with 2 stages: {{.*}}; removed the second barrier (5 stages requested; the register lowering has 2 slots); registers [sm_80,
// SLOTS: warning: libpipeline: for sm_80, 1 loop forced to 5 stages is pipelined with 2: a loop with copies staged through registers (the register lowering) has 2 slots; -Rpass=cuda-pipeline names it [-Wbackend-plugin]
// RUN: %clang_cuda --cuda-gpu-arch=sm_75 -S %s -o /dev/null -fplugin-arg-pipeline-stages=4 2>&1 | FileCheck %s --check-prefix=SLOTS75
// SLOTS75: warning: libpipeline: for sm_75, 1 loop forced to 4 stages is pipelined with 2:
// RUN: %clang_cuda --cuda-gpu-arch=sm_75 -S %s -o /dev/null -fplugin-arg-pipeline-stages=2 2>&1 | count 0
// `verify` runs LLVM's verifier on what the pass changed (quiet when it holds);
// under -fgpu-rdc the sgemm tiles, static locals of the kernel, stay internal.
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o - -fplugin-arg-pipeline-verify -fgpu-rdc 2>&1 | FileCheck %s --check-prefix=VERIFY
// VERIFY-NOT: error
// VERIFY: cp.async.wait_group 1

#include "../../examples/sgemm_kernel.cuh"
