#!/usr/bin/env bash
# utils/format.sh: clang-format the sources with the project's .clang-format.
#   utils/format.sh          rewrite in place
#   utils/format.sh --check  fail if anything would change
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
files=$(git ls-files 'lib/*.c' 'lib/*.h' 'plugin/*.cpp' 'plugin/*.h')
# The project's clang-format is 19 (utils/setup.sh installs it); versions
# differ in small ways, so use exactly that one.
cf=$(command -v clang-format-19 || echo /usr/lib/llvm-19/bin/clang-format)
if [ "${1:-}" = --check ]; then
  "$cf" --dry-run --Werror $files
else
  "$cf" -i $files
fi
