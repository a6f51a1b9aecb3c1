// A 5x5 convolution summed over channels, written as image-processing code
// often is: a 16 x 16 output tile per block of 16 x TY threads (TY a
// template parameter), each channel's 20 x 20 haloed input tile filled by a
// copy loop over the flattened thread index, under a three-term bounds
// guard; per-thread accumulators in a small array. The tile loop over
// channels is pipelined at every stage count, both instantiations, with IR
// that verifies (before: forced stages gave IR that failed the verifier).
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %opt -passes=verify -disable-output %t.ll
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t3.ptx -fplugin-arg-pipeline-stages=3 -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S3
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t6.ptx -fplugin-arg-pipeline-stages=6 -Rpass=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=S6
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t3.ptx -o /dev/null && %ptxas -arch=sm_90 %t6.ptx -o /dev/null %}
// Every stage count, both instantiations, each IR verified:
// RUN: for s in 2 3 4 5 6 7 8; do %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.$s.ll -fplugin-arg-pipeline-stages=$s -Rpass=cuda-pipeline 2>&1 | grep -o "pipelined loop with [0-9] stages" && %opt -passes=verify -disable-output %t.$s.ll || exit 1; done | FileCheck %s --check-prefix=EVERY
// EVERY-COUNT-2: pipelined loop with 2 stages
// EVERY-COUNT-2: pipelined loop with 3 stages
// EVERY-COUNT-2: pipelined loop with 4 stages
// EVERY-COUNT-2: pipelined loop with 5 stages
// EVERY-COUNT-2: pipelined loop with 6 stages
// EVERY-COUNT-2: pipelined loop with 7 stages
// EVERY-COUNT-2: pipelined loop with 8 stages

template <int TY>
__global__ void __launch_bounds__(16 * TY)
    conv5x5(int W, int H, int C, const float *__restrict__ in, const float *__restrict__ w,
            float *__restrict__ out) {
  __shared__ float tile[20][20];
  const int bx = blockIdx.x * 16, by = blockIdx.y * 16;
  float acc[16 / TY] = {};
  // DEFAULT: conv5x5_halo_channels.cu:[[#@LINE+6]]:3: remark: {{loop not pipelined: on sm_90 (the model predicts|a ring pays at some)|pipelined loop with}}
  // DEFAULT: conv5x5_halo_channels.cu:[[#@LINE+5]]:3: remark: {{loop not pipelined: on sm_90 (the model predicts|a ring pays at some)|pipelined loop with}}
  // S3: conv5x5_halo_channels.cu:[[#@LINE+4]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1600 -> 4800 bytes; 1 cp.async copy of 4 bytes
  // S3: conv5x5_halo_channels.cu:[[#@LINE+3]]:3: remark: pipelined loop with 3 stages: tile 'tile' 1600 -> 4800 bytes; 1 cp.async copy of 4 bytes
  // S6: conv5x5_halo_channels.cu:[[#@LINE+2]]:3: remark: pipelined loop with 6 stages: tile 'tile' 1600 -> 9600 bytes
  // S6: conv5x5_halo_channels.cu:[[#@LINE+1]]:3: remark: pipelined loop with 6 stages: tile 'tile' 1600 -> 9600 bytes
  for (int ch = 0; ch < C; ++ch) {
    for (int i = threadIdx.y * 16 + threadIdx.x; i < 20 * 20; i += 16 * TY) {
      int ly = i / 20, lx = i % 20;
      int sy = by + ly - 2, sx = bx + lx - 2;
      tile[ly][lx] = (sy >= 0 && sy < H && sx < W) ? in[(ch * H + sy) * W + sx] : 0.0f;
    }
    __syncthreads();
#pragma unroll
    for (int r = 0; r < 16 / TY; ++r) {
      int ty = threadIdx.y + r * TY;
      float s = 0;
      for (int dy = 0; dy < 5; ++dy)
        for (int dx = 0; dx < 5; ++dx)
          s += w[(ch * 5 + dy) * 5 + dx] * tile[ty + dy][threadIdx.x + dx];
      acc[r] += s;
    }
    __syncthreads();
  }
#pragma unroll
  for (int r = 0; r < 16 / TY; ++r) {
    int gy = by + threadIdx.y + r * TY, gx = bx + threadIdx.x;
    if (gy < H && gx < W)
      out[gy * W + gx] = acc[r];
  }
}

void convolve(int W, int H, int C, const float *in, const float *w, float *out, bool tall) {
  dim3 grid((W + 15) / 16, (H + 15) / 16);
  if (tall)
    conv5x5<8><<<grid, dim3(16, 8)>>>(W, H, C, in, w, out);
  else
    conv5x5<4><<<grid, dim3(16, 4)>>>(W, H, C, in, w, out);
}
