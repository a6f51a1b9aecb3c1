// Is a rolled register ring with several loads in flight (registers
// rotated each iteration) as fast as the unrolled one, under a ptxas that
// keeps tile loops rolled? The bench's stream kernel written four ways by
// hand; built with the device's nvcc (CUDA 13), timed with CUDA events
// (3 warm-up launches, then REPS rounds over every variant in turn; medians).
//   nvcc -O3 -arch=sm_90 rotate.cu -o rotate && ./rotate
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <vector>

#define T 256
__device__ __forceinline__ float at(const float *in, size_t i, int n) {
  return i < (size_t)n ? in[i] : 0.0f;
}

__global__ void __launch_bounds__(T) plain(int n, int tpb, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[T];
  const size_t start = (size_t)blockIdx.x * tpb * T;
  float acc = 0.0f;
  for (int t = 0; t < tpb; ++t) {
    tile[threadIdx.x] = at(in, start + (size_t)t * T + threadIdx.x, n);
    __syncthreads();
    acc += tile[threadIdx.x] + 0.5f * tile[(threadIdx.x + 1) % T];
    __syncthreads();
  }
  out[(size_t)blockIdx.x * T + threadIdx.x] = acc;
}

// Two slots, D loads in flight in registers r[0..D-1] (r[0] is the next
// iteration's), rotated each iteration; the loop stays rolled.
template <int D>
__global__ void __launch_bounds__(T) rotated(int n, int tpb, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[2][T];
  const size_t start = (size_t)blockIdx.x * tpb * T;
  float acc = 0.0f;
  if (tpb <= 0) { out[(size_t)blockIdx.x * T + threadIdx.x] = 0.0f; return; }
  tile[0][threadIdx.x] = at(in, start + threadIdx.x, n);
  float r[D];
#pragma unroll
  for (int d = 0; d < D; ++d)
    r[d] = 1 + d < tpb ? at(in, start + (size_t)(1 + d) * T + threadIdx.x, n) : 0.0f;
#pragma unroll 1
  for (int t = 0; t < tpb; ++t) {
    __syncthreads();
    const float *s = tile[t & 1];
    acc += s[threadIdx.x] + 0.5f * s[(threadIdx.x + 1) % T];
    tile[(t + 1) & 1][threadIdx.x] = r[0];
#pragma unroll
    for (int d = 0; d + 1 < D; ++d)
      r[d] = r[d + 1];
    r[D - 1] = t + 1 + D < tpb ? at(in, start + (size_t)(t + 1 + D) * T + threadIdx.x, n) : 0.0f;
  }
  out[(size_t)blockIdx.x * T + threadIdx.x] = acc;
}

// Two slots, one load in flight, the steady state unrolled U times by hand
// with the U loads issued together at the top (what the rewrite emits).
template <int U>
__global__ void __launch_bounds__(T) unrolled(int n, int tpb, const float *__restrict__ in, float *__restrict__ out) {
  __shared__ float tile[2][T];
  const size_t start = (size_t)blockIdx.x * tpb * T;
  float acc = 0.0f;
  if (tpb <= 0) { out[(size_t)blockIdx.x * T + threadIdx.x] = 0.0f; return; }
  tile[0][threadIdx.x] = at(in, start + threadIdx.x, n);
  int t = 0;
#pragma unroll 1
  for (; t + U <= tpb; t += U) {
    float r[U];
#pragma unroll
    for (int u = 0; u < U; ++u)
      r[u] = t + u + 1 < tpb ? at(in, start + (size_t)(t + u + 1) * T + threadIdx.x, n) : 0.0f;
#pragma unroll
    for (int u = 0; u < U; ++u) {
      __syncthreads();
      const float *s = tile[u & 1];
      acc += s[threadIdx.x] + 0.5f * s[(threadIdx.x + 1) % T];
      tile[(u + 1) & 1][threadIdx.x] = r[u];
    }
  }
#pragma unroll 1
  for (; t < tpb; ++t) {
    float r = t + 1 < tpb ? at(in, start + (size_t)(t + 1) * T + threadIdx.x, n) : 0.0f;
    __syncthreads();
    const float *s = tile[t & 1];
    acc += s[threadIdx.x] + 0.5f * s[(threadIdx.x + 1) % T];
    tile[(t + 1) & 1][threadIdx.x] = r;
  }
  out[(size_t)blockIdx.x * T + threadIdx.x] = acc;
}

typedef void (*K)(int, int, const float *, float *);
int main() {
  const int reps = 15, blocks = 32768, tpb = 64;
  const int n = blocks * tpb * T - 100; // a ragged last tile
  struct V { const char *name; K k; } vs[] = {
      {"plain", plain},           {"plain#2", plain},        {"rotated2", rotated<2>},
      {"rotated4", rotated<4>},   {"rotated8", rotated<8>},  {"unrolled4", unrolled<4>},
      {"unrolled8", unrolled<8>}, {"rotated1", rotated<1>}};
  const int nv = sizeof vs / sizeof vs[0];
  float *in, *out;
  cudaMalloc(&in, (size_t)blocks * tpb * T * 4);
  cudaMalloc(&out, (size_t)blocks * T * 4 * nv);
  std::vector<float> h((size_t)blocks * tpb * T);
  unsigned s = 12345;
  for (auto &x : h) { s = s * 1664525u + 1013904223u; x = (float)(s >> 8) / (1 << 24); }
  cudaMemcpy(in, h.data(), h.size() * 4, cudaMemcpyHostToDevice);
  // bitwise check at several trip counts, against plain
  int bad = 0;
  for (int tp : {0, 1, 2, 3, 4, 5, 7, 8, 9, 17, 64}) {
    int nn = blocks / 64 * tp * T - 37;
    std::vector<float> ref(blocks / 64 * T), got(ref.size());
    for (int v = 0; v < nv; ++v) {
      cudaMemset(out, 0xff, ref.size() * 4);
      vs[v].k<<<blocks / 64, T>>>(nn, tp, in, out);
      cudaMemcpy(v ? got.data() : ref.data(), out, ref.size() * 4, cudaMemcpyDeviceToHost);
      if (v && memcmp(got.data(), ref.data(), ref.size() * 4)) { printf("DIFF %s tiles=%d\n", vs[v].name, tp); ++bad; }
    }
  }
  printf("check: %d differences\n", bad);
  cudaEvent_t a, b;
  cudaEventCreate(&a); cudaEventCreate(&b);
  std::vector<std::vector<float>> ms(nv);
  for (int v = 0; v < nv; ++v) for (int w = 0; w < 3; ++w) vs[v].k<<<blocks, T>>>(n, tpb, in, out);
  for (int r = 0; r < reps; ++r)
    for (int v = 0; v < nv; ++v) {
      cudaEventRecord(a);
      vs[v].k<<<blocks, T>>>(n, tpb, in, out + (size_t)v * blocks * T);
      cudaEventRecord(b);
      cudaEventSynchronize(b);
      float m; cudaEventElapsedTime(&m, a, b); ms[v].push_back(m);
    }
  float base = 0;
  for (int v = 0; v < nv; ++v) {
    std::sort(ms[v].begin(), ms[v].end());
    float med = ms[v][reps / 2];
    if (!v) base = med;
    printf("%-10s %.4f ms  %.3fx plain\n", vs[v].name, med, base / med);
  }
  return cudaGetLastError() != cudaSuccess;
}
