// On a machine with a GPU: 16-byte copies by cp.async.ca where each tile
// shares source bytes with the next (docs/design.md, "The cache
// operator"): a 2-D stencil whose halo rows the next tile reads again, its
// one-sided halo copied by the first row of threads, and a window sliding
// by less than it spans. L1 holds what the plain loop's loads would have
// read; the outputs must be the plain build's, bit for bit, on 1 to 33
// tiles of fresh random data, at the default stages, 2 and 8.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -I%src_root/include -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 17 > %t.plain.txt
// RUN: %t.plugin 17 > %t.plugin.txt
// RUN: %t.s2 17 > %t.s2.txt
// RUN: %t.s8 17 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}(2 of the 16-byte ones through L1{{.*}} [sm_90, kernel 'halo2d(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}(2 of the 16-byte ones through L1{{.*}} [sm_90, kernel 'oneSided(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}(through L1{{.*}} [sm_90, kernel 'slide(
// CHECK: halo2d ntiles=33 err=0 hash=
// CHECK: oneSided ntiles=33 err=0 hash=
// CHECK: slide ntiles=33 err=0 hash=
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#include "Inputs/harness.cuh"

// Tiles of 16 rows with a row of halo above and below, marching down an
// image of H + 2 rows of W pixels; the halo rows are copied by the first
// two rows of threads (16 x 16 blocks).
__global__ void halo2d(int H, int W, const float4 *__restrict__ in, float4 *__restrict__ out) {
  __shared__ float4 t[18][16];
  const int x = blockIdx.x * 16 + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += 16) {
    t[threadIdx.y + 1][threadIdx.x] = in[(size_t)(y0 + threadIdx.y + 1) * W + x];
    if (threadIdx.y < 2)
      t[threadIdx.y * 17][threadIdx.x] = in[(size_t)(y0 + threadIdx.y * 17) * W + x];
    __syncthreads();
    const float4 a = t[threadIdx.y][threadIdx.x], b = t[threadIdx.y + 2][threadIdx.x];
    out[(size_t)(y0 + threadIdx.y) * W + x] =
        make_float4(a.x + b.x, a.y - b.y, a.z * b.z, a.w + 2.0f * b.w);
    __syncthreads();
  }
}

// A window of 33 float4 sliding by 32: thread 0 copies the one the next
// window reads again.
__global__ void __launch_bounds__(32) oneSided(int n, const float4 *__restrict__ in,
                                               float4 *__restrict__ out) {
  __shared__ float4 s[33];
  for (int t = 0; t < n; ++t) {
    s[threadIdx.x] = in[t * 32 + threadIdx.x];
    if (threadIdx.x == 0)
      s[32] = in[t * 32 + 32];
    __syncthreads();
    const float4 a = s[threadIdx.x], b = s[threadIdx.x + 1];
    out[t * 32 + threadIdx.x] = make_float4(a.x - b.x, a.y + b.y, a.z, b.w);
    __syncthreads();
  }
}

// A window of 132 float4 sliding by 128, copied by a loop over it.
__global__ void __launch_bounds__(128) slide(int n, const float4 *__restrict__ in,
                                             float4 *__restrict__ out) {
  __shared__ float4 t[132];
  for (int x0 = 0; x0 < n * 128; x0 += 128) {
    for (int i = threadIdx.x; i < 132; i += blockDim.x)
      t[i] = in[x0 + i];
    __syncthreads();
    const float4 a = t[threadIdx.x], b = t[threadIdx.x + 4];
    out[x0 + threadIdx.x] = make_float4(a.x + b.x, a.y, b.z, a.w - b.w);
    __syncthreads();
  }
}

// The launch of halo2d in a function of its own: its block shape is read
// from this launch (lib/launch_shapes.h).
static void launchHalo2d(int H, int W, const void *in, void *out) {
  halo2d<<<3, dim3(16, 16)>>>(H, W, (const float4 *)in, (float4 *)out);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int counts[] = {1, 2, 3, 5, 8, 33};
  for (int nt : counts) {
    // 3 tiles across, nt tiles down
    const int W = 3 * 16, H = nt * 16;
    const size_t img = (size_t)(H + 2) * W * 16, pad = (size_t)H * W * 16;
    run_hashed("halo2d", img, pad, 1, nt, seed, [&](void *i, void *o) {
      launchHalo2d(H, W, i, o);
    });
    const size_t win = (size_t)(nt * 32 + 1) * 16, wout = (size_t)nt * 32 * 16;
    run_hashed("oneSided", win, wout, 1, nt, seed, [&](void *i, void *o) {
      oneSided<<<1, 32>>>(nt, (const float4 *)i, (float4 *)o);
    });
    const size_t sin = (size_t)(nt * 128 + 4) * 16, sout = (size_t)nt * 128 * 16;
    run_hashed("slide", sin, sout, 1, nt, seed, [&](void *i, void *o) {
      slide<<<1, 128>>>(nt, (const float4 *)i, (float4 *)o);
    });
  }
  return 0;
}
