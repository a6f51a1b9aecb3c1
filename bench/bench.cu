// The libpipeline benchmark and differential checker. Host code; the
// kernels come from variant.cu, compiled once per variant (launchers.h).
// The problems (struct Problem) run the launchers of kernels.def, each
// with its check, small and timed sizes, buffers, launch, library
// reference and work; the kernels of one shape (fp32 and fp16 GEMMs, the
// matrixMul family, channel convolutions, streams, batched GEMMs) get
// theirs from one function per shape.
//
//   bench check [seed]                  every variant against plain (sm75 against
//                                       sm75p), bitwise,
//                                       at trip counts (0,) 1..5 and larger
//   bench time [csv] [reps] [only]      CUDA-event medians, every variant of
//                                       every kernel (or kernel `only`) in one run
//   bench run KERNEL VARIANT            one small launch (for compute-sanitizer)
//   bench list                          kernels and variants
//
// Variants nvcc_plain and nvcc_hand (the same sources built by nvcc, from
// libbench-nvcc.so) join when that library is there: timed like the others,
// and in `check` told as INFO lines, not counted (another compiler).
//
// `check` ends with "N passed, N failed". Inputs are fresh random numbers,
// never zeros; outputs are filled with NaN before every launch. The library
// reference (cuBLAS, for the GEMMs) is loaded with dlopen where the machine
// has it; it is timed, not compared bitwise.
#include "../examples/common.h"
#include "launchers.h"

#include <algorithm>
#include <dlfcn.h>
#include <functional>
#include <random>
#include <string>
#include <time.h>
#include <unistd.h>
#include <vector>

// ---- variants ---------------------------------------------------------------

#define PL_ENTRY(v) PL_VARIANT_INIT(v),
static const Variant clang_variants[] = {PL_VARIANTS(PL_ENTRY)};
#undef PL_ENTRY

// The nvcc builds (utils/gpu-run.sh, step nvcc): a shared library built by
// the GPU machine's nvcc from the same variant.cu, with one table per
// variant (PL_EXPORT). Loaded with dlopen when it exists, from
// $PL_BENCH_NVCC_LIB or beside this binary; its kernels run through its
// own (static) CUDA runtime in the same primary context, on the same legacy
// default stream, so the same events time them.
static std::vector<Variant> variants;
static int nvariants = 0;
static void load_variants() {
  variants.assign(clang_variants, clang_variants + sizeof clang_variants / sizeof *clang_variants);
  nvariants = (int)variants.size();
  std::string lib;
  if (const char *e = getenv("PL_BENCH_NVCC_LIB")) {
    lib = e;
  } else {
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
      self[n] = 0;
      lib = std::string(self);
      lib = lib.substr(0, lib.rfind('/') + 1) + "libbench-nvcc.so";
    }
  }
  void *h = lib.empty() ? nullptr : dlopen(lib.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (!h)
    return;
  for (const char *sym : {"pl_variant_nvcc_plain", "pl_variant_nvcc_hand"})
    if (const Variant *v = (const Variant *)dlsym(h, sym))
      variants.push_back(*v);
  nvariants = (int)variants.size();
  fprintf(stderr, "nvcc variants loaded from %s\n", lib.c_str());
}
static bool is_nvcc(const Variant &v) { return std::string(v.name).rfind("nvcc_", 0) == 0; }
static int variant_index(const char *name) {
  for (int i = 0; i < nvariants; ++i)
    if (std::string(name) == variants[i].name)
      return i;
  return -1;
}

// ---- cuBLAS through dlopen (the GPU machine's CUDA 13) -----------------------

struct Cublas {
  void *handle = nullptr;
  int (*sgemm)(void *, int, int, int, int, int, const float *, const float *, int,
               const float *, int, const float *, float *, int) = nullptr;
  int (*gemmEx)(void *, int, int, int, int, int, const void *, const void *, int, int,
                const void *, int, int, const void *, void *, int, int, int, int) = nullptr;
  int (*sgemmBatched)(void *, int, int, int, int, int, const float *, const float *, int,
                      long long, const float *, int, long long, const float *, float *, int,
                      long long, int) = nullptr;
  bool ok = false;
  void load() {
    const char *names[] = {"libcublas.so.13", "libcublas.so.12", "libcublas.so"};
    void *lib = nullptr;
    for (const char *n : names)
      if ((lib = dlopen(n, RTLD_NOW | RTLD_GLOBAL)))
        break;
    if (!lib) {
      printf("cuBLAS not found: no library reference\n");
      return;
    }
    auto create = (int (*)(void **))dlsym(lib, "cublasCreate_v2");
    sgemm = (decltype(sgemm))dlsym(lib, "cublasSgemm_v2");
    gemmEx = (decltype(gemmEx))dlsym(lib, "cublasGemmEx");
    sgemmBatched = (decltype(sgemmBatched))dlsym(lib, "cublasSgemmStridedBatched");
    ok = create && sgemm && gemmEx && sgemmBatched && create(&handle) == 0;
    printf("cuBLAS: %s\n", ok ? "loaded" : "unusable");
  }
};
static Cublas cublas;
// Row-major C = A * B is column-major C^T = B^T * A^T.
// cudaDataType CUDA_R_16F and CUDA_R_32F come from CUDA's library_types.h.
enum { CUBLAS_OP_N = 0, CUBLAS_COMPUTE_32F = 68 };

// ---- problems ---------------------------------------------------------------

struct Buffers {
  std::vector<void *> in;
  void *out = nullptr;
  size_t out_bytes = 0;
  void add(size_t bytes) {
    void *p;
    CHECK(cudaMalloc(&p, bytes ? bytes : 4)); // trip count 0 still passes a valid pointer
    in.push_back(p);
  }
  void release() {
    for (void *p : in)
      CHECK(cudaFree(p));
    CHECK(cudaFree(out));
    in.clear();
    out = nullptr;
  }
};

static void fill(void *dev, size_t count, bool halves, uint64_t seed) {
  if (count == 0)
    return;
  uint64_t s = seed * 0x9E3779B97F4A7C15ull + 12345;
  std::vector<unsigned char> host(count * (halves ? 2 : 4));
  for (size_t i = 0; i < count; ++i) {
    float v = rand_unit(&s);
    if (halves)
      ((half *)host.data())[i] = __float2half(v);
    else
      ((float *)host.data())[i] = v;
  }
  CHECK(cudaMemcpy(dev, host.data(), host.size(), cudaMemcpyHostToDevice));
}

typedef std::vector<long> Size;
#define ST_TILE 256 // streamSum's tile (bench/kernels/stream.cuh)
#define CV_TILE 256 // f2hStream's tile (bench/kernels/convert.cuh)
#define FK_K 256 // fixedKWmma's K (bench/kernels/fixed_k.cuh)
#define SK_T 16  // smallKSgemm's tile and K (bench/kernels/fixed_k.cuh)
#define SK_K 64
#define KM_D 16  // kmeansAssign's point dimension (bench/kernels/kmeans.cuh)
#define IA_HD 64 // int8AttnScores's head dimension (bench/kernels/int8_attn.cuh)
#define BT_N 32  // batchTranspose's matrix side (bench/kernels/batch_transpose.cuh)
struct Problem {
  const char *name, *unit; // unit: TFLOP/s or GB/s
  std::vector<Size> check_sizes;
  Size small, large;
  std::function<std::string(const Size &)> describe;
  std::function<void(const Size &, Buffers &, uint64_t)> setup;
  std::function<void(const Variant &, const Size &, Buffers &)> launch;
  std::function<bool(const Size &, Buffers &)> library; // false: none
  std::function<double(const Size &)> work;               // FLOP or bytes
  bool timed = true; // false: checked only
};

// ---- buffers and descriptions -----------------------------------------------
//
// A problem's setup adds its inputs in the launcher's order, each filled
// with random numbers from the case's seed (and the input's position, for
// fp32 and fp16), then its fp32 output.

static void in_f32(Buffers &b, size_t n, uint64_t seed) {
  b.add(n * 4);
  fill(b.in.back(), n, false, seed + b.in.size());
}
static void in_f16(Buffers &b, size_t n, uint64_t seed) {
  b.add(n * 2);
  fill(b.in.back(), n, true, seed + b.in.size());
}
static void in_i8(Buffers &b, size_t n, uint64_t seed) { // int8 weights, -127..127
  b.add(n);
  uint64_t st = seed * 0x9E3779B97F4A7C15ull + 777;
  std::vector<signed char> host(n);
  for (size_t i = 0; i < n; ++i)
    host[i] = (signed char)((int)(rand_unit(&st) * 254.0f) - 127);
  if (n)
    CHECK(cudaMemcpy(b.in.back(), host.data(), n, cudaMemcpyHostToDevice));
}
static void out_f32(Buffers &b, size_t n) {
  b.out_bytes = n * 4;
  CHECK(cudaMalloc(&b.out, b.out_bytes ? b.out_bytes : 4)); // empty (zstencil, D = 0): 4 bytes
}
// An array of `count` device pointers into `base`, `stride` bytes apart (the
// pointer arrays of batched APIs), added as an input.
static void in_ptrs(Buffers &b, void *base, size_t stride, long count) {
  std::vector<void *> host(count);
  for (long i = 0; i < count; ++i)
    host[i] = (char *)base + i * stride;
  b.add(count * sizeof(void *));
  if (count)
    CHECK(cudaMemcpy(b.in.back(), host.data(), count * sizeof(void *), cudaMemcpyHostToDevice));
}
static const float *F(Buffers &b, int i) { return (const float *)b.in[i]; }
static const half *H(Buffers &b, int i) { return (const half *)b.in[i]; }

// A size told by its dimensions' names: dims({"M", "N", "K"}) tells
// {64, 32, 8} as "M=64 N=32 K=8".
static decltype(Problem::describe) dims(std::vector<const char *> names) {
  return [names](const Size &s) {
    std::string d;
    for (size_t i = 0; i < names.size(); ++i)
      d += std::string(i ? " " : "") + names[i] + "=" + std::to_string(s[i]);
    return d;
  };
}

// ---- problem shapes ---------------------------------------------------------
//
// One function per shape shared by several kernels: the sizes, buffers,
// launch, library reference and work of the shape, given the kernel's
// launcher (a member of Variant) and its sizes.

// Row-major C = A * B (M x K times K x N) through cuBLAS, timed as the
// library reference; false where cuBLAS is missing.
static bool cublas_rowmajor(int M, int N, int K, const float *A, const float *B, float *C) {
  if (!cublas.ok)
    return false;
  float one = 1, zero = 0;
  cublas.sgemm(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, N, A, K, &zero, C, N);
  return true;
}

// The same for fp16 A and B with fp32 C and accumulation (cublasGemmEx).
static bool cublas_rowmajor_f16(int M, int N, int K, const void *A, const void *B, float *C) {
  if (!cublas.ok)
    return false;
  float one = 1, zero = 0;
  cublas.gemmEx(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, B, CUDA_R_16F, N, A,
                CUDA_R_16F, K, &zero, C, CUDA_R_32F, N, CUBLAS_COMPUTE_32F, -1);
  return true;
}

// An fp32 GEMM, size {M, N, K}: C (M x N) = A (M x K) * B (K x N),
// row-major, launched as fn(M, N, K, A, B, C); cuBLAS's SGEMM is the
// library reference.
template <class Fn>
static Problem gemm_problem(const char *name, Fn Variant::*fn, std::vector<Size> check, Size small,
                            Size large) {
  return {name,
          "TFLOP/s",
          check,
          small,
          large,
          dims({"M", "N", "K"}),
          [](const Size &s, Buffers &b, uint64_t seed) {
            in_f32(b, (size_t)s[0] * s[2], seed);
            in_f32(b, (size_t)s[2] * s[1], seed);
            out_f32(b, (size_t)s[0] * s[1]);
          },
          [fn](const Variant &v, const Size &s, Buffers &b) {
            (v.*fn)(s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
          },
          [](const Size &s, Buffers &b) {
            return cublas_rowmajor(s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
          },
          [](const Size &s) { return 2.0 * s[0] * s[1] * s[2]; }};
}

// The same with fp16 A and B (C and the accumulation fp32); cuBLAS's
// GemmEx is the library reference where `library` is set.
template <class Fn>
static Problem half_gemm_problem(const char *name, Fn Variant::*fn, std::vector<Size> check,
                                 Size small, Size large, bool library) {
  Problem p = {name,
               "TFLOP/s",
               check,
               small,
               large,
               dims({"M", "N", "K"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f16(b, (size_t)s[0] * s[2], seed);
                 in_f16(b, (size_t)s[2] * s[1], seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [fn](const Variant &v, const Size &s, Buffers &b) {
                 (v.*fn)(s[0], s[1], s[2], H(b, 0), H(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 2.0 * s[0] * s[1] * s[2]; }};
  if (library)
    p.library = [](const Size &s, Buffers &b) {
      return cublas_rowmajor_f16(s[0], s[1], s[2], b.in[0], b.in[1], (float *)b.out);
    };
  return p;
}

// The CUDA Samples' matrixMul family, size {hA, wA, wB}: C (hA x wB) =
// A (hA x wA) * B (wA x wB), launched as fn(lead..., hA, wA, wB, A, B, C);
// cuBLAS's SGEMM is the library reference.
template <class Fn, class... Lead>
static Problem matmul_problem(const char *name, Fn Variant::*fn, std::vector<Size> check,
                              Size small, Size large, Lead... lead) {
  return {name,
          "TFLOP/s",
          check,
          small,
          large,
          dims({"hA", "wA", "wB"}),
          [](const Size &s, Buffers &b, uint64_t seed) {
            in_f32(b, (size_t)s[0] * s[1], seed);
            in_f32(b, (size_t)s[1] * s[2], seed);
            out_f32(b, (size_t)s[0] * s[2]);
          },
          [=](const Variant &v, const Size &s, Buffers &b) {
            (v.*fn)(lead..., s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
          },
          [](const Size &s, Buffers &b) {
            return cublas_rowmajor(s[0], s[2], s[1], F(b, 0), F(b, 1), (float *)b.out);
          },
          [](const Size &s) { return 2.0 * s[0] * s[1] * s[2]; }};
}

// A batch of n x n GEMMs, size {n, batch, ...} (the launcher's sizes);
// cuBLAS's strided batched SGEMM is the library reference.
static Problem batched_problem(const char *name, decltype(Problem::describe) describe,
                               std::vector<Size> check, Size small, Size large,
                               decltype(Problem::launch) launch) {
  return {name,
          "TFLOP/s",
          check,
          small,
          large,
          describe,
          [](const Size &s, Buffers &b, uint64_t seed) {
            size_t e = (size_t)s[0] * s[0] * s[1];
            in_f32(b, e, seed);
            in_f32(b, e, seed);
            out_f32(b, e);
          },
          launch,
          [](const Size &s, Buffers &b) {
            if (!cublas.ok)
              return false;
            float one = 1, zero = 0;
            long long n = s[0], st = n * n;
            cublas.sgemmBatched(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, n, n, n, &one, F(b, 1), n,
                                st, F(b, 0), n, st, &zero, (float *)b.out, n, st, s[1]);
            return true;
          },
          [](const Size &s) { return 2.0 * s[0] * s[0] * s[0] * s[1]; }};
}

// A convolution over the C channels of an H x W image, size {C, H, W}
// (trip count C), launched as fn(C, H, W, in, w, out): the image, `taps`
// weights per channel, an H x W output.
template <class Fn>
static Problem channel_conv_problem(const char *name, const char *unit, Fn Variant::*fn, long taps,
                                    std::vector<Size> check, Size small, Size large,
                                    double (*work)(const Size &)) {
  return {name,
          unit,
          check,
          small,
          large,
          dims({"C", "H", "W"}),
          [taps](const Size &s, Buffers &b, uint64_t seed) {
            in_f32(b, (size_t)s[0] * s[1] * s[2], seed);
            in_f32(b, (size_t)s[0] * taps, seed);
            out_f32(b, (size_t)s[1] * s[2]);
          },
          [fn](const Variant &v, const Size &s, Buffers &b) {
            (v.*fn)(s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
          },
          nullptr,
          work};
}

// A memory-bound stream of `tile`-float tiles, size {t, b}: t tiles per
// block (the trip count), b blocks, the last tile ragged; launched as
// fn(n, t, b, in, out) with n the input's length.
template <class Fn>
static Problem stream_problem(const char *name, Fn Variant::*fn, long tile, std::vector<Size> check,
                              Size small, Size large) {
  return {name,
          "GB/s",
          check,
          small,
          large,
          dims({"tiles/block", "blocks"}),
          [tile](const Size &s, Buffers &b, uint64_t seed) {
            in_f32(b, (size_t)s[0] * s[1] * tile, seed);
            out_f32(b, s[1] * tile);
          },
          [fn, tile](const Variant &v, const Size &s, Buffers &b) {
            long n = s[0] * s[1] * tile - 77; // the last tile is ragged
            if (n < 0)
              n = 0; // trip count 0: no input at all
            (v.*fn)((int)n, s[0], s[1], F(b, 0), (float *)b.out);
          },
          nullptr,
          [tile](const Size &s) { return 4.0 * s[0] * s[1] * tile; }};
}

// ---- the real-world kernels (bench/kernels/{sgemm_1d,...}.cuh) ---------------
//
// Check sizes give trip counts 0 (where the kernel allows it), 1 to 5
// (S-1, S and S+1 for S = 2, 3, 4) and a larger one, with sizes that are
// not multiples of the tile where the kernel supports them. Timed sizes aim
// at 0.2 to 2 ms per launch on an H200.

/* Check sizes of the siboehm-style SGEMMs with 128 x 128 block tiles and a
 * K step of 8 (trip counts 0 to 5 and 125). */
// Sizes of the 64x64x8-tiled GEMMs' checks (M, N multiples of 64, K of 8):
// trip counts 0 to 5 and 125.
static const std::vector<Size> check_64x64x8 = {{64, 64, 0},  {64, 64, 8},   {64, 128, 16},
                                                {128, 64, 24}, {64, 64, 32},  {128, 128, 40},
                                                {320, 192, 1000}};
static const std::vector<Size> check_128x128x8 = {{128, 128, 0},  {128, 128, 8},  {128, 256, 16},
                                                  {256, 128, 24}, {128, 128, 32}, {128, 128, 40},
                                                  {384, 256, 1000}};

static void realworld(std::vector<Problem> &p) {
  // (a) siboehm kernel 4 style, template + pointer bumps: M, N multiples of
  // 64, K of 8 (trip count K/8).
  p.push_back(gemm_problem("sgemm1d", &Variant::sgemm1d,
                           check_64x64x8,
                           {128, 64, 24}, {2048, 2048, 2048}));
  // (b) siboehm kernel 6 style, transposed float4 stores, uint counter: M, N
  // multiples of 128, K of 8 (trip count K/8).
  p.push_back(gemm_problem("sgemmvec", &Variant::sgemmvec,
                           check_128x128x8, {256, 128, 24}, {2048, 2048, 2048}));
  // The same with 128 threads of 8x4 results on a 64x64 block tile: M and
  // N multiples of 64, K of 8.
  p.push_back(gemm_problem("sgemmvec2", &Variant::sgemmvec2,
                           check_64x64x8,
                           {256, 128, 24}, {2048, 2048, 2048}));
  // Copy loops that step by the block size, one transposing through
  // i / BK and i % BK (bench/kernels/sgemm_runtime.cuh): M, N multiples of
  // 64, K of 8 (trip count K/8).
  p.push_back(gemm_problem("sgemmrt", &Variant::sgemmrt,
                           check_64x64x8,
                           {128, 64, 24}, {2048, 2048, 2048}));
  // (g) siboehm kernel 5 style, strided copy loops, assert, uint counter.
  p.push_back(gemm_problem("sgemm2d", &Variant::sgemm2d,
                           check_128x128x8, {256, 128, 24}, {2048, 2048, 2048}));
  // (c) sync-first: M, N multiples of 64, K of 16 (trip count K/16).
  p.push_back(gemm_problem("syncfirst", &Variant::syncfirst,
                           {{64, 64, 0},
                            {64, 64, 16},
                            {64, 128, 32},
                            {128, 64, 48},
                            {64, 64, 64},
                            {128, 128, 80},
                            {320, 192, 1008}},
                           {128, 64, 48}, {2048, 2048, 1024}));
  // (d) persistent batched GEMM: n, batch, z-blocks walking the batch
  // (inner trip count n/32; outer trip count about batch / z-blocks).
  p.push_back(
      batched_problem("pbatched", dims({"n", "batch", "zgrid"}),
                      {{32, 5, 2}, {64, 7, 3}, {96, 4, 4}, {128, 9, 2}, {160, 3, 2}, {256, 37, 8}},
                      {96, 5, 2}, {256, 256, 16}, [](const Variant &v, const Size &s, Buffers &b) {
                        v.pbatched(s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
                      }));
  // (e) CUDA Samples' matrixMul with asserts: hA, wA, wB multiples of 32
  // (trip count wA/32; 0 gives C = 0). The hardened ones below share its
  // sizes.
  const std::vector<Size> mm_sizes = {{64, 0, 64},   {64, 32, 64},  {96, 64, 32},    {64, 96, 128},
                                      {32, 128, 64}, {64, 160, 96}, {320, 1024, 192}};
  const Size mm_small = {96, 64, 32}, mm_large = {2048, 1024, 2048};
  p.push_back(matmul_problem("mmassert", &Variant::mmassert, mm_sizes, mm_small, mm_large));
  // (f) N-body, 192 of 256 threads copy: n a multiple of 64 (trip count
  // n/64); 2368 leaves the last block's threads partly idle. 20 FLOP per
  // interaction (GPU Gems 3's count).
  p.push_back(
      {"nbody",
       "TFLOP/s",
       {{64}, {128}, {192}, {256}, {320}, {2368}},
       {192},
       {67584},
       dims({"n"}),
       [](const Size &s, Buffers &b, uint64_t seed) {
         in_f32(b, (size_t)s[0] * 3, seed);
         out_f32(b, (size_t)s[0] * 3);
       },
       [](const Variant &v, const Size &s, Buffers &b) { v.nbody(s[0], F(b, 0), (float *)b.out); },
       nullptr,
       [](const Size &s) { return 20.0 * s[0] * s[0]; }});
  // (h) S = X Y^T with float4 __ldg and vector guards: any M, N; D a
  // multiple of 4 (trip count ceil(D/16), ragged last step).
  p.push_back({"gramldg4",
               "TFLOP/s",
               {{70, 50, 0},
                {64, 64, 16},
                {100, 37, 20},
                {130, 65, 48},
                {1, 200, 52},
                {64, 64, 80},
                {333, 517, 1028}},
               {100, 37, 52},
               {2048, 2048, 2052},
               dims({"M", "N", "D"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[2], seed);
                 in_f32(b, (size_t)s[1] * s[2], seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.gram(s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 2.0 * s[0] * s[1] * s[2]; }});
  // 3x3 convolution over an H x W image with a halo tile under a compound
  // guard that changes per tile (bench/kernels/halo_conv.cuh; trip count
  // ceil(H/16): 0, 1, 2, 3, 4, 5 and large, ragged H and W).
  p.push_back({"haloconv",
               "GB/s",
               {{0, 37}, {16, 40}, {31, 33}, {48, 17}, {50, 64}, {80, 100}, {2049, 1023}},
               {50, 64},
               {8192, 8192},
               dims({"H", "W"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 in_f32(b, 9, seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.haloconv(s[0], s[1], F(b, 0), F(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 8.0 * s[0] * s[1]; }});
  // The runtime alias check (bench/kernels/alias_rows.cuh). Size {tiles,
  // blocks, overlap, strided}. overlap 0: `in` and `out` are separate
  // buffers, the check finds the ranges disjoint and the pipelined loop
  // runs; overlap 1: in place, out = in + one row, the ranges overlap and
  // the original loop must run (the pipelined one would copy rows before
  // the previous iteration writes them). strided 1: the counter steps by
  // the row width (the check's count from the latch compare). Each launch
  // starts from fresh copies of the random inputs. Checked, not timed.
  std::vector<Size> alias_sizes;
  for (long strided : {0, 1})
    for (long overlap : {0, 1})
      for (long tiles : {0, 1, 2, 3, 4, 5, 40})
        alias_sizes.push_back({tiles, tiles == 40 ? 96 : 64, overlap, strided});
  Problem alias = {
      "aliasrows",
      "GB/s",
      alias_sizes,
      {3, 64, 0, 0},
      {3, 64, 0, 0},
      [](const Size &s) {
        return "tiles=" + std::to_string(s[0]) + " blocks=" + std::to_string(s[1]) +
               (s[2] ? " in-place" : " disjoint") + (s[3] ? " strided" : "");
      },
      [](const Size &s, Buffers &b, uint64_t seed) {
        size_t n = (size_t)s[1] * (s[0] + 1) * 256;
        in_f32(b, n, seed);
        in_f32(b, n, seed);
        out_f32(b, n);
      },
      [](const Variant &v, const Size &s, Buffers &b) {
        CHECK(cudaMemcpy(b.out, b.in[s[2] ? 0 : 1], b.out_bytes, cudaMemcpyDeviceToDevice));
        const float *in = s[2] ? (const float *)b.out : F(b, 0);
        float *o = s[2] ? (float *)b.out + 256 : (float *)b.out;
        v.aliasrows((int)s[0], (int)s[1], (int)s[3], in, o);
      },
      nullptr,
      [](const Size &s) { return 8.0 * s[0] * s[1] * 256; }};
  alias.timed = false;
  p.push_back(alias);
  // Two tile loops over the same tiles (bench/kernels/two_loop.cuh),
  // M x (K1 + K2); trip counts K1 / 32 (full tiles) and ceil(K2 / 32)
  // (ragged), each 0, 1 to 5 and large, with the other loop at another
  // count.
  p.push_back({"twoloop",
               "GB/s",
               {{8, 0, 0},
                {8, 32, 0},
                {16, 0, 25},
                {16, 64, 50},
                {24, 96, 90},
                {8, 128, 97},
                {32, 160, 160},
                {8, 32 * 40, 1},
                {16, 32, 32 * 40 - 3},
                {40, 32 * 37, 32 * 29 - 11}},
               {64, 2048, 2000},
               {65536, 1024, 1000},
               dims({"M", "K1", "K2"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 in_f32(b, (size_t)s[1], seed);
                 in_f32(b, (size_t)s[0] * s[2], seed);
                 in_f32(b, (size_t)s[2], seed);
                 out_f32(b, (size_t)s[0] * 32);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.twoloop(s[0], s[1], s[2], F(b, 0), F(b, 1), F(b, 2), F(b, 3), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 4.0 * s[0] * ((double)s[1] + s[2]); }});
  // A tile loop whose last tiles are read again after it (what the
  // copy-back argument is for; bench/kernels/two_loop.cuh); trip count
  // K1 / 32: 0, 1 to 5 and large.
  p.push_back({"tailread",
               "GB/s",
               {{8, 0, 3},
                {8, 32, 1},
                {16, 64, 5},
                {24, 96, 32},
                {8, 128, 2},
                {32, 160, 7},
                {40, 32 * 37, 33}},
               {64, 4096, 8},
               {65536, 2048, 8},
               dims({"M", "K1", "extra"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 in_f32(b, (size_t)s[1], seed);
                 out_f32(b, (size_t)s[0] * 32);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.tailread(s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 4.0 * s[0] * (double)s[1]; }});
  // A GEMM whose tiles are copied by strided loops with a runtime step
  // (blockDim.x), zero outside the matrices (bench/kernels/copyloop_gemm.cuh).
  // Trip count ceil(K/8): 0, 1, 2, 3, 4, 5 (S-1, S, S+1 for S = 2, 3, 4) and
  // large, with ragged M, N and K.
  p.push_back(gemm_problem("copyloop", &Variant::copyloop,
                           {{70, 50, 0},
                            {64, 64, 8},
                            {100, 37, 13},
                            {130, 65, 24},
                            {1, 200, 32},
                            {64, 64, 40},
                            {333, 517, 1029}},
                           {100, 37, 20}, {2048, 2048, 2048}));
  // A GEMV-like row-times-vector product (bench/kernels/row_dot.cuh), M x K
  // with M a multiple of 4 and any K: trip count ceil(K/32) 0, 1, 2, 3, 4,
  // 5 and large, the last tile ragged (zero-filled) where K is not a
  // multiple of 32.
  p.push_back({"rowdot",
               "GB/s",
               {{4, 0}, {8, 32}, {12, 50}, {4, 96}, {16, 128}, {8, 150}, {40, 32 * 37 - 5}},
               {64, 2000},
               {65536, 2048},
               dims({"M", "K"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 in_f32(b, (size_t)s[1], seed);
                 out_f32(b, (size_t)s[0] * 32);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.rowdot(s[0], s[1], F(b, 0), F(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 4.0 * s[0] * s[1]; }});
  // A 1-D halo convolution along the rows of a C x H x W image, summed over
  // the channels, its tile (256 + 16 floats) filled by a strided copy loop
  // over blockDim.x (bench/kernels/copyloop_conv.cuh): trip count C 0, 1,
  // 2, 3, 4, 5 and large, ragged W (and one W a multiple of 256).
  p.push_back(channel_conv_problem(
      "copyloopconv", "GB/s", &Variant::copyloopconv, 17,
      {{0, 3, 300}, {1, 5, 256}, {2, 4, 700}, {3, 2, 1000}, {4, 7, 37}, {5, 3, 513}, {40, 5, 1500}},
      {3, 33, 1000}, {64, 1024, 4096}, [](const Size &s) { return 4.0 * s[0] * s[1] * s[2]; }));
  // A transposed GEMV y = A^T x (bench/kernels/col_gemv.cuh), A row-major
  // M x N, any M and N: trip count ceil(M/32) 0, 1, 2, 3, 4, 5 and large,
  // the last tile of rows ragged (zero-filled) where M is not a multiple of
  // 32, and N ragged (columns past N zero-filled, not written).
  p.push_back({"colgemv",
               "GB/s",
               {{0, 50}, {32, 64}, {50, 33}, {96, 100}, {128, 37}, {150, 256}, {32 * 37 - 5, 300}},
               {1000, 1000},
               {16384, 8192},
               dims({"M", "N"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 in_f32(b, (size_t)s[0], seed);
                 out_f32(b, (size_t)s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.colgemv(s[0], s[1], F(b, 0), F(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 4.0 * s[0] * s[1]; }});
  // A 3-D 7-point stencil over a D x H x W grid marching along z
  // (bench/kernels/z_stencil.cuh), its haloed 10 x 34 plane filled by a
  // strided copy loop over the block's flattened thread index: trip count
  // D 0, 1, 2, 3, 4, 5 and large, ragged H and W (and ones multiples of
  // the block's 8 x 32).
  p.push_back(
      {"zstencil",
       "GB/s",
       {{0, 8, 32}, {1, 9, 33}, {2, 16, 64}, {3, 7, 100}, {4, 20, 31}, {5, 8, 32}, {40, 17, 70}},
       {8, 64, 64},
       {64, 512, 1024},
       dims({"D", "H", "W"}),
       [](const Size &s, Buffers &b, uint64_t seed) {
         in_f32(b, (size_t)s[0] * s[1] * s[2], seed);
         out_f32(b, (size_t)s[0] * s[1] * s[2]);
       },
       [](const Variant &v, const Size &s, Buffers &b) {
         v.zstencil(s[0], s[1], s[2], F(b, 0), (float *)b.out);
       },
       nullptr,
       [](const Size &s) { return 4.0 * 2 * s[0] * s[1] * s[2]; }});
  // Haloed tiles filled by copy loops under compound bounds guards
  // (bench/kernels/halo_guard.cuh): halo5 marches down an H x W image
  // (trip count ceil(H/32): 0, 1, 2, 3, 4, 5 and large, ragged H and W);
  // conv20 sums a 5x5 convolution over C channels (trip count C).
  p.push_back({"halo5",
               "GB/s",
               {{0, 40}, {32, 33}, {50, 64}, {96, 31}, {100, 100}, {160, 65}, {2049, 1023}},
               {64, 100},
               {8192, 8192},
               dims({"H", "W"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.halo5(s[0], s[1], F(b, 0), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 8.0 * s[0] * s[1]; }});
  // An 8-bit 3x3 box filter summed over C planes (bench/kernels/box_u8.cuh):
  // trip count C (0 to 5 and larger), ragged H and W.
  p.push_back({"boxu8",
               "GB/s",
               {{0, 32, 32}, {1, 33, 31}, {2, 64, 64}, {3, 70, 45}, {4, 5, 100}, {5, 100, 100},
                {40, 67, 130}},
               {3, 70, 45},
               {64, 1024, 1024},
               dims({"C", "H", "W"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_i8(b, (size_t)s[0] * s[1] * s[2], seed);
                 out_f32(b, (size_t)s[1] * s[2]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.boxu8(s[0], s[1], s[2], (const unsigned char *)b.in[0], (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return (double)s[0] * s[1] * s[2]; }});
  p.push_back(channel_conv_problem("conv20", "TFLOP/s", &Variant::conv20, 25,
                                   {{0, 16, 16},
                                    {1, 17, 33},
                                    {2, 31, 16},
                                    {3, 40, 50},
                                    {4, 16, 100},
                                    {5, 33, 17},
                                    {40, 100, 70}},
                                   {3, 40, 50}, {64, 512, 512},
                                   [](const Size &s) { return 2.0 * 25 * s[0] * s[1] * s[2]; }));
  // Tile loops over dynamic shared memory (bench/kernels/dyn_smem.cuh):
  // a matrixMul with both tiles carved from one extern buffer (the matrixMul
  // sizes: trip count wA/16), and the CUDA Samples' N-body with
  // SharedMemory<T> (n a multiple of 256, trip count n/256; 20 FLOP per
  // interaction).
  p.push_back(matmul_problem("dynmm", &Variant::dynmm, mm_sizes, mm_small, mm_large));
  p.push_back(
      {"dynnbody",
       "TFLOP/s",
       {{256}, {512}, {768}, {1024}, {1280}, {4096}},
       {512},
       {65536},
       dims({"n"}),
       [](const Size &s, Buffers &b, uint64_t seed) {
         in_f32(b, (size_t)s[0] * 4, seed);
         out_f32(b, (size_t)s[0] * 4);
       },
       [](const Variant &v, const Size &s, Buffers &b) {
         v.dynnbody(s[0], F(b, 0), (float *)b.out);
       },
       nullptr,
       [](const Size &s) { return 20.0 * s[0] * s[0]; }});
  // (f) matrixMul hardened (bench/kernels/matmul_checked.cuh): launch
  // bounds of 1024 threads and bounds asserts in the loop (mmchecked), with
  // shape asserts too (mmchecked_shape), or with launch bounds that ask for
  // 2 blocks per SM (mmchecked_2blk); the launcher's first argument picks
  // one.
  static const char *const checked[] = {"mmchecked", "mmchecked_shape", "mmchecked_2blk"};
  for (int mode = 0; mode < 3; ++mode)
    p.push_back(
        matmul_problem(checked[mode], &Variant::mmchecked, mm_sizes, mm_small, mm_large, mode));
}

// ---- copies cp.async cannot do (bench/kernels/convert.cuh) -------------------
//
// Trip counts 0, 1, 2, 3 and a large one: the register lowering has two
// slots, so 1, 2 and 3 cover the prologue alone, one refill and a refill
// of the slot the prologue filled.

static void lowering(std::vector<Problem> &p) {
  // float -> half stream: tiles per block t, blocks b, ragged tail.
  p.push_back(stream_problem("f2h", &Variant::f2h, CV_TILE,
                             {{0, 64}, {1, 64}, {2, 64}, {3, 64}, {40, 512}}, {3, 16},
                             {64, 32768}));
  // int8 weights x fp16 activations with a per-column scale: C (M x N) =
  // A (M x K) * (W (K x N) * scale[n]); K / 32 tiles.
  p.push_back({"dequant",
               "TFLOP/s",
               {{32, 48, 0}, {32, 48, 32}, {32, 48, 64}, {32, 48, 96}, {64, 80, 32 * 40}},
               {256, 256, 256},
               {4096, 4096, 4096},
               dims({"M", "N", "K"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f16(b, (size_t)s[0] * s[2], seed);
                 in_i8(b, (size_t)s[2] * s[1], seed);
                 in_f32(b, (size_t)s[1], seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.dequant(s[0], s[1], s[2], H(b, 0), (const signed char *)b.in[1], F(b, 2),
                           (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 2.0 * s[0] * s[1] * s[2]; }});
  // fp16 GEMM with 2-byte copies: K / 16 tiles.
  p.push_back(
      half_gemm_problem("halfgemm", &Variant::halfgemm,
                        {{32, 48, 0}, {32, 48, 16}, {32, 48, 32}, {32, 48, 48}, {64, 80, 16 * 50}},
                        {256, 256, 256}, {4096, 4096, 4096}, /*library=*/false));
}

// ---- constant-trip tile loops (bench/kernels/fixed_k.cuh) -------------------
//
// Each kernel twice, as written (its K loop fully unrolled before the
// plugin runs: every variant runs the unrolled code) and with `#pragma
// unroll 1` (`_rolled`: a loop, pipelined in the plugin variants).
// Unrolled-plain against rolled-pipelined is `fixedk_wmma` in plain against
// `fixedk_wmma_rolled` in plugin (or s3), and the same for `smallk_sgemm`.
// The trip count is a constant (8 and 4); the sizes vary the grid only.
static void unrolled(std::vector<Problem> &p) {
  for (int rolled = 0; rolled < 2; ++rolled) {
    // WMMA GEMM, M x N x 256 (`#pragma unroll` over 8 K chunks).
    p.push_back({rolled ? "fixedk_wmma_rolled" : "fixedk_wmma",
                 "TFLOP/s",
                 {{64, 64}, {128, 192}, {320, 256}},
                 {128, 128},
                 {8192, 8192},
                 [](const Size &s) { return dims({"M", "N"})(s) + " K=256"; },
                 [](const Size &s, Buffers &b, uint64_t seed) {
                   in_f16(b, (size_t)s[0] * FK_K, seed);
                   in_f16(b, (size_t)FK_K * s[1], seed);
                   out_f32(b, (size_t)s[0] * s[1]);
                 },
                 [rolled](const Variant &v, const Size &s, Buffers &b) {
                   v.fixedk(s[0], s[1], rolled, H(b, 0), H(b, 1), (float *)b.out);
                 },
                 nullptr,
                 [](const Size &s) { return 2.0 * s[0] * s[1] * FK_K; }});
    // Batched 16 x 64 times 64 x 16 SGEMM (a constant K of 4 tiles, no pragma).
    p.push_back({rolled ? "smallk_sgemm_rolled" : "smallk_sgemm",
                 "GB/s",
                 {{1}, {7}, {300}},
                 {300},
                 {65536},
                 [](const Size &s) { return dims({"batch"})(s) + " K=64"; },
                 [](const Size &s, Buffers &b, uint64_t seed) {
                   in_f32(b, (size_t)s[0] * SK_T * SK_K, seed);
                   in_f32(b, (size_t)s[0] * SK_K * SK_T, seed);
                   out_f32(b, (size_t)s[0] * SK_T * SK_T);
                 },
                 [rolled](const Variant &v, const Size &s, Buffers &b) {
                   v.smallk(s[0], rolled, F(b, 0), F(b, 1), (float *)b.out);
                 },
                 nullptr,
                 [](const Size &s) { return 4.0 * s[0] * (2 * SK_T * SK_K + SK_T * SK_T); }});
  }
}

// ---- kernels written blind (bench/kernels/{trans_mm,...}.cuh) ---------------
//
// Written in the style of public CUDA code without looking at the plugin's
// remarks: the cost model's held-out set. Check sizes give trip counts 0
// (where the kernel allows it), 1 to 5 and a larger one, ragged where the
// kernel supports it; timed sizes aim at 0.1 to 5 ms on an H200.
static void blind(std::vector<Problem> &p) {
  // C = A^T B, A K x M, B K x N (bench/kernels/trans_mm.cuh): any M, N, K,
  // trip count ceil(K/16), ragged edges zero-filled.
  p.push_back({"transmm",
               "TFLOP/s",
               {{70, 50, 0},
                {64, 64, 16},
                {100, 37, 20},
                {33, 65, 48},
                {1, 200, 52},
                {64, 64, 80},
                {333, 517, 1029}},
               {100, 37, 52},
               {2048, 2048, 1024},
               dims({"M", "N", "K"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[2] * s[0], seed);
                 in_f32(b, (size_t)s[2] * s[1], seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.transmm(s[0], s[1], s[2], F(b, 0), F(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 2.0 * s[0] * s[1] * s[2]; }});
  // y = A x with float4 loads (bench/kernels/gemv_vec.cuh): any M, K a
  // multiple of 4, trip count ceil(K/1024), the last tile ragged.
  p.push_back(
      {"gemvvec",
       "GB/s",
       {{5, 0}, {8, 1024}, {37, 1500}, {16, 3072}, {3, 3076}, {70, 4100}, {100, 1024 * 37 - 12}},
       {1000, 4000},
       {32768, 8192},
       dims({"M", "K"}),
       [](const Size &s, Buffers &b, uint64_t seed) {
         in_f32(b, (size_t)s[0] * s[1], seed);
         in_f32(b, (size_t)s[1], seed);
         out_f32(b, (size_t)s[0]);
       },
       [](const Variant &v, const Size &s, Buffers &b) {
         v.gemvvec(s[0], s[1], F(b, 0), F(b, 1), (float *)b.out);
       },
       nullptr,
       [](const Size &s) { return 4.0 * s[0] * s[1]; }});
  // k-means assignment of n points of 16 floats to k centroids
  // (bench/kernels/kmeans.cuh): the output an int index per point; any n,
  // k, trip count ceil(k/64), the last tile ragged. 3 FLOP per coordinate.
  p.push_back(
      {"kmeans",
       "TFLOP/s",
       {{300, 0}, {256, 64}, {1000, 100}, {37, 150}, {513, 256}, {256, 257}, {2000, 64 * 37 - 5}},
       {1000, 100},
       {1 << 20, 256},
       dims({"n", "k"}),
       [](const Size &s, Buffers &b, uint64_t seed) {
         in_f32(b, (size_t)s[0] * KM_D, seed);
         in_f32(b, (size_t)s[1] * KM_D, seed);
         out_f32(b, (size_t)s[0]); // int32 indices
       },
       [](const Variant &v, const Size &s, Buffers &b) {
         v.kmeans(s[0], s[1], F(b, 0), F(b, 1), (int *)b.out);
       },
       nullptr,
       [](const Size &s) { return 3.0 * KM_D * s[0] * s[1]; }});
  // int8 attention scores S = Q K^T (bench/kernels/int8_attn.cuh), head
  // dimension 64: any Lq, Lk, trip count ceil(Lk/64), ragged keys and
  // queries zero-filled; Lk = 0 has an empty output. Two int ops per
  // multiply-add.
  p.push_back({"int8attn",
               "TFLOP/s",
               {{100, 0, 2},
                {64, 64, 2},
                {70, 100, 3},
                {33, 150, 2},
                {128, 256, 1},
                {1, 300, 2},
                {200, 64 * 37 - 5, 2}},
               {128, 256, 2},
               {2048, 2048, 32},
               dims({"Lq", "Lk", "heads"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_i8(b, (size_t)s[2] * s[0] * IA_HD, seed);
                 in_i8(b, (size_t)s[2] * s[1] * IA_HD, seed + 1); // not Q's bytes
                 out_f32(b, (size_t)s[2] * s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.int8attn(s[0], s[1], s[2], (const signed char *)b.in[0],
                            (const signed char *)b.in[1], (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 2.0 * s[0] * s[1] * IA_HD * s[2]; }});
  // A strided batch of small GEMMs (bench/kernels/small_gemm.cuh), size
  // {M, N, K, batch}: M, N multiples of 64, K of 16, trip count K/16;
  // cuBLAS's strided batched SGEMM is the library reference.
  p.push_back({"smallgemm",
               "TFLOP/s",
               {{64, 64, 0, 3},
                {64, 64, 16, 5},
                {64, 128, 32, 2},
                {128, 64, 48, 3},
                {64, 64, 64, 7},
                {128, 128, 80, 2},
                {64, 64, 1008, 3}},
               {64, 64, 64, 7},
               {64, 64, 256, 8192},
               dims({"M", "N", "K", "batch"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[2] * s[3], seed);
                 in_f32(b, (size_t)s[2] * s[1] * s[3], seed);
                 out_f32(b, (size_t)s[0] * s[1] * s[3]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.smallgemm(s[0], s[1], s[2], s[3], F(b, 0), F(b, 1), (float *)b.out);
               },
               [](const Size &s, Buffers &b) {
                 if (!cublas.ok)
                   return false;
                 float one = 1, zero = 0;
                 long long M = s[0], N = s[1], K = s[2];
                 cublas.sgemmBatched(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one,
                                     F(b, 1), N, K * N, F(b, 0), K, M * K, &zero, (float *)b.out, N,
                                     M * N, s[3]);
                 return true;
               },
               [](const Size &s) { return 2.0 * s[0] * s[1] * s[2] * s[3]; }});
  // A 5x5 convolution summed over C channels, the filter in constant
  // memory (bench/kernels/conv5.cuh): C at most 64 (trip count C), any H
  // and W.
  p.push_back(channel_conv_problem("conv5", "TFLOP/s", &Variant::conv5, 25,
                                   {{0, 17, 40},
                                    {1, 37, 75},
                                    {2, 64, 64},
                                    {3, 33, 100},
                                    {4, 16, 31},
                                    {5, 129, 31},
                                    {40, 300, 513}},
                                   {3, 33, 100}, {32, 2048, 4096},
                                   [](const Size &s) { return 2.0 * 25 * s[0] * s[1] * s[2]; }));
  // A WMMA fp16 GEMM over one extern __shared__ buffer with skewed tiles
  // (bench/kernels/wmma_dyn.cuh), the sizes of "wmma": M, N multiples of
  // 128, K of 32, trip count K/32; cuBLAS's GemmEx is the library reference.
  p.push_back(half_gemm_problem("dynwmma", &Variant::dynwmma,
                                {{256, 256, 32},
                                 {256, 256, 64},
                                 {256, 256, 96},
                                 {256, 256, 128},
                                 {256, 256, 160},
                                 {128, 384, 4096},
                                 {1024, 1024, 1024}},
                                {256, 256, 96}, {4096, 4096, 4096}, /*library=*/true));
  // A batched transpose of 32 x 32 matrices over a grid-stride loop whose
  // pointers may alias (bench/kernels/batch_transpose.cuh): the check sizes
  // give each block 0 to 5 matrices and a ragged last round (1000 over 37
  // blocks); the timed size is 64 Ki matrices (256 MiB each way) over 8
  // blocks an SM of an H200. 8 bytes moved per element.
  p.push_back({"batchtr",
               "GB/s",
               {{0, 8}, {8, 8}, {16, 8}, {24, 8}, {32, 8}, {40, 8}, {1000, 37}},
               {40, 8},
               {1 << 16, 132 * 8},
               dims({"matrices", "blocks"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * BT_N * BT_N, seed);
                 out_f32(b, (size_t)s[0] * BT_N * BT_N);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.batchtr((int)s[0], (int)s[1], F(b, 0), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 8.0 * s[0] * BT_N * BT_N; }});
  // A naive SGEMM whose copy loops skip copies past the edges with no else
  // (bench/kernels/skip_gemm.cuh): the check sizes are ragged in every
  // dimension (K >= 16, so that the first K tile is full); the timed size
  // ends K on a partial tile.
  p.push_back({"skipgemm",
               "TFLOP/s",
               {{64, 64, 16}, {100, 70, 37}, {130, 129, 200}, {7, 5, 95}, {256, 192, 33}},
               {256, 256, 100},
               {4096, 4096, 4100},
               dims({"M", "N", "K"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[2], seed);
                 in_f32(b, (size_t)s[2] * s[1], seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.skipgemm((int)s[0], (int)s[1], (int)s[2], F(b, 0), F(b, 1), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 2.0 * s[0] * s[1] * s[2]; }});
  // A 3 x 3 max filter over float4 pixels, -INFINITY past the edges
  // (bench/kernels/max_pool.cuh): the check sizes are ragged in both
  // dimensions and cut strips short; bytes read once and written once.
  p.push_back({"maxpool",
               "GB/s",
               {{1, 1}, {7, 33}, {130, 65}, {257, 100}, {8, 32}},
               {512, 512},
               {8192, 8192},
               dims({"H", "W"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1] * 4, seed);
                 out_f32(b, (size_t)s[0] * s[1] * 4);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.maxpool((int)s[0], (int)s[1], F(b, 0), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 32.0 * s[0] * s[1]; }});
  // A batched SGEMM through arrays of device pointers
  // (bench/kernels/ptr_batch.cuh), size {M, N, K, batch}: the matrices lie
  // one after another, and Aarray, Barray and Carray point at them (inputs
  // 2 to 4, set up here, outside the timing). Any M, N, K, trip count
  // ceil(K/32), ragged edges zero-filled; cuBLAS's strided batched SGEMM
  // over the same matrices is the library reference.
  p.push_back(
      {"ptrbatch",
       "TFLOP/s",
       {{40, 33, 0, 3},
        {32, 32, 32, 2},
        {33, 65, 50, 3},
        {100, 70, 77, 5},
        {7, 129, 128, 4},
        {64, 50, 150, 2},
        {250, 260, 1001, 3}},
       {100, 70, 77, 5},
       {256, 256, 256, 256},
       dims({"M", "N", "K", "batch"}),
       [](const Size &s, Buffers &b, uint64_t seed) {
         const size_t a = (size_t)s[0] * s[2], bb = (size_t)s[2] * s[1];
         const size_t c = (size_t)s[0] * s[1];
         in_f32(b, a * s[3], seed);
         in_f32(b, bb * s[3], seed);
         out_f32(b, c * s[3]);
         in_ptrs(b, b.in[0], a * 4, s[3]);
         in_ptrs(b, b.in[1], bb * 4, s[3]);
         in_ptrs(b, b.out, c * 4, s[3]);
       },
       [](const Variant &v, const Size &s, Buffers &b) {
         v.ptrbatch((int)s[0], (int)s[1], (int)s[2], (int)s[3], (const float *const *)b.in[2],
                    (const float *const *)b.in[3], (float *const *)b.in[4]);
       },
       [](const Size &s, Buffers &b) {
         if (!cublas.ok)
           return false;
         float one = 1, zero = 0;
         long long M = s[0], N = s[1], K = s[2];
         cublas.sgemmBatched(cublas.handle, CUBLAS_OP_N, CUBLAS_OP_N, N, M, K, &one, F(b, 1), N,
                             K * N, F(b, 0), K, M * K, &zero, (float *)b.out, N, M * N, s[3]);
         return true;
       },
       [](const Size &s) { return 2.0 * s[0] * s[1] * s[2] * s[3]; }});
  // A 3 x 3 blur whose halo is copied by the threads on the tile's border
  // (bench/kernels/halo_blur.cuh), zero past the edges: the check sizes give
  // strips of 1 to 5 row tiles, strips cut short and ragged columns; bytes
  // read once and written once.
  p.push_back({"haloblur",
               "GB/s",
               {{1, 1}, {16, 32}, {20, 70}, {32, 33}, {40, 31}, {130, 65}, {257, 100}, {300, 513}},
               {512, 512},
               {16384, 8192},
               dims({"H", "W"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 out_f32(b, (size_t)s[0] * s[1]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.haloblur((int)s[0], (int)s[1], F(b, 0), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 8.0 * s[0] * s[1]; }});
  // A row reduction over dynamic shared memory that reuses its buffer for
  // the block reduction after the loop (bench/kernels/row_reduce.cuh): the
  // check sizes give rows of 1 to 9 chunks and ragged ends; bytes read once.
  p.push_back({"rowreduce",
               "GB/s",
               {{1, 1}, {3, 255}, {5, 256}, {7, 257}, {9, 700}, {33, 1000}, {8, 1300}, {6, 1537}, {2, 2049}, {4, 2304}},
               {512, 4096},
               {8192, 8192},
               dims({"rows", "cols"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[1], seed);
                 out_f32(b, (size_t)s[0]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.rowreduce((int)s[0], (int)s[1], F(b, 0), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 4.0 * s[0] * s[1] + 4.0 * s[0]; }});
  // An fp16 GEMM with float accumulation whose tiles are filled with
  // __float2half(0.0f) past the edges (bench/kernels/h16_tile.cuh): any M,
  // N, K, trip count ceil(K/32); odd K and N give the hand-written ring's
  // pairs that straddle 4 bytes. cuBLAS's GemmEx is the library reference.
  p.push_back(half_gemm_problem("h16tile", &Variant::h16tile,
                                {{40, 33, 0},
                                 {32, 32, 32},
                                 {33, 65, 50},
                                 {100, 70, 77},
                                 {7, 129, 128},
                                 {64, 50, 150},
                                 {250, 260, 1001}},
                                {256, 256, 256}, {2048, 2048, 2048}, /*library=*/true));
}

// ---- the seed kernels and the problem list ----------------------------------

static std::vector<Problem> problems() {
  std::vector<Problem> p;
  // The seeds' tiled SGEMM, N x N x N (trip count N/32).
  p.push_back({"sgemm",
               "TFLOP/s",
               {{32}, {64}, {96}, {128}, {160}, {1024}},
               {96},
               {4096},
               dims({"N"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 in_f32(b, (size_t)s[0] * s[0], seed);
                 in_f32(b, (size_t)s[0] * s[0], seed);
                 out_f32(b, (size_t)s[0] * s[0]);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.sgemm(s[0], F(b, 0), F(b, 1), (float *)b.out);
               },
               [](const Size &s, Buffers &b) {
                 return cublas_rowmajor(s[0], s[0], s[0], F(b, 0), F(b, 1), (float *)b.out);
               },
               [](const Size &s) { return 2.0 * s[0] * s[0] * s[0]; }});
  // WMMA fp16 GEMM, M x N x K (trip count K/32).
  p.push_back(half_gemm_problem("wmma", &Variant::wmma,
                                {{256, 256, 32},
                                 {256, 256, 64},
                                 {256, 256, 96},
                                 {256, 256, 128},
                                 {256, 256, 160},
                                 {128, 384, 4096},
                                 {1024, 1024, 1024}},
                                {256, 256, 96}, {4096, 4096, 4096}, /*library=*/true));
  // The same WMMA GEMM with tiles padded in the source (bench/kernels/
  // wmma_padded.cuh): what the plugin's padded rings of "wmma" are compared
  // with, clang and nvcc, plain and hand-written (a 2-stage ring).
  p.push_back(half_gemm_problem("wmmapad", &Variant::wmmapad,
                                {{256, 256, 32}, {256, 256, 64}, {256, 256, 96}, {128, 384, 4096}},
                                {256, 256, 96}, {4096, 4096, 4096}, /*library=*/true));
  // Register-blocked SGEMM, M x N x K (trip count K/8).
  p.push_back(gemm_problem("rbsgemm", &Variant::rbsgemm,
                           {{128, 128, 8},
                            {128, 128, 16},
                            {128, 128, 24},
                            {128, 128, 32},
                            {128, 128, 40},
                            {512, 384, 1032}},
                           {128, 128, 24}, {4096, 4096, 4096}));
  // 3x3 convolution over C channels, H x W (trip count C), ragged edges.
  p.push_back(channel_conv_problem("conv", "GB/s", &Variant::conv, 9,
                                   {{0, 17, 40},
                                    {1, 37, 75},
                                    {2, 64, 64},
                                    {3, 33, 100},
                                    {4, 8, 32},
                                    {5, 129, 31},
                                    {32, 513, 1023}},
                                   {3, 33, 100}, {64, 2048, 2048},
                                   [](const Size &s) { return 4.0 * (s[0] + 1) * s[1] * s[2]; }));
  // Batched GEMM: batch x (n x n x n), TILE 16 (trip count n/16).
  p.push_back(batched_problem("batched", dims({"n", "batch"}),
                              {{16, 8}, {32, 8}, {48, 8}, {64, 8}, {80, 8}, {256, 16}}, {48, 4},
                              {128, 4096}, [](const Variant &v, const Size &s, Buffers &b) {
                                v.batched(s[0], s[1], F(b, 0), F(b, 1), (float *)b.out);
                              }));
  // Attention: sequence length L, head dim 64, bh heads (trip count L/32).
  p.push_back({"attention",
               "TFLOP/s",
               {{32, 2}, {64, 2}, {96, 2}, {128, 2}, {160, 2}, {1024, 4}},
               {96, 2},
               {4096, 32},
               dims({"L", "heads"}),
               [](const Size &s, Buffers &b, uint64_t seed) {
                 size_t e = (size_t)s[0] * 64 * s[1];
                 in_f32(b, e, seed);
                 in_f32(b, e, seed);
                 in_f32(b, e, seed);
                 out_f32(b, e);
               },
               [](const Variant &v, const Size &s, Buffers &b) {
                 v.attn(s[0], s[1], F(b, 0), F(b, 1), F(b, 2), (float *)b.out);
               },
               nullptr,
               [](const Size &s) { return 4.0 * s[0] * s[0] * 64 * s[1]; }});
  // Memory-bound stream: tiles per block t, blocks b, ragged tail (trip
  // count t); the same loop reading through __ldg, checked, not timed.
  p.push_back(stream_problem("stream", &Variant::stream, ST_TILE,
                             {{0, 64}, {1, 64}, {2, 64}, {3, 64}, {4, 64}, {5, 64}, {40, 512}},
                             {3, 16}, {64, 32768}));
  Problem ldg = stream_problem("streamldg", &Variant::streamldg, ST_TILE, p.back().check_sizes,
                               p.back().small, p.back().large);
  ldg.timed = false;
  p.push_back(ldg);
  realworld(p);
  lowering(p);
  unrolled(p);
  blind(p);
  return p;
}

static std::vector<unsigned char> run_once(const Problem &pr, const Variant &v, const Size &s,
                                           Buffers &b) {
  CHECK(cudaMemset(b.out, 0xff, b.out_bytes)); // NaN
  pr.launch(v, s, b);
  CHECK_LAUNCH();
  std::vector<unsigned char> out(b.out_bytes);
  CHECK(cudaMemcpy(out.data(), b.out, b.out_bytes, cudaMemcpyDeviceToHost));
  return out;
}

static long count_nan(const std::vector<unsigned char> &out) {
  const float *f = (const float *)out.data();
  long bad = 0;
  for (size_t i = 0; i < out.size() / 4; ++i)
    bad += f[i] != f[i];
  return bad;
}

// ---- modes ------------------------------------------------------------------

static int check(uint64_t seed) {
  int passed = 0, failed = 0;
  std::vector<Problem> ps = problems();
  uint64_t k = 0;
  for (const Problem &pr : ps)
    for (const Size &s : pr.check_sizes) {
      Buffers b;
      uint64_t case_seed = seed + 1000 * ++k;
      pr.setup(s, b, case_seed);
      std::vector<unsigned char> ref = run_once(pr, variants[0], s, b);
      long ref_nan = count_nan(ref);
      std::vector<unsigned char> nvcc_ref;
      for (int vi = 1; vi < nvariants; ++vi) {
        if (std::string(variants[vi].name) == "limit")
          continue; // computes on stale tiles by design
        // The sm_75 plugin build is compared with the sm_75 build without
        // the plugin (which is compared with plain): the plugin's effect,
        // apart from the architecture's.
        const bool vs75 = std::string(variants[vi].name) == "sm75";
        std::vector<unsigned char> base = vs75 ? run_once(pr, variants[variant_index("sm75p")], s, b)
                                               : ref;
        long base_nan = vs75 ? count_nan(base) : ref_nan;
        std::vector<unsigned char> o = run_once(pr, variants[vi], s, b);
        if (is_nvcc(variants[vi])) {
          // Another compiler may contract other FMAs: told, not counted.
          // nvcc_plain against clang's plain, nvcc_hand against nvcc_plain.
          bool first = nvcc_ref.empty();
          bool same = o == (first ? ref : nvcc_ref);
          printf("INFO %-9s %-28s %-10s vs %s: %s, %ld NaN\n", pr.name, pr.describe(s).c_str(),
                 variants[vi].name, first ? "plain" : "nvcc_plain",
                 same ? "bitwise identical" : "different", count_nan(o));
          if (first)
            nvcc_ref = o;
          continue;
        }
        bool same = o == base && base_nan == 0;
        const char *against = vs75 ? "sm75p" : "plain";
        printf("%s %-9s %-28s seed=%-12llu %-7s vs %s: %s\n", same ? "PASS" : "FAIL", pr.name,
               pr.describe(s).c_str(), (unsigned long long)case_seed, variants[vi].name, against,
               same ? "bitwise identical" : (base_nan ? "reference left NaN" : "DIFFERENT"));
        same ? ++passed : ++failed;
      }
      b.release();
    }
  printf("%d passed, %d failed\n", passed, failed);
  return failed ? 1 : 0;
}

static double median(std::vector<float> v) {
  std::sort(v.begin(), v.end());
  size_t n = v.size();
  return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

static int time_all(const char *csv, int reps, const char *only) {
  FILE *out = csv ? fopen(csv, "w") : nullptr;
  if (csv && !out) {
    perror(csv);
    return 1;
  }
  if (out)
    fprintf(out, "kernel,size,variant,median_ms,rate,unit,vs_plain,vs_hand,vs_library,"
                 "latency_hidden\n");
  cudaDeviceProp prop;
  CHECK(cudaGetDeviceProperties(&prop, 0));
  printf("device: %s, %d SMs, L2 %d MB\n", prop.name, prop.multiProcessorCount,
         prop.l2CacheSize >> 20);
  cublas.load();
  for (const Problem &pr : problems()) {
    if ((only && std::string(only) != pr.name) || !pr.timed)
      continue;
    const Size &s = pr.large;
    Buffers b;
    pr.setup(s, b, 42);
    // Rows: plain, plain#2 (spread), the other variants, then the library.
    std::vector<std::string> names;
    std::vector<std::function<void()>> runs;
    for (int vi = 0; vi < nvariants; ++vi) {
      names.push_back(variants[vi].name);
      runs.push_back([&, vi] { pr.launch(variants[vi], s, b); });
      if (vi == 0) {
        names.push_back("plain#2");
        runs.push_back([&] { pr.launch(variants[0], s, b); });
      }
    }
    if (pr.library && pr.library(s, b)) {
      names.push_back("cublas");
      runs.push_back([&] { pr.library(s, b); });
    }
    CHECK_LAUNCH();
    cudaEvent_t e0, e1;
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    for (auto &r : runs) // warm-up
      for (int w = 0; w < 3; ++w)
        r();
    CHECK_LAUNCH();
    std::vector<std::vector<float>> ms(runs.size());
    // Every round runs each variant once, in a fresh random order: a fixed
    // or rotated order keeps each variant behind the same predecessor
    // (its clocks, its L2 lines), which biased identical code by up to 2%
    // (plain against plain#2, docs/results/log.md).
    std::vector<size_t> order(runs.size());
    for (size_t j = 0; j < order.size(); ++j)
      order[j] = j;
    std::mt19937 rng(12345);
    for (int r = 0; r < reps; ++r) {
      std::shuffle(order.begin(), order.end(), rng);
      for (size_t i : order) {
        CHECK(cudaEventRecord(e0));
        runs[i]();
        CHECK(cudaEventRecord(e1));
        CHECK(cudaEventSynchronize(e1));
        CHECK(cudaGetLastError());
        float t;
        CHECK(cudaEventElapsedTime(&t, e0, e1));
        ms[i].push_back(t);
      }
    }
    auto med = [&](const char *n) {
      for (size_t i = 0; i < names.size(); ++i)
        if (names[i] == n)
          return median(ms[i]);
      return 0.0;
    };
    double plain = med("plain"), plugin = med("plugin"), hand = med("hand"),
           limit = med("limit"), lib = med("cublas");
    double hidden = plain - limit > 0 ? (plain - plugin) / (plain - limit) : 0;
    printf("\n%s %s (%s)\n%-9s %10s %10s %9s %8s %8s\n", pr.name, pr.describe(s).c_str(),
           pr.unit, "variant", "median ms", pr.unit, "vs plain", "vs hand", "vs lib");
    for (size_t i = 0; i < names.size(); ++i) {
      double m = median(ms[i]);
      double rate = pr.work(s) / (m * 1e-3) / (std::string(pr.unit) == "GB/s" ? 1e9 : 1e12);
      printf("%-9s %10.3f %10.2f %8.3fx %7.3fx %7s\n", names[i].c_str(), m, rate, plain / m,
             hand / m, lib > 0 ? (std::to_string(lib / m).substr(0, 5) + "x").c_str() : "-");
      if (out)
        fprintf(out, "%s,%s,%s,%.4f,%.3f,%s,%.4f,%.4f,%.4f,%.4f\n", pr.name,
                pr.describe(s).c_str(), names[i].c_str(), m, rate, pr.unit, plain / m, hand / m,
                lib > 0 ? lib / m : 0.0, names[i] == "plugin" ? hidden : 0.0);
    }
    printf("latency hidden by the plugin: (plain - plugin) / (plain - limit) = %.0f%%\n",
           100 * hidden);
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(e1));
    b.release();
  }
  if (out)
    fclose(out);
  return 0;
}

static int run_one(const char *kernel, const char *variant) {
  int vi = variant_index(variant);
  for (const Problem &pr : problems())
    if (std::string(kernel) == pr.name && vi >= 0) {
      Buffers b;
      pr.setup(pr.small, b, 7);
      std::vector<unsigned char> o = run_once(pr, variants[vi], pr.small, b);
      printf("%s %s %s: %ld NaN\n", kernel, variant, pr.describe(pr.small).c_str(), count_nan(o));
      b.release();
      return 0;
    }
  fprintf(stderr, "unknown kernel or variant: %s %s\n", kernel, variant);
  return 2;
}

int main(int argc, char **argv) {
  load_variants();
  std::string mode = argc > 1 ? argv[1] : "check";
  if (mode == "check")
    return check(argc > 2 ? strtoull(argv[2], NULL, 10) : (uint64_t)time(NULL));
  if (mode == "time")
    return time_all(argc > 2 ? argv[2] : nullptr, argc > 3 ? atoi(argv[3]) : 30,
                    argc > 4 ? argv[4] : nullptr);
  if (mode == "run" && argc == 4)
    return run_one(argv[2], argv[3]);
  if (mode == "list") {
    for (const Problem &pr : problems())
      printf("%s ", pr.name);
    printf("\n");
    for (int i = 0; i < nvariants; ++i)
      printf("%s ", variants[i].name);
    printf("\n");
    return 0;
  }
  fprintf(stderr, "usage: bench check [seed] | time [csv] [reps] [kernel] | run KERNEL VARIANT "
                  "| list\n");
  return 2;
}
