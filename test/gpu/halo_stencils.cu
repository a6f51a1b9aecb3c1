// On a machine with a GPU: the three 2-D halo stencils of
// test/realworld/Inputs/halo_stencils.cuh (the edge threads load the halo
// under `ty == 0`, `tx == BS - 1`, ...), on random data at several grid
// widths and tile counts (0 to 9 tiles per block). Built plain, with the
// plugin at the default and with profitability=off (rings for both, the
// four-sided ones once their merged copies are taken apart); every build's
// output equals the CPU's exactly (the inputs are multiples of 1/8 and the
// coefficients powers of two, so every operation is exact) and the hashes
// agree. A fourth build takes the default's decisions as a CUDA 12.3
// toolkit gets them (-target-sdk-version): heat2d loads in place with its
// steady state unrolled (lib/steady_unroll.h). With `time` as the second
// argument it times each kernel on a 16384 x 4096 grid instead (CUDA events, 3 warm-up launches, the median
// of 21), as the bench does.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin %s -o %t.default -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.ring -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -Xclang -target-sdk-version=12.3 -fplugin=%plugin -Rpass=cuda-pipeline %s -o %t.cuda123 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=UNROLL
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.cuda123 5 > %t.cuda123.txt
// RUN: diff %t.plain.txt %t.cuda123.txt
// RUN: %t.default 5 > %t.default.txt
// RUN: %t.ring 5 > %t.ring.txt
// RUN: diff %t.plain.txt %t.default.txt
// RUN: diff %t.plain.txt %t.ring.txt
// RUN: FileCheck %s < %t.ring.txt
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}3 cp.async copies {{.*}}[sm_90, kernel 'upwindStep
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}5 cp.async copies {{.*}}[sm_90, kernel 'heat2d
// REMARK-DAG: remark: pipelined loop with 3 stages: {{.*}}9 cp.async copies {{.*}}[sm_90, kernel 'box3
// UNROLL: remark: pipelined loop in place {{.*}}; the steady state unrolled {{[2-4]}} times, {{.*}}[sm_90, kernel 'heat2d
// CHECK-COUNT-8: upwind {{.*}} err=0 bad=0 hash=
// CHECK-COUNT-8: heat {{.*}} err=0 bad=0 hash=
// CHECK-COUNT-8: box {{.*}} err=0 bad=0 hash=
#include <cstdio>
#include <cstdlib>

#include "../realworld/Inputs/halo_stencils.cuh"
#include "Inputs/harness.cuh"

/* A grid of `blocks` tile columns and `tiles` tiles per column, with its
 * one-cell border: (tiles * BS + 2) rows of pitch blocks * BS + 2. */
struct grid {
  int blocks, tiles, pitch, rows;
  grid(int b, int t) : blocks(b), tiles(t), pitch(b * BS + 2), rows(t * BS + 2) {}
  size_t cells() const { return (size_t)pitch * rows; }
};

enum kind { UPWIND, HEAT, BOX };
static const char *const kind_name[] = {"upwind", "heat", "box"};

static void launch(kind k, const grid &g, const float *in, float *out) {
  if (k == HEAT)
    heat2d<<<g.blocks, dim3(BS, BS)>>>(in, out, g.pitch, g.tiles, 0.125f);
  else if (k == BOX)
    box3<<<g.blocks, dim3(BS, BS)>>>(in, out, g.pitch, g.tiles);
  else
    upwindStep<<<g.blocks, dim3(BS, BS)>>>(in, out, g.pitch, g.tiles, 0.25f, 0.5f);
}

/* The CPU's result at interior cell (y, x) of `in` (grid coordinates
 * with the border: 1 <= y, x). */
static float reference(kind k, const grid &g, const std::vector<float> &in, int y, int x) {
  auto at = [&](int r, int c) { return in[(size_t)r * g.pitch + c]; };
  const float c = at(y, x);
  if (k == BOX) {
    float s = 0.0f;
    for (int dy = -1; dy <= 1; ++dy)
      for (int dx = -1; dx <= 1; ++dx)
        s += at(y + dy, x + dx);
    return 0.125f * s;
  }
  if (k == HEAT)
    return c + 0.125f * (at(y - 1, x) + at(y + 1, x) + at(y, x - 1) + at(y, x + 1) - 4.0f * c);
  return c - 0.25f * (c - at(y, x - 1)) - 0.5f * (c - at(y - 1, x));
}

/* Runs one kernel on random data; prints its error status, the number of
 * cells that differ from the CPU's and a hash of the whole output (the
 * border, never written, keeps its fill). */
static void check(kind k, int blocks, int tiles, unsigned seed) {
  grid g(blocks, tiles);
  std::vector<float> in(g.cells()), out(g.cells());
  srand(seed);
  for (auto &v : in)
    v = (float)(rand() % 17 - 8) / 8.0f;
  float *din, *dout;
  cudaMalloc(&din, in.size() * 4), cudaMalloc(&dout, out.size() * 4);
  cudaMemcpy(din, in.data(), in.size() * 4, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0x7f, out.size() * 4);
  launch(k, g, din, dout);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(out.data(), dout, out.size() * 4, cudaMemcpyDeviceToHost);
  size_t bad = 0;
  for (int y = 1; y < g.rows - 1; ++y)
    for (int x = 1; x < g.pitch - 1; ++x)
      bad += out[(size_t)y * g.pitch + x] != reference(k, g, in, y, x);
  printf("%s blocks=%d tiles=%d err=%d bad=%zu hash=%016llx\n", kind_name[k], blocks,
         tiles, (int)e, bad, (unsigned long long)fnv(out.data(), out.size() * 4));
  cudaFree(din), cudaFree(dout);
}

/* The median time of `k` on `g` (median_ms), in ms. */
static float time_kernel(kind k, const grid &g) {
  float *in, *out;
  cudaMalloc(&in, g.cells() * 4), cudaMalloc(&out, g.cells() * 4);
  cudaMemset(in, 0, g.cells() * 4), cudaMemset(out, 0, g.cells() * 4);
  float ms = median_ms([&] { launch(k, g, in, out); });
  cudaFree(in), cudaFree(out);
  return ms;
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  if (argc > 2) { /* time */
    grid g(1024, 256);
    for (kind k : {UPWIND, HEAT, BOX})
      printf("%s 16384x4096 median_ms=%.4f\n", kind_name[k], time_kernel(k, g));
    return 0;
  }
  const int shapes[][2] = {{1, 0}, {1, 1}, {1, 2}, {2, 3}, {3, 4}, {5, 5}, {8, 9}, {33, 7}};
  for (kind k : {UPWIND, HEAT, BOX})
    for (auto &s : shapes)
      check(k, s[0], s[1], seed * 101 + s[0] * 7 + s[1] + k);
  return 0;
}
