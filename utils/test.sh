#!/usr/bin/env bash
# utils/test.sh: run the whole lit suite (IR tests through opt, CUDA->PTX
# tests through clang, remark and argument tests; GPU tests where a GPU is
# present, reported unsupported elsewhere). Builds first. When the plugins
# are built against LLVM 22 too (build-llvm22/, utils/setup.sh --llvm both),
# runs the suite there as well, then compares the two plugins' decisions on
# the realistic kernels (utils/compare_decisions.py). Ends with the line
# "N passed, N failed, N skipped" over every run; exits non-zero on any
# failure.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$here/build}"
build22="${BUILD22_DIR:-$here/build-llvm22}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release || exit 1
fi
builds=("$build")
[ -f "$build22/build.ninja" ] && [ "$build22" != "$build" ] && builds+=("$build22")
passed=0 failed=0 skipped=0 rc=0
count() { awk -v k="$1" -F: '$1 ~ "^ *"k" *$" {split($2, a, " "); s += a[1]} END {print s + 0}' "$2"; }
for b in "${builds[@]}"; do
  cmake --build "$b" || exit 1
  lit=$(sed -n 's/^PL_LIT:[A-Z]*=//p' "$b/CMakeCache.txt")
  log="$b/test-results.txt"
  echo "== lit on $(basename "$b") ($(sed -n 's/^LLVM_DIR:[A-Z]*=//p' "$b/CMakeCache.txt"))"
  python3 "$lit" -sv "$b/test" 2>&1 | tee "$log"
  r=${PIPESTATUS[0]}
  f=$(($(count "Failed" "$log") + $(count "Unresolved" "$log") + $(count "Timed Out" "$log") +
    $(count "Unexpectedly Passed" "$log")))
  [ "$r" = 0 ] || [ "$f" -gt 0 ] || f=1
  [ "$r" = 0 ] || rc=1
  passed=$((passed + $(count "Passed" "$log")))
  failed=$((failed + f))
  skipped=$((skipped + $(count "Unsupported" "$log") + $(count "Expectedly Failed" "$log")))
done
if [ "${#builds[@]}" = 2 ]; then
  echo "== decisions of the two plugins on the realistic kernels"
  if python3 "$here/utils/compare_decisions.py" --a "$build" --b "$build22"; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    rc=1
  fi
fi
echo "$passed passed, $failed failed, $skipped skipped"
[ "$rc" = 0 ]
