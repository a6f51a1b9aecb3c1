// 8-bit and fp16 image filters as public code writes them: a haloed tile
// per block, filled by a strided loop over the flattened thread index (the
// halo makes the tile larger than the block), summed over the frames of a
// clip. A byte or a half is too small for cp.async, so each copy loop is
// unrolled to its bound (ceil((16 + 4)^2 / 256) = 2 trips; ceil(10 * 10 /
// 64) = 2 trips) and staged through registers. The near miss steps by the
// block's size, `blockDim.x * blockDim.y`, which bounds nothing: declined,
// saying why. At the default the cost model does not take these rings (one
// measured slower than the loop as written: docs/performance.md, boxu8);
// profitability=off takes them.
// RUN: %clang_cuda -fplugin-arg-pipeline-verify -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_90 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o %t.default.ptx -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=DEFAULT
// RUN: %clang_cuda -fplugin-arg-pipeline-disable --cuda-gpu-arch=sm_90 -S %s -o %t.plain.ptx
// RUN: diff %t.plain.ptx %t.default.ptx
// DEFAULT: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and a copy into tile 'smem' moves 1 bytes; cp.async copies 4, 8 or 16 bytes; the register lowering could unroll the copy loop completely (at most 2 trips), but the cost model does not take such a ring: one measured slower than the loop as written{{.*}}profitability=off or PL_STAGES(N) forces it [sm_90, kernel 'dilateClip(
// RUN: %if ptxas %{ %ptxas -arch=sm_90 %t.ptx -o /dev/null %}
#include <cuda_fp16.h>
#include <cstdint>

#define TILE 16
#define R 2
#define SW (TILE + 2 * R)

// A 5x5 dilation (maximum) of each frame, averaged over the clip.
__global__ void dilateClip(const uint8_t *__restrict__ clip, float *__restrict__ out, int frames,
                           int height, int width) {
  __shared__ uint8_t smem[SW][SW];
  const int tx = threadIdx.x, ty = threadIdx.y;
  const int x = blockIdx.x * TILE + tx, y = blockIdx.y * TILE + ty;
  float sum = 0.f;
  // CHECK-DAG: u8_halo_copy_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with 2 stages: tile 'smem' 400 -> {{[0-9]+}} bytes; 2 copies of 1 bytes{{.*}}the copy loop unrolled completely (at most 2 trips) for the register lowering{{.*}}[sm_90, kernel 'dilateClip
  for (int f = 0; f < frames; ++f) {
    const uint8_t *frame = clip + (size_t)f * height * width;
    for (int i = ty * TILE + tx; i < SW * SW; i += TILE * TILE) {
      int gx = blockIdx.x * TILE + i % SW - R, gy = blockIdx.y * TILE + i / SW - R;
      gx = min(max(gx, 0), width - 1);
      gy = min(max(gy, 0), height - 1);
      smem[i / SW][i % SW] = frame[gy * width + gx];
    }
    __syncthreads();
    uint8_t m = 0;
    for (int dy = 0; dy <= 2 * R; ++dy)
      for (int dx = 0; dx <= 2 * R; ++dx)
        m = max(m, smem[ty + dy][tx + dx]);
    sum += m;
    __syncthreads();
  }
  if (x < width && y < height)
    out[y * width + x] = sum / frames;
}

// A 3x3 blur of fp16 frames, zero outside the image, 8x8 threads.
template <int BS>
__global__ void blurHalf(const __half *__restrict__ in, __half *__restrict__ out, int frames,
                         int h, int w) {
  __shared__ __half tile[BS + 2][BS + 2];
  const int tid = threadIdx.y * BS + threadIdx.x;
  float acc = 0.f;
  // CHECK-DAG: u8_halo_copy_loop.cu:[[@LINE+1]]:3: remark: pipelined loop with 2 stages: tile 'tile' 200 -> {{[0-9]+}} bytes; 2 copies of 2 bytes{{.*}}the copy loop unrolled completely (at most 2 trips) for the register lowering{{.*}}[sm_90, kernel 'void blurHalf<8>
  for (int f = 0; f < frames; ++f) {
    for (int i = tid; i < (BS + 2) * (BS + 2); i += BS * BS) {
      const int r = blockIdx.y * BS + i / (BS + 2) - 1, c = blockIdx.x * BS + i % (BS + 2) - 1;
      tile[i / (BS + 2)][i % (BS + 2)] =
          (r >= 0 && r < h && c >= 0 && c < w) ? in[((size_t)f * h + r) * w + c] : __float2half(0.f);
    }
    __syncthreads();
    float s = 0.f;
    for (int dy = 0; dy < 3; ++dy)
      for (int dx = 0; dx < 3; ++dx)
        s += __half2float(tile[threadIdx.y + dy][threadIdx.x + dx]);
    acc += s * (1.f / 9);
    __syncthreads();
  }
  const int r = blockIdx.y * BS + threadIdx.y, c = blockIdx.x * BS + threadIdx.x;
  if (r < h && c < w)
    out[r * w + c] = __float2half(acc / frames);
}

// Near miss: the same dilation stepping by the block's size.
__global__ void dilateClipBlock(const uint8_t *__restrict__ clip, float *__restrict__ out,
                                int frames, int height, int width) {
  __shared__ uint8_t smem[SW][SW];
  const int tx = threadIdx.x, ty = threadIdx.y;
  float sum = 0.f;
  // CHECK-DAG: u8_halo_copy_loop.cu:[[@LINE+1]]:3: remark: loop not pipelined: the copy stage is a loop, which only cp.async can issue, and a copy into tile 'smem' moves 1 bytes; cp.async copies 4, 8 or 16 bytes; nor is it unrolled for the register lowering: a loop of the copy stage may run 400 times, more than the 8 the register lowering unrolls a copy loop to [sm_90, kernel 'dilateClipBlock
  for (int f = 0; f < frames; ++f) {
    const uint8_t *frame = clip + (size_t)f * height * width;
    for (int i = ty * blockDim.x + tx; i < SW * SW; i += blockDim.x * blockDim.y) {
      int gx = blockIdx.x * TILE + i % SW - R, gy = blockIdx.y * TILE + i / SW - R;
      gx = min(max(gx, 0), width - 1);
      gy = min(max(gy, 0), height - 1);
      smem[i / SW][i % SW] = frame[gy * width + gx];
    }
    __syncthreads();
    sum += smem[ty + R][tx + R];
    __syncthreads();
  }
  out[(blockIdx.y * TILE + ty) * width + blockIdx.x * TILE + tx] = sum;
}

void filterClip(const uint8_t *clip, float *out, const __half *hin, __half *hout, int frames,
                int h, int w) {
  dim3 block(TILE, TILE), grid((w + TILE - 1) / TILE, (h + TILE - 1) / TILE);
  dilateClip<<<grid, block>>>(clip, out, frames, h, w);
  dilateClipBlock<<<grid, block>>>(clip, out, frames, h, w);
  blurHalf<8><<<dim3((w + 7) / 8, (h + 7) / 8), dim3(8, 8)>>>(hin, hout, frames, h, w);
}
