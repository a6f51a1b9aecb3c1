// What the GPU tests share: a hash of the bytes of an output, random inputs
// that keep every sum exact, and the bench's timing of a launch (CUDA
// events, 3 warm-up launches, the median of 21).
#ifndef GPU_HARNESS_CUH
#define GPU_HARNESS_CUH

#include <algorithm>
#include <cstdint>
#include <cstdlib>
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
