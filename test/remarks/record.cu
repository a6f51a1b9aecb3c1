// Optimization records. A device-only compile writes the remarks to the
// record with their source locations. In a full host+device compile clang
// gives both jobs the same record file, and the host job's overwrites the
// device's; -Xarch_device -foptimization-record-file=NAME gives the device
// job its own (docs/remarks.md).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clang_cuda --cuda-gpu-arch=sm_80 -S %s -o %t/dev.s -fsave-optimization-record -foptimization-record-file=%t/dev.yaml
// RUN: sed -e :a -e '$!N;s/, *\n *Column/, Column/;ta' -e 'P;D' %t/dev.yaml | FileCheck %s
// CHECK: --- !Passed
// CHECK-NEXT: Pass: inline
// CHECK: Pass: cuda-pipeline
// CHECK-NEXT: Name: Pipelined
// CHECK-NEXT: DebugLoc: { File: '{{.*}}record.cu', Line: [[@LINE+49]], Column: 3 }
// CHECK-NEXT: Function: _Z3rowiPKfPf
// CHECK-NEXT: Args:
// The message is text and fields (ore::NV): the fields are Args of their own.
// CHECK-NEXT: - String: 'pipelined loop with '
// CHECK-NEXT: - Stages: '3'
// CHECK-NEXT: - String: ' stages:'
// CHECK-NEXT: - String: ' tile '''
// CHECK-NEXT: - Tile: tile
// CHECK-NEXT: - String: ''' '
// CHECK-NEXT: - Bytes: '4224'
// CHECK-NEXT: - String: ' -> '
// CHECK-NEXT: - RingBytes: '12672'
// CHECK-NEXT: - String: ' bytes'
// CHECK-NEXT: - String: '; '
// CHECK-NEXT: - Copies: '1'
// CHECK-NEXT: - String: ' '
// CHECK-NEXT: - Lowering: cp.async
// CHECK-NEXT: - String: ' copy of '
// CHECK-NEXT: - CopyBytes: '4'
// CHECK-NEXT: - String: ' bytes; removed the second barrier'
//
// RUN: cd %t && %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 -O3 -c %s -o %t/full.o -fplugin=%plugin -fsave-optimization-record -Xarch_device -foptimization-record-file=%t/full.device.yaml
// RUN: FileCheck %s --check-prefix=FULL < %t/full.device.yaml
// RUN: FileCheck %s --check-prefix=HOST < %t/full.opt.yaml
// FULL: Pass: cuda-pipeline
// FULL-NEXT: Name: Pipelined
// HOST-NOT: cuda-pipeline
// Several architectures: -Xarch_sm_NN gives each device job its own record
// (the remarks also carry Arch and Kernel fields).
// RUN: cd %t && %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 --cuda-gpu-arch=sm_90 -O3 -c %s -o %t/multi.o -fplugin=%plugin -fplugin-arg-pipeline-profitability=off -fsave-optimization-record -Xarch_sm_80 -foptimization-record-file=%t/multi.sm_80.yaml -Xarch_sm_90 -foptimization-record-file=%t/multi.sm_90.yaml
// RUN: FileCheck %s --check-prefix=ARCH80 < %t/multi.sm_80.yaml
// RUN: FileCheck %s --check-prefix=ARCH90 < %t/multi.sm_90.yaml
// ARCH80: Name: Pipelined
// ARCH80: - String: ' ['
// ARCH80-NEXT: - Arch: sm_80
// ARCH80-NEXT: - String: ', '
// ARCH80-NEXT: - String: 'kernel '''
// ARCH80-NEXT: - Kernel: 'row(int, float const*, float*)'
// ARCH90: Name: Pipelined
// ARCH90: - Arch: sm_90
// Without the flag the device record is lost, which is why it is needed:
// RUN: cd %t && %clang_host -x cuda --cuda-path=%cuda_path -isystem %cuda_shim --cuda-gpu-arch=sm_80 -O3 -c %s -o %t/lost.o -fplugin=%plugin -fsave-optimization-record
// RUN: FileCheck %s --check-prefix=HOST < %t/lost.opt.yaml

#define T 32
__global__ void row(int n, const float *__restrict__ a, float *__restrict__ out) {
  __shared__ float tile[T][T + 1];
  float acc = 0.0f;
  for (int t = 0; t < n; ++t) {
    tile[threadIdx.y][threadIdx.x] = a[(t * T + threadIdx.y) * T + threadIdx.x];
    __syncthreads();
    for (int k = 0; k < T; ++k)
      acc += tile[threadIdx.y][k];
    __syncthreads();
  }
  out[threadIdx.y * T + threadIdx.x] = acc;
}
