#!/usr/bin/env bash
# utils/sanitize.sh: build the plugins a second time with AddressSanitizer and
# UndefinedBehaviorSanitizer (-DPL_SANITIZE=ON, into build-asan/), then run
# the lit suite and a short generator run (utils/fuzz.py cpu) against them.
#
#   utils/sanitize.sh [--count N] [--stress N]     (defaults: 80 kernels, 100)
#
# clang and opt are not instrumented: the sanitizer runtime the plugins were
# linked against is preloaded into them (LD_PRELOAD), leak detection is off
# (LLVM leaks at exit by design), and any report aborts the process, so a
# lit test fails even under `not`. Prints "N passed, N failed" last.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${ASAN_BUILD_DIR:-$here/build-asan}"
count=80
stress=100
while [ $# -gt 0 ]; do
  case "$1" in
  --count) count="$2"; shift 2 ;;
  --stress) stress="$2"; shift 2 ;;
  *) echo "usage: utils/sanitize.sh [--count N] [--stress N]" >&2; exit 2 ;;
  esac
done

cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo -DPL_SANITIZE=ON \
  -DPL_BUILD_EXAMPLES=OFF >/dev/null
cmake --build "$build" --parallel "${JOBS:-2}" --target pipeline CUDAPipelinePass

# The runtime: the libasan the plugin depends on (GCC), else clang's.
rt=$(ldd "$build/lib/CUDAPipelinePass.so" | awk '/libasan/ {print $3; exit}')
if [ -z "$rt" ]; then
  rt=$(clang-19 -print-file-name=libclang_rt.asan-x86_64.so)
fi
[ -f "$rt" ] || { echo "sanitize.sh: no ASan runtime found" >&2; exit 1; }
ubrt=$(ldd "$build/lib/CUDAPipelinePass.so" | awk '/libubsan/ {print $3; exit}')
export LD_PRELOAD="$rt${ubrt:+:$ubrt}"
export ASAN_OPTIONS="detect_leaks=0:abort_on_error=1:allocator_may_return_null=1"
export UBSAN_OPTIONS="print_stacktrace=1:halt_on_error=1:abort_on_error=1"
echo "sanitize.sh: LD_PRELOAD=$LD_PRELOAD"

pass=0
fail=0
lit=/usr/lib/llvm-19/build/utils/lit/lit.py
log="$build/test-results.txt"
set +e
python3 "$lit" -sv "$build/test" >"$log" 2>&1
lrc=$?
set -e
tail -n 12 "$log"
grep -E '^(FAIL|UNRESOLVED|XPASS):' "$log" || true
count_of() { awk -v k="$1" -F: '$1 ~ "^ *"k" *$" {split($2, a, " "); s += a[1]} END {print s + 0}' "$log"; }
lp=$(count_of Passed)
lf=$(($(count_of Failed) + $(count_of Unresolved) + $(count_of "Unexpectedly Passed")))
[ "$lrc" = 0 ] || [ "$lf" -gt 0 ] || lf=1
echo "lit under ASan+UBSan: $lp passed, $lf failed"
pass=$((pass + lp))
fail=$((fail + lf))

set +e
BUILD_DIR="$build" PL_PRELOAD="$LD_PRELOAD" python3 "$here/utils/fuzz.py" cpu --count "$count" \
  --per-file 20 --stress "$stress" --repro-dir "$build/fuzz-repro" \
  --work "$build/fuzz-work" >"$build/fuzz.log" 2>&1
frc=$?
set -e
grep -v -E '^(file |  (copy|guard|loop|store|args|special) )' "$build/fuzz.log" | tail -n 30
read -r fp ff < <(tail -n 1 "$build/fuzz.log" | awk '/passed/ {print $1, $3}')
fp=${fp:-0}
ff=${ff:-1}
[ "$frc" = 0 ] || [ "$ff" -gt 0 ] || ff=1
echo "generator under ASan+UBSan: $fp passed, $ff failed"
pass=$((pass + fp))
fail=$((fail + ff))
echo "$pass passed, $fail failed"
[ "$fail" = 0 ]
