#!/usr/bin/env bash
# utils/setup.sh: install everything libpipeline needs on Debian 12, then build.
#
# Idempotent: safe to run again. It
#   1. enables Debian's `non-free` component by editing the Components: line
#      of the existing Debian sources entry (no host name is ever written);
#   2. installs clang-19, llvm-19-dev, libclang-19-dev, llvm-19-tools, cmake,
#      ninja-build, make (test/package) and nvidia-cuda-toolkit (CUDA 11.8) with apt-get;
#   3. configures and builds the project into build/ (or $BUILD_DIR): the
#      plugin, the examples and the benchmark;
#   4. compiles the examples with the plugin, printing a remark for every
#      loop and a summary of the PTX (utils/examples.sh).
#
# Usage: utils/setup.sh [--no-build]
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$here/build}"
do_build=1
for arg in "$@"; do
  case "$arg" in
  --no-build) do_build=0 ;;
  *)
    echo "setup.sh: unknown argument '$arg' (accepted: --no-build)" >&2
    exit 2
    ;;
  esac
done

sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi

packages=(clang-19 clang-format-19 llvm-19-dev libclang-19-dev llvm-19-tools cmake ninja-build make
  nvidia-cuda-toolkit python3 python3-yaml python3-pygments
  chromium) # headless, for the report page's browser test (test/report/browser.cu)

missing=()
for p in "${packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'install ok installed'; then
    missing+=("$p")
  fi
done

if [ "${#missing[@]}" -gt 0 ]; then
  echo "setup.sh: installing ${missing[*]}"
  # nvidia-cuda-toolkit lives in Debian's non-free component. Add non-free
  # (and contrib, which non-free packages may depend on) to the Components:
  # line of the existing deb822 entry; never add a new entry or a host name.
  src=/etc/apt/sources.list.d/debian.sources
  if [ -f "$src" ]; then
    if grep -q '^Components:' "$src" && grep '^Components:' "$src" | grep -qv 'non-free\b'; then
      "${sudo_cmd[@]}" sed -i -E '/^Components:/{/(^|[[:space:]])non-free([[:space:]]|$)/!s/$/ contrib non-free/}' "$src"
    fi
  elif [ -f /etc/apt/sources.list ]; then
    # One-line format: append the components to each existing Debian line.
    "${sudo_cmd[@]}" sed -i -E '/^deb .*debian/{/ non-free( |$)/!s/$/ contrib non-free/}' /etc/apt/sources.list
  fi
  export DEBIAN_FRONTEND=noninteractive
  "${sudo_cmd[@]}" apt-get update -q
  "${sudo_cmd[@]}" apt-get install -y -q --no-install-recommends "${missing[@]}"
fi

if [ "$do_build" = 1 ]; then
  cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release
  cmake --build "$build_dir"
  BUILD_DIR="$build_dir" "$here/utils/examples.sh"
fi
