// What the GPU tests share: a hash of the bytes of an output, random inputs
// that keep every sum exact, a launch on such inputs that prints its
// output's hash, and the bench's timing of a launch (CUDA events, 3 warm-up
// launches, the median of 21).
#ifndef GPU_HARNESS_CUH
#define GPU_HARNESS_CUH

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <vector>

/* FNV-1a of `n` bytes at `p`, continuing from `h`. */
inline uint64_t fnv(const void *p, size_t n, uint64_t h = 1469598103934665603ull) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

/* `n` multiples of 1/8 in [-1, 1] from `seed`: exact in float, and so are
 * the sums and products of the tests' sizes. */
inline std::vector<float> random_floats(size_t n, unsigned seed) {
  std::vector<float> v(n);
  srand(seed);
  for (auto &x : v)
    x = (float)(rand() % 17 - 8) / 8.0f;
  return v;
}

/* Fills `in_bytes` bytes of device memory with random small integers (4
 * bytes each, as floats of multiples of 1/8 where `isfloat`, so sums are
 * exact) drawn from `seed`, `ntiles` and the size, runs `launch(in, out)`
 * on them with `out_bytes` of zeroed output, and prints `name`, `ntiles`,
 * the launch's error and the output's hash: a line that every build of a
 * test must print alike. */
template <typename Launch>
void run_hashed(const char *name, size_t in_bytes, size_t out_bytes, int isfloat, int ntiles,
                unsigned seed, Launch launch) {
  std::vector<unsigned char> hi(in_bytes), ho(out_bytes);
  srand(seed * 6007 + ntiles * 13 + (unsigned)in_bytes);
  for (size_t i = 0; i < in_bytes / 4; ++i) {
    int v = rand() % 64 - 32;
    float f = (float)v / 8.0f;
    memcpy(&hi[4 * i], isfloat ? (void *)&f : (void *)&v, 4);
  }
  void *din, *dout;
  cudaMalloc(&din, in_bytes);
  cudaMalloc(&dout, out_bytes);
  cudaMemcpy(din, hi.data(), in_bytes, cudaMemcpyHostToDevice);
  cudaMemset(dout, 0, out_bytes);
  launch(din, dout);
  cudaError_t e = cudaDeviceSynchronize();
  cudaMemcpy(ho.data(), dout, out_bytes, cudaMemcpyDeviceToHost);
  printf("%s ntiles=%d err=%d hash=%016llx\n", name, ntiles, (int)e,
         (unsigned long long)fnv(ho.data(), out_bytes));
  cudaFree(din);
  cudaFree(dout);
}

/* The median of 21 runs of `launch` after 3 warm-up ones, in ms. */
template <class F> float median_ms(F launch) {
  cudaEvent_t t0, t1;
  cudaEventCreate(&t0), cudaEventCreate(&t1);
  std::vector<float> ms;
  for (int r = 0; r < 24; ++r) {
    cudaEventRecord(t0);
    launch();
    cudaEventRecord(t1);
    cudaEventSynchronize(t1);
    float t;
    cudaEventElapsedTime(&t, t0, t1);
    if (r >= 3)
      ms.push_back(t);
  }
  std::sort(ms.begin(), ms.end());
  cudaEventDestroy(t0), cudaEventDestroy(t1);
  return ms[ms.size() / 2];
}

#endif
