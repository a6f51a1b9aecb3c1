// A tile used outside its loop by something other than a load or a store.
// An atomic after the loop for good is a read of what the loop left and a
// store after it: the ring ends on slot 0 (docs/design.md, "The last tile in
// slot 0"). An atomic in a loop around the tile loop, which runs before the
// next entry too, gets no ring, with what it is: in place, or with
// in-place=off declined, its IR as it was.
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S %s -o /dev/null -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-verify -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.ll -fplugin-arg-pipeline-profitability=off -fplugin-arg-pipeline-in-place=off -Rpass-missed=cuda-pipeline 2>&1 | FileCheck %s --check-prefix=OFF
// RUN: %clang_cuda --cuda-gpu-arch=sm_90 -S -emit-llvm %s -o %t.plain.ll -fplugin-arg-pipeline-disable
// RUN: sed -n '/define .*atomicBetween/,/^}/p' %t.ll | grep -v '^ *call void @llvm.dbg\|!dbg\|^$' > %t.a
// RUN: sed -n '/define .*atomicBetween/,/^}/p' %t.plain.ll | grep -v '^ *call void @llvm.dbg\|!dbg\|^$' > %t.b
// RUN: diff %t.a %t.b
// CHECK-DAG: remark: pipelined loop with 3 stages: tile 's' 1024 -> 3072 bytes;{{.*}}the last iteration fills slot 0 of the ring, the bytes of tile 's', which is read after the loop;{{.*}}kernel 'atomicAfter
// CHECK-DAG: remark: pipelined loop in place {{.*}}no ring: tile 's' is also used outside the loop: updated by an atomic there, which reads what the loop left in the tile{{.*}}kernel 'atomicBetween
// OFF: remark: loop not pipelined: tile 's' is also used outside the loop: updated by an atomic there, which reads what the loop left in the tile{{.*}}kernel 'atomicBetween

__global__ void __launch_bounds__(256) atomicAfter(int ntiles, const unsigned *__restrict__ x,
                                                   unsigned *__restrict__ out) {
  __shared__ unsigned s[256];
  unsigned acc = 0;
  for (int t = 0; t < ntiles; ++t) {
    s[threadIdx.x] = x[((size_t)blockIdx.x * ntiles + t) * 256 + threadIdx.x];
    __syncthreads();
    acc += s[255 - threadIdx.x];
    __syncthreads();
  }
  atomicAdd(&s[threadIdx.x % 16], acc);
  __syncthreads();
  if (threadIdx.x < 16)
    out[blockIdx.x * 16 + threadIdx.x] = s[threadIdx.x];
}

__global__ void __launch_bounds__(256) atomicBetween(int rows, int ntiles,
                                                     const unsigned *__restrict__ x,
                                                     unsigned *__restrict__ out) {
  __shared__ unsigned s[256];
  for (int r = 0; r < rows; ++r) {
    unsigned acc = 0;
    for (int t = 0; t < ntiles; ++t) {
      s[threadIdx.x] = x[(((size_t)blockIdx.x * rows + r) * ntiles + t) * 256 + threadIdx.x];
      __syncthreads();
      acc += s[255 - threadIdx.x];
      __syncthreads();
    }
    if (threadIdx.x == 0)
      out[blockIdx.x * rows + r] = s[0];
    atomicAdd(&s[threadIdx.x % 16], acc);
    __syncthreads();
  }
}
