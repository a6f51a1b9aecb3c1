// On a machine with a GPU: copy loops whose guard writes a constant other
// than zero where it fails (test/realworld/copy_loop_guard_forms.cu,
// maxPool): the cp.async copies read the constant from a global the pass
// adds where the guard fails. A 3x3 max filter padded with -INFINITY, a
// min filter over ints padded with INT_MAX, and float4 rows padded with
// (1, 2, 3, 4); image sizes that leave ragged edge tiles (1x1 to 70x45),
// fresh random data. The plugin build (profitability=off) must print the
// plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %t.plain 3 > %t.plain.txt
// RUN: %t.plugin 3 > %t.plugin.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: FileCheck %s < %t.plugin.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'maxFilter
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'minFilterInt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}cp.async [sm_90, kernel 'rowsFloat4
// CHECK: rowsFloat4 w=70 h=45 err=0 hash=
#include <climits>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

#define BX 16
#define BY 16
#define HW (BX + 2)

// Each block walks down its column of tiles, one haloed tile per step.
__global__ void __launch_bounds__(BX * BY)
    maxFilter(int W, int H, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += BX * BY) {
      const int ly = i / HW, lx = i % HW;
      const int sy = y0 + ly - 1, sx = blockIdx.x * BX + lx - 1;
      tile[ly][lx] = (sy >= 0 && sy < H && sx >= 0 && sx < W) ? in[sy * W + sx] : -INFINITY;
    }
    __syncthreads();
    float m = -INFINITY;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx)
        m = fmaxf(m, tile[threadIdx.y + dy][threadIdx.x + dx]);
    const int gy = y0 + threadIdx.y;
    if (gx < W && gy < H)
      out[gy * W + gx] = m;
    __syncthreads();
  }
}

__global__ void __launch_bounds__(BX * BY)
    minFilterInt(int W, int H, const int *__restrict__ in, int *__restrict__ out) {
  __shared__ int tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += blockDim.x * blockDim.y) {
      const int ly = i / HW, lx = i % HW;
      const int sy = y0 + ly - 1, sx = blockIdx.x * BX + lx - 1;
      if (sy >= 0 && sy < H && sx >= 0 && sx < W)
        tile[ly][lx] = in[sy * W + sx];
      else
        tile[ly][lx] = INT_MAX;
    }
    __syncthreads();
    int m = tile[threadIdx.y + 1][threadIdx.x + 1];
    m = min(m, tile[threadIdx.y][threadIdx.x + 1]);
    m = min(m, tile[threadIdx.y + 2][threadIdx.x + 1]);
    m = min(m, tile[threadIdx.y + 1][threadIdx.x]);
    m = min(m, tile[threadIdx.y + 1][threadIdx.x + 2]);
    const int gy = y0 + threadIdx.y;
    if (gx < W && gy < H)
      out[gy * W + gx] = m;
    __syncthreads();
  }
}

// Rows of float4 (W counts float4s), padded past the right edge.
__global__ void __launch_bounds__(BX * BY)
    rowsFloat4(int W, int H, const float4 *__restrict__ in, float *__restrict__ out) {
  __shared__ float4 tile[BY][2 * BX];
  const int gx = blockIdx.x * BX + threadIdx.x;
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < BY * 2 * BX; i += BX * BY) {
      const int ly = i / (2 * BX), lx = i % (2 * BX);
      const int sy = min(y0 + ly, H - 1), sx = blockIdx.x * BX + lx;
      tile[ly][lx] = sx < W ? in[sy * W + sx] : make_float4(1.0f, 2.0f, 3.0f, 4.0f);
    }
    __syncthreads();
    const float4 a = tile[threadIdx.y][threadIdx.x], b = tile[threadIdx.y][threadIdx.x + BX];
    const int gy = y0 + threadIdx.y;
    if (gx < W && gy < H)
      out[gy * W + gx] = a.x * b.w + a.y * b.z + a.z * b.y + a.w * b.x;
    __syncthreads();
  }
}

static uint64_t fnv(const void *p, size_t n) {
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i) h = (h ^ ((const unsigned char *)p)[i]) * 1099511628211ull;
  return h;
}

// One launch of `name` over a w x h image of `esize`-byte elements (small
// random integers, or floats of them); prints the hash of the output.
template <typename Launch>
static void run(const char *name, int w, int h, size_t esize, size_t osize, int isfloat,
                unsigned seed, Launch launch) {
  size_t n = (size_t)w * h, in_bytes = n * esize + 16, out_bytes = n * osize + 16;
  unsigned char *hi = (unsigned char *)malloc(in_bytes), *ho = (unsigned char *)malloc(out_bytes);
  srand(seed * 1009 + w * 31 + h);
  for (size_t i = 0; i < in_bytes / 4; ++i) {
    int v = rand() % 1000 - 500;
    float f = (float)v;
    memcpy(hi + 4 * i, isfloat ? (void *)&f : (void *)&v, 4);
  }
  void *din, *dout;
  cudaMalloc(&din, in_bytes);
  cudaMalloc(&dout, out_bytes);
  cudaMemcpy(din, hi, in_bytes, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, out_bytes);
  launch(din, dout, dim3((w + BX - 1) / BX), dim3(BX, BY));
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(ho, dout, out_bytes, cudaMemcpyDeviceToHost);
  printf("%s w=%d h=%d err=%d hash=%016llx\n", name, w, h, (int)e,
         (unsigned long long)fnv(ho, out_bytes));
  cudaFree(din);
  cudaFree(dout);
  free(hi);
  free(ho);
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  const int sizes[][2] = {{1, 1}, {5, 3}, {16, 16}, {17, 33}, {40, 16}, {70, 45}};
  for (auto &s : sizes) {
    int w = s[0], h = s[1];
    run("maxFilter", w, h, 4, 4, 1, seed, [&](void *i, void *o, dim3 g, dim3 b) {
      maxFilter<<<g, b>>>(w, h, (const float *)i, (float *)o);
    });
    run("minFilterInt", w, h, 4, 4, 0, seed, [&](void *i, void *o, dim3 g, dim3 b) {
      minFilterInt<<<g, b>>>(w, h, (const int *)i, (int *)o);
    });
    run("rowsFloat4", w, h, 16, 4, 1, seed, [&](void *i, void *o, dim3 g, dim3 b) {
      rowsFloat4<<<g, b>>>(w, h, (const float4 *)i, (float *)o);
    });
  }
  return 0;
}
