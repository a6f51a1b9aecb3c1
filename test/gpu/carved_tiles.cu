// On a machine with a GPU: tiles carved from one dynamic shared buffer and
// filled by copy loops whose step is the block size
// (test/realworld/Inputs/carved_tiles.cuh): one loop filling both tiles
// with one index, one filling one tile transposed, one loop per tile, and a
// halo tile beside a weight tile. Each kernel runs with the bytes the query
// gives (the ring runs) and with the plain kernel's (the loop as written
// runs), over 1 to 33 tiles of fresh random data. Every plugin build (the
// default stages, 2 and 8) must print the plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 12 > %t.plain.txt
// RUN: %t.plugin 12 > %t.plugin.txt
// RUN: %t.s2 12 > %t.s2.txt
// RUN: %t.s8 12 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: tile 'smem' (dynamic shared memory{{.*}} [sm_90, kernel 'void carvedGemm<32, 8>(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: tile 'smem' (dynamic shared memory{{.*}} [sm_90, kernel 'carvedTransposed(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: tile 'smem' (dynamic shared memory{{.*}} [sm_90, kernel 'carvedTwoLoops(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages: tile 'buf' (dynamic shared memory{{.*}} [sm_90, kernel 'carvedHalo(
// CHECK: gemmQuery ntiles=33 err=0 hash=
// CHECK: gemmPlain ntiles=33 err=0 hash=
// CHECK: transposedQuery ntiles=33 err=0 hash=
// CHECK: twoLoopsPlain ntiles=33 err=0 hash=
// CHECK: haloQuery ntiles=33 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <libpipeline.h>

#include "../realworld/Inputs/carved_tiles.cuh"
#include "Inputs/harness.cuh"

// Runs `launch(in, out, bytes)` as "<name>Query" with the bytes the query
// gave and as "<name>Plain" with the plain kernel's.
template <class Launch>
void both(const char *name, size_t ring, size_t plain, size_t in, size_t out, int nt,
          unsigned seed, Launch launch) {
  char q[64], p[64];
  snprintf(q, sizeof q, "%sQuery", name);
  snprintf(p, sizeof p, "%sPlain", name);
  run_hashed(q, in, out, 1, nt, seed, [&](void *i, void *o) { launch(i, o, ring); });
  run_hashed(p, in, out, 1, nt, seed, [&](void *i, void *o) { launch(i, o, plain); });
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int counts[] = {1, 2, 3, 5, 8, 33};
  for (int nt : counts) {
    {
      const int M = 64, N = 96, K = 8 * nt;
      both("gemm", pl_dynamic_smem_bytes<carvedGemm<32, 8>>(2048), 2048, (size_t)(M * K + K * N) * 4, (size_t)M * N * 4, nt,
           seed, [&](void *i, void *o, size_t smem) {
             const float *A = (const float *)i, *B = A + M * K;
             carvedGemm<32, 8><<<dim3(N / 32, M / 32), 256, smem>>>(A, B, (float *)o, N, K);
           });
    }
    {
      const int M = 128, N = 128, K = 8 * nt;
      both("transposed", pl_dynamic_smem_bytes<carvedTransposed>(4096), 4096, (size_t)(M * K + K * N) * 4,
           (size_t)M * N * 4, nt, seed, [&](void *i, void *o, size_t smem) {
             const float *A = (const float *)i, *B = A + M * K;
             carvedTransposed<<<dim3(N / 64, M / 64), 256, smem>>>(A, B, (float *)o, N, K);
           });
    }
    {
      const int blocks = 6, K = 1024 * nt;
      both("twoLoops", pl_dynamic_smem_bytes<carvedTwoLoops>(8192), 8192, (size_t)(blocks + 1) * K * 4,
           (size_t)blocks * 256 * 4, nt, seed, [&](void *i, void *o, size_t smem) {
             const float *A = (const float *)i, *B = A + blocks * K;
             carvedTwoLoops<<<blocks, 256, smem>>>(A, B, (float *)o, K);
           });
    }
    {
      const int blocks = 5, pitch = 21, rows = 16 * nt + 18;
      both("halo", pl_dynamic_smem_bytes<carvedHalo>(2592), 2592, (size_t)(rows * pitch + 18 * 18 * nt) * 4,
           (size_t)blocks * 128 * 4, nt, seed, [&](void *i, void *o, size_t smem) {
             const float *in = (const float *)i, *w = in + rows * pitch;
             carvedHalo<<<blocks, 128, smem>>>(in, w, (float *)o, nt, pitch);
           });
    }
  }
  return 0;
}
