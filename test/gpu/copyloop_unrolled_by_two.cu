// On a machine with a GPU: a copy loop over a runtime number of rows that
// clang unrolls by two, with the odd row copied in a block after the main
// loop (test/realworld/Inputs/unrolled_by_two.cuh), with an int and an
// unsigned thread index, run with 1, 2 and 3
// rows (the extra copy alone, the main loop alone, both), over 1 to 33
// tiles whose last is ragged, on fresh random data; and its near miss,
// declined, for the same. Every plugin build (the default stages, 2 and 8)
// must print the plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 13 > %t.plain.txt
// RUN: %t.plugin 13 > %t.plugin.txt
// RUN: %t.s2 13 > %t.s2.txt
// RUN: %t.s8 13 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}} [sm_90, kernel 'void rowsInt4<int>(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}} [sm_90, kernel 'void rowsInt4<unsigned int>(
// CHECK: rows1 ntiles=33 err=0 hash=
// CHECK: rows2 ntiles=33 err=0 hash=
// CHECK: rows3 ntiles=33 err=0 hash=
// CHECK: urows3 ntiles=33 err=0 hash=
// CHECK: again3 ntiles=33 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#include "../realworld/Inputs/unrolled_by_two.cuh"
#include "Inputs/harness.cuh"

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int blocks = 7, counts[] = {1, 2, 3, 5, 8, 33};
  for (int nt : counts) {
    for (int rows = 1; rows <= 3; ++rows) {
      // tile k's rows start at k * 192; the last tile's run past W
      const int W = 192 * (nt - 1) + rows * 64 - (nt * 7) % 64;
      char name[16];
      snprintf(name, sizeof name, "rows%d", rows);
      run_hashed(name, (size_t)192 * (nt + 1) * 16, blocks * 64 * 4, 0, nt, seed,
                 [&](void *i, void *o) {
                   rowsInt4<int><<<blocks, 64>>>((const int4 *)i, (float *)o, nt, rows, W);
                 });
      snprintf(name, sizeof name, "urows%d", rows);
      run_hashed(name, (size_t)192 * (nt + 1) * 16, blocks * 64 * 4, 0, nt, seed,
                 [&](void *i, void *o) {
                   rowsInt4<unsigned><<<blocks, 64>>>((const int4 *)i, (float *)o, nt, rows, W);
                 });
      snprintf(name, sizeof name, "again%d", rows);
      run_hashed(name, (size_t)192 * (nt + 1) * 16, blocks * 64 * 4, 0, nt, seed,
                 [&](void *i, void *o) {
                   rowsAgain<<<blocks, 64>>>((const int4 *)i, (float *)o, nt, rows, W);
                 });
    }
  }
  return 0;
}
