#!/usr/bin/env bash
# utils/format.sh: clang-format the sources with the project's .clang-format.
#   utils/format.sh          rewrite in place
#   utils/format.sh --check  fail if anything would change
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
files=$(git ls-files 'lib/*.c' 'lib/*.h' 'plugin/*.cpp' 'plugin/*.h')
if [ "${1:-}" = --check ]; then
  clang-format --dry-run --Werror $files
else
  clang-format -i $files
fi
