"""Random CUDA tile-loop kernels for libpipeline, drawn over a product of axes.

Python standard library only. Used by utils/fuzz.py; on its own:

    python3 utils/fuzzgen.py SEED INDEX [NAME=VALUE ...]   one kernel, bare, choices forced
    python3 utils/fuzzgen.py --design SEED                 print the first design block

Every kernel is drawn from the product of five axes (AXES):

    copy   how the tile is filled: straight-line copies, a copy loop
           (`for (i = tid; i < E; i += NTH)`, `/` and `%` split, halo tiles),
           a runtime-bounded copy loop (`for (j = 0; j < d; ++j)`), vector
           copies (float4/int4/float2/int2, stored whole or as scalars), __ldg
    guard  none, loop-invariant, ?:, if/else, nested if, && chains of 2, 3 and
           4 bounds terms, the negated || chain, clamped indices, non-zero
           fills, if without else
    loop   int, unsigned, counting down, stepping the offset, pointer bump,
           sync-first, an outer loop around it, persistent (around the tile
           loop or as it), two tile loops over one tile
    store  __restrict__, no __restrict__, in place at consumed positions, in
           place at positions no copy reads
    args   the plugin arguments of the compile (ARGS)

The axis values of kernel i come from a pairwise covering design (every value
of every axis with every value of every other axis at least once per design
block of about 150 kernels; blocks differ, so triples add up too). Each
design block is built greedily from the seed and the block number. All other
choices (element type, tile shape, compute, near-misses, crash forms, ...)
are drawn per kernel, each from its own random stream named after the
choice, so that forcing one choice (`fixed`) leaves the others as they were:
utils/fuzz.py minimizes a failing kernel by setting its choices, one at a
time, to their simplest value.

generate_file(seed, indices, fixed) returns (source text, [Kernel]): one .cu
file holding the kernels (extern "C", named k<index>) and a host driver. The
driver fills A and B with non-zero pseudo-random values, poisons out with NaN
(all bits set), launches each kernel at several trip counts with ragged
bounds, and prints one line per launch:

    k<index> cfg=<c> nt=<nt> H=<H> W=<W> hash=<FNV-1a of out, A and B>

Every kernel is a correct CUDA program whose output depends only on its
inputs (no races, no reads of unwritten shared memory), so a plugin build
must print the same lines as a plain build.
"""

import random
import sys

# name, bytes, scalar component type, components, host fill kind, __ldg ok
TYPES = [
    ("char", 1, "char", 1, "i", True),
    ("u8_t", 1, "u8_t", 1, "i", True),
    ("char2", 2, "char", 2, "i", True),
    ("short", 2, "short", 1, "i", True),
    ("char3", 3, "char", 3, "i", False),
    ("int", 4, "int", 1, "i", True),
    ("u32_t", 4, "u32_t", 1, "i", True),
    ("float", 4, "float", 1, "f", True),
    ("char4", 4, "char", 4, "i", True),
    ("short2", 4, "short", 2, "i", True),
    ("short3", 6, "short", 3, "i", False),
    ("int2", 8, "int", 2, "i", True),
    ("float2", 8, "float", 2, "f", True),
    ("double", 8, "double", 1, "f", True),
    ("ll_t", 8, "ll_t", 1, "i", True),
    ("short4", 8, "short", 4, "i", True),
    ("float3", 12, "float", 3, "f", False),
    ("int3", 12, "int", 3, "i", False),
    ("float4", 16, "float", 4, "f", True),
    ("int4", 16, "int", 4, "i", True),
    ("double2", 16, "double", 2, "f", True),
    ("longlong2", 16, "ll_t", 2, "i", True),
]
TYPE_BY_NAME = {t[0]: t for t in TYPES}
# Sizes cp.async copies, drawn more often so that most kernels are candidates.
TYPE_WEIGHTS = {1: 1, 2: 1, 3: 1, 4: 5, 6: 1, 8: 4, 12: 1, 16: 4}
MAKE = {"char": "make_char", "short": "make_short", "int": "make_int", "float": "make_float",
        "double": "make_double", "ll_t": "make_longlong"}

# The plugin arguments a file is compiled with (one set per file); an entry
# that starts with "-" is a clang flag.
ARGS = {
    "default": [],
    "s2": ["stages=2"],
    "s3": ["stages=3"],
    "s4": ["stages=4"],
    "s5": ["stages=5"],
    "s6": ["stages=6"],
    "s7": ["stages=7"],
    "s8": ["stages=8"],
    "s8m16": ["stages=8", "max-shared=16K"],
    "prof-off": ["profitability=off"],
    "registers": ["lowering=registers"],
    "padded": ["layout=padded"],
    "copy-back": ["copy-back"],
    # the toolkit's version as clang records it: from CUDA 12.3 on, register
    # rings have their steady state unrolled (lib/steady_unroll.h). Not drawn
    # (it would change every seed's kernels): `fuzz.py cpu --variants
    # default,cuda12.3` compiles each file both ways
    "cuda12.3": ["-Xclang", "-target-sdk-version=12.3"],
    # the register lowering's staged loads under their conditions (not
    # drawn, as above: `--variants registers,predicated`)
    "predicated": ["lowering=registers", "predicated-loads=on"],
}
# The argument sets the generator draws from.
DRAWN_ARGS = [a for a in ARGS if a not in ("cuda12.3", "predicated")]

AXES = {
    "copy": ["straight", "loop", "rtloop", "vec", "ldg"],
    "guard": ["none", "invariant", "select", "ifelse", "nested", "and2", "and3", "and4", "or",
              "clamp", "fill", "ifonly"],
    "loop": ["for", "unsigned", "down", "kstep", "ptrbump", "syncfirst", "outer", "persistent",
             "twoloops"],
    "store": ["restrict", "norestrict", "inplace-done", "inplace-tail"],
    "args": DRAWN_ARGS,
}

NEAR_MISSES = ["src_write", "tile_write", "early_break", "early_return", "div_barrier"]
# Forms that crashed the pass at some point (kept so the generator finds them).
CRASH_FORMS = ["dup_index", "deep_array"]

# Trip counts every kernel is launched with (S-1, S, S+1 for S = 2..4 and more).
TRIPS = [0, 1, 2, 3, 4, 5, 7, 12]
TA = 13  # tiles allocated per region: the largest trip count, and one more
MY, MX = 2, 4  # margin rows and columns around each region's image

# Copy-loop tiles: name -> (rows, columns, threads x, threads y, halo).
LOOP_TILES = {
    "1x1024": (1, 1024, 256, 1, 0),
    "32x64": (32, 64, 32, 8, 0),
    "18x18h1": (18, 18, 16, 16, 1),
    "34x34h1": (34, 34, 32, 32, 1),
    "20x20h2": (20, 20, 16, 8, 2),
    "10x34h1": (10, 34, 32, 8, 1),
    "1x258h1": (1, 258, 256, 1, 1),
}
# Vector copy loops: rows, columns (elements), threads x, threads y.
VEC_LOOP_TILES = {"32x64": (32, 64, 32, 8), "16x128": (16, 128, 32, 4), "1x1024": (1, 1024, 128, 1)}

DEVICE_PRELUDE = r"""// Generated by utils/fuzzgen.py: random tile-loop kernels.
#include <cooperative_groups.h>
#include <cuda_runtime.h>
#include <libpipeline.h>
#include <math.h>
#include <stdint.h>
namespace cg = cooperative_groups;
typedef long long ll_t;
typedef unsigned int u32_t;
typedef unsigned char u8_t;

__device__ __forceinline__ float cv(char v) { return (float)v; }
__device__ __forceinline__ float cv(u8_t v) { return (float)v * 0.5f; }
__device__ __forceinline__ float cv(short v) { return (float)v * 0.25f; }
__device__ __forceinline__ float cv(int v) { return (float)v * 0.125f; }
__device__ __forceinline__ float cv(u32_t v) { return (float)v * 0.375f; }
__device__ __forceinline__ float cv(float v) { return v; }
__device__ __forceinline__ float cv(double v) { return (float)(v * 1.5); }
__device__ __forceinline__ float cv(ll_t v) { return (float)v * 0.75f; }
__device__ __forceinline__ float cv(char2 v) { return cv(v.x) + 2.0f * cv(v.y); }
__device__ __forceinline__ float cv(char3 v) { return cv(v.x) + 2.0f * cv(v.y) - cv(v.z); }
__device__ __forceinline__ float cv(char4 v) {
  return cv(v.x) + 2.0f * cv(v.y) - cv(v.z) + 0.5f * cv(v.w);
}
__device__ __forceinline__ float cv(short2 v) { return cv(v.x) - 3.0f * cv(v.y); }
__device__ __forceinline__ float cv(short3 v) { return cv(v.x) - 3.0f * cv(v.y) + cv(v.z); }
__device__ __forceinline__ float cv(short4 v) {
  return cv(v.x) - 3.0f * cv(v.y) + cv(v.z) + 0.25f * cv(v.w);
}
__device__ __forceinline__ float cv(int2 v) { return cv(v.x) + 5.0f * cv(v.y); }
__device__ __forceinline__ float cv(int3 v) { return cv(v.x) + 5.0f * cv(v.y) - cv(v.z); }
__device__ __forceinline__ float cv(int4 v) {
  return cv(v.x) + 5.0f * cv(v.y) - cv(v.z) + 0.5f * cv(v.w);
}
__device__ __forceinline__ float cv(float2 v) { return v.x - 0.5f * v.y; }
__device__ __forceinline__ float cv(float3 v) { return v.x - 0.5f * v.y + 1.5f * v.z; }
__device__ __forceinline__ float cv(float4 v) { return v.x - 0.5f * v.y + 1.5f * v.z - v.w; }
__device__ __forceinline__ float cv(double2 v) { return cv(v.x) - cv(v.y); }
__device__ __forceinline__ float cv(longlong2 v) { return cv(v.x) + 3.0f * cv(v.y); }

// In-place results: a value of the element type from a float (defined for
// every float, NaN and infinities included).
__device__ __forceinline__ void put(char &d, float v) { d = (char)__float2int_rz(v); }
__device__ __forceinline__ void put(signed char &d, float v) { d = (signed char)__float2int_rz(v); }
__device__ __forceinline__ void put(u8_t &d, float v) { d = (u8_t)__float2int_rz(v); }
__device__ __forceinline__ void put(short &d, float v) { d = (short)__float2int_rz(v); }
__device__ __forceinline__ void put(int &d, float v) { d = __float2int_rz(v); }
__device__ __forceinline__ void put(u32_t &d, float v) { d = (u32_t)__float2int_rz(v); }
__device__ __forceinline__ void put(float &d, float v) { d = v; }
__device__ __forceinline__ void put(double &d, float v) { d = (double)v; }
__device__ __forceinline__ void put(ll_t &d, float v) { d = (ll_t)__float2int_rz(v); }
template <class V> __device__ __forceinline__ void put2(V &d, float v) {
  put(d.x, v);
  put(d.y, v + 1.0f);
}
template <class V> __device__ __forceinline__ void put3(V &d, float v) {
  put2(d, v);
  put(d.z, v - 1.0f);
}
template <class V> __device__ __forceinline__ void put4(V &d, float v) {
  put3(d, v);
  put(d.w, v * 0.5f);
}
__device__ __forceinline__ void put(char2 &d, float v) { put2(d, v); }
__device__ __forceinline__ void put(char3 &d, float v) { put3(d, v); }
__device__ __forceinline__ void put(char4 &d, float v) { put4(d, v); }
__device__ __forceinline__ void put(short2 &d, float v) { put2(d, v); }
__device__ __forceinline__ void put(short3 &d, float v) { put3(d, v); }
__device__ __forceinline__ void put(short4 &d, float v) { put4(d, v); }
__device__ __forceinline__ void put(int2 &d, float v) { put2(d, v); }
__device__ __forceinline__ void put(int3 &d, float v) { put3(d, v); }
__device__ __forceinline__ void put(int4 &d, float v) { put4(d, v); }
__device__ __forceinline__ void put(float2 &d, float v) { put2(d, v); }
__device__ __forceinline__ void put(float3 &d, float v) { put3(d, v); }
__device__ __forceinline__ void put(float4 &d, float v) { put4(d, v); }
__device__ __forceinline__ void put(double2 &d, float v) { put2(d, v); }
__device__ __forceinline__ void put(longlong2 &d, float v) { put2(d, v); }
"""

HOST_PRELUDE = r"""#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define CHECK(call)                                                                  \
  do {                                                                               \
    cudaError_t err_ = (call);                                                       \
    if (err_ != cudaSuccess) {                                                       \
      printf("%s ERROR %s: %s\n", cur_kernel, #call, cudaGetErrorString(err_));      \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

static const char *cur_kernel = "";
static uint64_t rng_state;
static uint64_t next_rand(void) {
  uint64_t x = rng_state;
  x ^= x >> 12;
  x ^= x << 25;
  x ^= x >> 27;
  rng_state = x;
  return x * 0x2545F4914F6CDD1Dull;
}
// Non-zero values: integers in [1, 100], floats of magnitude in [0.25, 2).
static void fill_i(void *p, size_t bytes, size_t comp) {
  unsigned char *b = (unsigned char *)p;
  for (size_t i = 0; i < bytes; i += comp) {
    uint64_t v = 1 + next_rand() % 100;
    memcpy(b + i, &v, comp); /* little-endian: low bytes */
  }
}
static void fill_f(void *p, size_t bytes, size_t comp) {
  unsigned char *b = (unsigned char *)p;
  for (size_t i = 0; i < bytes; i += comp) {
    double m = 0.25 + (double)(next_rand() >> 11) * (1.75 / 9007199254740992.0);
    if (next_rand() & 1)
      m = -m;
    if (comp == 4) {
      float f = (float)m;
      memcpy(b + i, &f, 4);
    } else {
      memcpy(b + i, &m, 8);
    }
  }
}
static uint64_t hash_bytes(uint64_t h, const void *p, size_t n) {
  const unsigned char *b = (const unsigned char *)p;
  for (size_t i = 0; i < n; ++i)
    h = (h ^ b[i]) * 1099511628211ull;
  return h;
}
static int want(const char *filter, const char *name) {
  return !filter || !strcmp(filter, name);
}
"""

# Each kernel's driver. The arrays hold `nreg` regions of `blocklen` elements
# (an image of rows x ld elements with margins, then a tail that no copy
# reads); H and W are the image's valid rows and columns, ragged per launch.
DRIVER = r"""
static void run_{name}(uint64_t seed, int small) {{
  cur_kernel = "{name}";
  static const int trips[] = {{{trips}}};
  static const int ragy[] = {{{ragy}}};
  static const int ragx[] = {{{ragx}}};
  const int ncfg = small ? 3 : (int)(sizeof(trips) / sizeof(trips[0]));
  for (int c = 0; c < ncfg; ++c) {{
    const int nt = trips[c];
    const int ntiles = nt * {tilemul};
    const int H = {hexpr}, W = {wexpr};
    const int ld = {ld}, ntl = {ntl};
    const long long blocklen = {blocklen}ll;
    const size_t elems = (size_t){nreg} * blocklen;
    const size_t abytes = elems * {esize}, obytes = (size_t){nb} * {nth} * 2 * sizeof(float);
    rng_state = seed * 0x9E3779B97F4A7C15ull + {index}ull * 1000003ull + (uint64_t)c + 1;
    void *ha = malloc(abytes), *hb = malloc(abytes), *ho = malloc(obytes);
    fill_{fill}(ha, abytes, {comp});
    fill_{fill}(hb, abytes, {comp});
    void *da, *db, *dout;
    CHECK(cudaMalloc(&da, abytes));
    CHECK(cudaMalloc(&db, abytes));
    CHECK(cudaMalloc(&dout, obytes));
    CHECK(cudaMemcpy(da, ha, abytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemcpy(db, hb, abytes, cudaMemcpyHostToDevice));
    CHECK(cudaMemset(dout, 0xFF, obytes));
    const int stop = nt / 2, klim = 3, flag = 1, reps = 2, d = {d};
    {name}<<<{nb}, dim3({bx}, {by}), {dyn}>>>(({ty} *)da, ({ty} *)db, (float *)dout, nt, H, W,
                                        ld, blocklen, stop, klim, flag, reps, d, ntl);
    CHECK(cudaGetLastError());
    CHECK(cudaDeviceSynchronize());
    CHECK(cudaMemcpy(ho, dout, obytes, cudaMemcpyDeviceToHost));
    uint64_t h = hash_bytes(1469598103934665603ull, ho, obytes);
    CHECK(cudaMemcpy(ha, da, abytes, cudaMemcpyDeviceToHost));
    CHECK(cudaMemcpy(hb, db, abytes, cudaMemcpyDeviceToHost));
    h = hash_bytes(h, ha, abytes);
    h = hash_bytes(h, hb, abytes);
    printf("{name} cfg=%d nt=%d H=%d W=%d hash=%016llx\n", c, nt, H, W, (unsigned long long)h);
    CHECK(cudaFree(da));
    CHECK(cudaFree(db));
    CHECK(cudaFree(dout));
    free(ha);
    free(hb);
    free(ho);
  }}
}}
"""


# ---------------------------------------------------------------- the design


def _pairs(row, names):
    out = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            out.append((names[i], row[names[i]], names[j], row[names[j]]))
    return out


def all_pairs():
    """Every (axis, value, axis, value) pair of two different axes."""
    names = list(AXES)
    out = []
    for i in range(len(names)):
        for j in range(i + 1, len(names)):
            for a in AXES[names[i]]:
                for b in AXES[names[j]]:
                    out.append((names[i], a, names[j], b))
    return out


_DESIGN = {}


def design_block(seed, block):
    """Rows (axis -> value) covering every pair of axis values at least once.

    Greedy (in the manner of AETG): each row starts from a pair not yet
    covered and fills the other axes, in random order, with the value that
    covers the most uncovered pairs; the best of several candidates is kept."""
    key = (seed, block)
    if key in _DESIGN:
        return _DESIGN[key]
    rng = random.Random("design:%d:%d" % (seed, block))
    names = list(AXES)
    uncovered = set(all_pairs())
    rows = []
    while uncovered:
        todo = sorted(uncovered)
        best, best_gain = None, -1
        for _ in range(20):
            a1, v1, a2, v2 = rng.choice(todo)
            row = {a1: v1, a2: v2}
            rest = [n for n in names if n not in row]
            rng.shuffle(rest)
            for n in rest:
                scored = []
                for v in AXES[n]:
                    gain = sum(1 for m, w in row.items()
                               if ((m, w, n, v) if names.index(m) < names.index(n)
                                   else (n, v, m, w)) in uncovered)
                    scored.append((gain, rng.random(), v))
                row[n] = max(scored)[2]
            gain = sum(1 for p in _pairs(row, names) if p in uncovered)
            if gain > best_gain:
                best, best_gain = row, gain
        rows.append(best)
        uncovered -= set(_pairs(best, names))
    rng.shuffle(rows)
    _DESIGN[key] = rows
    return rows


def design_row(seed, index):
    """The axis values of kernel `index` of `seed`."""
    block = 0
    while True:
        rows = design_block(seed, block)
        if index < len(rows):
            return dict(rows[index])
        index -= len(rows)
        block += 1


# ---------------------------------------------------------------- drawing


class Draw:
    """Named choices, each from its own random stream (seed, index, name);
    `fixed` forces some. Records what it drew, with the options, in order."""

    def __init__(self, seed, index, fixed):
        self.key = "%d:%d:" % (seed, index)
        self.fixed = fixed
        self.got = {}

    def rng(self, name):
        return random.Random(self.key + name)

    def pick(self, name, options, weights=None):
        options = list(options)
        want = self.fixed.get(name)
        hit = [o for o in options if want is not None and str(o) == str(want)]
        v = hit[0] if hit else self.rng(name).choices(options, weights)[0]
        self.got[name] = (v, options)
        return v

    def chance(self, name, p):
        return self.pick(name, [False, True], [1 - p, p])

    def randint(self, name, lo, hi):
        return self.pick(name, range(lo, hi + 1))

    def settle(self, name, value):
        """Record that a drawn choice was overridden (an incompatible pair)."""
        if name in self.got:
            self.got[name] = (value, self.got[name][1])
        return value


class Kernel:
    """One generated kernel: its name, source and what the checker needs."""

    def __init__(self, index):
        self.index = index
        self.name = "k%05d" % index
        self.near_miss = None  # a NEAR_MISSES entry: must not be pipelined
        self.crash_form = None
        self.extra_barriers = 0  # barriers inside the compute of one iteration
        self.axes = {}  # axis -> value
        self.choices = {}  # every choice drawn: name -> (value, options)
        self.features = []  # "name=value" of every choice
        self.text = ""
        self.driver = ""
        self.args = []  # plugin arguments of its axis value


def fill_value(vty, scalar, comps, kind):
    """A non-zero fill of type vty: -INFINITY (floating types) or one."""
    one = {"float": "1.0f", "double": "1.0"}.get(scalar, "(%s)1" % scalar)
    v = "-INFINITY" if kind == "ninf" else one
    if comps == 1:
        return v if kind == "ninf" or scalar in ("float", "double") else "(%s)1" % vty
    return "%s%d(%s)" % (MAKE[scalar], comps, ", ".join([v] * comps))


# ---------------------------------------------------------------- kernels


def make_kernel(seed, index, fixed=None, crash_forms=True):
    fx = design_row(seed, index)
    fx.update(fixed or {})
    d = Draw(seed, index, fx)
    k = Kernel(index)
    for a in AXES:
        k.axes[a] = d.pick(a, AXES[a])
    copy, guard, loop, store, args = (k.axes[a] for a in AXES)
    k.args = ARGS[args]
    # With extras off, the secondary choices stay simple (a plain sum, no
    # near-miss): 60% of the kernels, so the rewrite itself runs often.
    extras = d.chance("extras", 0.4)

    # Element type.
    vec = None
    if copy == "vec":
        vec = d.pick("vec", ["float4", "int4", "float2", "int2"], [3, 2, 2, 1])
        tname = vec[:-1]
        V = int(vec[-1])
        vstore = d.pick("vstore", ["vector", "scalars"])
    else:
        pool = [t for t in TYPES if t[5] or copy != "ldg"]
        # copy loops take scalar elements: struct copies become memcpy calls,
        # which a copy loop may not hold (CopyLoopBody)
        scalar_w = 8 if copy in ("loop", "rtloop") else 1
        tname = d.pick("T", [t[0] for t in pool],
                       [TYPE_WEIGHTS[t[1]] * (scalar_w if t[3] == 1 else 1) for t in pool])
        V = 1
    tname, esize, scalar, comps, fillk, ldg_ok = TYPE_BY_NAME[tname]
    T = tname

    special = "none"
    if extras:
        special = d.pick("special", ["none"] + NEAR_MISSES + CRASH_FORMS,
                         [62] + [6] * len(NEAR_MISSES) + [4] * len(CRASH_FORMS))
    if special in CRASH_FORMS and not crash_forms:
        special = d.settle("special", "none")

    # Tile geometry: TR x TC elements (halo h on each side), NTH = BX x BY
    # threads; tiles move down the image (rows) or across it (columns).
    vshape = None
    if copy in ("straight", "ldg", "rtloop") or copy == "vec" and \
            d.pick("vshape", ["straight", "loop"]) == "straight":
        vshape = "straight" if copy == "vec" else None
        dim = 1 if special == "deep_array" else d.pick("dim", [1, 2])
        copies = d.randint("copies", 2 if copy == "rtloop" else 1, 4)
        if dim == 1:
            nth = d.pick("nth", [32, 64, 128, 256])
            BX, BY, TR, TC = nth, 1, 1, nth * copies * V
        else:
            BX = d.pick("bx", [8, 16, 32])
            BY = d.pick("by", [2, 4, 8])
            TR, TC = BY * copies, BX * V
        h = 0
        mapping = "contig"
        if copy in ("straight", "ldg"):
            mapping = d.pick("map", ["contig", "strided"])
        # a halo of one cell loaded by the edge threads, as 2-D stencils
        # do: `if (ty == 0) tile[0][tx + 1] = ...` (SimplifyCFG merges the
        # two sides of each axis into a switch and one block of copies)
        edges = (copy in ("straight", "ldg") and dim == 2 and mapping == "contig" and
                 d.chance("edges", 0.3))
        if edges:
            TR, TC, h = TR + 2, TC + 2, 1
        tile_name = "%dx%d" % (TR, TC)
    elif copy == "loop":
        tile_name = d.pick("tile", list(LOOP_TILES))
        TR, TC, BX, BY, h = LOOP_TILES[tile_name]
        copies = 0
        edges = False
    else:
        vshape = "loop"
        tile_name = d.pick("vtile", list(VEC_LOOP_TILES))
        TR, TC, BX, BY = VEC_LOOP_TILES[tile_name]
        h = 0
        copies = 0
        edges = False
    NTH = BX * BY
    dim = 1 if TR == 1 else 2
    if special == "deep_array" and (dim != 1 or copy == "vec"):
        special = d.settle("special", "none")
    direction = "across" if TR == 1 else d.pick("dir", ["down", "across"])
    TRi, TCi = TR - 2 * h, TC - 2 * h
    STEP = TRi if direction == "down" else TCi
    # a padded row breaks the / and % split of a copy loop into one affine
    # index (a decline): mostly unpadded there
    in_loop = copy == "loop" or vshape == "loop"
    if copy == "vec":
        pad = d.pick("pad", [0, V], [4 if in_loop else 2, 1])
    else:
        pad = d.pick("pad", [0, 1, 4] if dim == 1 else [0, 1, 2], [8 if in_loop else 3, 1, 1])
    # two tiles where both fit in 40 KiB with room to spare (48 KiB is the limit)
    two_fit = 2 * TR * (TC + pad) * esize <= 40960
    ntiles = d.pick("tiles", [1, 2], [7, 3]) if two_fit else d.pick("tiles", [1])

    # Loop structure and counter.
    persistent = None
    if loop == "persistent":
        persistent = d.pick("persistent", ["around", "as"])
    if loop in ("outer", "twoloops") or persistent == "around":
        counter = d.pick("counter", ["for", "unsigned", "down", "kstep", "ptrbump", "syncfirst"])
    elif persistent == "as":
        counter = "as"
    else:
        counter = loop
    if special == "dup_index" and counter in ("kstep", "ptrbump", "as"):
        special = d.settle("special", "none")
    if special == "src_write" and counter == "as":
        special = d.settle("special", "none")  # the next tile is another block's: a race
    trip = d.pick("trip", ["param", "derived"], [2, 1])
    if special in NEAR_MISSES:
        k.near_miss = special
    elif special in CRASH_FORMS:
        k.crash_form = special

    # Guard details.
    terms = {"select": 1, "ifelse": 1, "and2": 2, "and3": 3, "and4": 4}.get(guard, 0)
    if guard in ("nested", "or"):
        terms = d.randint("terms", 2, 4)
    elif guard in ("fill", "ifonly"):
        terms = d.randint("terms", 1, 4)
    gform = "ternary"
    if guard in ("invariant", "and2", "and3", "and4", "fill"):
        gform = d.pick("gform", ["ternary", "ifelse"])
    elif guard == "nested":
        gform = d.pick("gform", ["ifelse", "ternary"])
    elif guard == "or":
        gform = d.pick("gform", ["ifelse", "temp", "ternary"])
    elif guard == "ifelse":
        gform = "ifelse"
    shuffle = terms > 1 and d.chance("shuffle", 0.3)
    flagterm = guard in ("and2", "and3", "and4") and d.chance("flagterm", 0.15)
    clampdims = d.pick("clamp", ["move", "both"]) if guard == "clamp" else None
    fill_kind = None
    if guard == "fill":
        fill_kind = d.pick("fillv", ["one", "ninf"] if scalar in ("float", "double") else ["one"])

    # Secondary choices.
    compute_opts = ["sum", "rtloop", "barrier", "hinline"] + (["hnoinline"] if extras else [])
    compute = d.pick("compute", compute_opts + (["mm"] if ntiles == 2 else []))
    if k.near_miss == "tile_write":
        compute = d.settle("compute", "own")
    if k.near_miss == "div_barrier" and compute == "barrier":
        compute = d.settle("compute", "sum")
    sync = d.pick("sync", ["sync", "cg"], [4, 1]) if extras else "sync"
    ldg = copy == "ldg" or (ldg_ok and copy in ("loop", "rtloop", "vec") and
                            d.chance("ldg", 0.1))
    # The near miss that writes its loop's source reads it coherently: __ldg
    # of bytes the kernel writes is undefined (the read-only cache may keep
    # the old ones), so its plain build would differ from run to run.
    ldg = ldg and k.near_miss != "src_write"
    copy_helper = extras and copy in ("straight", "ldg") and d.chance("helper", 0.15)
    converted = (extras and copy != "vec" and special == "none" and
                 d.chance("converted", 0.05))
    post = d.pick("post", ["none", "reduce", "reuse", "readback"] if extras else ["none", "reduce"])
    if post == "readback" and guard == "ifonly":
        post = d.settle("post", "reuse")
    # a tile_write compute zeroes elements in the last iteration: read them
    # back only after a barrier
    rbsync = post == "readback" and (k.near_miss == "tile_write" or d.chance("rbsync", 0.5))
    loopstore = store in ("restrict", "norestrict") and d.chance("loopstore", 0.3)
    restrict = store == "restrict" or store.startswith("inplace") and d.chance("restrict", 0.5)
    pitch = d.pick("pitch", ["param", "const"])
    nb = d.pick("grid", [1, 2, 3])
    # a step of blockDim.x * blockDim.y is not known to clear the tile (a
    # decline): mostly the constant
    cstep = d.pick("cstep", ["const", "blockDim"], [3, 1]) if in_loop else None
    # A copy loop walks its tile by rows (i / cols, i % cols) or by columns
    # (i % rows, i / rows: a transposing store, as SGEMM kernels write As).
    walk = d.pick("walk", ["rows", "cols"], [2, 1]) if in_loop and dim == 2 and V == 1 else None
    unroll1 = (in_loop or copy == "rtloop") and d.chance("unroll1", 0.2)
    cloops = "one"
    if ntiles == 2 and (in_loop or copy == "rtloop"):
        cloops = d.pick("cloops", ["one", "two"])
    depth = d.randint("depth", 15, 20) if k.crash_form == "deep_array" else 0
    writes_a = k.near_miss == "src_write" or store.startswith("inplace")

    # Geometry of one region (what one block reads, unless persistent).
    nreg = {"as": 1, "around": nb + 1}.get(persistent, nb)
    ta = TA * nb if persistent == "as" else TA
    rows_alloc = (ta * STEP + TR if direction == "down" else TR) + 2 * MY
    cols_alloc = (ta * STEP + TC if direction == "across" else TC) + 2 * MX
    LDV = (cols_alloc + 3) // 4 * 4
    IMG = rows_alloc * LDV
    blocklen = (IMG + ta * NTH + 3) // 4 * 4
    LD = "ld" if pitch == "param" else str(LDV)

    k.extra_barriers = 1 if compute == "barrier" else 0
    k.loops = 2 if loop == "twoloops" else 1

    # ---- emission helpers
    ttype = "float" if converted else T  # the tile's element type
    vty = vec if copy == "vec" else ttype  # the type of one copied value
    zero = "%s()" % vty
    fillv = fill_value(vty, scalar, V if copy == "vec" else comps, fill_kind) \
        if guard == "fill" else zero
    if converted and guard == "fill":
        fillv = "-INFINITY" if fill_kind == "ninf" else "1.0f"
    SY = "blk.sync()" if sync == "cg" else "__syncthreads()"
    TID = "(int)threadIdx.x" if dim == 1 and BY == 1 else \
        "(int)(threadIdx.y * %d + threadIdx.x)" % BX
    helpers = []

    def at(t, r, c):
        if depth:
            return "%s%s[%s]" % (t, "[0]" * depth, c)
        if dim == 1:
            return "%s[%s]" % (t, c)
        return "%s[%s][%s]" % (t, r, c)

    # the tiles in dynamic shared memory: carved from one extern buffer at
    # 16-byte aligned offsets, as typed pointers (dsm_off: the next offset)
    dynamic = not depth and d.pick("smem", ["static", "dynamic"], [3, 1]) == "dynamic"
    tile_bytes = (TR if dim == 2 else 1) * (TC + pad) * (4 if converted else esize)
    tile_stride = (tile_bytes + 15) // 16 * 16
    dsm_off = {"ta": 0, "tb": tile_stride}

    def decl(t):
        if dynamic:
            head = "  extern __shared__ __align__(16) unsigned char dsm[];\n" if t == "ta" else ""
            if dim == 1:
                return "%s  %s *%s = (%s *)(dsm + %d);" % (head, ttype, t, ttype, dsm_off[t])
            return "%s  %s (*%s)[%d] = (%s (*)[%d])(dsm + %d);" % (
                head, ttype, t, TC + pad, ttype, TC + pad, dsm_off[t])
        if depth:
            return "  __shared__ %s %s%s[%d];" % (ttype, t, "[1]" * depth, TC + pad)
        if dim == 1:
            return "  __shared__ __align__(16) %s %s[%d];" % (ttype, t, TC + pad)
        return "  __shared__ __align__(16) %s %s[%d][%d];" % (ttype, t, TR, TC + pad)

    mv, ot = ("y", "x") if direction == "down" else ("x", "y")
    lo = {"y": "{sy} >= 0", "x": "{sx} >= 0"}
    hi = {"y": "{sy} < H", "x": "{sx} < W"}
    nlo = {"y": "{sy} < 0", "x": "{sx} < 0"}
    nhi = {"y": "{sy} >= H", "x": "{sx} >= W"}
    canon = [("y", "lo"), ("y", "hi"), ("x", "lo"), ("x", "hi")]
    chosen = {1: [(mv, "hi")], 2: [(mv, "lo"), (mv, "hi")],
              3: [(ot, "lo"), (ot, "hi"), (mv, "hi")], 4: canon}.get(terms, [])
    chosen = [p for p in canon if p in chosen]
    if shuffle:
        d.rng("order").shuffle(chosen)

    def cond_terms(sy, sx, negate=False):
        out = []
        for ax, which in chosen:
            tab = (nlo if which == "lo" else nhi) if negate else (lo if which == "lo" else hi)
            out.append(tab[ax].format(sy=sy, sx=sx))
        if flagterm:
            out.append("flag == 0" if negate else "flag != 0")
        return out

    def cond(sy, sx):
        if guard == "invariant":
            return "flag != 0"
        return " && ".join(cond_terms(sy, sx))

    def valid(r, c):
        """Whether tile element (r, c) was written this iteration (ifonly)."""
        return "(%s)" % cond("(y0 + (%s) - %d)" % (r, h), "(x0 + (%s) - %d)" % (c, h))

    def load(p, sy, sx, ptr):
        if ptr:
            idx = "((%s) - y0 + %d) * %s + (%s) - x0 + %d" % (sy, MY, LD, sx, MX)
        else:
            idx = "blk0 + ((%s) + %d) * %s + (%s) + %d" % (sy, MY, LD, sx, MX)
        if copy == "vec":
            a = "reinterpret_cast<const %s *>(&%s[%s])" % (vec, p, idx)
            return "__ldg(%s)" % a if ldg else "*" + a
        e = "__ldg(&%s[%s])" % (p, idx) if ldg else "%s[%s]" % (p, idx)
        return "(float)cv(%s)" % e if converted else e

    def sink_for(dst):
        """Statements storing a value into tile element dst (and on)."""
        if copy == "vec" and vstore == "vector":
            return lambda v: ["*reinterpret_cast<%s *>(&%s) = %s;" % (vec, dst, v)]
        if copy == "vec":
            base, col = dst.rsplit("[", 1)
            col = col[:-1]
            comp = "xyzw"[:V]
            return lambda v: (["{", "  const %s v_ = %s;" % (vec, v)] +
                              ["  %s[%s + %d] = v_.%s;" % (base, col, i, comp[i])
                               for i in range(V)] + ["}"])
        if copy_helper:
            hn = "cp_%s" % k.name
            if not helpers or not helpers[0].startswith("__device__ __forceinline__ void cp_"):
                helpers.insert(0, "__device__ __forceinline__ void %s(%s *d, %s v) { *d = v; }"
                               % (hn, ttype, ttype))
            return lambda v: ["%s(&%s, %s);" % (hn, dst, v)]
        return lambda v: ["%s = %s;" % (dst, v)]

    def guarded_copy(I, p, ptr, dst):
        """Lines copying source (sy, sx) into dst under the guard."""
        sink = sink_for(dst)

        def put_(v, ind, braced=False):
            lines = sink(v)
            if braced and lines[0] == "{":
                lines = [x[2:] for x in lines[1:-1]]  # the branch's braces serve
            return [ind + x for x in lines]

        if guard == "none":
            return put_(load(p, "sy", "sx", ptr), I)
        if guard == "clamp":
            xm = "W - %d" % V
            cy = "min(max(sy, 0), H - 1)" if clampdims == "both" or mv == "y" else "sy"
            cx = "min(max(sx, 0), %s)" % xm if clampdims == "both" or mv == "x" else "sx"
            return put_(load(p, cy, cx, ptr), I)
        ld_ = load(p, "sy", "sx", ptr)
        if guard == "ifonly":
            return [I + "if (%s) {" % cond("sy", "sx")] + put_(ld_, I + "  ", True) + [I + "}"]
        if guard == "nested":
            ts = cond_terms("sy", "sx")
            cut = max(1, len(ts) // 2)
            c1, c2 = " && ".join(ts[:cut]), " && ".join(ts[cut:])
            if gform == "ternary":
                return put_("(%s) ? ((%s) ? %s : %s) : %s" % (c1, c2, ld_, zero, zero), I)
            return ([I + "if (%s) {" % c1, I + "  if (%s) {" % c2] +
                    put_(ld_, I + "    ", True) + [I + "  } else {"] +
                    put_(zero, I + "    ", True) + [I + "  }", I + "} else {"] +
                    put_(zero, I + "  ", True) + [I + "}"])
        if guard == "or":
            nc = " || ".join(cond_terms("sy", "sx", negate=True))
            if gform == "ternary":
                return put_("(%s) ? %s : %s" % (nc, zero, ld_), I)
            if gform == "temp":
                return ([I + "{", I + "  %s v;" % vty, I + "  if (%s)" % nc,
                         I + "    v = %s;" % zero, I + "  else", I + "    v = %s;" % ld_] +
                        put_("v", I + "  ") + [I + "}"])
            return ([I + "if (%s) {" % nc] + put_(zero, I + "  ", True) + [I + "} else {"] +
                    put_(ld_, I + "  ", True) + [I + "}"])
        c = cond("sy", "sx")
        if gform == "ternary":
            return put_("(%s) ? %s : %s" % (c, ld_, fillv), I)
        return ([I + "if (%s) {" % c] + put_(ld_, I + "  ", True) + [I + "} else {"] +
                put_(fillv, I + "  ", True) + [I + "}"])

    def coords(I, r, c):
        less = " - %d" % h if h else ""
        return [I + "const int sy = y0 + (%s)%s, sx = x0 + (%s)%s;" % (r, less, c, less)]

    def edge_copies():
        """The halo's copies by the edge threads, and its corners by the
        corner threads (the compute reads them all): (condition, row,
        column)."""
        tx, ty = "(int)threadIdx.x", "(int)threadIdx.y"
        out = [(ty + " == 0", "0", tx + " + 1"),
               (ty + " == %d" % (BY - 1), str(TR - 1), tx + " + 1")]
        for j in range(copies):
            out += [(tx + " == 0", "%s + %d" % (ty, j * BY + 1), "0"),
                    (tx + " == %d" % (BX - 1), "%s + %d" % (ty, j * BY + 1), str(TC - 1))]
        for cy, row in ((0, 0), (BY - 1, TR - 1)):
            for cx, col in ((0, 0), (BX - 1, TC - 1)):
                out.append(("%s == %d && %s == %d" % (tx, cx, ty, cy), str(row), str(col)))
        return out

    def copy_stage(I, pairs, bases):
        """The copy stage of one iteration; pairs: [(tile, source)]."""
        L = []
        if copy in ("straight", "ldg") or vshape == "straight":
            for t, s in pairs:
                p, ptr = bases[s]
                for j in range(copies):
                    if dim == 1:
                        e = ("%s + %d" % (TID, j * NTH) if mapping == "contig" else
                             "%s * %d + %d" % (TID, copies, j))
                        r, c = "0", ("(%s) * %d" % (e, V) if V > 1 else e)
                    else:
                        r = ("(int)threadIdx.y + %d" % (j * BY + h) if mapping == "contig" else
                             "(int)threadIdx.y * %d + %d" % (copies, j))
                        c = "(int)threadIdx.x * %d" % V if V > 1 else "(int)threadIdx.x"
                        if edges:
                            c = "(int)threadIdx.x + 1"
                    L.append(I + "{")
                    L += coords(I + "  ", r, c)
                    L += guarded_copy(I + "  ", p, ptr, at(t, r, c))
                    L.append(I + "}")
                for cond, r, c in edge_copies() if edges else []:
                    L.append(I + "if (%s) {" % cond)
                    L += coords(I + "  ", r, c)
                    L += guarded_copy(I + "  ", p, ptr, at(t, r, c))
                    L.append(I + "}")
            return L
        groups = [pairs] if cloops == "one" else [[pr] for pr in pairs]
        for grp in groups:
            if unroll1:
                L.append(I + "#pragma unroll 1")
            if copy == "rtloop":
                L.append(I + "for (int j = 0; j < d; ++j) {")
                if dim == 1:
                    r, c = "0", "j * %d + %s" % (NTH, TID)
                else:
                    r, c = "(int)threadIdx.y + j * %d" % BY, "(int)threadIdx.x"
            else:
                n = TR * TC // V
                step = str(NTH) if cstep == "const" else (
                    "(int)blockDim.x" if BY == 1 else "(int)(blockDim.x * blockDim.y)")
                L.append(I + "for (int i = %s; i < %d; i += %s) {" % (TID, n, step))
                per_row = TC // V
                if dim == 1:
                    r, c = "0", ("i * %d" % V if V > 1 else "i")
                else:
                    if walk == "cols":
                        L.append(I + "  const int ly = i %% %d, lx = i / %d;" % (TR, TR))
                    else:
                        L.append(I + "  const int ly = i / %d, lx = i %% %d;" % (per_row, per_row))
                    r, c = "ly", ("lx * %d" % V if V > 1 else "lx")
            L += coords(I + "  ", r, c)
            for t, s in grp:
                p, ptr = bases[s]
                L += guarded_copy(I + "  ", p, ptr, at(t, r, c))
            L.append(I + "}")
        return L

    # The first element this thread copies (for near-misses and in-place writes).
    if copy in ("straight", "ldg") or vshape == "straight" or copy == "rtloop":
        if dim == 1:
            e0 = TID if mapping == "contig" else "%s * %d" % (TID, copies)
            P0 = ("0", "(%s) * %d" % (e0, V) if V > 1 else e0)
        else:
            r0 = "(int)threadIdx.y" if mapping == "contig" else "(int)threadIdx.y * %d" % copies
            P0 = (r0, "(int)threadIdx.x * %d" % V if V > 1 else "(int)threadIdx.x")
            if edges:
                P0 = ("(int)threadIdx.y + 1", "(int)threadIdx.x + 1")
    else:
        per_row = TC // V
        if dim == 1:
            P0 = ("0", "%s * %d" % (TID, V) if V > 1 else TID)
        else:
            P0 = ("%s / %d" % (TID, per_row),
                  "%s %% %d * %d" % (TID, per_row, V) if V > 1 else "%s %% %d" % (TID, per_row))

    def rd(kk):
        if dim == 1:
            return ("0", "(%s * 3 + %s * 7) %% %d" % (TID, kk, TC))
        return ("((int)threadIdx.y + %s) %% %d" % (kk, TR),
                "((int)threadIdx.x * 3 + %s) %% %d" % (kk, TC))

    def val(t, r, c):
        return "cv(%s)" % at(t, r, c)

    def guarded_val(expr, r, c):
        return "(%s ? %s : 0.0f)" % (valid(r, c), expr) if guard == "ifonly" else expr

    def compute_stage(I, pairs, loopno):
        L = []

        def term(kk):
            if compute == "mm":
                (r1, c1), (r2, c2) = rd(kk), rd("(%s + 1)" % kk)
                return "%s * %s" % (guarded_val(val("ta", r1, c1), r1, c1),
                                    guarded_val(val("tb", r2, c2), r2, c2))
            s = []
            for t, _ in pairs:
                r, c = rd(kk)
                s.append(guarded_val(val(t, r, c), r, c))
            return " + ".join(s)

        if compute in ("sum", "mm"):
            for kk in range(4):
                L.append(I + "acc = acc * 0.5f + %s;" % term(str(kk)))
        elif compute == "rtloop":
            L.append(I + "for (int kk = 0; kk < klim; ++kk)")
            L.append(I + "  acc = acc * 0.75f + %s;" % term("kk"))
        elif compute == "barrier":
            L.append(I + "float x_%d = %s;" % (loopno, term("0")))
            L.append(I + SY + ";")
            L.append(I + "acc = acc * 0.5f + x_%d * %s;" % (loopno, term("1")))
        elif compute in ("hinline", "hnoinline"):
            hn = "h_%s_%d" % (k.name, loopno)
            attr = "__forceinline__" if compute == "hinline" else "__noinline__"
            own = guard == "ifonly"  # then only the checked element is read
            if dim == 1:
                ptype = "const %s *t" % ttype
                idx = "t[e]" if own else "t[(e + i * 7) %% %d]" % TC
            else:
                ptype = "const %s (*t)[%d]" % (ttype, TC + pad)
                idx = ("t[e / %d][e %% %d]" % (TC, TC) if own else
                       "t[(e / %d + i) %% %d][(e + i * 3) %% %d]" % (TC, TR, TC))
            hv = "(ok ? cv(%s) : 0.0f)" % idx if own else "cv(%s)" % idx
            helpers.append(
                "__device__ %s float %s(%s, int e, int ok) {\n  float s = 0.0f;\n"
                "  for (int i = 0; i < 3; ++i)\n    s = s * 0.5f + %s;\n  return s;\n}" %
                (attr, hn, ptype, hv))
            if own:
                r0, c0 = P0
                e = c0 if dim == 1 else "(%s) * %d + (%s)" % (r0, TC, c0)
                okx = valid(r0, c0)
            else:
                e, okx = TID, "1"
            for t, _ in pairs:
                a = "%s%s" % (t, "[0]" * depth) if depth else t
                L.append(I + "acc += %s(%s, %s, %s);" % (hn, a, e, okx))
        elif compute == "own":
            r0, c0 = P0
            for t, _ in pairs:
                L.append(I + "acc = acc * 0.5f + %s;" % guarded_val(val(t, r0, c0), r0, c0))
                L.append(I + "%s = %s();" % (at(t, r0, c0), ttype))
        return L

    def loop_parts(var, loopno):
        """(header, tile index, iteration number, trip expression, y0/x0 lines)."""
        if trip == "param":
            lim = "ntl" if counter == "as" else "nt"
        else:
            lim = ("(H + %d) / %d" % (STEP - 1, STEP) if direction == "down" else
                   "(W + %d) / %d" % (STEP - 1, STEP))
        origin = None
        if counter in ("for", "syncfirst", "ptrbump"):
            head = "for (int %s = 0; %s < %s; ++%s)" % (var, var, lim, var)
            ti = it = var
        elif counter == "unsigned":
            head = "for (unsigned %s = 0; %s < (unsigned)(%s); ++%s)" % (var, var, lim, var)
            ti = it = "(int)" + var
        elif counter == "down":
            head = "for (int %s = %s; %s > 0; --%s)" % (var, lim, var, var)
            ti = it = "(%s - %s)" % (lim, var)
        elif counter == "kstep":
            klim = "nt * %d" % STEP if trip == "param" else ("H" if direction == "down" else "W")
            head = "for (int %s = 0; %s < %s; %s += %d)" % (var, var, klim, var, STEP)
            ti = it = "(%s / %d)" % (var, STEP)
            origin = var
            lim = "(%s + %d) / %d" % (klim, STEP - 1, STEP)
        else:  # as: the persistent loop is the tile loop
            head = "for (int %s = blockIdx.x; %s < %s; %s += gridDim.x)" % (var, var, lim, var)
            ti = var
            it = "((%s - (int)blockIdx.x) / (int)gridDim.x)" % var
        if k.crash_form == "dup_index":
            ti = "((xd%d * xd%d) %% 5)" % (loopno, loopno)
        o = origin or "%s * %d" % (ti, STEP)  # kstep: the counter is the origin
        # with an edge halo the fixed origin is the grid's (0 at run time:
        # the grid is 1-D), so that the halo's guard is not folded away
        fixed = "(int)blockIdx.y * %d" % (TRi if direction == "across" else TCi) if edges else "0"
        y0 = o if direction == "down" else fixed
        x0 = o if direction == "across" else fixed
        ran = "(int)blockIdx.x < %s" % lim if counter == "as" else "%s > 0" % lim
        return head, ti, it, lim, y0, x0, ran

    def emit_loop(ind, var, pairs, loopno):
        head, ti, it, lim, y0, x0, ran = loop_parts(var, loopno)
        pre = []
        bases = {}
        const = "" if writes_a else "const "
        for _, s in pairs:
            if counter == "ptrbump":
                cq = const if s == "A" or k.near_miss == "src_write" else "const "
                pre.append("%s%s%s *p%s%d = %s + blk0;" % (ind, cq, T, s, loopno, s))
                bases[s] = ("p%s%d" % (s, loopno), True)
            else:
                bases[s] = (s, False)
        if counter == "ptrbump":
            ste = "%d * %s" % (STEP, LD) if direction == "down" else str(STEP)
            bump = ", ".join("p%s%d += %s" % (s, loopno, ste) for _, s in pairs)
            head = head[:-1] + ", " + bump + ")"
        I = ind + "  "
        body = []
        if counter == "syncfirst":
            body.append(I + SY + ";")
        if k.crash_form == "dup_index":
            body.append(I + "const int xd%d = %s >> 1;" % (loopno, it))
        body.append(I + "const int y0 = %s, x0 = %s;" % (y0, x0))
        body += copy_stage(I, pairs, bases)
        first_div = k.near_miss == "div_barrier" and (counter == "syncfirst" or
                                                      d.chance("divfirst", 0.5))
        if first_div:
            body += [I + "if (threadIdx.x < blockDim.x)", I + "  " + SY + ";"]
        else:
            body.append(I + SY + ";")
        body += compute_stage(I, pairs, loopno)
        r0, c0 = P0
        a_ptr, a_is_ptr = bases.get("A", ("A", False))
        if k.near_miss == "src_write":
            t, s = pairs[0]
            p, ptr = bases[s]
            dy, dx = (STEP, 0) if direction == "down" else (0, STEP)
            sy = "y0 + (%s) - %d + %d" % (r0, h, dy)
            sx = "x0 + (%s) - %d + %d" % (c0, h, dx)
            if ptr:
                idx = "((%s) - y0 + %d) * %s + (%s) - x0 + %d" % (sy, MY, LD, sx, MX)
            else:
                idx = "blk0 + ((%s) + %d) * %s + (%s) + %d" % (sy, MY, LD, sx, MX)
            w = "%s[%s] = %s;" % (p, idx, at(t, r0, c0))
            if guard == "ifonly":
                body += [I + "if %s" % valid(r0, c0), I + "  " + w]
            else:
                body.append(I + w)
        if store == "inplace-done":
            # this thread's first element of this tile: no later tile (nor any
            # other block's) reads it, away from the halo
            sy = "y0 + (%s) - %d" % (r0, h)
            sx = "x0 + (%s) - %d" % (c0, h)
            if a_is_ptr:
                idx = "((%s) - y0 + %d) * %s + (%s) - x0 + %d" % (sy, MY, LD, sx, MX)
            else:
                idx = "blk0 + ((%s) + %d) * %s + (%s) + %d" % (sy, MY, LD, sx, MX)
            w = "put(%s[%s], acc);" % (a_ptr, idx)
            if h:
                lc = r0 if direction == "down" else c0
                body += [I + "if ((%s) >= %d && (%s) < %d)" % (lc, 2 * h, lc, STEP), I + "  " + w]
            else:
                body.append(I + w)
        elif store == "inplace-tail":
            n = ti if counter == "as" else it
            body.append(I + "put(A[blk0 + %d + (%s) * %d + %s], acc);" % (IMG, n, NTH, TID))
        if loopstore:
            body.append(I + "out[%d + blockIdx.x * %d + %s] = acc;" % (nb * NTH, NTH, TID))
        if k.near_miss == "early_break":
            body += [I + "if (%s == stop)" % it, I + "  break;"]
        if k.near_miss == "early_return":
            body += [I + "if (%s == stop) {" % it,
                     I + "  out[blockIdx.x * %d + %s] = acc;" % (NTH, TID),
                     I + "  return;", I + "}"]
        if counter != "syncfirst":
            if k.near_miss == "div_barrier" and not first_div:
                body += [I + "if (threadIdx.x < blockDim.x)", I + "  " + SY + ";"]
            else:
                body.append(I + SY + ";")
        after = []
        if k.near_miss == "early_break" and (loop in ("outer", "twoloops") or
                                             persistent == "around"):
            # the break skips the last barrier: wait before the tile is refilled
            after.append(ind + SY + ";")
        return pre + [ind + head + " {"] + body + [ind + "}"] + after, ran

    # ---- the kernel
    R = " __restrict__" if restrict else ""
    ca = "" if writes_a else "const "
    cb = "" if k.near_miss == "src_write" else "const "  # writes its loop's source
    params = ("%s%s *%s A, %s%s *%s B, float *%s out, int nt, int H, int W, int ld, "
              "long long blocklen, int stop, int klim, int flag, int reps, int d, int ntl" %
              (ca, T, R, cb, T, R, R))
    L = ['extern "C" __global__ void __launch_bounds__(%d) %s(%s) {' % (NTH, k.name, params)]
    tiles = ["ta", "tb"][:ntiles]
    pairs = list(zip(tiles, ["A", "B"]))
    for t in tiles:
        L.append(decl(t))
    if post == "reduce":
        L.append("  __shared__ float red[%d];" % NTH)
    if sync == "cg":
        L.append("  cg::thread_block blk = cg::this_thread_block();")
    L.append("  float acc = 0.0f;")
    if persistent == "around":
        L.append("  for (int reg = blockIdx.x; reg < ntl; reg += gridDim.x) {")
        L.append("    const long long blk0 = (long long)reg * blocklen;")
        lines, ran = emit_loop("    ", "t", pairs, 0)
        L += lines + ["  }"]
    else:
        L.append("  const long long blk0 = %s;" %
                 ("0" if persistent == "as" else "(long long)blockIdx.x * blocklen"))
        if loop == "outer":
            L.append("  for (int rep = 0; rep < reps; ++rep) {")
            lines, ran = emit_loop("    ", "t", pairs, 0)
            L += lines + ["    acc = acc * 0.25f;", "  }"]
        elif loop == "twoloops":
            lines, ran = emit_loop("  ", "t", pairs, 0)
            L += lines
            # the same tiles again, from the other array
            lines, ran = emit_loop("  ", "u", [(t, "B" if s == "A" else "A") for t, s in pairs],
                                   1)
            L += lines
        else:
            lines, ran = emit_loop("  ", "t", pairs, 0)
            L += lines
    if post == "reduce":
        L.append("  red[%s] = acc;" % TID)
        L.append("  " + SY + ";")
        L.append("  acc += red[(%s + 1) %% %d];" % (TID, NTH))
    elif post == "reuse":
        r, c = P0
        L += ["  " + SY + ";", "  %s = %s();" % (at("ta", r, c), ttype), "  " + SY + ";",
              "  acc += %s;" % val("ta", r, c)]
    elif post == "readback":
        # what the last iteration left in the tile, where the loop ran at all
        r, c = rd("5")
        if rbsync:
            L.append("  " + SY + ";")
        L += ["  if (%s)" % ran, "    acc += %s;" % val("ta", r, c)]
    L.append("  out[blockIdx.x * %d + %s] = acc;" % (NTH, TID))
    L.append("}")
    k.text = "\n".join(helpers + L) + "\n"

    # ---- driver values
    rng = d.rng("rag")
    ragy, ragx = [], []
    ragged = guard not in ("none", "invariant")
    for _ in TRIPS:
        ry = rng.randint(0, TRi - 1) if ragged and TRi > 1 else 0
        rx = rng.randint(0, (TCi - 1) // V) * V if ragged and TCi > V else 0
        ragy.append(ry)
        ragx.append(rx)
    tilemul = nb if persistent == "as" else 1
    if direction == "down":
        hexpr = "ntiles > 0 ? ntiles * %d - ragy[c] : 0" % TRi
        wexpr = "%d - ragx[c]" % TCi
    else:
        hexpr = "%d - ragy[c]" % TRi
        wexpr = "ntiles > 0 ? ntiles * %d - ragx[c] : 0" % TCi
    ntl = {"as": "ntiles", "around": str(nreg)}.get(persistent, "0")
    # The launch asks include/libpipeline.h for the dynamic shared memory
    # (the tiles' own bytes, or a ring's there): static tiles whose rings
    # exceed the static budget may then move into dynamic shared memory.
    dyn = tile_stride * ntiles if dynamic else 0
    if d.chance("asks", 0.3):
        dyn = "pl_dynamic_smem_bytes<%s>(%d)" % (k.name, dyn)
    k.driver = DRIVER.format(
        name=k.name, trips=", ".join(map(str, TRIPS)), ragy=", ".join(map(str, ragy)),
        ragx=", ".join(map(str, ragx)), tilemul=tilemul, hexpr=hexpr, wexpr=wexpr, ld=LDV,
        ntl=ntl, blocklen=blocklen, nreg=nreg, esize=esize, nb=nb, nth=NTH, index=index,
        fill=fillk, comp=esize // comps, d=copies, bx=BX, by=BY, ty=T,
        dyn=dyn)
    k.shape = tile_name
    k.choices = dict(d.got)
    k.features = ["%s=%s" % (n, v) for n, (v, _) in d.got.items()]
    return k


def generate_file(seed, indices, fixed=None, crash_forms=True, bare=False):
    """A .cu file of kernels k<i> for i in `indices` and their driver (none when
    bare). A kernel depends only on the seed, its index and `fixed`."""
    kernels = [make_kernel(seed, i, fixed, crash_forms) for i in indices]
    parts = [DEVICE_PRELUDE]
    if not bare:
        parts.append(HOST_PRELUDE)
    for k in kernels:
        parts.append("\n// %s: %s\n" % (k.name, " ".join(k.features)))
        parts.append(k.text)
    if bare:
        return "".join(parts), kernels
    for k in kernels:
        parts.append(k.driver)
    parts.append("\nint main(int argc, char **argv) {\n"
                 "  uint64_t seed = argc > 1 ? strtoull(argv[1], 0, 10) : 1;\n"
                 "  const char *filter = argc > 2 && strcmp(argv[2], \"all\") ? argv[2] : 0;\n"
                 "  int small = argc > 3 && !strcmp(argv[3], \"small\");\n")
    for k in kernels:
        parts.append("  if (want(filter, \"%s\"))\n    run_%s(seed, small);\n" % (k.name, k.name))
    parts.append("  return 0;\n}\n")
    return "".join(parts), kernels


def parse_fixed(items):
    """["copy=loop", "guard=and4"] -> {"copy": "loop", "guard": "and4"}."""
    out = {}
    for it in items:
        name, _, value = it.partition("=")
        out[name] = value
    return out


def main(argv):
    if len(argv) >= 3 and argv[1] == "--design":
        rows = design_block(int(argv[2]), 0)
        for r in rows:
            print(" ".join("%s=%s" % kv for kv in r.items()))
        print("%d rows cover %d pairs" % (len(rows), len(all_pairs())))
        return 0
    if len(argv) < 3:
        print("\n\n".join(__doc__.split("\n\n")[1:3]))
        return 2
    src, _ = generate_file(int(argv[1]), [int(argv[2])], parse_fixed(argv[3:]), bare=True)
    sys.stdout.write(src)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
