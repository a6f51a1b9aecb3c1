// On a machine with a GPU: straight-line copies skipped on some iterations
// (`if (tid < len) s[tid] = x[t + tid]`, no else, len smaller on the last
// tile), pipelined with a fix-up that moves each skipped copy's bytes from
// the slot before. Where the compute reads only the filled part (an n-body
// tile of float4 bodies, a dot product over min(TILE, n - t)) and where it
// reads the skipped bytes too (they must hold the last tile's values, as
// the original tile's do); guards as min(), as a select on the last tile
// and as `k0 + tid < K`; two predicate terms, one uniform (odd tiles skip
// in every thread); a predicate around a zero-filled copy. Where the first
// tile is skipped its bytes are uninitialized in the source too, so the
// kernels that read skipped bytes launch with a full first tile. Sizes with a full, a partial and a single tile,
// fresh random data; the plugin builds (3 stages, 2 and 8) must print the
// plain build's hashes.
// REQUIRES: cuda-gpu
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 %s -o %t.plain -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline %s -o %t.plugin -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=2 %s -o %t.s2 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_90 -O3 -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-stages=8 %s -o %t.s8 -L%cuda_path/lib64 -lcudart_static -ldl -lrt -pthread
// RUN: %t.plain 5 > %t.plain.txt
// RUN: %t.plugin 5 > %t.plugin.txt
// RUN: %t.s2 5 > %t.s2.txt
// RUN: %t.s8 5 > %t.s8.txt
// RUN: diff %t.plain.txt %t.plugin.txt
// RUN: diff %t.plain.txt %t.s2.txt
// RUN: diff %t.plain.txt %t.s8.txt
// RUN: FileCheck %s < %t.plain.txt
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}[sm_90, kernel 'tileDot(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}[sm_90, kernel 'lastTileAll(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}[sm_90, kernel 'nbodyF4(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}[sm_90, kernel 'gemvTail(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}[sm_90, kernel 'everyOther(
// REMARK-DAG: remark: pipelined loop with {{[2-8]}} stages{{.*}}1 copy skipped on some iterations keeps the slot before's bytes there{{.*}}[sm_90, kernel 'guardedFill(
// CHECK: tileDot n=1500 ntiles=6 err=0 hash=
// CHECK: lastTileAll n=1500 ntiles=6 err=0 hash=
// CHECK: nbodyF4 n=1500 ntiles=12 err=0 hash=
// CHECK: gemvTail K=1500 ntiles=6 err=0 hash=
// CHECK: everyOther ntiles=41 err=0 hash=
// CHECK: guardedFill K=1000 ntiles=41 err=0 hash=
#include "Inputs/harness.cuh"

#define TILE 256

__global__ void __launch_bounds__(TILE) tileDot(int n, const float *__restrict__ x,
                                               float *__restrict__ out) {
  __shared__ float s[TILE];
  const int i = blockIdx.x * TILE + threadIdx.x;
  const float xi = i < n ? x[i] : 0.0f;
  float acc = 0.0f;
  for (int t = 0; t < n; t += TILE) {
    const int len = min(TILE, n - t);
    if (threadIdx.x < len)
      s[threadIdx.x] = x[t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < len; ++j)
      acc += s[j] * xi;
    __syncthreads();
  }
  out[i] = acc;
}

// The compute reads every byte of the tile: on the last tile the skipped
// ones hold the tile before's (n > TILE, so the first tile is full).
__global__ void __launch_bounds__(TILE) lastTileAll(int n, const float *__restrict__ x,
                                                   float *__restrict__ out) {
  __shared__ float s[TILE];
  const int ntiles = (n + TILE - 1) / TILE;
  float acc = 0.0f;
  for (int t = 0; t < ntiles; ++t) {
    const int len = t == ntiles - 1 ? n - t * TILE : TILE;
    if (threadIdx.x < len)
      s[threadIdx.x] = x[t * TILE + threadIdx.x];
    __syncthreads();
    acc = acc * 0.5f + s[(threadIdx.x * 7 + t) % TILE];
    __syncthreads();
  }
  out[blockIdx.x * TILE + threadIdx.x] = acc;
}

__global__ void __launch_bounds__(128) nbodyF4(int n, const float4 *__restrict__ pos,
                                              float *__restrict__ out) {
  __shared__ float4 body[128];
  const int i = blockIdx.x * 128 + threadIdx.x;
  const float4 me = i < n ? pos[i] : make_float4(0.f, 0.f, 0.f, 0.f);
  float fx = 0.0f;
  for (int t = 0; t < n; t += 128) {
    const int len = min(128, n - t);
    if (threadIdx.x < len)
      body[threadIdx.x] = pos[t + threadIdx.x];
    __syncthreads();
    for (int j = 0; j < len; ++j) {
      const float dx = body[j].x - me.x, dy = body[j].y - me.y;
      fx += body[j].w * dx / (dx * dx + dy * dy + 1.0f);
    }
    __syncthreads();
  }
  out[i] = fx;
}

__global__ void __launch_bounds__(TILE) gemvTail(int rows, int K, const float *__restrict__ A,
                                                const float *__restrict__ x, float *__restrict__ y) {
  __shared__ float xs[TILE];
  const int r = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int k0 = 0; k0 < K; k0 += TILE) {
    if (k0 + threadIdx.x < K)
      xs[threadIdx.x] = x[k0 + threadIdx.x];
    __syncthreads();
    const int len = min(TILE, K - k0);
    if (r < rows)
      for (int j = 0; j < len; ++j)
        acc += A[(size_t)(k0 + j) * rows + r] * xs[j];
    __syncthreads();
  }
  if (r < rows)
    y[r] = acc;
}

// Two predicate terms, the inner one uniform (`if (tid < 192) if (k % 2 ==
// 0)`): on odd tiles every thread skips, and the compute reads what the
// even tile before left.
__global__ void __launch_bounds__(256) everyOther(int ntiles, const float *__restrict__ x,
                                                 float *__restrict__ out) {
  __shared__ float s[192];
  float acc = 0.0f;
  for (int k = 0; k < ntiles; ++k) {
    if (threadIdx.x < 192)
      if (k % 2 == 0)
        s[threadIdx.x] = x[k * 192 + threadIdx.x];
    __syncthreads();
    acc = acc * 0.5f + s[(threadIdx.x * 5 + k) % 192];
    __syncthreads();
  }
  out[blockIdx.x * 256 + threadIdx.x] = acc;
}

// A predicate on the tile counter (`k < tid`) around a zero-filled copy:
// skipped copies keep the tile before's bytes, filled ones copy or zero.
__global__ void __launch_bounds__(256) guardedFill(int n, int K, const float *__restrict__ A,
                                                  float *__restrict__ out) {
  __shared__ float t[256];
  const int tid = threadIdx.x;
  float acc = 0.0f;
  for (int k = 0; k < n; ++k) {
    if (k <= tid)
      t[tid] = k * 8 + tid % 8 < K ? A[k * 256 + tid] : 0.0f;
    __syncthreads();
    acc += t[(tid * 7) % 256];
    __syncthreads();
  }
  out[blockIdx.x * 256 + tid] = acc;
}

int main(int argc, char **argv) {
  unsigned seed = argc > 1 ? atoi(argv[1]) : 1;
  char name[64];
  for (int n : {1, 100, 256, 257, 700, 1024, 1500}) {
    const int blocks = (n + TILE - 1) / TILE;
    snprintf(name, sizeof name, "tileDot n=%d", n);
    run_hashed(name, (size_t)n * 4, (size_t)blocks * TILE * 4, 1, blocks, seed,
               [&](void *i, void *o) { tileDot<<<blocks, TILE>>>(n, (const float *)i, (float *)o); });
    if (n > TILE) {
      snprintf(name, sizeof name, "lastTileAll n=%d", n);
      run_hashed(name, (size_t)n * 4, 2 * TILE * 4, 1, blocks, seed, [&](void *i, void *o) {
        lastTileAll<<<2, TILE>>>(n, (const float *)i, (float *)o);
      });
    }
    const int bblocks = (n + 127) / 128;
    snprintf(name, sizeof name, "nbodyF4 n=%d", n);
    run_hashed(name, (size_t)n * 16, (size_t)bblocks * 128 * 4, 1, bblocks, seed,
               [&](void *i, void *o) {
                 nbodyF4<<<bblocks, 128>>>(n, (const float4 *)i, (float *)o);
               });
    const int rows = 300, K = n;
    snprintf(name, sizeof name, "gemvTail K=%d", K);
    run_hashed(name, ((size_t)K * rows + K) * 4, rows * 4, 1, blocks, seed, [&](void *i, void *o) {
      const float *A = (const float *)i;
      gemvTail<<<(rows + TILE - 1) / TILE, TILE>>>(rows, K, A, A + (size_t)K * rows, (float *)o);
    });
  }
  for (int nt : {1, 2, 3, 8, 41}) {
    snprintf(name, sizeof name, "everyOther");
    run_hashed(name, (size_t)nt * 192 * 4, 2 * 256 * 4, 1, nt, seed, [&](void *i, void *o) {
      everyOther<<<2, 256>>>(nt, (const float *)i, (float *)o);
    });
    for (int K : {5, 100, 1000}) {
      snprintf(name, sizeof name, "guardedFill K=%d", K);
      run_hashed(name, (size_t)nt * 256 * 4, 2 * 256 * 4, 1, nt, seed, [&](void *i, void *o) {
        guardedFill<<<2, 256>>>(nt, K, (const float *)i, (float *)o);
      });
    }
  }
  return 0;
}
