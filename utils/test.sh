#!/usr/bin/env bash
# utils/test.sh: run the whole lit suite (IR tests through opt, CUDA->PTX
# tests through clang, remark and argument tests; GPU tests where a GPU is
# present, reported unsupported elsewhere). Builds first. Ends with the line
# "N passed, N failed, N skipped"; exits non-zero on any failure.
set -uo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$here/build}"
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$here" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release || exit 1
fi
cmake --build "$build" || exit 1
lit=/usr/lib/llvm-19/build/utils/lit/lit.py
log="$build/test-results.txt"
python3 "$lit" -sv "$build/test" 2>&1 | tee "$log"
rc=${PIPESTATUS[0]}
count() { awk -v k="$1" -F: '$1 ~ "^ *"k" *$" {split($2, a, " "); s += a[1]} END {print s + 0}' "$log"; }
passed=$(count "Passed")
failed=$(($(count "Failed") + $(count "Unresolved") + $(count "Timed Out") + $(count "Unexpectedly Passed")))
skipped=$(($(count "Unsupported") + $(count "Expectedly Failed")))
[ "$rc" = 0 ] || [ "$failed" -gt 0 ] || failed=1
echo "$passed passed, $failed failed, $skipped skipped"
[ "$rc" = 0 ]
