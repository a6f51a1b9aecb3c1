// Helpers shared by the example programs: error checks, fresh random data,
// a hash of the output bytes. Host code only.
#ifndef EXAMPLES_COMMON_H
#define EXAMPLES_COMMON_H

#include <cuda_runtime.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                      \
  do {                                                                                   \
    cudaError_t err_ = (call);                                                           \
    if (err_ != cudaSuccess) {                                                           \
      fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #call,               \
              cudaGetErrorString(err_));                                                 \
      exit(1);                                                                           \
    }                                                                                    \
  } while (0)

#define CHECK_LAUNCH()                                                                   \
  do {                                                                                   \
    CHECK(cudaGetLastError());                                                           \
    CHECK(cudaDeviceSynchronize());                                                      \
  } while (0)

// xorshift64*: uniform floats in [-1, 1).
static inline float rand_unit(uint64_t *s) {
  *s ^= *s >> 12;
  *s ^= *s << 25;
  *s ^= *s >> 27;
  uint64_t x = *s * 0x2545F4914F6CDD1Dull;
  return (float)((x >> 40) * (1.0 / 8388608.0)) - 1.0f;
}

// FNV-1a over bytes.
static inline uint64_t hash_bytes(const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  uint64_t h = 1469598103934665603ull;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}

#endif
