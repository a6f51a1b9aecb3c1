#!/usr/bin/env bash
# utils/fuzz.sh: the random-program generator's modes (utils/fuzz.py).
#
#   utils/fuzz.sh --cpu [--count N] [--stress N] [--table FILE] [fuzz.py cpu options]
#       compile N generated kernels, each drawn from the product of copy, guard,
#       loop, store and plugin-argument forms (files of kernels sharing an
#       argument set, one compile each, -fplugin-arg-pipeline-verify), and check
#       them: no crash, IR verifies, no InternalError remark, ptxas accepts,
#       near-misses declined, pipelined loops well formed; counts per axis
#       value (--table FILE: as markdown). Then N llvm-stress programs through opt.
#   utils/fuzz.sh --gpu-build DIR [--count N]
#       build plain and plugin binaries of N kernels (every pair of axis values)
#       into DIR, here (needs clang); copy DIR to the GPU machine.
#   utils/fuzz.sh --gpu-run DIR [--racecheck N]
#       on the GPU machine (python3, driver, compute-sanitizer): run DIR's
#       binaries, compare every output hash bitwise, racecheck a sample.
#
# BUILD_DIR (default ./build) holds the plugins and cuda-flags.txt.
# Prints "N passed, N failed" last; exits non-zero on any failure.
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
mode="${1:-}"
[ $# -gt 0 ] && shift
case "$mode" in
--cpu) exec python3 "$here/fuzz.py" cpu "$@" ;;
--gpu-build) exec python3 "$here/fuzz.py" gpu-build "$@" ;;
--gpu-run) exec python3 "$here/fuzz.py" gpu-run "$@" ;;
*)
  sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
  exit 2
  ;;
esac
