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
# 3. compute-sanitizer racecheck, synccheck and memcheck on the plugin
#    builds at small sizes;
# 4. bench time: CUDA-event medians of every variant in one run (CSV).
# Prints "N passed, N failed" last; exits non-zero on any failure.
set -u
out="${1:-${OUT:-out}}"
mkdir -p "$out"
b=build
pass=0
fail=0
ok() { echo "PASS $*"; pass=$((pass + 1)); }
ko() { echo "FAIL $*"; fail=$((fail + 1)); }

nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.mem --format=csv | tee "$out/gpu.txt"

seed=$(date +%s)
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

echo "== bench check"
$b/bench/bench check "$seed" >"$out/check.log" 2>&1
tail -n 1 "$out/check.log"
grep FAIL "$out/check.log" | head -20
read -r cp cf < <(tail -n 1 "$out/check.log" | awk '/passed/{print $1, $3}')
pass=$((pass + ${cp:-0}))
fail=$((fail + ${cf:-1}))

echo "== compute-sanitizer"
if command -v compute-sanitizer >/dev/null; then
  for tool in racecheck synccheck memcheck; do
    for run in "sgemm plugin 96" "sgemm s2 64" "sgemm s4 160" "wmma plugin 96" "wmma s4 64"; do
      log="$out/sanitizer.tmp"
      if compute-sanitizer --tool "$tool" --error-exitcode 9 $b/bench/bench run $run >"$log" 2>&1; then
        ok "$tool $run ($(grep -o '[A-Z]* SUMMARY.*' "$log" | head -1))"
      else
        ko "$tool $run: $(grep -m3 -E 'ERROR|Error|error' "$log" | tr '\n' ' ')"
      fi
      { echo "### $tool $run"; cat "$log"; } >>"$out/sanitizer.log"
      rm -f "$log"
    done
  done
else
  ko "compute-sanitizer not found"
fi

echo "== bench time"
$b/bench/bench time "$out/timing.csv" "${REPS:-30}" 2>&1 | tee "$out/timing.txt"
[ "${PIPESTATUS[0]}" = 0 ] || ko "bench time"

echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
