#!/usr/bin/env bash
# utils/setup.sh: install everything libpipeline needs on Debian 12, then build.
#
# Idempotent: safe to run again. It
#   1. enables Debian's `non-free` component by editing the Components: line
#      of the existing Debian sources entry (no host name is ever written);
#   2. installs clang, llvm-dev, libclang-dev and llvm-tools of each LLVM
#      asked for (19, 22 or both), cmake, ninja-build, make (test/package)
#      and nvidia-cuda-toolkit (CUDA 11.8) with apt-get;
#   3. configures and builds the project into build/ (or $BUILD_DIR): the
#      plugin, the examples and the benchmark, against LLVM 19 (against
#      LLVM 22 with --llvm 22); with both, also the plugins against LLVM 22
#      into build-llvm22/ (or $BUILD22_DIR), which utils/test.sh tests too;
#   4. compiles the examples with the plugin, printing a remark for every
#      loop and a summary of the PTX (utils/examples.sh).
#
#   With --cuda 12, the CUDA 12.3 compiler, runtime and headers come from
#   PyPI (nvidia-cuda-nvcc-cu12, -runtime-, -cccl-, nvidia-curand-cu12, pip
#   --target) and are
#   laid out as a toolkit clang accepts in /opt/libpipeline/cuda-12.3 (or
#   $CUDA12_DIR), outside any tree, so that an installed libpipeline may
#   link to it; the build uses it (PL_CUDA_PATH; build/cuda-flags.txt
#   points at it).
#
# Usage: utils/setup.sh [--llvm 19|22|both] [--cuda 11.8|12] [--no-build]
#        (defaults: both, 11.8); PL_BUILD_EXAMPLES=OFF builds the plugins only.
set -euo pipefail

here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build_dir="${BUILD_DIR:-$here/build}"
build22_dir="${BUILD22_DIR:-$here/build-llvm22}"
do_build=1
llvm=both
cuda=11.8
while [ $# -gt 0 ]; do
  case "$1" in
  --no-build) do_build=0; shift ;;
  --llvm)
    llvm="${2:-}"
    shift $(($# > 1 ? 2 : 1))
    ;;
  --cuda)
    cuda="${2:-}"
    shift $(($# > 1 ? 2 : 1))
    ;;
  *)
    echo "setup.sh: unknown argument '$1' (accepted: --llvm 19|22|both, --cuda 11.8|12, --no-build)" >&2
    exit 2
    ;;
  esac
done
case "$llvm" in
19) versions=(19) ;;
22) versions=(22) ;;
both) versions=(19 22) ;;
*)
  echo "setup.sh: --llvm takes 19, 22 or both, not '$llvm'" >&2
  exit 2
  ;;
esac
case "$cuda" in
11.8 | 12) ;;
*)
  echo "setup.sh: --cuda takes 11.8 or 12, not '$cuda'" >&2
  exit 2
  ;;
esac

sudo_cmd=()
if [ "$(id -u)" != 0 ]; then sudo_cmd=(sudo); fi

# clang-format 19 formats the sources whichever LLVM the plugin is built for.
packages=(clang-format-19 cmake ninja-build make
  nvidia-cuda-toolkit python3 python3-yaml python3-pygments
  chromium) # headless, for the report page's browser test (test/report/browser.cu)

for v in "${versions[@]}"; do
  packages+=("clang-$v" "llvm-$v-dev" "libclang-$v-dev" "llvm-$v-tools")
done
# clang 22 links CUDA programs through clang-linker-wrapper (its new offload
# driver), which Debian ships in clang-tools-22.
[[ " ${versions[*]} " == *" 22 "* ]] && packages+=(clang-tools-22)

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
else
  echo "setup.sh: every package is installed already (${#packages[@]} checked)"
fi

# CUDA 12.3 from PyPI, laid out as a toolkit for clang's --cuda-path: the
# runtime's and the compiler's headers merged into include/, ptxas,
# libdevice and the shared runtime (the wheels have no static one). The
# wheels have no fatbinary either: Debian's CUDA 11.8 one packages the
# cubins (the fatbinary container is the same). 12.3 is the newest CUDA
# clang 19 fully supports (12.4 and 12.5 only partially, with a warning);
# clang 22 supports it too.
cuda_path=/usr/lib/cuda
if [ "$cuda" = 12 ]; then
  cuda_path="${CUDA12_DIR:-/opt/libpipeline/cuda-12.3}"
  wheels="$cuda_path/wheels"
  # the compiler, the runtime, CCCL (<nv/target>, which cuda_fp16.hpp
  # includes) and cuRAND (whose headers clang's CUDA wrapper includes)
  wheel_list=(nvidia-cuda-nvcc-cu12==12.3.107 nvidia-cuda-runtime-cu12==12.3.101
    nvidia-cuda-cccl-cu12==12.3.101.post1 nvidia-curand-cu12==10.3.4.107)
  if [ "$(cat "$wheels/.libpipeline" 2>/dev/null)" != "${wheel_list[*]}" ]; then
    "${sudo_cmd[@]}" python3 -m pip install --quiet --root-user-action=ignore --no-deps \
      --target "$wheels" --upgrade "${wheel_list[@]}"
    echo "${wheel_list[*]}" | "${sudo_cmd[@]}" tee "$wheels/.libpipeline" >/dev/null
  fi
  s=("${sudo_cmd[@]}")
  "${s[@]}" mkdir -p "$cuda_path/bin" "$cuda_path/include" "$cuda_path/nvvm" "$cuda_path/lib64"
  for part in cuda_runtime cuda_nvcc cuda_cccl curand; do
    "${s[@]}" cp -rsf "$wheels/nvidia/$part/include/." "$cuda_path/include/"
  done
  "${s[@]}" rm -f "$cuda_path/include/__init__.py"
  "${s[@]}" chmod +x "$wheels/nvidia/cuda_nvcc/bin/ptxas"
  "${s[@]}" ln -sfn "$wheels/nvidia/cuda_nvcc/bin/ptxas" "$cuda_path/bin/ptxas"
  "${s[@]}" ln -sfn /usr/bin/fatbinary "$cuda_path/bin/fatbinary"
  "${s[@]}" ln -sfn "$wheels/nvidia/cuda_nvcc/nvvm/libdevice" "$cuda_path/nvvm/libdevice"
  "${s[@]}" ln -sfn "$wheels/nvidia/cuda_runtime/lib/libcudart.so.12" "$cuda_path/lib64/libcudart.so.12"
  "${s[@]}" ln -sfn libcudart.so.12 "$cuda_path/lib64/libcudart.so"
fi

if [ "$do_build" = 1 ]; then
  examples="${PL_BUILD_EXAMPLES:-ON}" # OFF: the plugins only (CI's CUDA 12 run)
  cmake -S "$here" -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DPL_LLVM_VERSION="${versions[0]}" -DPL_CUDA_PATH="$cuda_path" -DPL_BUILD_EXAMPLES="$examples"
  cmake --build "$build_dir"
  [ "$examples" = OFF ] || BUILD_DIR="$build_dir" "$here/utils/examples.sh"
  if [ "${#versions[@]}" = 2 ]; then
    # The plugins against LLVM 22 beside them: the lit suite runs on both
    # (utils/test.sh); the examples and the benchmark are built once.
    cmake -S "$here" -B "$build22_dir" -G Ninja -DCMAKE_BUILD_TYPE=Release \
      -DPL_LLVM_VERSION=22 -DPL_BUILD_EXAMPLES=OFF -DPL_CUDA_PATH="$cuda_path"
    cmake --build "$build22_dir"
  fi
fi
