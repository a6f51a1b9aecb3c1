// On a machine with a GPU: guarded copies whose fill is not zero and
// reaches the pass in pieces (test/realworld/Inputs/fill_lanes.cuh): a
// halo copy loop filled with 1 outside the image, whose fill block is
// entered from a chain of branches; short4 copies filled with
// make_short4(1, 1, 1, 1) and make_short4(1, 2, 3, 4), whose fills SROA
// stores lane by lane; float2 rows filled with -INFINITY; int4 copies
// (clang's memcpy) beside make_int4(1, 1, 1, 1); int4 rows into a tile of
// dynamic shared memory, launched with the ring's bytes (the query) and
// with the plain kernel's (the loop as written runs). Tile counts 1
// to 33 with ragged edges, so that every tile but the first may read the
// fill; fresh random data. Every plugin build (the default stages, 2 and
// 8) must print the plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 11 > %t.plain.txt
// RUN: %t.plugin 11 > %t.plugin.txt
// RUN: %t.s2 11 > %t.s2.txt
// RUN: %t.s8 11 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'void haloOnes<false>(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}} [sm_90, kernel 'void short4Fill<0>(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}} [sm_90, kernel 'void short4Fill<1>(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}} [sm_90, kernel 'float2NegInf(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}} [sm_90, kernel 'int4Ones(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: tile 'smem' (dynamic shared memory{{.*}} [sm_90, kernel 'dynInt4(
// CHECK: haloOnes ntiles=33 err=0 hash=
// CHECK: float2NegInf ntiles=33 err=0 hash=
// CHECK: dynInt4Query ntiles=33 err=0 hash=
// CHECK: dynInt4Plain ntiles=33 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <libpipeline.h>

#include "../realworld/Inputs/fill_lanes.cuh"
#include "Inputs/harness.cuh"

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int blocks = 12, counts[] = {1, 2, 3, 5, 8, 33};
  for (int nt : counts) {
    // H rows of W pixels per image, in a 44-int pitch with 2 rows and 4
    // columns of border: the last tile's rows run past H.
    const int H = 32 * nt - (nt * 5) % 32, W = 29 + nt % 4;
    const size_t img = (size_t)44 * (H + 4) * 4;
    run_hashed("haloOnes", 2 * blocks * img, blocks * 1024 * 4, 0, nt, seed, [&](void *i, void *o) {
      const int *A = (const int *)i, *B = A + blocks * img / 4;
      haloOnes<false><<<blocks, dim3(32, 32)>>>(A, B, (float *)o, nt, H, W);
    });
    const int n = 64 * nt - (nt * 11) % 64;
    run_hashed("short4Ones", (size_t)64 * nt * 8, blocks * 64 * 4, 0, nt, seed,
        [&](void *i, void *o) {
      short4Fill<0><<<blocks, 64>>>((const short4 *)i, (float *)o, nt, n);
    });
    run_hashed("short4Steps", (size_t)64 * nt * 8, blocks * 64 * 4, 0, nt, seed,
        [&](void *i, void *o) {
      short4Fill<1><<<blocks, 64>>>((const short4 *)i, (float *)o, nt, n);
    });
    // 2 * blocks rows, of which H2 exist; W2 columns of 128 * nt
    const int H2 = 2 * blocks - 3, W2 = 128 * nt - (nt * 13) % 128;
    run_hashed("float2NegInf", (size_t)2 * blocks * W2 * 8, blocks * 128 * 4, 1, nt, seed,
        [&](void *i, void *o) {
          float2NegInf<<<blocks, 128>>>((const float2 *)i, (float *)o, nt, H2, W2);
        });
    run_hashed("int4Ones", (size_t)128 * nt * 16, blocks * 128 * 4, 0, nt, seed,
        [&](void *i, void *o) {
      int4Ones<<<blocks, 128>>>((const int4 *)i, (float *)o, nt, 128 * nt - (nt * 7) % 128);
    });
    // rows of 40 int4, of which the first 32 are read; the last tile ragged
    const int H3 = 16 * nt - (nt * 3) % 16;
    const size_t ring = pl_dynamic_smem_bytes<dynInt4>(8192);
    run_hashed("dynInt4Query", (size_t)16 * nt * 40 * 16, blocks * 256 * 4, 0, nt, seed,
        [&](void *i, void *o) {
          dynInt4<<<blocks, 256, ring>>>((const int4 *)i, (float *)o, nt, H3, 40);
        });
    run_hashed("dynInt4Plain", (size_t)16 * nt * 40 * 16, blocks * 256 * 4, 0, nt, seed,
        [&](void *i, void *o) {
          dynInt4<<<blocks, 256, 8192>>>((const int4 *)i, (float *)o, nt, H3, 40);
        });
  }
  return 0;
}
