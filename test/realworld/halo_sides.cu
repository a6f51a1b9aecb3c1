// Shape 9, halo copies by the edge threads (Inputs/halo_stencils.cuh).
//
// upwindStep: every thread loads its cell, row 0 also the row above the
// tile, column 0 the column to its left. The three copies of one thread are
// distinct by range (the cell's row ty + 1 is at least 1) and, for the two
// halo copies, where both predicates hold (ty = tx = 0: tile[0][1] against
// tile[1][0]). Two threads writing the same bytes would race in the
// source, so only one thread's copies need an order.
//
// heat2d: all four sides. By the time the pass runs SimplifyCFG has made
// each pair of tests a switch and sunk the pair's copies into one block
// whose addresses are phis; the pass takes both apart (lib/unmerge.h) and
// proves the five copies distinct the same way.
//
// box3: the sides and the four corners, loaded under `tx == 0 && ty == 0`
// and the like, which clang leaves as `(tx | ty) == 0` or as a select of
// two compares: both give the equalities of each of their tests.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=PTX < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// CHECK: halo_stencils.cuh:24:3: remark: pipelined loop with 3 stages: tile 'tile' 1156 -> 3504 bytes; 3 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_80, kernel 'upwindStep
// CHECK: halo_stencils.cuh:43:3: remark: pipelined loop with 3 stages: tile 'tile' 1296 -> 3888 bytes; 5 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_80, kernel 'heat2d
// CHECK: halo_stencils.cuh:69:3: remark: pipelined loop with 3 stages: tile 'tile' 1296 -> 3888 bytes; 9 cp.async copies of 4 bytes; removed the second barrier; cp.async [sm_80, kernel 'box3
// upwindStep's steady state: its cell's copy, zero-filled past the last
// tile, then each halo copy behind its predicate's branch.
// PTX-LABEL: .entry _Z10upwindStep
// PTX: cp.async.commit_group;
// PTX: cp.async.ca.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 4, [[FILL:%r[0-9]+]];
// PTX: @%p{{[0-9]+}} bra
// PTX: cp.async.ca.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 4, [[FILL]];
// PTX: @%p{{[0-9]+}} bra
// PTX: cp.async.ca.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 4, [[FILL]];
// PTX: cp.async.wait_group 1;
// heat2d's steady state: five copies.
// PTX-LABEL: .entry _Z6heat2d
// PTX: cp.async.wait_group 1;
// PTX-COUNT-5: cp.async.ca.shared.global [{{[^]]+}}], [%rd{{[0-9]+}}], 4, %r{{[0-9]+}};
//
// At the default, on sm_90 the model declines heat2d: its plain loop
// loads each pair of halo copies (a switch clang made of two tests, which
// ptxas does not if-convert) only after the stores before them, 1.6
// latencies an iteration (docs/design.md, "Serial latencies"), yet a
// cp.async ring pays at only some of the register counts the estimate
// allows, and the register lowering is not taken for copies most of which
// few threads make ("Which lowering"). box3's copies sit under one branch
// each, which ptxas predicates: declined. The taken-apart loop is put back
// as it was: where the ring does not fit (max-shared below its two slots),
// the IR is byte for byte the plugin-free build's.
// The default's decisions with the batches of CUDA 11.8's ptxas (cost.h,
// PL_COST_ROLLED_SDK_MAJOR), whatever toolkit the build found:
// RUN: %clang_cuda -Xclang -target-sdk-version=11.8 --cuda-gpu-arch=sm_90 -S -o /dev/null %s -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=DEFAULT
// DEFAULT: halo_stencils.cuh:43:3: remark: loop not pipelined: once the copies clang merged are taken apart, on sm_90 {{.*}}[sm_90, kernel 'heat2d
// DEFAULT: halo_stencils.cuh:69:3: remark: loop not pipelined: on sm_90 8 resident blocks of 8 warps
// RUN: %clang_cuda -fplugin-arg-pipeline-in-place=off -fplugin-arg-pipeline-only=heat2d -fplugin-arg-pipeline-max-shared=2000 --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.declined.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=DECLINED
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.plain.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline
// RUN: sed -n '/define.*heat2d/,/^}/p' %t.plain.ll > %t.plain.heat2d.ll
// RUN: sed -n '/define.*heat2d/,/^}/p' %t.declined.ll > %t.declined.heat2d.ll
// RUN: diff %t.plain.heat2d.ll %t.declined.heat2d.ll
// DECLINED: halo_stencils.cuh:43:3: remark: loop not pipelined: once the copies clang merged are taken apart, a ring of 2 stages needs 2592 bytes of shared memory, over the budget of 2000 bytes

#include "Inputs/halo_stencils.cuh"
