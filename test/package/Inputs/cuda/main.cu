// The program that links the kernels (test/package/Inputs/cuda): CMake's
// CUDA rules link it with the static CUDA runtime of the CUDA root.
#include <cuda_runtime.h>
#include <cstdio>
int main() {
  std::printf("%s\n", cudaGetErrorName(cudaSuccess));
  return 0;
}
