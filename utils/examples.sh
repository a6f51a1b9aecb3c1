#!/usr/bin/env bash
# utils/examples.sh: compile the bundled examples with the plugin, showing a
# remark for every loop pipelined or declined, then a summary of the PTX
# (cp.async count, wait_group values, barriers per loop iteration).
#
#   utils/examples.sh [clang flags...]     e.g. -fplugin-arg-pipeline-stages=4
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${BUILD_DIR:-$here/build}"
plugin="$build/lib/libpipeline.so"
[ -f "$plugin" ] || { echo "examples.sh: $plugin not built; run utils/setup.sh" >&2; exit 1; }
export PATH="/usr/bin:$PATH" # CUDA 11.8's ptxas and fatbinary first
# the clang of the LLVM the plugin was built against (LLVM_DIR is
# /usr/lib/llvm-N/lib/cmake/llvm)
llvm_dir="$(sed -n 's/^LLVM_DIR:[A-Z]*=//p' "$build/CMakeCache.txt")"
clangxx="${llvm_dir%/lib/cmake/llvm}/bin/clang++"
read -r -a cuda_flags <"$build/cuda-flags.txt"
arch="${PL_CUDA_ARCH:-sm_90}"
out="$build/examples/ptx"
mkdir -p "$out"
for ex in sgemm wmma_gemm declined; do
  what=""
  [ "$ex" = declined ] && what=": two loops the plugin declines, each remark says why"
  echo "== examples/$ex.cu ($arch)$what"
  "$clangxx" -x cuda "${cuda_flags[@]}" --cuda-gpu-arch="$arch" --cuda-device-only -O3 -S \
    "$here/examples/$ex.cu" -o "$out/$ex.ptx" -fplugin="$plugin" \
    -Rpass=cuda-pipeline -Rpass-missed=cuda-pipeline "$@"
done
echo "== PTX summary"
python3 "$here/utils/ptx_summary.py" "$out"/*.ptx
