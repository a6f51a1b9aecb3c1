// A copy loop over a runtime number of rows, `for (r = 0; r < rows; ++r)
// t[r * 64 + tid] = x < W ? A[x] : 0` with int4 rows, as clang -O3 leaves
// it (test/realworld/Inputs/unrolled_by_two.cuh): unrolled by two at run
// time into a main loop of two copies per iteration and one more copy in a
// block after it, at the row where the main loop's counter stopped (or 0
// where it did not run). The extra copy writes past every row the main loop
// wrote, so the three copies are one commit group: pipelined, with an int
// thread index and with an unsigned one (whose index into the tile is
// bounded by the tile's size, the address being `inbounds`). Near miss,
// declined with the IR left as written: a copy after the loop that writes
// the loop's last row again.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - 2>/dev/null | FileCheck %s --check-prefix=IR
// CHECK-DAG: unrolled_by_two.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 't' 3072 -> 9216 bytes; 3 cp.async copies of 16 bytes{{.*}}rowsInt4<int>
// CHECK-DAG: unrolled_by_two.cuh:{{[0-9]+}}:3: remark: pipelined loop with 3 stages: tile 't' 3072 -> 9216 bytes; 3 cp.async copies of 16 bytes{{.*}}rowsInt4<unsigned int>
// CHECK-DAG: unrolled_by_two.cuh:{{[0-9]+}}:3: remark: loop not pipelined: {{.*}}copies into tile 't' in different loops of the copy stage (or in a loop and outside it) may write the same bytes{{.*}}rowsAgain
// The main loop's two copies and the extra one, zero-filled past W, in the
// prologue and in the steady state.
// PTX-LABEL: .entry _Z9rowsAgainPK4int4Pfiii(
// PTX-NOT: cp.async
// PTX: ret;
// PTX-LABEL: .entry _Z8rowsInt4IiEvPK4int4Pfiii(
// PTX-COUNT-6: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// PTX: ret;
// PTX-LABEL: .entry _Z8rowsInt4IjEvPK4int4Pfiii(
// PTX-COUNT-6: cp.async.cg.shared.global [%rd{{[0-9]+}}], [%rd{{[0-9]+}}], 16, %r{{[0-9]+}};
// PTX: ret;
// IR-LABEL: define {{.*}}rowsAgain
// IR-NOT: pl.
// IR: ret void
#include <cuda_runtime.h>

#include "Inputs/unrolled_by_two.cuh"
