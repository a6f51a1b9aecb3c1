#!/usr/bin/env bash
# utils/gpu-run.sh: everything that needs the GPU, in one go. Run it on a
# machine with an sm_80+ GPU from the repository root, after building here
# (binaries under build/ are used as they are).
#
#   utils/gpu-run.sh [OUTDIR]
#
# 1. the examples, built without and with the plugin, at several sizes on
#    fresh random data: the output hashes must match bitwise;
# 2. bench check: every benchmark variant against the plain build, bitwise;
# 3. compute-sanitizer racecheck and synccheck on every plugin build
#    (default, 2, 3 and 4 stages, lowering=registers and =cp.async, the
#    sm_75 build and copy-back) of every kernel at small sizes;
# 4. bench time: CUDA-event medians of every variant in one run (CSV), and
#    a plot of the speedups (PNG, with matplotlib);
# 5. generated kernels (utils/fuzz.py): the plain and plugin binaries that
#    `utils/fuzz.sh --gpu-build build/fuzz-gpu` built beforehand (clang is
#    not needed here) run at every trip count, their output hashes compared
#    bitwise, and compute-sanitizer racecheck on a sample (FUZZ_DIR).
# 6. (step gputests) test/gpu's lit tests: the binaries and run.sh that
#    `utils/gpu_tests.py build` wrote into $b/gpu-tests beforehand (clang is
#    not needed here); their outputs are packed into OUTDIR/gpu-tests.tgz,
#    whose FileCheck lines `utils/gpu_tests.py check` runs where clang is.
# 0. (step nvcc) the plain and hand-written sources of the benchmark kernels
#    (bench/variant.cu) built here by this machine's nvcc (NVCC, default
#    nvcc on PATH or /usr/local/cuda/bin/nvcc) with -O3 -arch=sm_90 into
#    build/bench/libbench-nvcc.so; bench then loads it and times nvcc_plain
#    and nvcc_hand beside the clang variants, in the same rotation (steps
#    check and time must come after it). Its failure is counted, and the
#    other steps still run, without the nvcc rows.
# STEPS (default "nvcc gputests examples check sanitizer time fuzz") picks the
# steps, in that order, so that a run can be split to fit a time limit.
# Prints "N passed, N failed" last; exits non-zero on any failure.
set -u
steps=" ${STEPS:-nvcc gputests examples check sanitizer time fuzz} "
want() { case "$steps" in *" $1 "*) return 0 ;; esac; return 1; }
out="${1:-${OUT:-out}}"
mkdir -p "$out"
b="${BUILD_DIR:-build}"
pass=0
fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"

seed=$(date +%s)
if want nvcc; then
echo "== nvcc: the plain and hand-written benchmark sources, built here"
nvcc="${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}"
"$nvcc" --version | tail -n 1 | tee "$out/nvcc.txt"
rm -f $b/bench/libbench-nvcc.so
nv_flags=(-O3 -arch=sm_90 -std=c++17 -Xcompiler -fPIC -DPL_EXPORT -Iinclude)
"$nvcc" "${nv_flags[@]}" -DPL_NS=nvcc_plain -c bench/variant.cu -o $b/bench/nvcc_plain.o \
  >"$out/nvcc.log" 2>&1 &
p1=$!
"$nvcc" "${nv_flags[@]}" -DPL_NS=nvcc_hand -DPL_HAND -c bench/variant.cu -o $b/bench/nvcc_hand.o \
  >"$out/nvcc_hand.log" 2>&1 &
p2=$!
r1=0; r2=0
wait $p1 || r1=$?
wait $p2 || r2=$?
cat "$out/nvcc_hand.log" >>"$out/nvcc.log"
if [ $r1 = 0 ] && [ $r2 = 0 ] &&
  "$nvcc" -shared -arch=sm_90 $b/bench/nvcc_plain.o $b/bench/nvcc_hand.o \
    -o $b/bench/libbench-nvcc.so >>"$out/nvcc.log" 2>&1; then
  ok "nvcc build: $b/bench/libbench-nvcc.so"
else
  ko "nvcc build (see $out/nvcc.log)"
  tail -n 20 "$out/nvcc.log"
fi
fi
if want gputests; then
echo "== test/gpu's lit tests, built here beforehand"
if [ -f "$b/gpu-tests/run.sh" ]; then
  bash "$b/gpu-tests/run.sh" "$out" >"$out/gputests.log" 2>&1
  grep -E '^(PASS|FAIL)' "$out/gputests.log"
  read -r gp gf < <(tail -n 1 "$out/gputests.log" | awk '/passed/{print $1, $3}')
  pass=$((pass + ${gp:-0}))
  fail=$((fail + ${gf:-1}))
else
  ko "no $b/gpu-tests/run.sh: run utils/gpu_tests.py build where clang is"
fi
fi
if want examples; then
echo "== examples (seed base $seed)"
for args in "32" "64" "96" "128" "1024" "2048"; do
  s=$((seed + args))
  p=$($b/examples/sgemm.plain $args $s) || { ko "sgemm.plain $args: $p"; continue; }
  q=$($b/examples/sgemm.plugin $args $s) || { ko "sgemm.plugin $args: $q"; continue; }
  [ "${p##*hash=}" = "${q##*hash=}" ] && ok "sgemm N=$args seed=$s ${q##* }" ||
    ko "sgemm N=$args: plain ${p##*hash=} plugin ${q##*hash=}"
done
for args in "128 128 32" "256 256 64" "256 256 96" "256 128 128" "512 512 4096" "2048 2048 2048"; do
  s=$((seed + ${args// /}))
  p=$($b/examples/wmma_gemm.plain $args $s) || { ko "wmma.plain $args: $p"; continue; }
  q=$($b/examples/wmma_gemm.plugin $args $s) || { ko "wmma.plugin $args: $q"; continue; }
  [ "${p##*hash=}" = "${q##*hash=}" ] && ok "wmma_gemm $args seed=$s ${q##* }" ||
    ko "wmma_gemm $args: plain ${p##*hash=} plugin ${q##*hash=}"
done
fi

if want check; then
echo "== bench check"
$b/bench/bench check "$seed" >"$out/check.log" 2>&1
tail -n 1 "$out/check.log"
grep FAIL "$out/check.log" | head -20
read -r cp cf < <(tail -n 1 "$out/check.log" | awk '/passed/{print $1, $3}')
pass=$((pass + ${cp:-0}))
fail=$((fail + ${cf:-1}))
fi

if want sanitizer; then
echo "== compute-sanitizer: racecheck and synccheck on every plugin build, small sizes"
if command -v compute-sanitizer >/dev/null; then
  jobs=()
  for tool in racecheck synccheck; do
    for k in $($b/bench/bench list | head -n 1); do
      for v in plugin s2 s3 s4 s6 s8 regs cpasync sm75 copyback padded; do jobs+=("$tool $k $v"); done
    done
  done
  printf '%s\n' "${jobs[@]}" | xargs -P 8 -L 1 sh -c \
    'log=$(compute-sanitizer --tool "$0" --error-exitcode 9 '"$b"'/bench/bench run "$1" "$2" 2>&1); rc=$?;
     sum=$(printf "%s\n" "$log" | grep -o "[A-Z]* SUMMARY.*" | head -n 1);
     if [ $rc = 0 ]; then echo "PASS $0 $1 $2 ($sum)"; else echo "FAIL $0 $1 $2 ($sum)"; printf "%s\n" "$log" | head -n 20; fi' \
    >"$out/sanitizer.log" 2>&1
  sp=$(grep -c '^PASS' "$out/sanitizer.log")
  sf=$(grep -c '^FAIL' "$out/sanitizer.log")
  echo "sanitizer: $sp passed, $sf failed (of ${#jobs[@]})"
  grep '^FAIL' "$out/sanitizer.log" | head
  pass=$((pass + sp))
  fail=$((fail + sf + ${#jobs[@]} - sp - sf))
else
  ko "compute-sanitizer not found"
fi
fi

if want time; then
echo "== bench time"
$b/bench/bench time "$out/timing.csv" "${REPS:-30}" 2>&1 | tee "$out/timing.txt"
[ "${PIPESTATUS[0]}" = 0 ] || ko "bench time"
python3 utils/plot_bench.py "$out/timing.csv" "$out/bench.png" || ko "plot"
fi

if want fuzz; then
echo "== fuzz: generated kernels, plain against plugin builds"
fz="${FUZZ_DIR:-$b/fuzz-gpu}"
if [ -f "$fz/manifest.json" ]; then
  python3 utils/fuzz.py gpu-run "$fz" --run-seed "$seed" >"$out/fuzz.log" 2>&1
  grep -E '^(kernels|compute-sanitizer|DIFF|FAIL|SANITIZER)' "$out/fuzz.log" | head -40
  read -r fp ff < <(tail -n 1 "$out/fuzz.log" | awk '/passed/{print $1, $3}')
  pass=$((pass + ${fp:-0}))
  fail=$((fail + ${ff:-1}))
else
  ko "no $fz/manifest.json: run utils/fuzz.sh --gpu-build $fz where clang is"
fi
fi

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
