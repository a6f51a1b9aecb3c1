// On a machine with a GPU: a halo tile loaded under nested conditions with
// a fill at each level (test/realworld/Inputs/nested_halo.cuh), pipelined
// once its two fills are one; and its near miss whose fills differ,
// declined (the one whose fill is shifted leaves tile elements unwritten,
// which the plain build reads uninitialized). Images of
// 1 to 33 tiles down, ragged in both dimensions, on fresh random data.
// Every plugin build (the default stages, 2 and 8) must print the plain
// build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 14 > %t.plain.txt
// RUN: %t.plugin 14 > %t.plugin.txt
// RUN: %t.s2 14 > %t.s2.txt
// RUN: %t.s8 14 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK: remark: pipelined loop with {{[2-8]}} stages{{.*}} [sm_90, kernel 'void nestedHalo<0, 0, 0>(
// CHECK: nested ntiles=33 err=0 hash=
// CHECK: columnOnes ntiles=33 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#include "../realworld/Inputs/nested_halo.cuh"
#include "Inputs/harness.cuh"

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int counts[] = {1, 2, 3, 5, 8, 33};
  for (int nt : counts) {
    // 3 tiles across, the last ragged; nt tiles down, the last ragged
    const int W = 3 * NH_T - 5, H = nt * NH_T - (nt * 3) % NH_T;
    const size_t in = (size_t)H * W * 4, out = (size_t)(nt * NH_T) * W * 4;
    run_hashed("nested", in, out, 0, nt, seed, [&](void *i, void *o) {
      nestedHalo<0, 0, 0><<<3, 256>>>((const short2 *)i, (float *)o, H, W, nt);
    });
    run_hashed("columnOnes", in, out, 0, nt, seed, [&](void *i, void *o) {
      nestedHalo<0, 1, 0><<<3, 256>>>((const short2 *)i, (float *)o, H, W, nt);
    });
  }
  return 0;
}
