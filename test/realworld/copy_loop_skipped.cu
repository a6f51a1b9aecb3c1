// Copy loops whose copies are skipped on some iterations, as tutorials and
// naive kernels write them: `if (in bounds) tile[..] = A[..];` with no
// else, so the tile keeps the bytes of the last tile that copied them. The
// ring's slot would keep those of S tiles earlier; instead, after the wait
// of each iteration, a thread that skipped a copy moves its bytes from the
// slot before (a fix-up clone of the copy loop, before the kept barrier).
// It may: two threads write the same bytes only at the same value of the
// copy loop's counter, on which (and on values every thread shares) the
// skip decides; the tile holds nothing written when the loop starts.
// Near misses: a tile zeroed before the loop, a loop that runs again in an
// outer loop, a skip that depends on the thread beyond the counter, and a
// tile with a second copy whose guard is not the first's (a loop unrolled
// by hand), and a 64-bit column that only the skip's own guard bounds by the
// row's width (a thread that skips may hold a column past it, whose move
// would land in the next row). A copy loop clang unrolls by a runtime count is served:
// gpu/skipped_copies_unrolled.cu, realworld/copy_loop_skipped_unrolled.cu.
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S %s -o %t.ptx -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline -Rpass-analysis=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda -fplugin-arg-pipeline-profitability=off --cuda-gpu-arch=sm_80 -S -emit-llvm %s -o - | FileCheck %s --check-prefix=IR
// RUN: %if ptxas %{ %ptxas -arch=sm_80 %t.ptx -o /dev/null %}
#define BM 64
#define BN 64
#define BK 16
#define NT 256

// A 64 x 64 block tile of C = A * B, row-major, one thread per 4 x 4
// outputs; K, M and N need not be multiples of the tile.
__global__ void __launch_bounds__(NT) naiveGemm(int M, int N, int K, const float *__restrict__ A,
                                                const float *__restrict__ B,
                                                float *__restrict__ C) {
  __shared__ float As[BM][BK];
  __shared__ float Bs[BK][BN];
  const int tid = threadIdx.x, row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  const int tr = tid / 16 * 4, tc = tid % 16 * 4;
  float acc[4][4] = {};
  // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:3: remark: pipelined loop with {{[2-8]}} stages: tile 'As' 4096 -> {{[0-9]+}} bytes, tile 'Bs' 4096 -> {{[0-9]+}} bytes; 2 cp.async copies of 4 bytes; removed the second barrier; 2 copies skipped on some iterations keep the slot before's bytes there; cp.async [sm_80, kernel 'naiveGemm(
  for (int k0 = 0; k0 < K; k0 += BK) {
    for (int i = tid; i < BM * BK; i += NT) {
      const int r = i / BK, c = i % BK;
      if (row0 + r < M && k0 + c < K)
        As[r][c] = A[(size_t)(row0 + r) * K + k0 + c];
    }
    for (int i = tid; i < BK * BN; i += NT) {
      const int r = i / BN, c = i % BN;
      if (k0 + r < K && col0 + c < N)
        Bs[r][c] = B[(size_t)(k0 + r) * N + col0 + c];
    }
    __syncthreads();
    for (int kk = 0; kk < BK; ++kk)
      for (int y = 0; y < 4; ++y)
        for (int x = 0; x < 4; ++x)
          acc[y][x] += As[tr + y][kk] * Bs[kk][tc + x];
    __syncthreads();
  }
  for (int y = 0; y < 4; ++y)
    for (int x = 0; x < 4; ++x)
      if (row0 + tr + y < M && col0 + tc + x < N)
        C[(size_t)(row0 + tr + y) * N + col0 + tc + x] = acc[y][x];
}
// The fix-ups (their place in the steady state: rewrite/copy_loop_skipped.ll):
// an element of the slot before, stored into the current slot, for As and Bs.
// IR-LABEL: define {{.*}}void @_Z9naiveGemm
// IR: call void @llvm.nvvm.cp.async.wait.group(i32 1)
// IR: [[V:%[0-9]+]] = load i32, ptr addrspace(3)
// IR-NEXT: store i32 [[V]], ptr addrspace(3)
// IR: [[W:%[0-9]+]] = load i32, ptr addrspace(3)
// IR-NEXT: store i32 [[W]], ptr addrspace(3)
// IR-LABEL: define

// Near miss: the tile is zeroed before the loop (its skipped bytes hold
// zeros on the first tile, which the slot before does not).
__global__ void __launch_bounds__(NT) zeroedFirst(int ntiles, int W, const float *__restrict__ in,
                                                  float *__restrict__ out) {
  __shared__ float s[512];
  const int tid = threadIdx.x;
  s[tid] = 0.f;
  s[tid + 256] = 0.f;
  float acc = 0.f;
  // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 's' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'zeroedFirst(
  for (int t = 0; t < ntiles; ++t) {
    for (int i = tid; i < 512; i += NT)
      // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here the tile may hold written bytes when the loop starts (the loop can run again, or the tile is written before it), which a skipped copy would keep [sm_80, kernel 'zeroedFirst(
      if (t * 512 + i < W)
        s[i] = in[(size_t)blockIdx.x * W + t * 512 + i];
    __syncthreads();
    acc += s[(tid * 3) % 512];
    __syncthreads();
  }
  out[blockIdx.x * NT + tid] = acc;
}

// Near miss: the tile loop runs again for every band (an outer loop), and
// a band's first tile keeps what the last band left where it skips.
__global__ void __launch_bounds__(NT) bands(int nbands, int ntiles, int W, const float *__restrict__ in,
                                            float *__restrict__ out) {
  __shared__ float s[512];
  const int tid = threadIdx.x;
  float acc = 0.f;
  for (int b = 0; b < nbands; ++b) {
    // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:5: remark: loop not pipelined: a copy into tile 's' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'bands(
    for (int t = 0; t < ntiles; ++t) {
      for (int i = tid; i < 512; i += NT)
        // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here the tile may hold written bytes when the loop starts{{.*}}kernel 'bands(
        if (t * 512 + i < W)
          s[i] = in[((size_t)blockIdx.x * nbands + b) * W + t * 512 + i];
      __syncthreads();
      acc += s[(tid * 3) % 512];
      __syncthreads();
    }
  }
  out[blockIdx.x * NT + tid] = acc;
}

// Near miss: odd and even threads take turns, whatever the element: the
// skip depends on the thread beyond the copy loop's counter.
__global__ void __launch_bounds__(NT) turns(int ntiles, const float *__restrict__ in,
                                            float *__restrict__ out) {
  __shared__ float s[512];
  const int tid = threadIdx.x;
  float acc = 0.f;
  // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 's' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'turns(
  for (int t = 0; t < ntiles; ++t) {
    for (int i = tid; i < 512; i += NT)
      // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here a branch of the copy loop depends on the thread through more than the loop's counter{{.*}}kernel 'turns(
      if (((tid ^ t) & 1) == 0)
        s[i] = in[((size_t)blockIdx.x * ntiles + t) * 512 + i];
    __syncthreads();
    acc += s[(tid * 3) % 512];
    __syncthreads();
  }
  out[blockIdx.x * NT + tid] = acc;
}

// Near miss: a copy loop unrolled by hand, two copies into the tile. Each
// guard is a function of its copy's index, but as LLVM writes them not the
// same one (LLVM 19: the second reads the counter where its index adds
// 512; LLVM 22: the second destination adds 2048 bytes after the index),
// so the rule that threads writing the same bytes decide alike is not
// proven.
__global__ void __launch_bounds__(NT) unrolledByHand(int ntiles, int W, const float *__restrict__ in,
                                                     float *__restrict__ out) {
  __shared__ float s[1024];
  const int tid = threadIdx.x;
  float acc = 0.f;
  // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:3: remark: loop not pipelined: a copy into tile 's' in a loop of the copy stage runs under a condition that changes from iteration to iteration{{.*}}kernel 'unrolledByHand(
  for (int t = 0; t < ntiles; ++t) {
    for (int i = tid; i < 512; i += NT) {
      // CHECK: copy_loop_skipped.cu:[[@LINE+1]]:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here {{a guard of a copy is not the same function of the copy's indices as the other copies' guards|two threads might write the same bytes through different indices of the tile's copies}}{{.*}}kernel 'unrolledByHand(
      if (t * 1024 + i < W)
        s[i] = in[(size_t)blockIdx.x * W + t * 1024 + i];
      if (t * 1024 + 512 + i < W)
        s[512 + i] = in[(size_t)blockIdx.x * W + t * 1024 + 512 + i];
    }
    __syncthreads();
    acc += s[(tid * 3) % 1024];
    __syncthreads();
  }
  out[blockIdx.x * NT + tid] = acc;
}

// CHECK-DAG: copy_loop_skipped.cu:{{[0-9]+}}:{{[0-9]+}}: remark: loop not pipelined: a slot can take a skipped copy's bytes from the slot before only where the skip is safe to repeat, and here two threads might write the same bytes{{.*}}guardedColumn
__global__ void guardedColumn(const float *__restrict__ x, float *out, long n) {
  __shared__ float s[16][32];
  float acc = 0.0f;
  const long c = threadIdx.x;
  for (long t = 0; t < n; t += 32) {
    const long len = min(32L, n - t);
#pragma unroll 1
    for (int r = threadIdx.y; r < 16; r += 8)
      if (c < len)
        s[r][c] = x[(t + c) * 16 + r];
    __syncthreads();
    for (long j = 0; j < len; ++j)
      acc += s[threadIdx.y][j];
    __syncthreads();
  }
  out[threadIdx.y * blockDim.x + c] = acc;
}
