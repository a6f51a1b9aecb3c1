// Copy loops: `for (i = tid; i < TILE; i += blockDim.x)
// tile[i] = A[base + i]` with a bounds guard (zero-fill) becomes, for each
// stage, a loop of cp.async whose src-size is 0 where the guard fails or the
// iteration does not exist. On sm_75, or under lowering=registers, cp.async
// cannot serve, and the register lowering cannot stage a loop: declined.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REMARK
// RUN: FileCheck %s < %t.ptx
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_75 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=SM75
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-lowering=registers --cuda-gpu-arch=sm_80 -S %s -o /dev/null -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=REGS
// REMARK: copy_loop.cu:[[@LINE+21]]:3: remark: pipelined loop with 3 stages: tile 'tile' 4096 -> 12288 bytes; 1 cp.async copy of 4 bytes
// SM75: copy_loop.cu:[[@LINE+20]]:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and cp.async needs sm_80 or newer (the target is sm_75)
// REGS: copy_loop.cu:[[@LINE+19]]:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and lowering=registers was asked for
// The prologue's loop for iteration 0, then the steady state's, in the tile
// loop, zero-filling:
// CHECK: =>This Inner Loop Header: Depth=1
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK: cp.async.commit_group;
// CHECK: cp.async.wait_group 1;
// CHECK-NEXT: bar.sync 0;
// CHECK: Parent Loop
// CHECK: cp.async.ca.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 4, %r{{[0-9]+}};
// CHECK-NOT: bar.sync
// CHECK: cp.async.commit_group;

#define TILE 1024

__global__ void __launch_bounds__(256)
    block_sums(int n, int tiles, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ float tile[TILE];
  float acc = 0.f;
  for (int t = 0; t < tiles; ++t) {
    const int base = (blockIdx.x * tiles + t) * TILE;
    for (int i = threadIdx.x; i < TILE; i += blockDim.x)
      tile[i] = base + i < n ? A[base + i] : 0.f;
    __syncthreads();
    acc += tile[(threadIdx.x * 4) % TILE] + tile[(threadIdx.x * 4 + 1) % TILE];
    __syncthreads();
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

// float4 elements: a loop of 16-byte cp.async (.cg), the tile 16-byte
// aligned, the step blockDim.x * 16 bytes.
// REMARK: copy_loop.cu:[[@LINE+6]]:3: remark: pipelined loop with 3 stages: tile 'tile4' 4096 -> 12288 bytes; 1 cp.async copy of 16 bytes
// CHECK: cp.async.cg.shared.global [%rd{{[0-9]+(\+[0-9]+)?}}], [%rd{{[0-9]+(\+[0-9]+)?}}], 16, %r{{[0-9]+}};
__global__ void __launch_bounds__(128)
    sums4(int K, const float *__restrict__ A, float *__restrict__ out) {
  __shared__ __align__(16) float tile4[1024];
  float acc = 0.f;
  for (int k0 = 0; k0 < K; k0 += 1024) {
    for (int i = threadIdx.x; i < 256; i += blockDim.x)
      reinterpret_cast<float4 *>(tile4)[i] = reinterpret_cast<const float4 *>(A + k0)[i];
    __syncthreads();
    acc += tile4[threadIdx.x * 8] * tile4[threadIdx.x * 8 + 3];
    __syncthreads();
  }
  out[threadIdx.x] = acc;
}
