// The cost model counts the warps each scheduler keeps: a
// compute-bound loop whose ring would cut the resident blocks below the 4
// warps per scheduler that hide arithmetic latency (CUDA C++ Programming
// Guide, "Multiprocessor Level") is declined, with the occupancy in the
// remark. A key-value scoring loop in the style of attention: 64 threads
// per block, 16 KiB of tiles, four accumulators per thread (ptxas: 72
// registers, so the 13 blocks that fit the shared memory also fit the
// register file); 13 blocks reside without a ring, 6 with 2 stages. (The
// bench's attention kernel was the example here until the register
// estimate counted the values held across the loop: it keeps q[64] and
// o[64] in registers, ptxas gives it 255, and 4 blocks reside with or
// without a ring.) The same kernel is pipelined when forced (stages=3).
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -S %s -o /dev/null -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -fplugin-arg-pipeline-ptxas=off --cuda-gpu-arch=sm_90 -fplugin-arg-pipeline-stages=3 -S %s -o /dev/null -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=FORCED
// CHECK: occupancy.cu:[[@LINE+12]]:3: remark: loop not pipelined: on sm_90 13 resident blocks of 2 warps and {{[0-9]+}} instructions per iteration already cover an estimated 1000-cycle load latency; a ring would add {{[0-9]+}} instructions; its 2 stages would leave 6 resident blocks (3 warps per scheduler) where 13 reside without it (predicted 0.{{[0-9]+}}x) [sm_90, kernel 'keyValueScore
// CHECK-NOT: remark: pipelined
// FORCED: occupancy.cu:[[@LINE+10]]:3: remark: pipelined loop with 3 stages: tile 'Ks' 8192 -> 24576 bytes, tile 'Vs' 8192 -> 24576 bytes
#define BK 32
#define D 64
__global__ void __launch_bounds__(64)
    keyValueScore(int L, const float *__restrict__ Kg, const float *__restrict__ Vg,
                  float *__restrict__ out) {
  __shared__ __align__(16) float Ks[BK][D];
  __shared__ __align__(16) float Vs[BK][D];
  const size_t base = (size_t)blockIdx.x * L * D;
  float acc0 = 0.0f, acc1 = 0.0f, acc2 = 0.0f, acc3 = 0.0f;
  for (int k0 = 0; k0 < L; k0 += BK) {
#pragma unroll
    for (int r = 0; r < 8; ++r) {
      const int i = threadIdx.x + r * 64;
      const int kr = i / 16, kc = (i % 16) * 4;
      *reinterpret_cast<float4 *>(&Ks[kr][kc]) =
          *reinterpret_cast<const float4 *>(&Kg[base + (size_t)(k0 + kr) * D + kc]);
      *reinterpret_cast<float4 *>(&Vs[kr][kc]) =
          *reinterpret_cast<const float4 *>(&Vg[base + (size_t)(k0 + kr) * D + kc]);
    }
    __syncthreads();
#pragma unroll
    for (int j = 0; j < BK; ++j) {
      const float k = Ks[j][threadIdx.x], k2 = k * k, k3 = k2 * k, k4 = k2 * k2;
#pragma unroll
      for (int d = 0; d < D; ++d) {
        const float v = Vs[j][d];
        acc0 += k * v;
        acc1 += k2 * v;
        acc2 += k3 * v;
        acc3 += k4 * v;
      }
    }
    __syncthreads();
  }
  out[blockIdx.x * 64 + threadIdx.x] = acc0 + acc1 + acc2 + acc3;
}
