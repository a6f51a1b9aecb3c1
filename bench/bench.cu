// The libpipeline benchmark and differential checker. Host code; the kernels
// come from variant.cu, compiled once per variant.
//
//   bench check [seed]          bitwise: every variant against plain, many sizes
//   bench time [csv] [reps]     CUDA-event medians at 4096^3, all variants in one run
//   bench run KERNEL VARIANT SIZE   one launch (for compute-sanitizer)
//
// `check` ends with "N passed, N failed". Inputs are fresh random numbers
// (never zeros); outputs are filled with NaN before every launch.
#include "../examples/common.h"
#include "launchers.h"

#include <algorithm>
#include <string>
#include <time.h>
#include <vector>

typedef void (*sgemm_fn)(int, const float *, const float *, float *);
typedef void (*wmma_fn)(int, int, int, const half *, const half *, float *);

struct Variant {
  const char *name;
  sgemm_fn sgemm;
  wmma_fn wmma;
};
#define PL_ENTRY(v) {#v, sgemm_##v, wmma_##v},
static const Variant variants[] = {PL_VARIANTS(PL_ENTRY)};
#undef PL_ENTRY
static const int nvariants = sizeof variants / sizeof *variants;

struct Buffers {
  void *a = nullptr, *b = nullptr, *c = nullptr;
  size_t na = 0, nb = 0, nc = 0; // bytes
  void alloc(size_t a_, size_t b_, size_t c_) {
    na = a_, nb = b_, nc = c_;
    CHECK(cudaMalloc(&a, na));
    CHECK(cudaMalloc(&b, nb));
    CHECK(cudaMalloc(&c, nc));
  }
  void release() {
    CHECK(cudaFree(a));
    CHECK(cudaFree(b));
    CHECK(cudaFree(c));
  }
};

// Fresh random inputs: floats for sgemm, halves for wmma.
static void fill_inputs(Buffers &buf, bool halves, uint64_t seed) {
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 12345;
  for (int which = 0; which < 2; ++which) {
    size_t bytes = which ? buf.nb : buf.na;
    std::vector<unsigned char> host(bytes);
    if (halves) {
      half *h = (half *)host.data();
      for (size_t i = 0; i < bytes / sizeof(half); ++i)
        h[i] = __float2half(rand_unit(&s));
    } else {
      float *f = (float *)host.data();
      for (size_t i = 0; i < bytes / sizeof(float); ++i)
        f[i] = rand_unit(&s);
    }
    CHECK(cudaMemcpy(which ? buf.b : buf.a, host.data(), bytes, cudaMemcpyHostToDevice));
  }
}

static void launch(const Variant &v, bool wmma, int m, int n, int k, Buffers &buf) {
  if (wmma)
    v.wmma(m, n, k, (const half *)buf.a, (const half *)buf.b, (float *)buf.c);
  else
    v.sgemm(n, (const float *)buf.a, (const float *)buf.b, (float *)buf.c);
}

static std::vector<unsigned char> run_once(const Variant &v, bool wmma, int m, int n, int k,
                                           Buffers &buf) {
  CHECK(cudaMemset(buf.c, 0xff, buf.nc)); // NaN
  launch(v, wmma, m, n, k, buf);
  CHECK_LAUNCH();
  std::vector<unsigned char> out(buf.nc);
  CHECK(cudaMemcpy(out.data(), buf.c, buf.nc, cudaMemcpyDeviceToHost));
  return out;
}

static int count_nan(const std::vector<unsigned char> &out) {
  const float *f = (const float *)out.data();
  int bad = 0;
  for (size_t i = 0; i < out.size() / sizeof(float); ++i)
    bad += f[i] != f[i];
  return bad;
}

static int check(uint64_t seed) {
  struct Case {
    bool wmma;
    int m, n, k;
  };
  std::vector<Case> cases;
  // sgemm: trip count N/32 = 1, 2, 3, 4, 5 (S-1, S, S+1 for S = 2, 3, 4), then larger.
  for (int n : {32, 64, 96, 128, 160, 256, 1024})
    cases.push_back({false, n, n, n});
  // wmma: trip count K/32 = 1 .. 5, 16, 128.
  for (int k : {32, 64, 96, 128, 160, 512})
    cases.push_back({true, 256, 256, k});
  cases.push_back({true, 128, 384, 4096});
  cases.push_back({true, 1024, 1024, 1024});
  int passed = 0, failed = 0;
  for (size_t ci = 0; ci < cases.size(); ++ci) {
    const Case &c = cases[ci];
    Buffers buf;
    size_t es = c.wmma ? sizeof(half) : sizeof(float);
    buf.alloc((size_t)c.m * c.k * es, (size_t)c.k * c.n * es, (size_t)c.m * c.n * sizeof(float));
    uint64_t case_seed = seed + ci;
    fill_inputs(buf, c.wmma, case_seed);
    std::vector<unsigned char> ref = run_once(variants[0], c.wmma, c.m, c.n, c.k, buf);
    int ref_nan = count_nan(ref);
    for (int vi = 1; vi < nvariants; ++vi) {
      std::vector<unsigned char> out = run_once(variants[vi], c.wmma, c.m, c.n, c.k, buf);
      bool same = out == ref && ref_nan == 0;
      printf("%s %-5s M=%-5d N=%-5d K=%-5d seed=%-12llu %-6s vs plain: %s\n",
             same ? "PASS" : "FAIL", c.wmma ? "wmma" : "sgemm", c.m, c.n, c.k,
             (unsigned long long)case_seed, variants[vi].name,
             same ? "bitwise identical" : (ref_nan ? "plain left NaN" : "DIFFERENT"));
      same ? ++passed : ++failed;
    }
    buf.release();
  }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

static double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int time_all(const char *csv, int reps) {
  FILE *out = csv ? fopen(csv, "w") : nullptr;
  if (csv && !out) {
    perror(csv);
    return 1;
  }
  if (out)
    fprintf(out, "kernel,variant,size,median_ms,tflops,speedup_vs_plain\n");
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, %d SMs\n", prop.name, prop.multiProcessorCount);
  // The plain build is timed twice ("plain" and "plain#2") to show the spread.
  std::vector<int> order = {0};
  for (int vi = 0; vi < nvariants; ++vi)
    order.push_back(vi);
  for (int w = 0; w < 2; ++w) {
    bool wmma = w == 1;
    const int n = 4096;
    Buffers buf;
    size_t es = wmma ? sizeof(half) : sizeof(float);
    buf.alloc((size_t)n * n * es, (size_t)n * n * es, (size_t)n * n * sizeof(float));
    fill_inputs(buf, wmma, 42 + w);
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    std::vector<std::vector<float>> ms(order.size());
    for (size_t i = 0; i < order.size(); ++i) // warm-up
      for (int r = 0; r < 3; ++r)
        launch(variants[order[i]], wmma, n, n, n, buf);
    CHECK_LAUNCH();
    for (int r = 0; r < reps; ++r)
      for (size_t j = 0; j < order.size(); ++j) {
        size_t i = (j + r) % order.size(); // rotate the order every round
        CHECK(cudaEventRecord(e0));
        launch(variants[order[i]], wmma, n, n, n, buf);
        CHECK(cudaEventRecord(e1));
        CHECK(cudaEventSynchronize(e1));
        CHECK(cudaGetLastError());
        float t;
        CHECK(cudaEventElapsedTime(&t, e0, e1));
        ms[i].push_back(t);
      }
    double plain = median(ms[0]);
    printf("\n%-6s %-8s %10s %9s %9s\n", wmma ? "wmma" : "sgemm", "variant", "median ms",
           "TFLOP/s", "vs plain");
    for (size_t i = 0; i < order.size(); ++i) {
      double m = median(ms[i]);
      double tflops = 2.0 * n * n * (double)n / (m * 1e-3) / 1e12;
      std::string name = variants[order[i]].name;
      if (i == 1)
        name += "#2";
      printf("%-6s %-8s %10.3f %9.2f %8.3fx\n", "", name.c_str(), m, tflops, plain / m);
      if (out)
        fprintf(out, "%s,%s,%d,%.4f,%.3f,%.4f\n", wmma ? "wmma" : "sgemm", name.c_str(), n, m,
                tflops, plain / m);
    }
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(e1));
    buf.release();
  }
  if (out)
    fclose(out);
  return 0;
}

static int run_one(const char *kernel, const char *variant, int size) {
  bool wmma = std::string(kernel) == "wmma";
  for (int vi = 0; vi < nvariants; ++vi)
    if (std::string(variant) == variants[vi].name) {
      Buffers buf;
      size_t es = wmma ? sizeof(half) : sizeof(float);
      int m = wmma ? 256 : size, n = wmma ? 256 : size;
      buf.alloc((size_t)m * size * es, (size_t)size * n * es, (size_t)m * n * sizeof(float));
      fill_inputs(buf, wmma, 7);
      std::vector<unsigned char> outv = run_once(variants[vi], wmma, m, n, size, buf);
      printf("%s %s %d: %d NaN\n", kernel, variant, size, count_nan(outv));
      buf.release();
      return 0;
    }
  fprintf(stderr, "unknown variant %s\n", variant);
  return 2;
}

int main(int argc, char **argv) {
  std::string mode = argc > 1 ? argv[1] : "check";
  if (mode == "check")
    return check(argc > 2 ? strtoull(argv[2], NULL, 10) : (uint64_t)time(NULL));
  if (mode == "time")
    return time_all(argc > 2 ? argv[2] : nullptr, argc > 3 ? atoi(argv[3]) : 30);
  if (mode == "run" && argc == 5)
    return run_one(argv[2], argv[3], atoi(argv[4]));
  fprintf(stderr, "usage: bench check [seed] | time [csv] [reps] | run KERNEL VARIANT SIZE\n");
  return 2;
}
