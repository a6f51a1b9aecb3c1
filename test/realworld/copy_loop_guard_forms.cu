// Copy loops over a haloed tile under each guard form clang makes of the
// bounds checks public stencils write: nested ifs, an || chain with a store
// in each arm, a bitwise & of the terms, clamped indices, and a fill other
// than zero. Each zero-filled form is pipelined at every stage count and its
// IR verifies (the verifier runs on every rewrite: a regression shows as an
// InternalError remark instead); the -INFINITY fill too, its cp.async
// reading the fill from a constant global where the guard fails.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -fplugin-arg-pipeline-profitability=off -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %opt -passes=verify -disable-output %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t2.ptx -fplugin-arg-pipeline-stages=2 -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S2
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t8.ptx -fplugin-arg-pipeline-stages=8 -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S8
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t2.ptx -o /dev/null && %ptxas -arch=sm_90 %t8.ptx -o /dev/null %}
// RUN: FileCheck %s --check-prefix=PTX < %t2.ptx
// The one fill global, -INFINITY, in the global state space; maxPool's copy
// selects it as its source where the guard fails:
// PTX: .global .align 16 .f32 pl_$_fill = 0fFF800000;
// PTX-NOT: pl_$_fill{{.*}} =
// PTX-LABEL: .entry _Z7maxPooliiPKfPf(
// PTX: mov.{{[ub]}}64 %rd[[F:[0-9]+]], pl_$_fill;
// PTX: selp.b64 %rd{{[0-9]+}}, %rd[[F]], %rd{{[0-9]+}}, %p{{[0-9]+}};
// PTX: cp.async.ca.shared.global
#include <math.h>

#define BX 32
#define BY 32
#define HW (BX + 2)

// Nested ifs around the load; the zero stored on the other paths.
__global__ void __launch_bounds__(BX * BY)
    nestedIf(int W, int H, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  // CHECK: copy_loop_guard_forms.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4624 -> 13872 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'nestedIf(
  // S2: copy_loop_guard_forms.cu:[[#@LINE+2]]:3: remark: pipelined loop with 2 stages: {{.*}} kernel 'nestedIf(
  // S8: copy_loop_guard_forms.cu:[[#@LINE+1]]:3: remark: pipelined loop with 8 stages: {{.*}} kernel 'nestedIf(
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += BX * BY) {
      int ly = i / HW, lx = i % HW;
      int sy = y0 + ly - 1, sx = blockIdx.x * BX + lx - 1;
      float v = 0.0f;
      if (sy >= 0 && sy < H) {
        if (sx >= 0 && sx < W)
          v = in[sy * W + sx];
      }
      tile[ly][lx] = v;
    }
    __syncthreads();
    int gy = y0 + threadIdx.y;
    float v = tile[threadIdx.y][threadIdx.x + 1] + tile[threadIdx.y + 2][threadIdx.x + 1];
    if (gx < W && gy < H)
      out[gy * W + gx] = v;
    __syncthreads();
  }
}

// An || chain: outside the grid a zero, else the load, a store in each arm.
__global__ void __launch_bounds__(BX * BY)
    orChain(int W, int H, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  // CHECK: copy_loop_guard_forms.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4624 -> 13872 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'orChain(
  // S2: copy_loop_guard_forms.cu:[[#@LINE+2]]:3: remark: pipelined loop with 2 stages: {{.*}} kernel 'orChain(
  // S8: copy_loop_guard_forms.cu:[[#@LINE+1]]:3: remark: pipelined loop with 8 stages: {{.*}} kernel 'orChain(
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += BX * BY) {
      int ly = i / HW, lx = i % HW;
      int sy = y0 + ly - 1, sx = blockIdx.x * BX + lx - 1;
      if (sy < 0 || sy >= H || sx < 0 || sx >= W)
        tile[ly][lx] = 0.0f;
      else
        tile[ly][lx] = in[sy * W + sx];
    }
    __syncthreads();
    int gy = y0 + threadIdx.y;
    float v = tile[threadIdx.y + 1][threadIdx.x] + tile[threadIdx.y + 1][threadIdx.x + 2];
    if (gx < W && gy < H)
      out[gy * W + gx] = v;
    __syncthreads();
  }
}

// A bitwise & of the terms (no short circuit): one block, then a select.
__global__ void __launch_bounds__(BX * BY)
    andBits(int W, int H, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  // CHECK: copy_loop_guard_forms.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4624 -> 13872 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'andBits(
  // S2: copy_loop_guard_forms.cu:[[#@LINE+2]]:3: remark: pipelined loop with 2 stages: {{.*}} kernel 'andBits(
  // S8: copy_loop_guard_forms.cu:[[#@LINE+1]]:3: remark: pipelined loop with 8 stages: {{.*}} kernel 'andBits(
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += BX * BY) {
      int ly = i / HW, lx = i % HW;
      int sy = y0 + ly - 1, sx = blockIdx.x * BX + lx - 1;
      bool ok = (sy >= 0) & (sy < H) & (sx >= 0) & (sx < W);
      tile[ly][lx] = ok ? in[sy * W + sx] : 0.0f;
    }
    __syncthreads();
    int gy = y0 + threadIdx.y;
    float v = tile[threadIdx.y + 1][threadIdx.x + 1];
    if (gx < W && gy < H)
      out[gy * W + gx] = v;
    __syncthreads();
  }
}

// Clamped indices (replicated border): no guard at all.
__global__ void __launch_bounds__(BX * BY)
    clamped(int W, int H, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  // CHECK: copy_loop_guard_forms.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4624 -> 13872 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'clamped(
  // S2: copy_loop_guard_forms.cu:[[#@LINE+2]]:3: remark: pipelined loop with 2 stages: {{.*}} kernel 'clamped(
  // S8: copy_loop_guard_forms.cu:[[#@LINE+1]]:3: remark: pipelined loop with 8 stages: {{.*}} kernel 'clamped(
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += BX * BY) {
      int ly = i / HW, lx = i % HW;
      int sy = min(max(y0 + ly - 1, 0), H - 1);
      int sx = min(max((int)blockIdx.x * BX + lx - 1, 0), W - 1);
      tile[ly][lx] = in[sy * W + sx];
    }
    __syncthreads();
    int gy = y0 + threadIdx.y;
    float v = tile[threadIdx.y][threadIdx.x] - tile[threadIdx.y + 2][threadIdx.x + 2];
    if (gx < W && gy < H)
      out[gy * W + gx] = v;
    __syncthreads();
  }
}

// A fill other than zero (-INFINITY, a max-pool's border): the register
// lowering cannot issue a loop, and cp.async's src-size writes zeros, so
// the guard selects the copy's source: the input, or the constant global
// pl.fill that holds -INFINITY.
__global__ void __launch_bounds__(BX * BY)
    maxPool(int W, int H, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[HW][HW];
  const int gx = blockIdx.x * BX + threadIdx.x;
  // CHECK: copy_loop_guard_forms.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4624 -> 13872 bytes; 1 cp.async copy of 4 bytes; removed the second barrier; cp.async [sm_90, kernel 'maxPool(
  // S2: copy_loop_guard_forms.cu:[[#@LINE+2]]:3: remark: pipelined loop with 2 stages: {{.*}} kernel 'maxPool(
  // S8: copy_loop_guard_forms.cu:[[#@LINE+1]]:3: remark: pipelined loop with 8 stages: {{.*}} kernel 'maxPool(
  for (int y0 = 0; y0 < H; y0 += BY) {
    for (int i = threadIdx.y * BX + threadIdx.x; i < HW * HW; i += BX * BY) {
      int ly = i / HW, lx = i % HW;
      int sy = y0 + ly - 1, sx = blockIdx.x * BX + lx - 1;
      tile[ly][lx] = (sy >= 0 && sy < H && sx >= 0 && sx < W) ? in[sy * W + sx] : -INFINITY;
    }
    __syncthreads();
    int gy = y0 + threadIdx.y;
    float v = fmaxf(tile[threadIdx.y][threadIdx.x + 1], tile[threadIdx.y + 1][threadIdx.x + 1]);
    if (gx < W && gy < H)
      out[gy * W + gx] = v;
    __syncthreads();
  }
}

void run(int W, int H, const float *in, float *out) {
  dim3 grid((W + BX - 1) / BX), block(BX, BY);
  nestedIf<<<grid, block>>>(W, H, in, out);
  orChain<<<grid, block>>>(W, H, in, out);
  andBits<<<grid, block>>>(W, H, in, out);
  clamped<<<grid, block>>>(W, H, in, out);
  maxPool<<<grid, block>>>(W, H, in, out);
}
