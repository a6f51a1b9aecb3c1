// On a machine with a GPU: register rings that keep the loads of 4
// iterations in flight in registers, where the toolkit's ptxas keeps tile
// loops rolled (lib/staged_depth.h; the module says CUDA 12.3 here,
// whatever toolkit builds it): a converting stream (__float2half, inline
// assembly), the same with a warp shuffle in its compute, a guarded stream
// reading through __ldg, a loop of at most 3 trips and one stepping by 2
// (test/rewrite/Inputs/staged_rings.cuh, whose IR and PTX
// test/rewrite/staged_depth.cu checks).
// Tile counts 0 to 9 (fewer iterations than the depth, as many, more), a
// partial last tile, 1 and 3 blocks, fresh random data. The plugin build
// must print the plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -Xclang -target-sdk-version=12.3 -fplugin=%plugin -fplugin-arg-pipeline-ptxas=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 9 > %t.plain.txt
// RUN: %t.plugin 9 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plain.txt
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'toHalf
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'shuffled
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'guardedLdg
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'capped
// REMARK-DAG: remark: pipelined loop with 2 stages: {{.*}}; 4 iterations' loads in flight in registers, {{.*}}[sm_90, kernel 'stepTwo
// CHECK: stepTwo tiles=9 blocks=3 ntiles=9 err=0 hash=
#include "../rewrite/Inputs/staged_rings.cuh"
#include "Inputs/harness.cuh"

typedef void (*kernel_t)(int, int, const float *, float *);

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const struct {
    const char *name;
    kernel_t k;
  } kernels[] = {{"toHalf", toHalf}, {"shuffled", shuffled}, {"guardedLdg", guardedLdg},
                 {"capped", capped}, {"stepTwo", stepTwo}};
  for (auto &kk : kernels)
    for (int tiles = 0; tiles <= 9; ++tiles)
      for (int blocks : {1, 3}) {
        const int n = blocks * tiles * 256 - 37; /* a partial last tile */
        const size_t in = (size_t)(blocks * tiles * 256 + 1) * sizeof(float);
        char name[64];
        snprintf(name, sizeof name, "%s tiles=%d blocks=%d", kk.name, tiles, blocks);
        run_hashed(name, in, (size_t)blocks * 256 * sizeof(float), 1, tiles, seed,
                   [&](void *i, void *o) {
                     kk.k<<<blocks, 256>>>(n, tiles, (const float *)i, (float *)o);
                   });
      }
  return 0;
}
