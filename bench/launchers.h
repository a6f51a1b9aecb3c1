// Launchers of every benchmark kernel (kernels.def) in every variant
// (PL_VARIANTS), and struct Variant, one variant's table of them. Each
// variant is one translation unit (variant.cu) compiled with its own flags:
//   plain   no plugin                       plugin  the plugin, default stages
//   s2..s8  -fplugin-arg-pipeline-stages=N  hand    hand-written cp.async rings
//           (2, 3, 4, 6 and 8)
//   limit   no plugin, copies left out (compute-only: latency fully hidden)
//   regs    the plugin with lowering=registers (every copy staged through
//           registers, on the GPU the bench is built for)
//   regsall the plugin with lowering=registers and profitability=off (every
//           legal loop a register-staged ring of 2 stages, priced or not)
//   regspred regsall with predicated-loads=on (the staged loads under their
//           conditions, not from selected addresses)
//   cpasync the plugin with lowering=cp.async (loops with copies cp.async
//           cannot do stay as written)
//   rolled  the plugin with unroll-compute=off (the tile loops' small
//           compute loops left as clang leaves them)
//   sm75    the plugin, built for sm_75 only: the register lowering; the
//           driver JIT-compiles the embedded compute_75 PTX for the GPU
//   sm75p   no plugin, built for sm_75 only (what sm75 is compared with)
//   copyback the plugin with copy-back and profitability=off (every legal
//           loop at 3 stages; a tile read after its loop gets the last slot
//           copied back: tailread)
//   unpadded the plugin with layout=unpadded (rings keep the tiles' rows:
//           the plugin before it padded rows of conflicting WMMA tiles)
//   padded  the plugin with layout=padded (every tile whose accesses can be
//           rewritten gets padded rows, WMMA reads or not: a correctness
//           check of the layout rewrite on every kernel)
//   generic the plugin with generic-tile-reads (matrix loads of tiles left
//           generic: the plugin before tile reads moved to .shared)
//   nvcc_plain, nvcc_hand  the plain and hand-written sources built by nvcc
//           (CUDA 13 on the GPU machine) into libbench-nvcc.so, which bench
//           loads with dlopen when it is there (utils/gpu-run.sh, step nvcc)
#ifndef BENCH_LAUNCHERS_H
#define BENCH_LAUNCHERS_H

#include <cuda_fp16.h>

#define PL_VARIANTS(X)                                                                             \
  X(plain)                                                                                         \
  X(plugin) X(generic) X(s2) X(s3) X(s4) X(s6) X(s8) X(hand) X(limit) X(regs) X(cpasync) X(sm75)  \
  X(sm75p) X(copyback) X(unpadded) X(padded) X(regsall) X(regspred) X(rolled)

// The kernels (kernels.def): every variant's launchers, and struct Variant.
#include "kernels.def"

#define PL_DECLARE_ONE(v, name, params) void name##_##v params;
#define PL_DECLARE(v) PL_KERNELS(PL_DECLARE_ONE, v)
PL_VARIANTS(PL_DECLARE)
PL_DECLARE(nvcc_plain)
PL_DECLARE(nvcc_hand)
#undef PL_DECLARE
#undef PL_DECLARE_ONE

// One variant's launchers, in the order of kernels.def; PL_VARIANT_INIT(v)
// is its initializer.
#define PL_MEMBER(v, name, params) void(*name) params;
struct Variant {
  const char *name;
  PL_KERNELS(PL_MEMBER, ~)
};
#undef PL_MEMBER
#define PL_VARIANT_INIT_ONE(v, name, params) name##_##v,
#define PL_VARIANT_INIT(v) {#v, PL_KERNELS(PL_VARIANT_INIT_ONE, v)}

#endif
